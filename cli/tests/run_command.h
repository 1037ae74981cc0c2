// Running a command line from an integration test: its exit status and its
// standard output and error together, and reading the JSON report it wrote.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::testing {

struct CommandRun {
  int status = -1;  // the exit status; -1 when killed by a signal
  std::string output;
};

inline CommandRun RunCommand(const std::string& command) {
  CommandRun run;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return run;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) run.output.append(buf, n);
  const int st = pclose(p);
  run.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return run;
}

// The bytes of the file at `path` ("" when there is none).
inline std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// The JSON document in `path`, or null when there is no such file.
inline nlohmann::json ReadJsonFile(const std::string& path) {
  std::ifstream f(path);
  if (!f) return nullptr;
  return nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(f), {}));
}

}  // namespace arbiter::testing

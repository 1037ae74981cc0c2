// Golden playthroughs, shared by every game's golden tests: the transcripts
// of a game's golden/ folder, and a transcript replayed. A transcript is what
// `arbiter simulate --transcript` prints: a "# scenario {...}" header, each
// turn's input, the answer ("> ..." with escaped bytes) and its events, then
// RESULT. Replaying rebuilds the scenario from the header and the answers and
// simulates it again; a game's test compares the result byte for byte.
#pragma once

#include <dirent.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/simulate.h"
#include "core/parse.h"

namespace arbiter::spec {

inline std::string ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// The names of the *.txt files in `dir`, sorted.
inline std::vector<std::string> GoldenFiles(const std::string& dir) {
  std::vector<std::string> files;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 4 && name.substr(name.size() - 4) == ".txt") files.push_back(name);
    }
    closedir(d);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The transcript `golden` played again from its header and answers; on a bad
// transcript or a failing simulation, `error` says why.
inline std::string ReplayGolden(const std::string& golden, std::string& error) {
  std::istringstream in(golden);
  std::string line;
  nlohmann::json doc;
  nlohmann::json actions = nlohmann::json::array();
  while (std::getline(in, line)) {
    if (line.rfind("# scenario ", 0) == 0) doc = nlohmann::json::parse(line.substr(11));
    if (line.rfind("> ", 0) == 0) {
      const auto answer = UnescapeBytes(line.substr(2));
      if (!answer) {
        error = "bad escape in answer line '" + line + "'";
        return {};
      }
      actions.push_back(*answer);
    }
  }
  if (doc.is_null()) {
    error = "no '# scenario' header";
    return {};
  }
  doc["actions"] = actions;
  cli::SimulateOptions options;
  options.transcript = true;
  std::ostringstream out, err;
  if (cli::SimulateDocument(doc, options, out, err) != 0) error = err.str();
  return out.str();
}

}  // namespace arbiter::spec

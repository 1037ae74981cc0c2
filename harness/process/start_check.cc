// StartProblem (start_check.h): the checks execve would fail, made on the
// files before any process starts.
#include "process/start_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "process/process_posix.h"

namespace arbiter::harness {

namespace {

// Other executable formats registered with the kernel (a jar, a .exe run by
// mono): then a file with neither "#!" nor ELF may still run.
bool OtherFormatsRegistered() {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/sys/fs/binfmt_misc", ec)) {
    const std::string name = entry.path().filename();
    if (name != "register" && name != "status") return true;
  }
  return false;
}

std::string RunThrough(const std::string& path) {
  const std::string interpreter = InterpreterFor(path);
  return interpreter.empty() ? "run it through its interpreter"
                             : "run '" + interpreter + " " + path + "'";
}

// "python3\r" as "python3\r" in a message: the carriage return shown.
std::string EscapedCr(std::string text) {
  std::string out;
  for (const char c : text) out += c == '\r' ? std::string("\\r") : std::string(1, c);
  return out;
}

}  // namespace

std::string InterpreterFor(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension();
  if (ext == ".py") return "python3";
  if (ext == ".js" || ext == ".mjs") return "node";
  if (ext == ".sh") return "sh";
  if (ext == ".rb") return "ruby";
  if (ext == ".pl") return "perl";
  if (ext == ".php") return "php";
  if (ext == ".jar") return "java -jar";
  if (ext == ".exe" || ext == ".dll") return "mono";
  return "";
}

std::string StartProblem(const std::vector<std::string>& argv, const std::string& what) {
  if (argv.empty() || argv[0].empty()) return "";
  const std::string& program = argv[0];
  int error = 0;
  const std::string resolved = posix::ResolveExecutable(program, error);
  struct stat st {};
  const bool exists = ::stat(program.c_str(), &st) == 0;
  if (resolved.empty()) {
    if (argv.size() == 1 && program.find(' ') != std::string::npos && !exists)
      return "cannot start " + what + ": '" + program +
             "' is one word, a program name with spaces: drop the quotes, so that the words "
             "are the command and its arguments (-- " +
             program + ")";
    if (exists && S_ISDIR(st.st_mode))
      return "cannot start " + what + ": '" + program + "' is a directory, not a program";
    if (exists)
      return "cannot start " + what + ": '" + program + "' is not executable: chmod +x " + program +
             ", or " + RunThrough(program);
    if (program.find('/') != std::string::npos)
      return "cannot start " + what + ": there is no file '" + program + "'";
    return "cannot start " + what + ": '" + program + "' is not a program on PATH" +
           (error == EACCES ? " that may be executed" : "");
  }
  // A file the system would refuse: neither "#!" nor a compiled program.
  std::ifstream in(resolved, std::ios::binary);
  char head[4] = {};
  in.read(head, sizeof head);
  const std::streamsize n = in.gcount();
  const bool script = n >= 2 && head[0] == '#' && head[1] == '!';
  const bool elf = n == 4 && std::memcmp(head,
                                         "\x7f"
                                         "ELF",
                                         4) == 0;
  if (script) {
    // The "#!" line as the kernel reads it: up to the newline, so a file
    // saved with Windows line endings names "python3\r".
    in.clear();
    in.seekg(0);
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r')
      return "cannot start " + what + ": '" + program +
             "' has Windows line endings (CRLF): its first line '" + EscapedCr(line) +
             "' ends in a carriage return, taken as part of the interpreter's name: "
             "sed -i 's/\\r$//' " +
             program + " (or dos2unix) converts it" +
             (InterpreterFor(program).empty() ? std::string() : ", or " + RunThrough(program));
    std::string interpreter = line.substr(2);
    interpreter.erase(0, interpreter.find_first_not_of(" \t"));
    interpreter = interpreter.substr(0, interpreter.find_first_of(" \t"));
    struct stat ist {};
    if (!interpreter.empty() && interpreter[0] == '/' && ::stat(interpreter.c_str(), &ist) != 0)
      return "cannot start " + what + ": '" + program + "' names the interpreter '" + interpreter +
             "' on its '#!' line, and there is no such file" +
             (InterpreterFor(program).empty() ? std::string()
                                              : ": use '#!/usr/bin/env " + InterpreterFor(program) +
                                                    "', or " + RunThrough(program));
  }
  if (in.is_open() && !script && !elf && !OtherFormatsRegistered()) {
    const std::string interpreter = InterpreterFor(program);
    // A "#!" line takes one interpreter word: not "java -jar", not mono.
    const bool shebang = interpreter.find(' ') == std::string::npos && interpreter != "mono";
    return "cannot start " + what + ": '" + program +
           "' has no '#!' first line and is not a compiled program (Exec format error): " +
           (shebang ? "add '#!/usr/bin/env " +
                          (interpreter.empty() ? std::string("<interpreter>") : interpreter) +
                          "' as its first line, or "
                    : std::string()) +
           RunThrough(program);
  }
  return "";
}

}  // namespace arbiter::harness

#include "process/command_line.h"

namespace arbiter::harness {

bool SplitCommand(const std::string& command, std::vector<std::string>& argv, std::string& error) {
  argv.clear();
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) argv.push_back(word), word.clear(), in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\') {
      if (++i == command.size()) return error = "the command ends with a backslash", false;
      word += command[i];
    } else if (c == '\'') {
      const size_t end = command.find('\'', i + 1);
      if (end == std::string::npos) return error = "unterminated ' quote", false;
      word += command.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i == command.size()) return error = "unterminated \" quote", false;
        if (command[i] == '"') break;
        if (command[i] == '\\' && i + 1 < command.size() &&
            std::string("\"\\$`").find(command[i + 1]) != std::string::npos)
          ++i;
        word += command[i];
      }
    } else {
      word += c;
    }
  }
  if (in_word) argv.push_back(word);
  if (argv.empty()) return error = "the command is empty", false;
  return true;
}

std::string QuoteArg(const std::string& arg) {
  if (arg.empty()) return "''";
  bool plain = true;
  for (char c : arg) {
    if (!(isalnum(static_cast<unsigned char>(c)) ||
          std::string("-_./=:,+@%").find(c) != std::string::npos))
      plain = false;
  }
  if (plain) return arg;
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string QuoteCommand(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) out += (out.empty() ? "" : " ") + QuoteArg(a);
  return out;
}

}  // namespace arbiter::harness

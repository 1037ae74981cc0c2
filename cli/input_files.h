// Reading the files a user names (a scenario, a replay, result files) with
// bounds, so that a bad one is a one-line usage error and never a crash or a
// runaway (clause arbiter.cli.bad-input): a directory or an unreadable file
// is refused by name and errno text, a file above a size limit is refused,
// and JSON nested deeper than kMaxJsonDepth is refused before parsing (the
// parsed document would overflow the stack of every recursive walk).
#pragma once

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace arbiter::cli {

// Scenarios, replays and reports nest a few levels; this is far above any.
inline constexpr int kMaxJsonDepth = 100;
// Scenarios and replays are kilobytes; result files a few megabytes.
inline constexpr size_t kMaxInputBytes = size_t{256} << 20;

// The deepest nesting of arrays and objects in JSON text (strings skipped);
// counting stops just above `limit`.
inline int JsonDepth(std::string_view text, int limit = kMaxJsonDepth) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > limit) break;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

// "scenario file 'PATH' nests ... deeper than 100 levels" when `text`
// (JSON) does, else "".
inline std::string JsonTooDeep(const std::string& what, const std::string& path,
                               std::string_view text) {
  if (JsonDepth(text) <= kMaxJsonDepth) return "";
  return what + " '" + path + "' nests arrays or objects deeper than " +
         std::to_string(kMaxJsonDepth) + " levels (the limit; real files nest a few)";
}

// Reads the whole file at `path` ("-": standard input); false with `error`
// naming it (`what`: "scenario file") and the reason.
inline bool ReadInputFile(const std::string& what, const std::string& path, std::string& text,
                          std::string& error, size_t max_bytes = kMaxInputBytes) {
  text.clear();
  FILE* f = stdin;
  if (path != "-") {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      error = what + " '" + path + "' is a directory, not a file";
      return false;
    }
    f = std::fopen(path.c_str(), "rb");
    if (!f) {
      error = "cannot read " + what + " '" + path + "': " + std::strerror(errno);
      return false;
    }
  }
  char buf[65536];
  size_t n;
  bool too_big = false;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (text.size() + n > max_bytes) {
      too_big = true;
      break;
    }
    text.append(buf, n);
  }
  const int read_errno = std::ferror(f) ? errno : 0;
  if (f != stdin) std::fclose(f);
  if (too_big) {
    error = what + " '" + path + "' is larger than " + std::to_string(max_bytes >> 20) +
            " MiB (the limit)";
    return false;
  }
  if (read_errno != 0) {
    error = "cannot read " + what + " '" + path + "': " + std::strerror(read_errno);
    return false;
  }
  return true;
}

}  // namespace arbiter::cli

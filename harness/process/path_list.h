// A colon-separated list of folders (PATH, LD_LIBRARY_PATH, an ELF RUNPATH)
// split into its entries, in order. An empty entry stays "": to PATH it is
// the current folder, and the lists of folders to show skip it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {

inline std::vector<std::string> SplitPathList(std::string_view list) {
  std::vector<std::string> out;
  for (size_t begin = 0;;) {
    const size_t end = list.find(':', begin);
    out.emplace_back(list.substr(begin, end == std::string_view::npos ? end : end - begin));
    if (end == std::string_view::npos) return out;
    begin = end + 1;
  }
}

}  // namespace arbiter::harness

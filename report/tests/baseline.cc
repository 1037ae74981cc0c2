// Baseline comparison (baseline.h). The first differing line is printed with
// both versions, so a failure reads like a diff.
#include "report/tests/baseline.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "report/run_report.h"

namespace arbiter::report::testing {

std::string Scrub(std::string text) {
  const std::string version = kVersion;
  for (size_t p; (p = text.find(version)) != std::string::npos;)
    text.replace(p, version.size(), "<version>");
  text = std::regex_replace(text, std::regex(R"("(elapsed|median|p99|max)_ms": [0-9.e+-]+)"),
                            "\"$1_ms\": <ms>");
  text = std::regex_replace(text, std::regex(R"(/tmp/[A-Za-z0-9_./-]+)"), "<tmp-path>");
  text = std::regex_replace(text, std::regex(R"(pid [0-9]+)"), "pid <pid>");
  return text;
}

::testing::AssertionResult MatchesBaseline(const std::string& name, const std::string& actual) {
  const std::string path = std::string(ARBITER_BASELINE_DIR) + "/" + name;
  const std::string scrubbed = Scrub(actual);
  if (const char* u = std::getenv("ARBITER_UPDATE_BASELINES"); u && std::string(u) == "1") {
    std::ofstream(path, std::ios::binary) << scrubbed;
    return ::testing::AssertionFailure() << "rewrote " << name << " (review the diff)";
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return ::testing::AssertionFailure()
           << "no approved baseline " << name
           << "; run with ARBITER_UPDATE_BASELINES=1 to write it, then review it";
  }
  const std::string approved(std::istreambuf_iterator<char>(in), {});
  if (approved == scrubbed) return ::testing::AssertionSuccess();
  std::istringstream a(approved), b(scrubbed);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ga = static_cast<bool>(std::getline(a, la));
    const bool gb = static_cast<bool>(std::getline(b, lb));
    if (!ga && !gb) break;
    if (!ga || !gb || la != lb) {
      return ::testing::AssertionFailure()
             << name << " differs from the approved baseline at line " << line
             << "\n  approved: " << (ga ? la : "<end of file>")
             << "\n  written:  " << (gb ? lb : "<end of file>")
             << "\n(ARBITER_UPDATE_BASELINES=1 rewrites it)";
    }
  }
  return ::testing::AssertionFailure() << name << " differs (line endings?)";
}

}  // namespace arbiter::report::testing

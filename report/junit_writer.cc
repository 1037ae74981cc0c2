// The JUnit XML report: one test case per check, named with its clause, so
// that any CI shows the bot's conformance natively. A check with a failing
// finding is a <failure> carrying the evidence; warnings and informational
// findings pass, with their evidence in <system-out>.
#include <ostream>
#include <sstream>

#include "report/run_report.h"

namespace arbiter::report {
namespace {

std::string Xml(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 forbids most control characters, even escaped.
        if (c < 0x20 && c != '\n' && c != '\t')
          out += "?";
        else
          out += static_cast<char>(c);
    }
  }
  return out;
}

std::string Evidence(const harness::Finding& f) {
  std::ostringstream o;
  o << f.message << "\n";
  o << "match: " << f.match;
  if (f.seed) o << " (seed " << *f.seed << ", seat " << harness::SeatText(f) << ")";
  if (f.turn >= 0) o << ", turn " << f.turn;
  o << "\n";
  if (f.elapsed_ms) o << "elapsed: " << *f.elapsed_ms << " ms\n";
  if (f.limit_ms) o << "limit: " << *f.limit_ms << " ms\n";
  if (!f.received.empty()) o << "received: " << f.received << "\n";
  if (!f.input.empty()) o << "input:\n" << f.input;
  if (!f.stderr_tail.empty()) o << "stderr (last lines):\n" << f.stderr_tail << "\n";
  if (!f.advice.empty()) o << "fix: " << f.advice << "\n";
  if (f.occurrences > 1) o << "occurrences in this match: " << f.occurrences << "\n";
  o << "reproduce: " << f.reproduce << "\n";
  return o.str();
}

// The spec report: one test case per clause; a failing test is a <failure>
// with its message, an uncovered clause a <failure> of type "uncovered", a
// clause whose proofs were not run is <skipped>.
void WriteSpecJunit(const RunReport& r, std::ostream& out) {
  int failures = 0, skipped = 0;
  for (const auto& c : r.clauses) {
    failures += c.status == "fail" || c.status == "uncovered";
    skipped += c.status == "not-run";
  }
  const std::string suite = "arbiter spec " + r.game;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"" << Xml(suite) << "\" tests=\"" << r.clauses.size()
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\" errors=\"0\">\n";
  out << "  <testsuite name=\"" << Xml(suite) << "\" tests=\"" << r.clauses.size()
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\" errors=\"0\">\n";
  out << "    <properties>\n";
  out << "      <property name=\"version\" value=\"" << kVersion << "\"/>\n";
  out << "      <property name=\"command\" value=\"" << Xml(r.command) << "\"/>\n";
  for (const auto& f : r.results_files)
    out << "      <property name=\"results\" value=\"" << Xml(f) << "\"/>\n";
  out << "    </properties>\n";
  for (const auto& c : r.clauses) {
    out << "    <testcase classname=\"" << Xml(r.game + ".spec") << "\" name=\""
        << Xml(c.id + ": " + c.summary) << "\">\n";
    if (c.status == "uncovered") {
      out << "      <failure message=\"no test or check cites this clause\" type=\"uncovered\"/>\n";
    } else if (c.status == "fail") {
      std::string evidence, first;
      for (const auto& p : c.proofs) {
        if (p.status != "fail") continue;
        if (first.empty()) first = p.name + " failed";
        evidence += p.kind + " " + p.name + " failed:\n" + p.message + "\n";
      }
      out << "      <failure message=\"" << Xml(first) << "\" type=\"fail\">" << Xml(evidence)
          << "</failure>\n";
    } else if (c.status == "not-run") {
      out << "      <skipped message=\"no result for any of its " << c.proofs.size()
          << " proof(s)\"/>\n";
    }
    std::string proofs;
    for (const auto& p : c.proofs) proofs += p.kind + " " + p.name + ": " + p.status + "\n";
    out << "      <system-out>" << Xml(proofs) << "</system-out>\n";
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
}

}  // namespace

void WriteJunit(const RunReport& r, std::ostream& out) {
  if (r.tool == "spec") return WriteSpecJunit(r, out);
  int failures = 0;
  for (const auto& c : r.checks) {
    for (const auto& m : r.matches) {
      bool failed = false;
      for (const auto& f : m.findings)
        failed = failed || (harness::Belongs(f, c) && f.severity == harness::Severity::kFail);
      if (failed) {
        ++failures;
        break;
      }
    }
  }
  const std::string suite = "arbiter " + r.tool + " " + r.game;
  const std::vector<std::string> coverage = r.CoverageLines();
  const size_t tests = r.checks.size() + (coverage.empty() ? 0 : 1);
  const std::string skipped = r.CoverageNote().empty() ? "" : "\" skipped=\"1";
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"" << Xml(suite) << "\" tests=\"" << tests << skipped
      << "\" failures=\"" << failures << "\" errors=\"" << (r.harness_error.empty() ? 0 : 1)
      << "\">\n";
  out << "  <testsuite name=\"" << Xml(suite) << "\" tests=\"" << tests << skipped
      << "\" failures=\"" << failures << "\" errors=\"" << (r.harness_error.empty() ? 0 : 1)
      << "\">\n";
  out << "    <properties>\n";
  out << "      <property name=\"version\" value=\"" << kVersion << "\"/>\n";
  out << "      <property name=\"profile\" value=\"" << Xml(r.profile) << "\"/>\n";
  out << "      <property name=\"command\" value=\"" << Xml(r.command) << "\"/>\n";
  for (const std::string& line : coverage)
    out << "      <property name=\"coverage\" value=\"" << Xml(line) << "\"/>\n";
  out << "    </properties>\n";
  if (!coverage.empty()) {
    // Coverage is a test of its own: skipped, never passed, when it is short.
    std::string text;
    for (const std::string& line : coverage) text += line + "\n";
    const std::string note = r.CoverageNote();
    out << "    <testcase classname=\"" << Xml(r.game + "." + r.tool) << "\" name=\""
        << (r.Engineless()
                ? "coverage: broken answers reached the referee (arbiter.referee-fuzz.answers)"
            : r.tool == "fuzz-referee"
                ? "coverage: the referee's turn messages are compared (arbiter.referee.compared)"
                : "coverage: every seat plays a game to its end (arbiter.check.coverage)")
        << "\">\n";
    if (!note.empty()) out << "      <skipped message=\"" << Xml(note) << "\"/>\n";
    out << "      <system-out>" << Xml(text) << "</system-out>\n    </testcase>\n";
  }
  for (const auto& c : r.checks) {
    std::vector<const harness::Finding*> found;
    for (const auto& m : r.matches)
      for (const auto& f : m.findings)
        if (harness::Belongs(f, c)) found.push_back(&f);
    out << "    <testcase classname=\"" << Xml(r.game + "." + r.tool) << "\" name=\""
        << Xml(c.id + ": " + c.title + " (" + c.clause + ")") << "\">\n";
    std::string evidence;
    for (const auto* f : found) evidence += Evidence(*f) + "\n";
    if (!found.empty() && c.severity == harness::Severity::kFail) {
      out << "      <failure message=\"" << Xml(found[0]->message) << "\" type=\"" << Xml(c.id)
          << "\">" << Xml(evidence) << "</failure>\n";
    } else if (!found.empty()) {
      out << "      <system-out>" << Xml(std::string(SeverityLabel(c.severity)) + ":\n" + evidence)
          << "</system-out>\n";
    }
    out << "    </testcase>\n";
  }
  if (!r.harness_error.empty()) {
    out << "    <testcase classname=\"" << Xml(r.game + "." + r.tool) << "\" name=\"harness\">\n"
        << "      <error message=\"" << Xml(r.harness_error) << "\"/>\n    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
}

}  // namespace arbiter::report

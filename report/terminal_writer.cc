// The terminal summary: a short verdict first, then each finding with its
// evidence and a command that reproduces it. Colour only on a TTY.
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "core/parse.h"
#include "report/run_report.h"

namespace arbiter::report {
namespace {

// Lines of a turn's input the terminal shows without --verbose.
constexpr size_t kInputLines = 12;

struct Paint {
  bool on;
  std::string operator()(const char* code, const std::string& s) const {
    return on ? std::string("\033[") + code + "m" + s + "\033[0m" : s;
  }
};

std::string Indent(const std::string& text, const std::string& pad) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out += pad + line + "\n";
  return out;
}

// The first `keep` lines of `text`, indented; the rest (when more than four
// lines) is one line saying how many more there are and where they are
// (arbiter.report.bounded).
std::string Shortened(const std::string& text, const std::string& pad, size_t keep,
                      const std::string& where) {
  std::istringstream in(text);
  std::string out, line;
  size_t n = 0;
  std::string rest;  // the lines past `keep`, shown when they are only a few
  while (std::getline(in, line)) (++n <= keep ? out : rest) += pad + line + "\n";
  if (n <= keep + 4) return out + rest;
  out += pad + "... " + std::to_string(n - keep) + " more line(s)" +
         (where.empty() ? std::string() : ", all of them in " + where) + "\n";
  return out;
}

std::string Ms(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

// The verdict of each rule variant of a sweep (Wondev Woman's leagues), on
// one line: "league=0: FAIL process.crash; league=1: PASS; ...".
void WriteVariantVerdicts(const RunReport& r, std::ostream& out, const Paint& paint) {
  const std::vector<VariantVerdict> verdicts = r.VariantVerdicts();
  if (verdicts.size() < 2) return;
  out << "  per variant:";
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const VariantVerdict& v = verdicts[i];
    out << (i ? "; " : " ") << (v.variant.empty() ? "game's rules" : v.variant) << ": "
        << (v.verdict == "fail" ? paint("1;31", "FAIL") : paint("1;32", "PASS"));
    for (const std::string& check : v.checks) out << " " << check;
  }
  out << "\n";
}

// One finding in full: its label, where, its evidence, its fix and its
// reproduce command, and where else the same was seen (`group`).
void WriteFinding(std::ostream& out, const harness::MatchResult& m, const harness::Finding& f,
                  const Paint& paint, bool verbose, const RunReport::FindingGroup* group) {
  const char* code = f.severity == harness::Severity::kFail   ? "1;31"
                     : f.severity == harness::Severity::kWarn ? "1;33"
                                                              : "1;36";
  const std::string label = SeverityLabel(f.severity);
  out << "\n"
      << paint(code, label) << " " << paint("1", f.check) << " [" << f.clause << "] " << f.match;
  if (f.seed)
    out << " (" << (m.variant.empty() ? "" : m.variant + ", ") << "seed " << *f.seed
        << (f.seat >= 0 ? ", seat " + harness::SeatText(f) : std::string()) << ")";
  else if (!m.variant.empty())
    out << " (" << m.variant << ")";
  if (f.turn >= 0) out << ", turn " << f.turn;
  if (f.turn >= 0 && f.own_turn > 0 && f.own_turn != f.turn)
    out << " (its own turn " << f.own_turn << ")";
  if (f.occurrences > 1) out << ", " << f.occurrences << " times";
  out << "\n  " << f.message << "\n";
  if (f.elapsed_ms) out << "  elapsed: " << Ms(*f.elapsed_ms) << " ms";
  if (f.limit_ms) out << (f.elapsed_ms ? ", " : "  ") << "limit: " << *f.limit_ms << " ms";
  if (f.elapsed_ms || f.limit_ms) out << "\n";
  if (f.check == "referee.divergence") {
    if (!f.input.empty()) out << "  the reference engine sends:\n" << Indent(f.input, "    | ");
    if (const auto raw = UnescapeBytes(f.received))
      out << "  the referee sent:\n" << Indent(*raw, "    | ");
  } else {
    if (!f.received.empty()) out << "  received: " << f.received << "\n";
    if (!f.input.empty())
      out << "  input given:\n"
          << (verbose ? Indent(f.input, "    | ")
                      : Shortened(f.input, "    | ", kInputLines, f.input_file));
    if (!f.input_file.empty())
      out << "  the whole input up to this turn: " << f.input_file
          << " (pipe it into the bot to replay the turn)\n";
  }
  if (!f.stderr_tail.empty()) out << "  stderr (last lines):\n" << Indent(f.stderr_tail, "    | ");
  if (!f.advice.empty())
    out << (f.check.rfind("referee.", 0) == 0 ? "  note: " : "  fix: ") << f.advice << "\n";
  out << "  reproduce: " << f.reproduce << "\n";
  if (group && group->others > 0)
    out << "  " << RunReport::SameText(*group, [](const std::string& id) { return id; }) << "\n";
}

}  // namespace

void WriteTerminal(const RunReport& r, std::ostream& out, bool colour, bool verbose) {
  const Paint paint{colour};
  const int fails = r.Count(harness::Severity::kFail);
  std::string verdict;
  if (r.interrupt_signal != 0) {
    verdict = paint("1;35", "INTERRUPTED") + " by " + r.InterruptName() +
              ": the findings so far, " + r.CountText(harness::Severity::kFail);
  } else if (!r.harness_error.empty()) {
    verdict = paint("1;35", "ERROR") + ": arbiter could not run: " + r.harness_error;
  } else if (fails) {
    verdict = paint("1;31", "FAIL") + ": " + r.CountText(harness::Severity::kFail);
  } else if (r.Verdict() == "not-reproduced") {
    verdict = paint("1;35", "NOT REPRODUCED") + ": " + r.not_reproduced;
  } else if (r.Verdict() == "inconclusive") {
    verdict = paint("1;35", "INCONCLUSIVE");
    if (r.Engineless() && !r.families_not_tried.empty()) {
      verdict += ": the referee was never given";
      for (size_t i = 0; i < r.families_not_tried.size(); ++i)
        verdict += (i ? ", " : " ") + r.families_not_tried[i];
      verdict += " (no game reached a request it was planned on)";
    } else if (r.EveryGameStoppedByReferee()) {
      verdict += ": the referee stopped every game short, so no game showed the bot play on to "
                 "its end";
    }
  } else {
    verdict = paint("1;32", "PASS");
  }
  if (r.harness_error.empty()) {
    verdict +=
        ", " + r.CountText(harness::Severity::kWarn) + ", " + r.CountText(harness::Severity::kInfo);
    if (const std::string note = r.CoverageNote(); !note.empty())
      verdict += "; " + paint("1;33", note);
  }
  out << "arbiter " << r.tool << ": " << verdict << "\n";
  if (fails && !r.not_reproduced.empty()) out << "  not reproduced: " << r.not_reproduced << "\n";
  if (r.tool == "fuzz-referee") {
    long long turns = r.folded.turns, games = r.folded.matches;
    for (const auto& m : r.matches)
      if (m.shrunk_from.empty()) turns += m.turns_played, ++games;
    out << "  " << r.game << ": " << games << " game(s), " << turns << " turns played";
  } else {
    out << "  " << r.game << ", profile " << r.profile << ": " << r.LimitsText() << "; "
        << r.Games() << " match(es), " << r.BotTurns() << " bot turns";
    if (r.BotAnswers() != r.BotTurns()) out << " (" << r.BotAnswers() << " answered)";
  }
  if (r.seed) out << "; seed " << *r.seed;
  out << "\n";
  for (const std::string& line : r.CoverageLines()) out << "  " << line << "\n";
  if (!r.not_checked.empty()) out << "  not checked: " << r.not_checked << "\n";
  if (r.tool == "check-bot") WriteVariantVerdicts(r, out, paint);
  if (r.calibration) {
    out << "  harness overhead (echo bot, " << r.calibration->samples << " round trips): median "
        << Ms(r.calibration->median_ms) << " ms, p99 " << Ms(r.calibration->p99_ms) << " ms\n";
  }
  if (const std::string usage = r.UsageText(); !usage.empty())
    out << "  bots: " << usage << (r.memory_limits.empty() ? "" : " (" + r.memory_limits + ")")
        << "\n";
  if (!r.families_tried.empty() || !r.families_not_tried.empty()) {
    out << "  answer families tried:";
    for (const auto& f : r.families_tried) out << " " << f << ";";
    if (!r.families_not_tried.empty()) {
      out << " not tried:";
      for (const auto& f : r.families_not_tried) out << " " << f << ";";
    }
    out << "\n";
  }
  if (const std::string edges = r.RuleEdgesText(); !edges.empty()) out << "  " << edges << "\n";
  if (!r.readings.empty()) {
    out << "  the referee's readings, adopted for the run (reproduce them with):";
    for (const auto& reading : r.readings) out << " --rule " << reading;
    out << "\n";
  }
  if (verbose && !r.environment.empty()) {
    out << "  bot environment:";
    for (const auto& e : r.environment) out << " " << e;
    out << "\n";
  }
  if (!r.skipped.empty()) {
    out << "  " << (r.interrupt_signal ? "interrupted" : "stopped after the first failing match")
        << "; not run (" << r.skipped.size() << "):";
    for (size_t i = 0; i < r.skipped.size() && i < 8; ++i) out << " " << r.skipped[i];
    if (r.skipped.size() > 8) out << " ... and " << r.skipped.size() - 8 << " more";
    out << (r.interrupt_signal || r.tool != "check-bot" ? "\n"
                                                        : " (without --fail-fast they run)\n");
  }
  // Identical findings of several matches: the first in full, then where else.
  for (const RunReport::FindingGroup& g : r.GroupedFindings()) {
    const harness::MatchResult& m = r.matches[g.first.match];
    WriteFinding(out, m, m.findings[g.first.index], paint, verbose, &g);
  }
  if (verbose) {
    out << "\nmatches:\n";
    for (const auto& m : r.matches) {
      out << "  " << m.id << ": " << m.description << "; " << m.turns_played << " turns, "
          << (m.game_over
                  ? (m.winner >= 0 ? "winner " + std::to_string(m.winner) : std::string("draw"))
                  : std::string("stopped"))
          << ", bot answers median " << Ms(Percentile(m.latencies_ms, 50)) << " ms, max "
          << Ms(Percentile(m.latencies_ms, 100)) << " ms\n";
    }
    if (r.folded.matches > 0)
      out << "  and " << r.folded.matches
          << " more passing match(es), summed up: " << r.folded.turns << " turns, bot answers max "
          << Ms(r.folded.latencies.max) << " ms\n";
    out << "checks:\n";
    for (const auto& c : r.checks) {
      int n = 0;
      for (const auto& m : r.matches)
        for (const auto& f : m.findings) n += harness::Belongs(f, c);
      out << "  " << (n ? SeverityLabel(c.severity) : "PASS") << "  " << c.id << " (" << c.clause
          << "): " << c.title << "\n";
    }
  }
}

}  // namespace arbiter::report

// The HTML report: one self-contained page (inline CSS, script and SVG, no
// network: its Content-Security-Policy forbids every fetch) that a person
// would rather look at. A header with the verdict and what was run (arbiter
// version, tool, game, profile and limits, seeds, bot, command); then every
// finding with its evidence, each followed by the board replay of its match
// (html_data.cc embeds the data, html_script.cc draws it); the per-clause
// table (for `spec` with the source sentences and decision in a <details>);
// for check-bot and play the latency histogram (html_svg.cc); the matches.
// Every string is HTML-escaped here; the script adds data only as text.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>
#include <set>

#include "core/game.h"
#include "report/html_internal.h"

namespace arbiter::report {
namespace {

using html::Escape;

std::string Ms(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// A status or severity badge; a finding of severity "info" reads "note", as
// in every other human format (SeverityLabel).
std::string Status(const std::string& status) {
  return "<span class=\"st st-" + Escape(status) + "\">" +
         Escape(status == "info" ? std::string("note") : status) + "</span>";
}

void Fact(std::ostream& out, const std::string& name, const std::string& escaped_value) {
  out << "<tr><th>" << name << "</th><td>" << escaped_value << "</td></tr>\n";
}

void Header(const RunReport& r, std::ostream& out) {
  const std::string v = r.Verdict();
  const GameInfo* game = FindGame(r.game);
  out << "<header class=\"top\">\n<div><h1>arbiter " << Escape(r.tool) << ": " << Escape(r.game)
      << "</h1>\n<div class=\"verdict " << Escape(v) << "\" id=\"verdict\">"
      << Escape(v == "not-run"          ? "NOT RUN"
                : v == "not-reproduced" ? "NOT REPRODUCED"
                                        : Upper(v))
      << "</div>\n<p class=\"verdict-summary\">" << Escape(r.VerdictSummary()) << "</p>";
  if (!r.not_reproduced.empty())
    out << "<p class=\"coverage-note\" id=\"not-reproduced\">" << Escape(r.not_reproduced)
        << "</p>";
  if (const std::string note = r.CoverageNote(); !note.empty())
    out << "<p class=\"coverage-note\" id=\"coverage-note\">" << Escape(note) << "</p>";
  if (!r.not_checked.empty())
    out << "<p class=\"coverage-note\" id=\"not-checked\">" << Escape(r.not_checked) << "</p>";
  out << "</div>\n<table class=\"facts\">\n";
  Fact(out, "arbiter", Escape(kVersion));
  Fact(out, "tool", Escape(r.tool));
  Fact(out, "game",
       "<code>" + Escape(r.game) + "</code>" + (game ? " (" + Escape(game->title) + ")" : ""));
  if (r.tool != "spec") {
    Fact(out, "profile", "<code>" + Escape(r.profile) + "</code>: " + Escape(r.LimitsText()));
    Fact(out, "seed", Escape(r.SeedsText()));
    if (!r.bot.empty()) Fact(out, "bot", "<code>" + Escape(r.BotText()) + "</code>");
    if (const std::string usage = r.UsageText(); !usage.empty())
      Fact(out, "resources",
           Escape(usage + (r.memory_limits.empty() ? "" : " (" + r.memory_limits + ")")));
    if (!r.environment.empty()) {
      std::string env;
      for (const auto& e : r.environment)
        env += (env.empty() ? "" : " ") + ("<code>" + Escape(e) + "</code>");
      Fact(out, "bot environment", env);
    }
    if (r.interrupt_signal)
      Fact(out, "interrupted", "by " + Escape(r.InterruptName()) + ": the report is partial");
    Fact(out, "matches",
         std::to_string(r.Games()) + " run" +
             (r.skipped.empty()
                  ? ""
                  : ", " + std::to_string(r.skipped.size()) +
                        (r.interrupt_signal ? " not run (interrupted)"
                                            : " not run (stopped at the first failing match)")));
    for (const std::string& line : r.CoverageLines()) Fact(out, "coverage", Escape(line));
    if (const std::string edges = r.RuleEdgesText(); !edges.empty())
      Fact(out, "rule edges", Escape(edges.substr(edges.find(": ") + 2)));
    if (const auto verdicts = r.VariantVerdicts(); verdicts.size() > 1) {
      std::string text;
      for (const VariantVerdict& v : verdicts) {
        text += (text.empty() ? "" : "; ") + Escape(v.variant) + ": " + Upper(v.verdict);
        for (const auto& id : v.checks) text += " <code>" + Escape(id) + "</code>";
      }
      Fact(out, "per variant", text);
    }
    if (r.calibration)
      Fact(out, "calibration",
           std::to_string(r.calibration->samples) + " samples of arbiter's own turn: median " +
               Ms(r.calibration->median_ms) + " ms, p99 " + Ms(r.calibration->p99_ms) +
               " ms, max " + Ms(r.calibration->max_ms) + " ms");
  } else {
    Fact(out, "profile", "none (the register holds for every profile)");
    std::string files;
    for (const auto& f : r.results_files)
      files += (files.empty() ? "" : ", ") + ("<code>" + Escape(f) + "</code>");
    Fact(out, "results", files.empty() ? "none given: every test is listed as not run" : files);
  }
  Fact(out, "command", "<code>" + Escape(r.command) + "</code>");
  out << "</table>\n</header>\n";
  if (!r.harness_error.empty())
    out << "<p class=\"harness-error\">arbiter could not run: " << Escape(r.harness_error)
        << "</p>\n";
}

void ClauseTable(const RunReport& r, std::ostream& out) {
  const bool spec = r.tool == "spec";
  out << "<section id=\"clauses\">\n<h2>Clauses</h2>\n<table "
         "class=\"clauses\">\n<thead><tr><th>clause</th>"
      << "<th>level</th><th>status</th><th>rule</th><th>" << (spec ? "tests" : "checks")
      << "</th></tr></thead>\n<tbody>\n";
  for (const auto& c : r.clauses) {
    out << "<tr class=\"row-" << Escape(c.status) << "\" id=\"clause-" << Escape(c.id)
        << "\"><td><code>" << Escape(c.id) << "</code></td><td>" << Escape(c.level) << "</td><td>"
        << Status(c.status) << "</td><td>" << Escape(c.summary);
    if (spec && (!c.en.empty() || !c.ja.empty() || !c.decision.empty())) {
      out << "\n<details class=\"texts\"><summary>source sentences"
          << (c.decision.empty() ? "" : " and decision") << "</summary><dl>";
      if (!c.section.empty()) out << "<dt>section</dt><dd>" << Escape(c.section) << "</dd>";
      if (!c.en.empty()) out << "<dt>en</dt><dd>" << Escape(c.en) << "</dd>";
      if (!c.ja.empty()) out << "<dt>ja</dt><dd lang=\"ja\">" << Escape(c.ja) << "</dd>";
      if (!c.decision.empty()) out << "<dt>decision</dt><dd>" << Escape(c.decision) << "</dd>";
      out << "</dl></details>";
    }
    out << "</td><td>";
    if (c.proofs.empty()) out << "none: no test or check cites this clause";
    out << "<ul class=\"proofs\">";
    for (const auto& p : c.proofs) {
      out << "<li>" << Status(p.status) << " <code>" << Escape(p.name) << "</code>";
      if (p.status == "fail" && !p.message.empty())
        out << "<pre class=\"proof-msg\">" << Escape(p.message) << "</pre>";
      out << "</li>";
    }
    out << "</ul></td></tr>\n";
  }
  out << "</tbody>\n</table>\n</section>\n";
}

// The answer times against their limits: each bot's first answer has its
// own, longer limit, so first answers are said apart and kept out of the
// histogram of the others against the answer limit.
void Latency(const RunReport& r, std::ostream& out) {
  std::vector<double> later, firsts;
  for (const auto& m : r.matches) {
    if (m.turns.empty()) {  // no turn log kept: the times alone, unsorted
      later.insert(later.end(), m.latencies_ms.begin(), m.latencies_ms.end());
      continue;
    }
    std::set<int> answered;
    for (const harness::TurnRecord& t : m.turns)
      if (t.elapsed_ms)
        (answered.insert(t.player).second ? firsts : later).push_back(*t.elapsed_ms);
  }
  // Folded matches' answer times: a bounded sample of them (arbiter.report.bounded).
  later.insert(later.end(), r.folded.latencies.values.begin(), r.folded.latencies.values.end());
  out << "<section id=\"latency\">\n<h2>Answer times</h2>\n";
  if (later.empty() && firsts.empty()) {
    out << "<p>No answer of the bot was timed.</p>\n</section>\n";
    return;
  }
  if (!firsts.empty())
    out << "<p>First answers (" << firsts.size() << "): max " << Ms(Percentile(firsts, 100))
        << " ms; their limit is " << r.first_action_ms << " ms.</p>\n";
  if (later.empty()) {
    out << "</section>\n";
    return;
  }
  const long long answers =
      static_cast<long long>(later.size() - r.folded.latencies.values.size()) +
      r.folded.latencies.count;
  const double max = std::max(Percentile(later, 100), r.folded.latencies.max);
  out << "<p>" << answers << " later answers: median " << Ms(Percentile(later, 50)) << " ms, p99 "
      << Ms(Percentile(later, 99)) << " ms, max " << Ms(max) << " ms"
      << (answers > static_cast<long long>(later.size())
              ? " (median, p99 and histogram from a sample of " + std::to_string(later.size()) + ")"
              : std::string())
      << "; their limit is " << r.action_ms << " ms.</p>\n"
      << html::LatencyHistogramSvg(later, r.action_ms) << "</section>\n";
}

// play: the win/draw/loss table, seats rotated (arbiter.play.table).
void Standings(const RunReport& r, std::ostream& out) {
  if (r.standings.empty()) return;
  const int games = static_cast<int>(r.Games());
  out << "<section id=\"results\">\n<h2>Results</h2>\n<p>" << games
      << " game(s), seats rotated.</p>\n<table>\n<thead><tr><th>entrant</th><th>won</th>"
      << "<th>drawn</th><th>lost</th><th>not over</th><th>win rate (95% interval)</th></tr>"
      << "</thead>\n<tbody>\n";
  for (const RunReport::Standing& s : r.standings)
    out << "<tr><td><code>" << Escape(s.entrant) << "</code></td><td>" << s.won << "</td><td>"
        << s.drawn << "</td><td>" << s.lost << "</td><td>" << s.not_over << "</td><td>"
        << Escape(WinRateText(s.won, games)) << "</td></tr>\n";
  out << "</tbody>\n</table>\n</section>\n";
}

void Matches(const RunReport& r, std::ostream& out) {
  out << "<section "
         "id=\"matches\">\n<h2>Matches</h2>\n<table>\n<thead><tr><th>match</th><th>what</th>"
      << "<th>seed</th><th>turns</th><th>result</th><th>findings</th></tr></thead>\n<tbody>\n";
  for (const auto& m : r.matches) {
    out << "<tr><td><code>" << Escape(m.id) << "</code></td><td>" << Escape(m.description)
        << "</td><td>" << (m.seed ? std::to_string(*m.seed) : "") << "</td><td>" << m.turns_played
        << "</td><td>"
        << (m.game_over ? (m.winner >= 0 ? "won by player " + std::to_string(m.winner) : "draw")
                        : "not over")
        << "</td><td>" << m.findings.size() << "</td></tr>\n";
  }
  if (r.folded.matches > 0)
    out << "<tr><td colspan=\"2\">" << r.folded.matches
        << " more passing matches, summed up</td><td></td><td>" << r.folded.turns
        << "</td><td></td><td>0</td></tr>\n";
  for (size_t i = 0; i < r.skipped.size() && i < 20; ++i)
    out << "<tr><td><code>" << Escape(r.skipped[i])
        << "</code></td><td colspan=\"5\">not run</td></tr>\n";
  if (r.skipped.size() > 20)
    out << "<tr><td colspan=\"6\">and " << r.skipped.size() - 20 << " more not run</td></tr>\n";
  out << "</tbody>\n</table>\n</section>\n";
}

void Evidence(std::ostream& out, const std::string& name, const std::string& escaped) {
  out << "<dt>" << name << "</dt><dd>" << escaped << "</dd>";
}

void Pre(std::ostream& out, const std::string& title, const std::string& text, const char* cls) {
  if (text.empty()) return;
  out << "<h4>" << title << "</h4><pre class=\"" << cls << "\">" << Escape(text) << "</pre>\n";
}

// The replay of finding `replay` (its data is data["replays"][replay]).
void ReplaySkeleton(std::ostream& out, const nlohmann::json& data, int replay,
                    bool failing = true) {
  // A passing game has no failing turn: no button or marker for one.
  const std::string hidden = failing ? "" : " hidden";
  const nlohmann::json& spec = data["replays"][replay];
  std::string note;
  if (const int t = spec["track"]; t >= 0) {
    const nlohmann::json& track = data["tracks"][t];
    const int offset = track["offset"], total = track["total"];
    const int shown = static_cast<int>(track["turns"].size());
    if (track["truncated"])
      note = "This game has " + std::to_string(total) + " turns; the replay embeds the " +
             std::to_string(shown) +
             (spec["finding"] < 0 ? " where it ended" : " around the failing turn") + " (steps " +
             std::to_string(offset + 1) + " to " + std::to_string(offset + shown) + ").";
    if (spec["failing"] < 0 && spec["finding"] >= 0)
      note += (note.empty() ? "" : " ") + std::string("The failing turn is not among them.");
  }
  out << "<div class=\"replay\" id=\"replay-" << replay << "\" data-replay=\"" << replay
      << "\" tabindex=\"0\" aria-label=\"board replay: arrow keys step, Home/End, f: the failing "
         "turn\">\n"
      << "<h4>Board replay</h4>\n<div class=\"replay-controls\">"
      << "<button type=\"button\" data-act=\"first\" title=\"first turn (Home)\">« first</button>"
      << "<button type=\"button\" data-act=\"prev\" title=\"previous turn (←)\">‹ prev</button>"
      << "<button type=\"button\" data-act=\"next\" title=\"next turn (→)\">next ›</button>"
      << "<button type=\"button\" data-act=\"last\" title=\"last turn (End)\">last »</button>"
      << "<button type=\"button\" data-act=\"failing\" class=\"go-failing\"" << hidden
      << " title=\"the failing turn (f)\">"
      << "go to failing turn</button><span class=\"turn-label\" "
         "aria-live=\"polite\"></span></div>\n"
      << "<div class=\"slider-wrap\"><input type=\"range\" class=\"slider\" min=\"0\" max=\"0\" "
         "value=\"0\" "
      << "aria-label=\"turn\"><div class=\"slider-marker\"" << hidden
      << " title=\"the failing turn\"></div></div>\n"
      << "<p class=\"replay-note\">" << Escape(note)
      << "</p>\n<div class=\"replay-stage\"><div class=\"board-area\"></div>\n"
      << "<div class=\"turn-io\"><h4 class=\"sent-title\">sent</h4><pre class=\"sent\"></pre>"
      << "<h4 class=\"received-title\">received</h4><pre class=\"received\"></pre>"
      << "<h4 class=\"stderr-title\" hidden>its stderr on that turn</h4><pre class=\"stderr\" "
         "hidden></pre><h4>events</h4>"
      << "<table "
         "class=\"events\"><thead><tr><th>kind</th><th>clause</th><th>detail</th></tr></thead>"
      << "<tbody></tbody></table></div></div>\n"
      << "<div class=\"divergence-texts\" hidden><div><h4>the referee sent</h4><pre "
         "class=\"referee-text\">"
      << "</pre></div><div><h4>the reference engine sends</h4><pre "
         "class=\"reference-text\"></pre></div></div>\n"
      << "<noscript><p>The replay needs JavaScript; the evidence above holds the failing turn’s "
      << "input and answer.</p></noscript>\n</div>\n";
}

// The findings: an index first (failures first, one line per group of
// findings that say the same thing), then each group's first finding in full
// with its replay and the other matches that showed it.
void Findings(const RunReport& r, const nlohmann::json& data,
              const std::vector<std::vector<int>>& replay_of, std::ostream& out) {
  out << "<section id=\"findings\">\n<h2>Findings</h2>\n";
  const std::vector<RunReport::FindingGroup> groups = r.GroupedFindings();
  if (groups.empty()) out << "<p>None.</p>\n";
  if (groups.size() > 1) {
    out << "<nav id=\"finding-index\"><ol>\n";
    for (const RunReport::FindingGroup& g : groups) {
      const harness::Finding& f = r.matches[g.first.match].findings[g.first.index];
      out << "<li>" << Status(harness::SeverityName(f.severity)) << " <a href=\"#finding-"
          << g.first.number << "\"><code>" << Escape(f.check) << "</code></a> (<code>"
          << Escape(f.clause) << "</code>) <code>" << Escape(f.match) << "</code>"
          << (g.also.empty() ? "" : " and " + std::to_string(g.also.size()) + " more match(es)")
          << (g.in_first == 0 ? "" : " (" + std::to_string(g.in_first + 1) + " times in it)")
          << "</li>\n";
    }
    out << "</ol></nav>\n";
  }
  for (const RunReport::FindingGroup& g : groups) {
    const size_t mi = g.first.match, fi = g.first.index;
    const harness::Finding& f = r.matches[mi].findings[fi];
    const std::string sev = harness::SeverityName(f.severity);
    const bool referee = f.check.rfind("referee.", 0) == 0;
    out << "<section class=\"finding sev-" << sev << "\" id=\"finding-" << g.first.number
        << "\">\n<h3>" << Status(sev) << " <code>" << Escape(f.check) << "</code> (<code>"
        << Escape(f.clause) << "</code>)</h3>\n<p class=\"message\">" << Escape(f.message)
        << "</p>\n<dl class=\"evidence\">";
    Evidence(out, "match", "<code>" + Escape(f.match) + "</code>");
    if (g.others > 0) {
      const std::string same = RunReport::SameText(
          g, [](const std::string& id) { return "<code>" + Escape(id) + "</code>"; });
      Evidence(out, "the same", same.substr(std::string("the same ").size()));
    }
    if (f.seed) Evidence(out, "seed", std::to_string(*f.seed));
    if (f.seat >= 0) Evidence(out, "seat", Escape(harness::SeatText(f)));
    if (f.turn >= 0) Evidence(out, "turn", std::to_string(f.turn));
    if (f.elapsed_ms) Evidence(out, "elapsed", Ms(*f.elapsed_ms) + " ms");
    if (f.limit_ms) Evidence(out, "limit", std::to_string(*f.limit_ms) + " ms");
    if (f.occurrences > 1)
      Evidence(out, "occurrences", std::to_string(f.occurrences) + " in this match");
    if (!f.advice.empty()) Evidence(out, "fix", Escape(f.advice));
    out << "</dl>\n";
    Pre(out, referee ? "The referee sent (escaped)" : "Received (escaped)", f.received,
        "received-bytes");
    // Only a divergence sets the referee's words against the engine's.
    Pre(out,
        f.check == "referee.divergence" ? "The reference engine sends"
        : referee                       ? "The input of that request"
                                        : "The input of that turn",
        f.input, "input-text");
    Pre(out, "Last lines of stderr", f.stderr_tail, "stderr-tail");
    Pre(out, "Reproduce", f.reproduce, "reproduce");
    if (replay_of[mi][fi] >= 0) ReplaySkeleton(out, data, replay_of[mi][fi]);
    out << "</section>\n";
  }
  out << "</section>\n";
}

// A passing game of each kind the run kept whole, with its replay (nothing
// when there is none): what the bot did when nothing went wrong.
void PassingReplays(const RunReport& r, const nlohmann::json& data,
                    const std::vector<int>& passing_replay_of, std::ostream& out) {
  bool any = false;
  for (size_t mi = 0; mi < r.matches.size(); ++mi) {
    if (passing_replay_of[mi] < 0) continue;
    if (!any) out << "<section id=\"passing\">\n<h2>A passing game of each kind</h2>\n";
    any = true;
    const harness::MatchResult& m = r.matches[mi];
    out << "<section class=\"passing-game\">\n<h3><code>" << Escape(m.id) << "</code> "
        << Escape(m.description) << "</h3>\n<p>" << m.turns_played << " turns, "
        << (m.game_over ? (m.winner >= 0 ? "won by player " + std::to_string(m.winner) : "a draw")
                        : std::string("not over"))
        << "; no finding.</p>\n";
    ReplaySkeleton(out, data, passing_replay_of[mi], /*failing=*/false);
    out << "</section>\n";
  }
  if (any) out << "</section>\n";
}

}  // namespace

void WriteHtml(const RunReport& r, std::ostream& out) {
  std::vector<std::vector<int>> replay_of;
  std::vector<int> passing_replay_of;
  const nlohmann::json data = html::ReplayData(r, replay_of, passing_replay_of);
  const std::string verdict = Upper(r.Verdict());
  out << "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      << "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<meta name=\"generator\" content=\"arbiter " << Escape(kVersion) << "\">\n<title>"
      << verdict << ": arbiter " << Escape(r.tool) << " " << Escape(r.game) << "</title>\n<style>"
      << html::kStyle << "</style>\n</head>\n<body>\n";
  Header(r, out);
  Standings(r, out);
  // What failed comes first (with its replay), then the clause table.
  if (r.tool != "spec") Findings(r, data, replay_of, out);
  if (r.tool != "spec") PassingReplays(r, data, passing_replay_of, out);
  ClauseTable(r, out);
  if (r.tool == "check-bot" || r.tool == "play") Latency(r, out);
  if (r.tool != "spec") Matches(r, out);
  out << "<script type=\"application/json\" id=\"arbiter-data\">" << html::ScriptJson(data)
      << "</script>\n<pre id=\"selftest-result\"></pre>\n<script>" << html::kScript
      << "</script>\n</body>\n</html>\n";
}

}  // namespace arbiter::report

// The one event model every report is written from: what a run of
// `arbiter check-bot`, `play`, `fuzz-referee` or `spec` did (its
// configuration, the command that produced it, every match with its turns,
// every finding), the table of checks, and the per-clause table (each clause
// of the register with the tests or checks that prove it and their results).
// One writer per format reads it: WriteJson, WriteJunit, WriteMarkdown,
// WriteHtml, WriteTerminal.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checks/findings.h"
#include "checks/session.h"

namespace arbiter::report {

inline constexpr const char* kVersion = "0.1.0";
inline constexpr const char* kJsonSchema = "arbiter-report/1";

struct Calibration {
  int samples = 0;
  double median_ms = 0, p99_ms = 0, max_ms = 0;
};

// One proof of a clause: a spec test (its GoogleTest name, "Suite.Name") or
// a check of check-bot / fuzz-referee (its id), with its result when known.
struct Proof {
  std::string name;
  std::string kind;     // "test" or "check"
  std::string status;   // "pass", "fail", "warn", "skipped", "not-run"
  std::string message;  // why it failed or was skipped, when known
};

// One row of the per-clause table: a clause of the spec register and what
// proves it. `status` sums up the proofs: "fail" if one failed, else "warn" if
// one warned, else "pass" if one passed, else "not-run"; "uncovered" when the
// clause has no proof at all.
struct ClauseRow {
  std::string id;  // "jc2015.move.cancel.distance"
  std::string level, section, summary;
  std::string en, ja;    // the source sentences
  std::string decision;  // the decision where the texts are silent or disagree ("" if none)
  std::vector<Proof> proofs;
  std::string status;
};
// The status of a row from its proofs (see ClauseRow).
std::string RowStatus(const std::vector<Proof>& proofs);
// A row with the texts of register clause `clause` (no proofs yet).
ClauseRow ClauseRowOf(const nlohmann::json& clause);

// How many rows of the per-clause table have each status.
struct ClauseCounts {
  int pass = 0, fail = 0, warn = 0, uncovered = 0, not_run = 0;
};

// What a check-bot run exercised, per bot seat and rule variant
// (arbiter.check.coverage).
struct SeatCoverage {
  std::string variant;  // "league=2"; "" when the game has no variant sweep
  int seat = 0;
  int own_turns = 0;         // the bot's answers asked for, over every match in this seat
  int deepest_own_turn = 0;  // the most own turns one game from the start reached
  int own_turn_limit = 0;    // the seat's own turns in a game played to its turn limit
  int whole_games = 0;       // matches played to be whole games (kind "whole")
  int games_to_end = 0;      // matches of any kind that reached the game's end, the bot playing
};
struct Coverage {
  std::vector<SeatCoverage> seats;  // every seat of the run's plan, in plan order
  int edge_states = 0, edge_states_reached = 0;
  std::vector<std::string> edge_states_missed;  // match ids of edge states the bot never answered
  // Every planned seat reached the end of at least one game with the bot
  // playing; else `shortfall` says which did not, in words.
  bool complete = true;
  std::string shortfall;
};
// What a fuzz-referee run compared (arbiter.referee.compared), over the
// games it played (its shrunk reproducers' runs left out).
struct RefereeComparison {
  long long messages = 0;  // turn messages compared with a reference following the game
  long long alone = 0;     // turn messages only checked on their own (a stand-in)
  int games = 0;
  int games_compared = 0;  // games with at least one message compared
  int games_alone = 0;     // games not followed (referee.unknowable): checked one by one, or not
  int games_blind = 0;     // games in which no message was compared or checked
  long long chance_learnt = 0;  // draws of the referee's learnt from its messages
};

// One rule variant's verdict (check-bot's sweep of Wondev Woman's leagues).
struct VariantVerdict {
  std::string variant;              // "league=0"; "" for the game's own rules
  std::string verdict;              // "fail" or "pass"
  std::vector<std::string> checks;  // the failing checks, once each
};

// Adds `add` to the row of its variant and seat in `seats` (made when
// missing): turns, whole games and games to the end summed, the deepest own
// turn and the turn limit the largest.
void AddSeatCoverage(std::vector<SeatCoverage>& seats, const SeatCoverage& add);
// Counts match `m` into `c` (arbiter.referee.compared).
void CountCompared(RefereeComparison& c, const harness::MatchResult& m);

// A bounded sample of answer times: every value up to kCap, then a uniform
// reservoir sample drawn with a fixed-seed generator (the same run writes the
// same report), with the exact count and maximum (arbiter.report.bounded).
struct LatencySample {
  static constexpr size_t kCap = 4096;
  std::vector<double> values;
  long long count = 0;
  double max = 0;
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  void Add(double v);
};

// Passing matches a run no longer lists one by one (arbiter.report.bounded).
// A run lists its first RunReport::kPassingRows passing matches as summary
// rows; every later match without a finding (not an edge state, not a shrunk
// reproducer) is summed up here, so that memory and reports stay bounded
// however many games are played. Every total the reports give counts them.
struct FoldedMatches {
  int matches = 0;
  long long turns = 0, bot_answers = 0;
  std::vector<SeatCoverage> seats;  // check-bot's coverage of the folded matches
  RefereeComparison comparison;     // fuzz-referee's
  uint64_t peak_rss_kb = 0;
  double cpu_ms = 0;
  bool any_usage = false;
  std::vector<std::string> variants;  // in the order first seen
  LatencySample latencies;
  void Add(const harness::MatchResult& m);
  void Merge(const FoldedMatches& other);
};

struct RunReport {
  std::string tool;  // "check-bot", "play", "fuzz-referee", "spec"
  std::string game;
  std::string profile;
  int ready_ms = 0, first_action_ms = 0, action_ms = 0;
  std::optional<uint64_t> seed;
  std::vector<std::string> bot;  // the bot's argv (check-bot)
  std::string command;           // the command line that produced the report
  std::string version;           // of the arbiter that wrote a report read back (ReadJson)
  std::vector<harness::CheckInfo> checks;  // the game's check table
  // Every match with a finding, every shrunk reproducer and edge state, and
  // the first kPassingRows passing matches; the other passing ones are in
  // `folded`.
  std::vector<harness::MatchResult> matches;
  static constexpr int kPassingRows = 1000;
  FoldedMatches folded;
  // play (arbiter.play.table): each entrant's games, seats rotated; empty
  // for the other commands. Every format shows it.
  struct Standing {
    std::string entrant;
    int won = 0, drawn = 0, lost = 0, not_over = 0;
  };
  std::vector<Standing> standings;
  // --html: the first passing match of each kind ("game", "whole") keeps its
  // transcript, for the page's replay of a passing game.
  bool keep_passing_replays = false;
  std::vector<std::string> skipped;  // match ids not run (stopped at the first failure)
  std::optional<Calibration> calibration;
  std::string harness_error;               // set when arbiter itself could not run
  std::vector<ClauseRow> clauses;          // the per-clause table
  std::vector<std::string> results_files;  // spec: the result files read
  std::vector<std::string> environment;    // the bots' environment (harness::DescribeEnvironment)
  std::string memory_limits;               // how bots' memory is limited, in words
  // fuzz-referee: the readings of ambiguous rules the referee was found to
  // follow and that the run adopted, as rule options ("stun_count=own-turns").
  std::vector<std::string> readings;
  // fuzz-referee: the families of answers the games played enabled, and not.
  std::vector<std::string> families_tried, families_not_tried;
  // fuzz-referee (arbiter.referee.edges): per clause of the game's deviation
  // catalogue, in catalogue order, the deviations some game told apart from
  // the rules and those none did (a referee with that bug would have passed).
  struct RuleEdge {
    std::string clause;
    std::vector<std::string> told_apart, not_told_apart;
    // Why no game under the run's rules can show the deviations not told
    // apart ("league 1 has no pushes"); "" when one can.
    std::string out_of_play = {};
  };
  std::vector<RuleEdge> rule_edges;
  // The games replayed under the deviations (followed to their end, every
  // divergence explained); the others told apart only what they adopted.
  int rule_edge_games = 0;
  // "12 of 14 clauses exercised", the clauses never or partly exercised,
  // with the deviations no game told apart, and those the run's rules keep
  // out of play; "" without edges.
  std::string RuleEdgesText() const;
  int interrupt_signal = 0;  // the signal that interrupted the run (SIGINT...), or 0
  // check-bot: every (variant, seat) its plan covers, before --match or
  // --shard narrowed it; coverage is judged against it.
  std::vector<std::pair<std::string, int>> planned_seats;
  // fuzz-referee --replay of a reproducer: why the divergence it records was
  // not seen again ("" when it was, or when the replay records none).
  std::string not_reproduced;
  // check-bot, play and fuzz-referee through a real referee with no engine:
  // what arbiter could not check (arbiter.referee-run.unchecked), said once;
  // "" otherwise.
  std::string not_checked;
  // fuzz-referee for a game arbiter has no engine for: nothing is compared
  // with a reference, so no comparison is counted or claimed. Its own flag:
  // a run on an engine says things not checked too (a contained referee's
  // leftovers).
  bool engineless = false;
  bool Engineless() const { return tool == "fuzz-referee" && engineless; }

  // "interrupted" (a signal stopped the run: what it holds is partial),
  // "error" (arbiter could not run), "fail" (a failing finding, or for spec a
  // failing or uncovered clause), for fuzz-referee "not-reproduced" (a
  // reproducer's replay did not show its divergence) and "inconclusive"
  // (no turn message was compared: arbiter.referee.compared), "pass", or for
  // spec "not-run" (no results).
  std::string Verdict() const;
  // check-bot through a referee that stopped every game short (a crash, a
  // hang, its protocol left): no game showed the bot play on to an end, so
  // the verdict is inconclusive, not a PASS (arbiter.referee-run.evidence).
  bool EveryGameStoppedByReferee() const;
  ClauseCounts CountClauses() const;
  // The facts every report states, as plain text (each writer escapes them):
  // the verdict's one-line summary ("2 failing finding(s), ..."), the limits
  // ("READY 1000 ms, first answer 100 ms, answers 100 ms"), the seeds
  // ("7 (games: 7, 8)") and the bot's command.
  std::string VerdictSummary() const;
  std::string LimitsText() const;
  std::string SeedsText() const;
  std::string BotText() const;
  // The bots' largest peak resident memory and their CPU time over the run
  // ("peak resident memory 41.3 MB, CPU time 2.14 s"), "" when no bot ran.
  std::string UsageText() const;
  // "SIGINT" for interrupt_signal, "" when not interrupted.
  std::string InterruptName() const;
  // check-bot: what the run exercised (report/coverage.cc).
  Coverage CoverageOf() const;
  // fuzz-referee: what the run compared (report/coverage.cc).
  RefereeComparison ComparisonOf() const;
  // "" when coverage is complete (or the tool is neither check-bot nor
  // fuzz-referee); else the words the verdict line adds ("coverage short:
  // seat 2 never played a game to its end", "compared no turn message: ...",
  // "12 of 200 games not compared: ...").
  std::string CoverageNote() const;
  // The coverage in words, a line per variant and one for the edge states
  // ("coverage league=2: seat 0 104 turns, deepest 46 of 200, 4 game(s) to
  // the end; seat 1 ..."), for every format.
  std::vector<std::string> CoverageLines() const;
  // Each variant's verdict, in the order the matches ran.
  std::vector<VariantVerdict> VariantVerdicts() const;
  // Adds a played match: a passing one keeps no transcript, and past
  // kPassingRows passing rows it is folded.
  void Add(harness::MatchResult m);
  // Folds the passing rows past the first kPassingRows, in their order (after
  // merge-reports has put the shards' rows in the run's order).
  void FoldPassingRows();
  // The matches played: listed and folded.
  long long Games() const { return static_cast<long long>(matches.size()) + folded.matches; }
  int Count(harness::Severity s) const;
  long long BotTurns() const;    // turns a bot was asked to answer (the coverage's)
  long long BotAnswers() const;  // answers that came, timed (the latencies')
  // Every finding with its match, failures first, then warnings, then notes;
  // in run order within a severity. Every format lists findings in this order.
  struct FindingRef {
    size_t match, index;  // matches[match].findings[index]
    int number;           // its place in run order (the HTML's finding-N anchor)
  };
  std::vector<FindingRef> SortedFindings() const;
  // The sorted findings with those that say the same thing (one severity,
  // check and clause, and one cause or form: fields, never the message) as one
  // group: its first finding, shown in full, and the other matches that
  // showed it. Every human format lists these.
  struct FindingGroup {
    FindingRef first;
    // The other matches that showed it, each once, in order (never the
    // first's: a finding of two seats of one match is one match).
    std::vector<std::string> also;
    int in_first = 0;  // the group's other findings in the first's match (other seats)
    int others = 0;    // the group's findings beyond the first, in all
  };
  std::vector<FindingGroup> GroupedFindings() const;
  // "the same 3 more time(s), in this match and in 2 more match(es): a b",
  // or "" for a group of one; each match id as `code` writes it (the first
  // six).
  static std::string SameText(const FindingGroup& g,
                              const std::function<std::string(const std::string&)>& code);
  bool Failed() const { return Count(harness::Severity::kFail) > 0; }
  // The counts every human format says, one set: the entries of a severity
  // as they are listed (GroupedFindings), and how often they were seen (a
  // finding's occurrences summed over its matches): "2 failing finding(s)
  // (61 occurrences)" when the two differ, else "2 failing finding(s)".
  int Entries(harness::Severity s) const;
  long long Occurrences(harness::Severity s) const;
  std::string CountText(harness::Severity s) const;
};

// A severity as every report shows it to people: "FAIL", "WARN", "NOTE". One
// vocabulary in every human format; the JSON keeps its schema's values
// ("fail", "warn", "info").
const char* SeverityLabel(harness::Severity s);

// "25% (5%-70%)": a win rate of `wins` in `games` and its 95% Wilson
// interval; "-" for no game.
std::string WinRateText(int wins, int games);

// Percentile (0..100) of a sample, by nearest rank; 0 for an empty sample.
double Percentile(std::vector<double> values, double p);

// The per-clause table of a check-bot / play / fuzz-referee run: one row per
// clause its checks cite (in check order), with the register's texts looked
// up in `registers` (the game's and arbiter's), the checks as proofs.
void FillClausesFromChecks(RunReport& report, const std::vector<nlohmann::json>& registers);

void WriteJson(const RunReport& report, std::ostream& out);
// One match as its object of the JSON report's "matches" (with its turns),
// for --transcripts all's one file a match.
void WriteMatchJson(const RunReport& report, const harness::MatchResult& m, std::ostream& out);
// A report WriteJson wrote, read back (without its per-clause table); nullopt
// and `error` when `j` is not one.
std::optional<RunReport> ReadJson(const nlohmann::json& j, std::string& error);
void WriteJunit(const RunReport& report, std::ostream& out);
// Markdown, fit for a CI job summary: the verdict, the per-clause table, the
// failures with their evidence and the command that reproduces each.
void WriteMarkdown(const RunReport& report, std::ostream& out);
// One self-contained HTML page (no network, no external assets): the
// verdict, the per-clause table, the bot's latency histogram (SVG) and an
// interactive board replay of each finding (report/html_writer.cc).
void WriteHtml(const RunReport& report, std::ostream& out);
// The terminal summary: the verdict first, then each finding with its
// evidence. `colour` adds ANSI colours (only on a TTY); `verbose` adds passed
// checks and per-match lines.
void WriteTerminal(const RunReport& report, std::ostream& out, bool colour, bool verbose);
// One match of `report` as a text log, turn by turn: the input sent to the
// bot, its answer and time, its stderr and the engine's events
// (report/match_log.cc).
void WriteMatchLog(const RunReport& report, const harness::MatchResult& m, std::ostream& out);

}  // namespace arbiter::report

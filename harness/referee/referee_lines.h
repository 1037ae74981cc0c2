// What a real referee's lines say, read without running it
// (arbiter.referee-run.framing): the runner protocol's rankings, the result
// line (or a CodinGame SDK referee's scores) a bot-launching referee prints
// at its end, and the stderr lines in
// which it complains about a bot. Pure; the driver (referee_driver.h) and
// fuzz-referee's runner (cg_runner.h) read referees through these.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::harness {

// Rankings, as the runner protocol writes them (also cg_runner.h).
// A "###End" line's ranking for `players` players: the groups of tied
// players, best first ("###End 0 1" -> {{0}, {1}}, "###End 01" -> {{0, 1}}).
// nullopt unless every player appears exactly once.
std::optional<std::vector<std::vector<int>>> ParseRanking(std::string_view rest, int players);

// The ranking the reference engine's winner implies: the winner alone first
// and every other player tied after it, or everyone tied (winner -1).
std::vector<std::vector<int>> RankingOfWinner(int winner, int players);

// "0 1", "01": a ranking as the runner protocol writes it.
std::string FormatRanking(const std::vector<std::vector<int>>& ranking);

// A line the referee wrote on stderr: the seat it names ("player 1",
// "###Error 1 ..."; -1: none) and whether it complains about a bot
// (invalid, timeout, crash, disqualified, ...), and of what.
struct RefereeSaid {
  std::string line;
  int seat = -1;
  enum Kind { kOther, kRejected, kTimeout } kind = kOther;
};
// Reads one stderr line of a referee of `players` players.
RefereeSaid ReadRefereeLine(const std::string& line, int players);

// The result a bot-launching referee prints on its stdout: a "RESULT W"
// line (W the winner, -1 a draw) or a JSON line with "ranks" (psyleague's:
// each player's rank, 0 best) and perhaps "errors" (the players it put out
// for an error). nullopt when `line` is neither, for `players` players.
struct ResultLine {
  std::vector<std::vector<int>> ranking;  // best first, ties grouped
  std::vector<int> errors;                // empty when it does not say
};
std::optional<ResultLine> ReadResultLine(const std::string& line, int players);

// A referee built on the CodinGame SDK, started as cg-brutaltester starts
// one (arbiter.referee.result): its template passes seat K's bot as the
// argument after "-p<K+1>" ("-p1 {bot0} -p2 {bot1}"), for every seat.
bool LaunchedLikeTheCgSdk(const std::vector<std::string>& argv, int players);

// What such a referee prints at its end instead of a RESULT line: each
// player's score on a line of its own, in seat order, then its game's
// parameters ("seed=42"), as the SDK's command line prints them and
// cg-brutaltester reads them (the highest score first, equal scores tied).
// Read from `tail`, the referee's last stdout lines, only in that shape:
// exactly `players` integer lines before the trailing "key=value" (or
// empty) lines, and no integer line before them. `scores` says what was read
// ("scores 3 1").
struct ScoresResult {
  std::vector<std::vector<int>> ranking;  // best first, ties grouped
  std::vector<long long> scores;          // per seat
  std::string text;                       // "scores 3 1"
};
std::optional<ScoresResult> ReadCgSdkScores(const std::vector<std::string>& tail, int players);

}  // namespace arbiter::harness

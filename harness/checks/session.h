// One match between the reference engine and bots: the referee's side of the
// protocol, game-agnostic. It starts the bot seats, checks the handshake,
// plays every turn (bots answer through their pipes, the other seats are the
// game's built-in players), judges each answer, diagnoses every silence, and
// at the end closes the bots' stdin and tears them down. Everything that goes
// wrong is a Finding; nothing a bot does can make it throw or hang.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checks/findings.h"
#include "checks/match_side.h"
#include "core/game.h"
#include "process/env.h"

namespace arbiter::harness {

struct SessionConfig {
  std::optional<std::string> ready_line;  // nullopt: the game has no handshake
  // A scanning server's handshake (Profile::ready_scan): lines before the
  // ready line are dropped, the ready line counts trimmed, and the bots'
  // windows come one after another.
  bool ready_scan = false;
  // Whose behaviour findings describe ("the official 2015 server"); empty:
  // the rule text's referee.
  std::string server;
  int ready_ms = 1000;
  int first_action_ms = 100;
  int action_ms = 100;
  Limits limits;
  Environment env;
  Containment containment;                      // of the bots (never of arbiter's own helpers)
  std::chrono::milliseconds observe{200};       // watching a silent bot after its deadline
  std::chrono::milliseconds late_window{1500};  // a late READY is still recognised this long
  std::chrono::milliseconds eof_grace{1000};    // to exit once its stdin is closed
  std::chrono::milliseconds kill_grace{500};    // SIGTERM, then SIGKILL
  size_t max_answer_bytes = 1024;               // longer answers or partial lines: output.flood
  uint64_t max_stderr_bytes = 8ull << 20;       // stderr.flood
};

struct Seat {
  std::vector<std::string> argv;  // a bot process; empty for a built-in player
  std::string policy;             // the built-in player's policy
};

struct MatchSpec {
  std::string id;           // "game-2", "edge-stunned"
  std::string description;  // for people
  std::string variant;  // the rules the match plays under, when not the game's default ("league=2")
  // What decides the game: an engine (EngineSide) or a real referee.
  std::unique_ptr<MatchSide> side;
  std::vector<Seat> seats;  // one per player
  // check-bot through a referee: by seat, the --opponent command as the user
  // gave it for a seat that is not the bot under test ("" for the bot's).
  std::vector<std::string> opponents;
  std::optional<uint64_t> seed;
  uint64_t policy_seed = 0;
  int max_turns = 0;      // stop after this many turns; 0 plays to the end
  std::string reproduce;  // the command that replays this match
  // check-bot's kind of match, for coverage (arbiter.check.coverage): "game"
  // (a short game against hostile players), "whole" (played to the game's
  // end against players that keep it alive) or "edge" (from an edge state).
  std::string kind = "game";
  // The run that decides a first run the machine's load left undecided
  // (arbiter.timing.load): a late answer the load explains again is said
  // undecided on both runs, a WARN, instead of sending the match to be
  // played again.
  bool deciding = false;
};

// How far one bot seat of a match played (arbiter.check.coverage).
struct SeatPlay {
  int seat = 0;
  int own_turns = 0;       // turns on which the bot was sent its input and asked to answer
  int own_turn_limit = 0;  // the seat's turns in a whole game (MatchSide::TurnLimit); 0: no limit
  bool to_end = false;     // the game reached its end with the bot still playing
};

// What one bot of a match used (BotProcess::usage), for the reports.
struct BotUsage {
  int seat = 0;
  uint64_t peak_rss_kb = 0;
  double cpu_ms = 0;
};

struct TurnRecord {
  int turn = 0;
  int player = 0;
  std::string input;    // what the player was sent; empty when nothing was sent
  std::string answer;   // the line applied
  bool silent = false;  // no answer was applied (stopped bot, fallen player)
  std::optional<double> elapsed_ms;
  std::vector<Event> events;
  std::string stderr_lines;  // a bot's stderr since its last turn (its last 20 lines, 2 KB)
};

struct MatchResult {
  std::string id;
  std::string description;
  std::string variant;  // MatchSpec::variant
  std::optional<uint64_t> seed;
  std::string initial_state;  // MatchSide::InitialState()
  std::vector<TurnRecord> turns;
  std::vector<Finding> findings;
  std::vector<double> latencies_ms;  // every answer of a bot, in order
  int winner = -1;
  int turns_played = 0;
  bool game_over = false;
  std::string shrunk_from;           // fuzz-referee: the match this one is the shrunk reproducer of
  std::vector<BotUsage> usage;       // one per bot seat that was started
  bool interrupted = false;          // arbiter was interrupted (interrupt.h) during the match
  bool timing_inconclusive = false;  // a timing.inconclusive finding: play it again to decide
  std::string replayed;       // check-bot: why this is the second run of the match ("" if not)
  std::string kind = "game";  // MatchSpec::kind
  std::vector<SeatPlay> seat_plays;  // one per bot seat
  // fuzz-referee (arbiter.referee.compared): the referee's messages compared
  // with a reference following the game, and those only checked on their
  // own against a stand-in (the game could not be followed).
  int messages_compared = 0;
  int messages_alone = 0;
  bool unknowable = false;  // arbiter could not learn what the referee drew
  // Draws of the referee's own learnt from the message that first showed
  // them (arbiter.referee.chance: a defender's tiles dealt since its board).
  int chance_learnt = 0;
  // fuzz-referee: when the game's result came in, in ms since the run began
  // (its findings' time to be found); -1: not timed.
  int64_t finished_ms = -1;
};

using Progress = std::function<void(const std::string& match, int turn)>;

MatchResult RunMatch(Env& env, MatchSpec spec, const SessionConfig& config,
                     const CheckCatalog& catalog, const Progress& progress = {});

}  // namespace arbiter::harness

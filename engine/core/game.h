// The small uniform game API that everything outside a game's own folder uses:
// the command line, the bot harness, the referee fuzzer and the reports. In
// the spirit of OpenSpiel's spiel.h: a state with the player to move, the exact
// text that player is sent, the application of its answer line, the end of the
// game, and serialisation. Each game also keeps a concrete, allocation-free
// State of its own for speed; this interface wraps it.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rng.h"

namespace arbiter {

// Something that happened in a turn, with the clause of the spec register that
// made it happen. `kind` is a short stable word (move, cancel, attack, fall,
// restore, stunned, invalid, end...), `detail` a sentence for people.
struct Event {
  std::string kind;
  std::string clause;
  std::string detail;
};

// How the game's referee judges one answer line, before applying it: the
// harness reports kWhitespace as a warning and kInvalid as a failure.
enum class AnswerVerdict {
  kValid,       // exactly what the protocol asks for
  kWhitespace,  // valid once surrounding whitespace or CR is ignored
  kInvalid,     // not a valid answer on this turn
};

class GameState {
 public:
  virtual ~GameState() = default;
  virtual int num_players() const = 0;
  virtual int turn() const = 0;
  virtual int current_player() const = 0;
  // False on turns whose player is sent nothing (for example, it has fallen).
  virtual bool CurrentPlayerReceivesInput() const = 0;
  // The exact bytes `player` is sent on the current turn.
  virtual std::string InputText(int player) const = 0;
  // Applies the current player's answer (one line, without '\n'), advances the
  // turn, and says what happened.
  virtual std::vector<Event> ApplyLine(std::string_view line) = 0;
  // Advances the turn when the current player gave no answer at all (it was
  // late, crashed or was stopped), which a game may treat unlike any line.
  virtual std::vector<Event> ApplySilence() = 0;
  virtual bool IsTerminal() const = 0;
  virtual int Winner() const = 0;  // player id, or -1: draw, or not over yet
  virtual std::string Serialize() const = 0;
  virtual std::unique_ptr<GameState> Clone() const = 0;
  // A built-in player's answer line on the current turn (the harness's
  // opponents, the golden playthroughs); nullopt for an unknown policy name.
  virtual std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const = 0;
  // Judges the current player's answer line (without '\n').
  virtual AnswerVerdict ClassifyAnswer(std::string_view line) const = 0;
  // Text sent once to `player` before its first turn (after READY, if any).
  virtual std::string InitText(int /*player*/) const { return {}; }
};

// The bot side of a game's protocol, for the harness.
struct TimingProfile {
  std::string_view name;
  int ready_ms;         // 0: the game has no READY handshake
  int first_action_ms;  // the bot's first turn
  int action_ms;        // every later turn
};

// A rare but reachable state in which the bot must still answer validly and
// in time: the harness starts the bot, and after its handshake gives it this
// state as its turn.
struct EdgeCase {
  std::string name;         // "stunned"
  std::string description;  // "the bot's player is stunned (S > 0)"
  std::string clause;       // the clause the state exercises
  int seat = 0;             // the bot's player; it is to move in `state`
  std::unique_ptr<GameState> state;
};

// A scenario: an initial state and the answer lines played from it, one per
// global turn (see docs/scenario.md).
struct Scenario {
  std::unique_ptr<GameState> initial;
  std::vector<std::string> actions;
};

struct ScenarioError {
  std::string field;  // JSON path of the offending field, e.g. "players[2].row"
  std::string message;
};

struct ScenarioOptions {
  std::optional<uint64_t> seed;                            // --seed: draw the placement
  std::vector<std::pair<std::string, std::string>> rules;  // --rule key=value overrides
};

struct GameInfo {
  std::string_view name;                   // "jc2015"
  std::string_view title;                  // "JavaChallenge2015"
  std::vector<std::string_view> policies;  // names BuiltinAnswer accepts
  // Builds a scenario from its JSON; on error returns nullopt and fills `error`.
  std::optional<Scenario> (*load_scenario)(const nlohmann::json& scenario,
                                           const ScenarioOptions& options, ScenarioError& error);
  // A new game with a seeded initial state; nullptr and `error` on a bad rule.
  std::unique_ptr<GameState> (*new_game)(
      uint64_t seed, const std::vector<std::pair<std::string, std::string>>& rules,
      std::string& error);
  std::optional<std::string_view> ready_line;  // "READY", or nullopt when there is no handshake
  std::vector<TimingProfile> profiles;         // the first is the default
  std::vector<EdgeCase> (*edge_cases)();
  std::string_view ok_answer;  // an answer valid on any turn, for tests ("N")
};

// Every game arbiter knows (engine/games.cc holds one registration line each).
const std::vector<const GameInfo*>& AllGames();
const GameInfo* FindGame(std::string_view name);

}  // namespace arbiter

// The small uniform game API that everything outside a game's own folder uses:
// the command line, the bot harness, the referee fuzzer and the reports. In
// the spirit of OpenSpiel's spiel.h: a state with the player to move, the exact
// text that player is sent, the application of its answer line, the end of the
// game, and serialisation. Each game also keeps a concrete, allocation-free
// State of its own for speed; this interface wraps it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
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
// harness reports kWhitespace as a warning, kInvalid and kIllegal as failures
// (under action.invalid and, when the game's register lists it,
// action.illegal). A game whose every well-formed answer is legal on every
// turn (jc2015) never returns kIllegal.
enum class AnswerVerdict {
  kValid,       // exactly what the protocol asks for
  kWhitespace,  // valid once surrounding whitespace or CR is ignored
  kInvalid,     // not in the output grammar
  kIllegal,     // in the output grammar, but not a legal action in this state
  // Not allowed by the rule text, but the game's real server is known to
  // accept it (GameState::ServerReading gives the line the server reads it
  // as): a warning, since another referee may refuse it.
  kServerAccepts,
};

// Why the rules refuse an answer (GameState::RejectionReason): `reason` for
// people, with the clause it cites; `rule`, the rule broken as a key; and
// whether the reason names a word after the command at fault (an index, a
// direction, a tile): the answer was meant as a command, so it is not, say,
// debug text printed to stdout (arbiter.check.diagnosis).
struct Refusal {
  std::string reason;
  std::string rule;
  bool names_argument = false;
};

// Rule options as key=value pairs, in the order given ("league", "3").
using RuleList = std::vector<std::pair<std::string, std::string>>;

// The bytes GameInfo::fuzz_start reads, always kFuzzStartBytes of them.
inline constexpr size_t kFuzzStartBytes = 16;
using FuzzStartBytes = std::span<const uint8_t, kFuzzStartBytes>;

class GameState;

// An answer the rules refuse that a known kind of referee plays as something
// else (GameState::Misreadings): in words ("as a move of the opponent's unit
// 1"), the clause the referee breaks so, and the state after it.
struct Misreading {
  std::string how;
  std::string clause;
  std::unique_ptr<GameState> after;
  // `after` is a state the rules cannot reach (Save The Island's move onto
  // the opponent): a message is compared with it, and the game is followed
  // no further.
  bool last = false;
  // The deviation of the game's catalogue (GameInfo::deviations) that plays
  // this answer so, when one does: the same referee bug, when a game shows
  // it on one answer only (arbiter.referee.deviations). Empty: none.
  std::string_view deviation = {};
};

// One way an answer may have turned out when its outcome hangs on chance the
// reference drew itself and no message has shown yet
// (GameState::UnshownChanceOutcomes): the state after it, what happened, and
// the draw that leads there, in words ("player 2 held 1 tile 3 among those
// dealt since its last board").
struct ChanceOutcome {
  std::unique_ptr<GameState> after;
  std::vector<Event> events;
  std::string drawn;
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
  // Every legal answer line of the player to move, each one ClassifyAnswer
  // judges kValid, in a fixed order; the built-in players answer among them.
  // Empty on a terminal state, or when the player to move has none.
  virtual std::vector<std::string> LegalAnswers() const = 0;
  // Text sent once to `player` before its first turn (after READY, if any).
  virtual std::string InitText(int /*player*/) const { return {}; }
  // False when the player to move has no legal action at all: whatever it
  // prints, the game puts it out (for example wondev.turn.no-legal-action).
  virtual bool CurrentPlayerHasLegalAction() const { return true; }
  // For an answer ClassifyAnswer judges kServerAccepts: the line the game's
  // real server reads it as (which ApplyLine then plays); nullopt otherwise.
  virtual std::optional<std::string> ServerReading(std::string_view /*line*/) const {
    return std::nullopt;
  }
  // What referees known to misread `line`, an answer the rules refuse on
  // this turn, play instead (arbiter.referee.resync): Wondev Woman's unit
  // index 2 or 3 read as the opponent's unit 0 or 1. Empty: none known.
  virtual std::vector<Misreading> Misreadings(std::string_view /*line*/) const { return {}; }
  // arbiter.referee.chance: every distinct outcome of playing `line` here
  // when it depends on chance that the reference drew itself and that no
  // message has shown yet (Save The Island under deal=immediate: the tiles
  // dealt to a defender since its last board). The referee fuzzer learns
  // which one the referee drew from the next message. Empty: the outcome
  // depends on nothing unshown.
  virtual std::vector<ChanceOutcome> UnshownChanceOutcomes(std::string_view /*line*/) const {
    return {};
  }
  // Whether a second line a bot prints in one answer is queued and read as
  // its answer on its next turn (FIFO), instead of not being an answer at all
  // (jc2015.protocol.action.extra-lines). One line per turn reaches ApplyLine
  // either way: the harness keeps the queue.
  virtual bool QueuesExtraLines() const { return false; }
  // The global turn at which the game stops if nothing ends it sooner (the
  // turn or round limit), for coverage: how deep a bot's own turns reached
  // against the limit (arbiter.check.coverage). 0: the game has none.
  virtual int TurnLimit() const { return 0; }
  // Why the rules refuse `line` on this turn, for an answer ClassifyAnswer
  // judges kInvalid or kIllegal: the reason for people, with the clause
  // ("no tile 4 (held: 33222) (island.move.tile)"), and the rule it
  // breaks as a key of its own, the same whatever figures or words of the
  // answer the reason quotes ("island.move.tile"): answers refused by one
  // rule are one kind of finding, and nothing reads the reason to tell.
  // Empty when the game has nothing to add.
  virtual Refusal RejectionReason(std::string_view /*line*/) const { return {}; }
};

// The bot side of a game's protocol, for the harness.
// A named way to run a game: its time limits and, for a real server arbiter
// reproduces (jc2015's official-2015), the rule readings and the handshake
// that server uses. The first of a game's profiles is the default.
struct Profile {
  std::string_view name;
  int ready_ms;         // 0: the game has no READY handshake
  int first_action_ms;  // the bot's first turn
  int action_ms;        // every later turn
  // Rule options the profile sets (key, value), before any --rule.
  std::span<const std::pair<std::string_view, std::string_view>> rules = {};
  // The handshake of a scanning server: lines before the ready line are
  // read and dropped, the ready line is compared trimmed, and each bot's
  // window opens when the previous bot's closed; else the ready line must
  // be the bot's first line, exactly, and every window opens at the start.
  bool ready_scan = false;
  // Whose behaviour it reproduces, for findings ("the official 2015
  // server"); empty: the rule text's.
  std::string_view server = {};
  // Variables the real server's bots run with (KEY=VALUE), added to the
  // bot's environment before any --env: CodinGame's Python bots print
  // without flushing and work there, so the cg profile runs Python
  // unbuffered (wondev.protocol.action.line).
  std::span<const std::string_view> env = {};
};

// A rare but reachable state in which the bot must still answer validly and
// in time: the harness starts the bot, and after its handshake gives it this
// state as its turn. A game builds its edge states under the rules the user
// chose (a Wondev Woman league, a jc2015 turn limit), leaving out those the
// rules make unreachable.
struct EdgeCase {
  std::string name;         // "stunned"
  std::string description;  // "the bot's player is stunned (S > 0)"
  std::string clause;       // the clause the state exercises
  int seat = 0;             // the bot's player; it is to move in `state`
  std::unique_ptr<GameState> state;
};

// Where a referee's message differs from the reference engine's: the first
// differing field, both values, and the clauses most likely broken (the most
// likely first).
struct Divergence {
  std::string field;  // "B[2][3]", "player 1 R C", "T", "recipient", "end"
  std::string kind;   // a stable family for deduplication: "block", "position", "stun"...
  std::string expected;
  std::string actual;
  std::vector<std::string> clauses;
  std::string message;  // one sentence for people
  // Every field that differs, `field` first, when the game's compare lists
  // them (jc2015); empty otherwise. Tells a reading that explains part of a
  // message (the other fields still differ) from one that does not.
  std::vector<std::string> fields = {};
  // The message shows the state in another form than the protocol's (an id
  // or turn line, a transposed board): what it shows is not the referee's
  // state, so the reference is not re-synchronised to it
  // (arbiter.referee.resync); every later difference would follow from it.
  bool display = false;
  // The message shows the reference's state; only what it lists besides,
  // or how it draws part of it, differs (Wondev Woman's legal actions,
  // missing or otherwise; a removed cell drawn as a hole): a first message
  // that differs so is still the start of the reference's game, and the
  // game is followed on as it is.
  bool listing_only = false;
  // The deviation of the game's catalogue (GameInfo::deviations) under which
  // every message of the game matches, by name: the referee's bug, said as
  // the rule change that explains it (arbiter.referee.deviations); or, for
  // an answer the referee played as a known misreading, the deviation that
  // plays it so (Misreading::deviation). Empty: none.
  std::string deviation = {};
  // A divergence a deviation names (`deviation` set by the fuzzer's
  // explanation): what the referee's message showed before the deviation
  // named it, in the compare's words; `message` is then the deviation's
  // words followed by it. A field, so that naming the divergence again reads
  // it here, never out of the message. `showed_kind` is its `kind` then
  // ("position"), before `kind` became the deviation's.
  std::string showed = {};
  std::string showed_kind = {};
  // How many rule changes (readings, deviations) were replayed and did not
  // explain it; 0 when none was tried.
  int changes_tried = 0;
};

// One turn as the referee fuzzer saw it (for attributing a divergence).
struct TurnLog {
  int turn = 0;
  int player = 0;
  std::string answer;  // the line answered; empty when silent
  bool silent = false;
  std::vector<Event> events;
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
  // The rules of the scenario's profile ("profile" or --profile, resolved by
  // the caller), under the scenario's own "rules".
  std::vector<std::pair<std::string, std::string>> profile_rules;
};

// A rule variant a referee's first message shows (RefereeFuzzing::rule_shown):
// the option to set ("league", "3"), the clause that tells it, and why, in
// words ("2 units per player, the opponent's hidden by the fog").
struct RuleShown {
  std::string key, value, clause, why;
};

// Referee fuzzing (fuzz-referee, harness/referee/): what a game offers so
// that arbiter can play a referee's games with its bots' answers and compare
// each message the referee sends with the reference engine's. A game
// without it (GameInfo::referee_fuzzing null) is refused by fuzz-referee.
struct RefereeFuzzing {
  // The length of the first complete message a bot receives at the start of
  // `bytes` (jc2015: through "EOD\n"); 0 while incomplete.
  size_t (*frame_message)(std::string_view bytes);
  // The reference state a referee started from, learnt from the first message
  // it sent (to any player); nullptr and `error` when it is not a first turn.
  std::unique_ptr<GameState> (*state_from_first_message)(
      std::string_view message, const std::vector<std::pair<std::string, std::string>>& rules,
      Divergence& why);
  // Chance a first message hides (arbiter.referee.chance): the start learnt
  // from the first message each seat received, in the order received (seat,
  // message), when one alone does not show it all (Wondev Woman's fog hides
  // the opponent's units, each player's first message shows its own). Called
  // once a second seat's first message came; nullptr and `why` when they do
  // not determine a start. nullptr: a first message shows all it can.
  std::unique_ptr<GameState> (*state_from_first_messages)(
      std::span<const std::pair<int, std::string>> firsts, const RuleList& rules,
      Divergence& why) = nullptr;
  // The rule variant a referee's first message shows when `rules` say
  // another (Wondev Woman's league, from its units per player and its fog):
  // fuzz-referee plays the game under it (arbiter.referee.variant). nullopt:
  // the message fits the rules, or shows no variant. nullptr: none shown.
  std::optional<RuleShown> (*rule_shown)(std::string_view first_message,
                                         const RuleList& rules) = nullptr;
  // The scenario JSON (players or equivalent, rules) of a state made by
  // state_from_first_message, for reproducers.
  std::string (*scenario_of)(const GameState& initial);
  // Compares what `seat` received with what the reference sends the player to
  // move; nullopt when equal (fields the register leaves open are ignored).
  // With seat -1 and an empty message: the referee ended the game here.
  std::optional<Divergence> (*compare)(const GameState& reference,
                                       const std::vector<TurnLog>& history, std::string_view actual,
                                       int seat);
  // A fuzzing answer for the player to move: `swarm` enables a subset of the
  // game's answer families, `targeted` steers toward rule edges.
  std::string (*fuzz_answer)(const GameState& state, uint64_t swarm, bool targeted, Rng& rng);
  // The name of the family of answers each swarm bit enables, for reports
  // ("which families did a run try").
  std::vector<std::string_view> answer_families;
  // The families (swarm bits) that steer every seat of a game toward one
  // rule edge and need the whole game for it: the referee fuzzer plays
  // their games without a late, killed, stalled or doubled answer.
  uint64_t steered_families = 0;

  // Referee fuzzing of games with hidden chance (island: the tiles a referee
  // deals at random): writes into `reference` what a message to `seat`
  // reveals and the reference could not predict, once `compare` found the
  // message consistent with it. nullptr: everything a referee sends is
  // predicted (the game draws nothing at random after the first message).
  void (*learn_from_message)(GameState& reference, std::string_view message, int seat) = nullptr;

  // Shrinking: a harmless legal answer on the current turn, one that neither
  // ends the game nor puts the player out (Wondev Woman's first listed
  // action, not ACCEPT-DEFEAT). nullptr: ok_answer is harmless on every turn.
  std::string (*neutral_answer)(const GameState& state) = nullptr;
};

// Following a referee past a divergence, and checking messages a game's
// start hides on their own (arbiter.referee.resync, .unknowable). Optional
// within referee fuzzing (GameInfo::resync null: a divergence ends the
// comparison of its game).
struct Resync {
  // Re-synchronising after a divergence (arbiter.referee.resync): the state
  // a message to `seat` shows, so that the reference can follow the referee
  // past a difference and find the next one. What the game's messages never
  // show is taken from `reference` (Wondev Woman's scores and who is out; a
  // jc2015 message shows everything). nullptr and `why` when the message
  // does not determine a state the rules can reach (under a fog of war, for
  // example). nullptr: the game's messages cannot be followed so.
  std::unique_ptr<GameState> (*state_from_message)(std::string_view message, int seat,
                                                   const GameState& reference,
                                                   const RuleList& rules,
                                                   std::string& why) = nullptr;
  // Whether a state taken from a message keeps parts of the reference's that
  // no message shows (state_from_message): then, after a re-synchronisation,
  // how and when the game ends and its ranking are no longer compared, since
  // what decides them may be the referee's own by then.
  bool resync_keeps_hidden_parts = false;

  // A game that cannot be followed (its first message hides what arbiter
  // cannot learn: arbiter.referee.unknowable) is still checked message by
  // message: a stand-in state that shows `seat` exactly what `message` shows
  // it, the hidden parts put where they change nothing that player is sent
  // (Wondev Woman's hidden units, out of sight). Its turn is `turn`, or the
  // next one that is `seat`'s. nullptr and `why` when the message is not a
  // turn input. nullptr: messages are not checked on their own.
  std::unique_ptr<GameState> (*stand_in_from_message)(std::string_view message, int seat, int turn,
                                                      const RuleList& rules,
                                                      Divergence& why) = nullptr;
};

// A deviation (arbiter.referee.deviations): a bug a referee author could
// write at one clause, modelled in the game's engine and selected like a rule
// option, "deviation=<name>" (several separated by commas: a referee with
// several bugs). Unlike a reading it is not allowed by any text: a referee
// that plays so breaks `clause`. Each game derives its catalogue the same
// way, clause by clause (docs/deviations.md): `derivation` names the
// mutation it comes from ("a check left out"), `does` says what such a
// referee does and `rule` what the rules say instead, for people.
struct Deviation {
  std::string_view name;        // "drop-one"
  std::string_view clause;      // "wondev.move.climb"
  std::string_view derivation;  // "up and down made symmetric"
  std::string_view does;        // "the referee refuses a move down more than one level"
  std::string_view rule;        // "the rules allow a drop of any height"
};

// The rule option that selects deviations (Deviation).
inline constexpr std::string_view kDeviationRule = "deviation";

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
  // The state GameState::Serialize wrote, and only that (its strict
  // inverse); nullptr and `error` otherwise.
  std::unique_ptr<GameState> (*deserialize)(std::string_view text, std::string& error);
  // Empty when `state` (this game's) keeps every invariant of the game's
  // reachable states, else the first one broken: an engine bug, checked
  // loudly by the conformance suite and the walk fuzzer.
  std::string (*check_invariants)(const GameState& state);
  // Optional: the game's own checks of one step from `before` (answered
  // `line`, or silent), beyond the invariants of the states: what a turn
  // may change. Empty when it keeps them. nullptr: the game has none.
  std::string (*check_step)(const GameState& before, std::string_view line, bool silent) = nullptr;
  std::optional<std::string_view> ready_line;  // "READY", or nullopt when there is no handshake
  std::vector<Profile> profiles;               // the first is the default
  // The edge states under `rules` (already validated by new_game); an
  // optional capability: nullptr, check-bot plays no edge state.
  std::vector<EdgeCase> (*edge_cases)(const RuleList& rules) = nullptr;
  std::string_view ok_answer;  // an answer valid on any turn, for tests ("N")
  // Answers by which a player leaves the game under the rules (Wondev
  // Woman's ACCEPT-DEFEAT): a real referee that stops asking a player after
  // one of them is right, not putting the bot out (arbiter.referee-run.evidence).
  std::vector<std::string_view> concede_answers;
  // The built-in player that keeps a whole game alive around the bot: it
  // plays legally but never attacks, pushes or ends the game itself, so that
  // the bot plays to the game's own end (arbiter.check.whole-games).
  std::string_view whole_game_policy = "passive";

  // Optional capabilities, null when the game has none: referee fuzzing,
  // and following a referee past a divergence.
  const RefereeFuzzing* referee_fuzzing = nullptr;
  const Resync* resync = nullptr;

  // Optional, for the walk fuzzer (fuzz/game_walk_fuzzer.cc): a start built
  // from kFuzzStartBytes arbitrary bytes (and `seed`, for whatever they leave
  // to chance) under `rules`, which new_game accepted. It reaches starts that
  // new_game's seeds and the register's rule options do not: a start given
  // square by square (jc2015's explicit placements), a turn or round limit
  // short enough to be played to within a fuzzer's input (the game's limit
  // rule set from the bytes). nullptr when the bytes give no start the rules
  // allow (two players on one square); every start it returns keeps the
  // game's invariants. nullptr: the game has none.
  std::unique_ptr<GameState> (*fuzz_start)(uint64_t seed, FuzzStartBytes bytes,
                                           const RuleList& rules) = nullptr;

  // Reports: the board a message shows (a turn input of this game, as a bot
  // receives it), in the game-agnostic "board view" form the HTML replay
  // draws (docs/report-schema.md, "Board views"); null when the message is not
  // a turn input of this game. Optional: nullptr when the game has none.
  nlohmann::json (*board_view)(std::string_view message) = nullptr;

  // Optional: the game's catalogue of deviations (Deviation), each one its
  // rule option "deviation=<name>" accepts; empty when it has none.
  std::span<const Deviation> deviations = {};
  // Optional (arbiter.referee.edges): why no game under `rules` can show
  // `deviation` ("league 1 has no pushes"); empty when a game can. nullptr:
  // any deviation can show under any rules.
  std::string (*deviation_out_of_play)(const Deviation& deviation, const RuleList& rules) = nullptr;
};

// Every game arbiter knows (engine/games.cc holds one registration line each).
const std::vector<const GameInfo*>& AllGames();
const GameInfo* FindGame(std::string_view name);
// The game a command plays when none is named: the first registered.
inline std::string DefaultGame() { return std::string(AllGames().front()->name); }

}  // namespace arbiter

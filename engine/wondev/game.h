// Wondev Woman behind the uniform game API (core/game.h): the adapter from
// the concrete State, the events of a turn with their clauses, the bot
// protocol's timing, and the hooks of the referee fuzzer and the reports.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "wondev/state.h"

namespace arbiter::wondev {

extern const GameInfo kGameInfo;

// wondev.protocol.time.first-turn, wondev.protocol.time.turn: 1000 ms for a
// bot's first turn, 50 ms for every later one; there is no READY handshake
// (wondev.protocol.init).
// CodinGame runs Python bots unbuffered: a published Python 2 bot that never
// flushes its print ranked 590 of 2299 there, and CodinGame's own Python
// starter code does not flush (wondev.protocol.action.line).
inline constexpr std::string_view kCgEnv[] = {"PYTHONUNBUFFERED=1"};
inline constexpr Profile kProfiles[] = {
    {.name = "cg", .ready_ms = 0, .first_action_ms = 1000, .action_ms = 50, .env = kCgEnv}};

std::unique_ptr<GameState> Wrap(const State& state);
// The concrete state behind a wondev GameState (nullptr for another game).
const State* StateOf(const GameState& state);

// The scenario format of `arbiter simulate` (scenario.cc), documented on the
// register's clause wondev.setup.units.
std::optional<Scenario> LoadScenario(const nlohmann::json& doc, const ScenarioOptions& options,
                                     ScenarioError& error);
std::unique_ptr<GameState> NewGame(uint64_t seed,
                                   const std::vector<std::pair<std::string, std::string>>& rules,
                                   std::string& error);
// Rules from --rule pairs; false with `error` on a bad one.
bool RulesFrom(const RuleList& pairs, Rules& rules, std::string& error);

// The one legality check that refuses action `a` of the player to move and
// that a referee may leave out: its clause and how a referee without it
// plays the action ("as a push of the player's own unit"); nullopt when
// another check refuses it too, or none of these (game.cc).
struct LeftOut {
  std::string clause, how;
  std::string_view deviation;  // the deviation that leaves the check out everywhere, or empty
};
std::optional<LeftOut> LeftOutCheck(const State& s, const Action& a);

// Referee fuzzing (referee_diff.cc).
size_t FrameMessage(std::string_view bytes);
std::unique_ptr<GameState> StateFromFirstMessage(std::string_view message, const RuleList& rules,
                                                 Divergence& why);
std::unique_ptr<GameState> StateFromFirstMessages(
    std::span<const std::pair<int, std::string>> firsts, const RuleList& rules, Divergence& why);
std::optional<RuleShown> RuleShownBy(std::string_view message, const RuleList& rules);
std::unique_ptr<GameState> StateFromMessage(std::string_view message, int seat,
                                            const GameState& reference, const RuleList& rules,
                                            std::string& why);
std::unique_ptr<GameState> StandInFromMessage(std::string_view message, int seat, int turn,
                                              const RuleList& rules, Divergence& why);
std::string ScenarioOf(const GameState& initial);
std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat);
std::string FuzzAnswer(const GameState& state, uint64_t swarm, bool targeted, Rng& rng);
// The board a turn input shows, for the reports' replay (board_view.cc).
nlohmann::json BoardView(std::string_view message);

// The harness's edge states (edge_cases.cc).
std::vector<EdgeCase> EdgeCases(const RuleList& rules = {});
// The events of one turn as sentences with their clauses.
std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev);

// The walk fuzzer's starts from bytes (GameInfo::fuzz_start; fuzz_start.cc).
std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& rules);

}  // namespace arbiter::wondev

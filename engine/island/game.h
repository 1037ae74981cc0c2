// Save The Island behind the uniform game API (core/game.h): the adapter from
// the concrete State, the events of a turn with their clauses, the bot
// protocol's timing, and the hooks of the referee fuzzer and the reports.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "island/state.h"

namespace arbiter::island {

extern const GameInfo kGameInfo;

// island.protocol.time: 3000 ms for every answer, the first included; there
// is no READY and no end message (island.board.recipient).
inline constexpr Profile kProfiles[] = {{"botbattle", 0, 3000, 3000}};

std::unique_ptr<GameState> Wrap(const State& state);
// The concrete state behind an island GameState (nullptr for another game).
const State* StateOf(const GameState& state);
State* MutableStateOf(GameState& state);

// The scenario format of `arbiter simulate` (scenario.cc).
std::optional<Scenario> LoadScenario(const nlohmann::json& doc, const ScenarioOptions& options,
                                     ScenarioError& error);
std::unique_ptr<GameState> NewGame(uint64_t seed,
                                   const std::vector<std::pair<std::string, std::string>>& rules,
                                   std::string& error);
// Rules from --rule pairs; false with `error` on a bad one.
bool RulesFrom(const std::vector<std::pair<std::string, std::string>>& pairs, Rules& rules,
               std::string& error);

// Referee fuzzing (referee_diff.cc, fuzz_answer.cc).
size_t FrameMessage(std::string_view bytes);
std::unique_ptr<GameState> StateFromFirstMessage(
    std::string_view message, const std::vector<std::pair<std::string, std::string>>& rules,
    Divergence& why);
std::string ScenarioOf(const GameState& initial);
std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat);
void LearnFromMessage(GameState& reference, std::string_view message, int seat);
std::unique_ptr<GameState> StateFromMessage(std::string_view message, int seat,
                                            const GameState& reference, const RuleList& rules,
                                            std::string& why);
// arbiter.referee.chance under deal=immediate: every outcome of an attack on
// a defender holding tiles dealt since its last board (GameState::
// UnshownChanceOutcomes).
std::vector<ChanceOutcome> AttackOutcomes(const State& state, std::string_view line);
// island.syntax.keywords: what a referee that validates keywords in any case
// and applies them case-sensitively plays instead (misreadings.cc).
std::vector<Misreading> KeywordMisreadings(const State& state, std::string_view line);
std::string FuzzAnswer(const GameState& state, uint64_t swarm, bool targeted, Rng& rng);
// The board a message shows, for the reports' replay (board_view.cc).
nlohmann::json BoardView(std::string_view message);

// The harness's edge states (edge_cases.cc).
std::vector<EdgeCase> EdgeCases(const RuleList& rules = {});
// The events of one turn as sentences with their clauses.
std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev);

// The walk fuzzer's starts from bytes (GameInfo::fuzz_start; fuzz_start.cc).
std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& rules);

}  // namespace arbiter::island

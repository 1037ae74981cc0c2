// JavaChallenge2015 behind the uniform game API (core/game.h): the adapter
// from the concrete State, the events of a turn with their clauses, and the
// scenario format of `arbiter simulate`.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

extern const GameInfo kGameInfo;

std::unique_ptr<GameState> Wrap(const State& state);
// The concrete state behind a jc2015 GameState (nullptr for another game).
const State* StateOf(const GameState& state);

// Referee fuzzing (referee_diff.cc).
size_t FrameMessage(std::string_view bytes);
std::unique_ptr<GameState> StateFromFirstMessage(
    std::string_view message, const std::vector<std::pair<std::string, std::string>>& rules,
    Divergence& why);
std::unique_ptr<GameState> StateFromMessage(
    std::string_view message, int seat,
    const std::vector<std::pair<std::string, std::string>>& rules, std::string& why);
std::string ScenarioOf(const GameState& initial);
std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat);
std::string FuzzAnswer(const GameState& state, uint64_t swarm, bool targeted, Rng& rng);
// The board a turn input shows, for the reports' replay (board_view.cc).
nlohmann::json BoardView(std::string_view message);

// The harness's edge states (edge_cases.cc).
std::vector<EdgeCase> EdgeCases(const RuleList& rules = {});
// Rules from --rule pairs; false with `error` on a bad one (game.cc).
bool RulesFrom(const RuleList& pairs, Rules& rules, std::string& error);
// The events of one turn as sentences with their clauses.
std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev);

// The walk fuzzer's starts from bytes (GameInfo::fuzz_start; fuzz_start.cc).
std::unique_ptr<GameState> FuzzStart(uint64_t seed, FuzzStartBytes bytes, const RuleList& rules);

}  // namespace arbiter::jc2015

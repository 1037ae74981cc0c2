// The state and transition invariants of the wondev engine and the random
// walker that checks them (invariants.h).
#include "wondev/invariants.h"

#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

std::string Who(int q) { return "player " + std::to_string(q); }

}  // namespace

std::string CheckInvariants(const State& s) {
  const Rules& r = s.rules();
  if (s.size() < kMinSize || s.size() > kMaxSize) return "size out of 5..7 (wondev.grid.square)";
  if (s.turn() < 0 || s.turn() > kNumPlayers * r.max_rounds)
    return "turn out of [0, 2 * max_rounds] (wondev.end.rounds)";
  for (int y = 0; y < s.size(); ++y)
    for (int x = 0; x < s.size(); ++x)
      if (s.map().at(x, y) < kHole || s.map().at(x, y) > kRemovedHeight)
        return "a cell is neither a hole nor a height 0..4 (wondev.grid.cells)";
  if (auto err = ValidateUnits(s.map(), s.units(), s.units_per_player()); !err.empty())
    return err + " (wondev.move.occupied, wondev.build.adjacent)";
  for (int q = 0; q < kNumPlayers; ++q) {
    if (s.score(q) < 0 || s.score(q) > (s.turn() + 1 - q) / kNumPlayers)
      return Who(q) + " has more points than turns played (wondev.score.climb)";
  }
  if (s.LegalActions().size() > static_cast<size_t>(kMaxLegalActions))
    return "more than 128 legal actions (wondev.protocol.input.legal)";
  const bool should_end = (s.out(0) && s.out(1)) || (s.out(0) && s.score(1) > s.score(0)) ||
                          (s.out(1) && s.score(0) > s.score(1)) ||
                          (r.first_climb_wins() && s.score(0) + s.score(1) > 0) ||
                          s.turn() >= kNumPlayers * r.max_rounds;
  if (s.IsTerminal() != should_end)
    return "terminal flag disagrees with the end rules (wondev.end.*)";
  return {};
}

std::string CheckTransition(const State& before, const TurnEvents& ev, const State& after) {
  if (after.turn() != before.turn() + 1)
    return "the turn did not advance by one (wondev.turn.order)";
  if (ev.turn != before.turn() || ev.player != before.current_player())
    return "events name the wrong turn or player";
  int grown = 0;
  for (int y = 0; y < before.size(); ++y)
    for (int x = 0; x < before.size(); ++x) {
      const int b = before.map().at(x, y), a = after.map().at(x, y);
      if ((b == kHole) != (a == kHole)) return "a hole changed (wondev.grid.cells)";
      if (a < b || a > b + 1)
        return "a height shrank or grew by more than one (wondev.build.height)";
      grown += a - b;
    }
  if (grown > 1) return "more than one cell was built on (wondev.build.height)";
  int moved = 0;
  for (int q = 0; q < kNumPlayers; ++q) {
    if (before.out(q) && !after.out(q))
      return Who(q) + " came back into the game (wondev.out.turns)";
    if (q != ev.player && after.out(q) != before.out(q))
      return Who(q) + " went out on the other player's turn";
    const int gained = after.score(q) - before.score(q);
    if (gained < 0 || gained > 1 || (gained == 1 && q != ev.player))
      return Who(q) + "'s score changed by " + std::to_string(gained) + " (wondev.score.climb)";
    if (gained == 1 && ev.result != Result::kMoved && ev.result != Result::kBuildCancelled)
      return "a point was scored without a move (wondev.push.build: pushes never score)";
    for (int i = 0; i < before.units_per_player(); ++i) {
      const Pos b = before.unit(q, i), a = after.unit(q, i);
      if (b == a) continue;
      ++moved;
      if (Chebyshev(a, b) != 1) return Who(q) + "'s unit jumped (wondev.move.neighbour)";
      if (after.Height(a) > before.Height(b) + 1)
        return Who(q) +
               "'s unit climbed more than one level (wondev.move.climb, wondev.push.destination)";
    }
  }
  if (moved > 1) return "more than one unit moved in one turn (wondev.turn.one-action)";
  if (moved == 1 && grown == 0 && ev.result != Result::kBuildCancelled)
    return "a unit moved without a build (wondev.build.adjacent)";
  return {};
}

WalkAnswer RandomAnswer(const State& s, Rng& rng, const AnswerWeights& w) {
  const uint32_t total = w.legal + w.any_action + w.accept_defeat + w.silence;
  uint32_t x = rng.Uniform(total);
  WalkAnswer out;
  if (x < static_cast<uint32_t>(w.legal)) {
    const auto legal = s.LegalActions();
    if (!legal.empty()) {
      out.answer = {Answer::kAction, legal[rng.Uniform(static_cast<uint32_t>(legal.size()))]};
      return out;
    }
    x = w.legal;  // nothing legal: fall through to an arbitrary action
  }
  x -= w.legal;
  if (x < static_cast<uint32_t>(w.any_action)) {
    out.answer.kind = Answer::kAction;
    out.answer.action = {rng.Chance(1, 2) ? ActionType::kMoveBuild : ActionType::kPushBuild,
                         static_cast<int>(rng.Uniform(kMaxUnits)),
                         static_cast<Dir>(rng.Uniform(kDirs)),
                         static_cast<Dir>(rng.Uniform(kDirs))};
    return out;
  }
  x -= w.any_action;
  if (x < static_cast<uint32_t>(w.accept_defeat)) {
    out.answer.kind = Answer::kAcceptDefeat;
    return out;
  }
  out.silent = true;
  return out;
}

std::string RandomWalk(State state, Rng& rng, int max_steps, const AnswerWeights& w,
                       const std::function<std::string(const WalkStep&)>& extra) {
  if (auto err = CheckInvariants(state); !err.empty()) return "initial state: " + err;
  for (int i = 0; i < max_steps && !state.IsTerminal(); ++i) {
    const State before = state;
    const WalkAnswer a = RandomAnswer(state, rng, w);
    const TurnEvents ev = a.silent ? state.ApplySilence() : state.Apply(a.answer);
    std::string err = CheckInvariants(state);
    if (err.empty()) err = CheckTransition(before, ev, state);
    if (err.empty() && extra) err = extra(WalkStep{before, a, ev, state});
    if (!err.empty()) return "turn " + std::to_string(before.turn()) + ": " + err;
  }
  return {};
}

}  // namespace arbiter::wondev

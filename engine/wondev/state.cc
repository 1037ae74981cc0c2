// The Wondev Woman transition function and legal-action generation. Each rule
// below cites its clause of spec-tests/wondev/clauses.json; the decisions
// taken where the texts are silent are recorded there, with their reasoning.
#include "wondev/state.h"

#include <algorithm>
#include <utility>

#include "core/check.h"

namespace arbiter::wondev {
namespace {

constexpr const char* kDirNames[kDirs] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

}  // namespace

const char* DirName(Dir d) { return kDirNames[static_cast<int>(d)]; }

std::optional<Dir> DirFromName(std::string_view name) {
  for (int d = 0; d < kDirs; ++d)
    if (name == kDirNames[d]) return static_cast<Dir>(d);
  return std::nullopt;
}

std::string ActionText(const Action& a) {
  return std::string(a.type == ActionType::kMoveBuild ? "MOVE&BUILD " : "PUSH&BUILD ") +
         std::to_string(a.unit) + ' ' + DirName(a.d1) + ' ' + DirName(a.d2);
}

const char* ResultName(Result r) {
  switch (r) {
    case Result::kMoved:
      return "moved";
    case Result::kBuildCancelled:
      return "build-cancelled";
    case Result::kPushed:
      return "pushed";
    case Result::kPushCancelled:
      return "push-cancelled";
    case Result::kAcceptedDefeat:
      return "accepted-defeat";
    case Result::kIllegal:
      return "illegal";
    case Result::kNoLegalOut:
      return "no-legal-action-out";
    case Result::kNoLegalPass:
      return "no-legal-action-pass";
    case Result::kTimeout:
      return "timeout";
    case Result::kNotInGame:
      return "not-in-game";
  }
  return "?";
}

State State::Initial(const Map& map, const Units& units, const Rules& rules) {
  return FromParts(map, units, rules, 0, {0, 0}, {false, false});
}

State State::FromParts(const Map& map, const Units& units, const Rules& rules, int turn,
                       std::array<int, kNumPlayers> score, std::array<bool, kNumPlayers> out) {
  State s;
  s.rules_ = rules;
  s.map_ = map;
  s.units_ = units;
  for (auto& player : s.units_)  // units beyond the league's count do not exist
    for (int i = rules.units_per_player(); i < kMaxUnits; ++i) player[i] = Pos{};
  s.turn_ = turn;
  s.score_ = score;
  s.out_ = out;
  s.UpdateTerminal();
  return s;
}

int State::OwnerAt(Pos p) const {
  for (int q = 0; q < kNumPlayers; ++q)
    for (int i = 0; i < units_per_player(); ++i)
      if (units_[q][i] == p) return q;
  return -1;
}

bool State::Visible(int viewer, int player, int i) const {
  if (viewer == player || !rules_.fog()) return true;
  // wondev.fog.visibility: within Chebyshev distance 1 of any of the viewer's units.
  // DEVIATION fog-two: within distance 2.
  const int sight = rules_.deviates(DeviationId::kFogTwo) ? 2 : 1;
  for (int k = 0; k < units_per_player(); ++k)
    if (Chebyshev(units_[viewer][k], units_[player][i]) <= sight) return true;
  return false;
}

bool State::LegalFor(int player, const Action& a) const { return !IllegalFor(player, a); }

namespace {

// Whether a step `up` levels up (negative: down) is refused, by the rule
// (wondev.move.climb, wondev.push.destination: at most one level up, any
// drop) or by the deviations of that clause: `any` leaves the check out,
// `two` allows two levels, `none` allows no climb, `drop` limits a drop to
// one level as well.
bool StepRefused(int up, bool any, bool two, bool none, bool drop) {
  if (drop && up < -1) return true;
  if (any) return false;
  return up > (none ? 0 : two ? 2 : 1);
}

}  // namespace

const char* State::IllegalFor(int player, const Action& a) const {
  if (a.unit < 0 || a.unit >= units_per_player())
    return "no such unit index in this league (wondev.protocol.action.grammar)";
  const Pos from = units_[player][a.unit];
  const Pos t = Step(from, a.d1);
  if (!Playable(t))
    return "the cell it goes to is off the grid, a hole or removed (height 4) "
           "(wondev.move.removed)";
  // A unit `viewer` can see stands on `p` (the mover's own start cell excluded).
  auto seen_unit_on = [&](Pos p) {
    for (int q = 0; q < kNumPlayers; ++q)
      for (int i = 0; i < units_per_player(); ++i)
        if (units_[q][i] == p && !(q == player && i == a.unit) && Visible(player, q, i))
          return true;
    return false;
  };
  if (a.type == ActionType::kMoveBuild) {
    if (OwnerAt(t) >= 0) return "a unit stands on the cell it moves to (wondev.move.occupied)";
    // DEVIATION climb-any, climb-two, climb-none, drop-one.
    if (StepRefused(Height(t) - Height(from), rules_.deviates(DeviationId::kClimbAny),
                    rules_.deviates(DeviationId::kClimbTwo),
                    rules_.deviates(DeviationId::kClimbNone),
                    rules_.deviates(DeviationId::kDropOne)))
      return "the cell it moves to is more than one level up (wondev.move.climb)";
    const Pos b = Step(t, a.d2);
    if (!Playable(b))
      return "the cell it builds on is off the grid, a hole or removed (wondev.build.adjacent)";
    // DEVIATION build-under-unit.
    if (seen_unit_on(b) && !rules_.deviates(DeviationId::kBuildUnderUnit))
      return "a unit stands on the cell it builds on (wondev.build.adjacent)";
    // DEVIATION left-cell-occupied: the mover checked where it stood.
    if (b == from && rules_.deviates(DeviationId::kLeftCellOccupied))
      return "a unit stands on the cell it builds on (wondev.build.adjacent)";
    return nullptr;
  }
  if (!rules_.pushes()) return "PUSH&BUILD is allowed from league 2 on (wondev.push.target)";
  if (OwnerAt(t) != 1 - player) return "no enemy unit on the cell it pushes (wondev.push.target)";
  const int turn = (static_cast<int>(a.d2) - static_cast<int>(a.d1) + kDirs) % kDirs;
  // DEVIATION push-any-direction, push-straight-only.
  const bool straight_only = rules_.deviates(DeviationId::kPushStraightOnly);
  if (!rules_.deviates(DeviationId::kPushAnyDirection) && turn != 0 &&
      (straight_only || (turn != 1 && turn != kDirs - 1)))
    return "the push direction is not the same as or next to the first direction "
           "(wondev.push.target)";
  const Pos p = Step(t, a.d2);
  if (!Playable(p))
    return "the pushed unit would go off the grid, onto a hole or a removed cell "
           "(wondev.push.destination)";
  // DEVIATION push-climb-any, push-climb-two, push-drop-one.
  if (StepRefused(Height(p) - Height(t), rules_.deviates(DeviationId::kPushClimbAny),
                  rules_.deviates(DeviationId::kPushClimbTwo), false,
                  rules_.deviates(DeviationId::kPushDropOne)))
    return "the pushed unit would go more than one level up (wondev.push.destination)";
  if (seen_unit_on(p))
    return "a unit stands where the pushed unit would go (wondev.push.destination)";
  return nullptr;
}

std::string State::WhyIllegal(const Action& a, std::string* rule) const {
  if (terminal_ || out_[current_player()]) {
    constexpr const char* kOut = "the player is out of the game (wondev.out.invalid)";
    if (rule) *rule = kOut;
    return kOut;
  }
  const char* why = IllegalFor(current_player(), a);
  if (!why) return {};
  if (rule) *rule = why;
  if (a.unit < 0 || a.unit >= units_per_player())
    return "unit " + std::to_string(a.unit) + ": " + why;
  const Pos from = units_[current_player()][a.unit];
  const Pos t = Step(from, a.d1);
  auto cell = [&](Pos p) {
    std::string text = "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
    if (OnGrid(p) && map_.at(p.x, p.y) >= 0) text += " at height " + std::to_string(Height(p));
    return text;
  };
  return "unit " + std::to_string(a.unit) + " on " + cell(from) + ", " + DirName(a.d1) + " to " +
         cell(t) + ": " + why;
}

bool State::IsLegal(const Action& a) const {
  return !terminal_ && !out_[current_player()] && LegalFor(current_player(), a);
}

std::vector<Action> State::LegalActionsFor(int player) const {
  std::vector<Action> out;
  if (terminal_ || out_[player]) return out;
  for (ActionType type : {ActionType::kMoveBuild, ActionType::kPushBuild})
    for (int u = 0; u < units_per_player(); ++u)
      for (int d1 = 0; d1 < kDirs; ++d1)
        for (int d2 = 0; d2 < kDirs; ++d2) {
          const Action a{type, u, static_cast<Dir>(d1), static_cast<Dir>(d2)};
          if (LegalFor(player, a)) out.push_back(a);
        }
  if (rules_.action_order == ActionOrder::kText) {  // wondev.protocol.input.legal
    // Each text once (not once per comparison): the list is built every turn.
    std::vector<std::pair<std::string, Action>> keyed;
    keyed.reserve(out.size());
    for (const Action& a : out) keyed.emplace_back(ActionText(a), a);
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (size_t i = 0; i < out.size(); ++i) out[i] = keyed[i].second;
  }
  return out;
}

int State::Winner() const {
  if (!terminal_ || score_[0] == score_[1]) return -1;  // wondev.end.winner: equal is a draw
  return score_[0] > score_[1] ? 0 : 1;
}

void State::UpdateTerminal() {
  const bool both_out = out_[0] && out_[1];  // wondev.end.both-out
  // wondev.end.leader-alone; DEVIATION leader-alone-any, leader-alone-missing,
  // leader-or-tied.
  const bool tied_ends = rules_.deviates(DeviationId::kLeaderOrTied);
  const auto leads = [&](int p) {
    return score_[p] > score_[1 - p] || (tied_ends && score_[p] == score_[1 - p]);
  };
  bool leader_alone = (out_[0] && leads(1)) || (out_[1] && leads(0));
  if (rules_.deviates(DeviationId::kLeaderAloneAny)) leader_alone = out_[0] || out_[1];
  if (rules_.deviates(DeviationId::kLeaderAloneMissing)) leader_alone = false;
  const bool climbed = rules_.first_climb_wins() && (score_[0] > 0 || score_[1] > 0);
  // DEVIATION rounds-one-early, rounds-one-late.
  const int rounds = rules_.max_rounds - rules_.deviates(DeviationId::kRoundsOneEarly) +
                     rules_.deviates(DeviationId::kRoundsOneLate);
  terminal_ =
      both_out || leader_alone || climbed || turn_ >= kNumPlayers * rounds;  // wondev.end.rounds
}

void State::Play(const Action& a, TurnEvents& ev) {
  const int me = ev.player;
  Pos& mover = units_[me][a.unit];
  const Pos t = Step(mover, a.d1);
  if (a.type == ActionType::kMoveBuild) {
    ev.from = mover;
    ev.to = t;
    mover = t;  // wondev.move.neighbour
    // wondev.score.climb: counted on T's height, before the build.
    bool scores = Height(t) == kScoreHeight;
    // DEVIATION score-climb-only, score-on-leaving.
    if (rules_.deviates(DeviationId::kScoreClimbOnly))
      scores = scores && Height(ev.from) < kScoreHeight;
    if (rules_.deviates(DeviationId::kScoreOnLeaving)) scores = Height(ev.from) == kScoreHeight;
    if (scores) {
      ++score_[me];
      ev.scored = true;
    }
    ev.build = Step(t, a.d2);
    // wondev.fog.build: an invisible enemy on B cancels the build only.
    // DEVIATION fog-build-builds, build-under-unit: built all the same.
    if (OwnerAt(ev.build) >= 0 && !rules_.deviates(DeviationId::kFogBuildBuilds) &&
        !rules_.deviates(DeviationId::kBuildUnderUnit)) {
      ev.result = Result::kBuildCancelled;
      return;
    }
    ev.result = Result::kMoved;
  } else {
    const Pos p = Step(t, a.d2);
    ev.from = t;
    ev.to = p;
    ev.build = t;
    // wondev.fog.push: an invisible unit on P cancels the whole action.
    if (OwnerAt(p) >= 0) {
      ev.result = Result::kPushCancelled;
      return;
    }
    for (int i = 0; i < units_per_player(); ++i)
      if (units_[1 - me][i] == t) units_[1 - me][i] = p;  // wondev.push.build; never scores
    ev.result = Result::kPushed;
  }
  int8_t& h = map_.height[ev.build.y * size() + ev.build.x];
  ++h;                               // wondev.build.height
  ev.removed = h == kRemovedHeight;  // removed from play, still printed as 4
  // DEVIATION push-scores: the cell a push built on, at level 3 now.
  if (a.type == ActionType::kPushBuild && rules_.deviates(DeviationId::kPushScores) &&
      h == kScoreHeight) {
    ++score_[me];
    ev.scored = true;
  }
}

TurnEvents State::Finish(TurnEvents ev) {
  ++turn_;  // wondev.turn.order; an out player's turn counts too (wondev.out.turns)
  UpdateTerminal();
  ev.game_over = terminal_;
  return ev;
}

TurnEvents State::Apply(const Answer& answer) {
  ARBITER_CHECK(!terminal_, "Apply called on a finished game");
  TurnEvents ev;
  ev.turn = turn_;
  ev.player = current_player();
  ev.action = answer.action;
  if (out_[ev.player]) {
    ev.result = Result::kNotInGame;  // wondev.out.turns
    return Finish(ev);
  }
  auto go_out = [&](Result r) {
    ev.result = r;
    ev.went_out = out_[ev.player] = true;  // keeps its points and units (wondev.out.invalid)
  };
  if (answer.kind == Answer::kAcceptDefeat) {
    go_out(Result::kAcceptedDefeat);  // wondev.out.accept-defeat
  } else if (LegalActions().empty()) {
    // wondev.turn.no-legal-action: whatever was printed.
    if (rules_.no_legal_action == NoLegalAction::kOut)
      go_out(Result::kNoLegalOut);
    else
      ev.result = Result::kNoLegalPass;
  } else if (answer.kind == Answer::kAction && LegalFor(ev.player, answer.action)) {
    Play(answer.action, ev);
  } else {
    go_out(Result::kIllegal);  // wondev.out.invalid, wondev.protocol.action.legal
  }
  return Finish(ev);
}

TurnEvents State::ApplySilence() {
  ARBITER_CHECK(!terminal_, "ApplySilence called on a finished game");
  TurnEvents ev;
  ev.turn = turn_;
  ev.player = current_player();
  if (out_[ev.player]) {
    ev.result = Result::kNotInGame;
  } else {
    ev.result = Result::kTimeout;  // wondev.out.timeout
    ev.went_out = out_[ev.player] = true;
  }
  return Finish(ev);
}

}  // namespace arbiter::wondev

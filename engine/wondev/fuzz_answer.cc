// The referee fuzzer's answers for wondev: swarm testing over families of
// answer lines (legal actions, any action of the grammar, ACCEPT-DEFEAT,
// garbage, padded lines, messages, keywords and directions in another case,
// unit indexes out of range and unknown directions), and targeted answers
// that steer toward rule edges (pushes, climbs onto level 3, builds that
// remove a cell, going out while the opponent leads, actions one legality
// check short of legal).
#include <cctype>
#include <vector>

#include "wondev/game.h"
#include "wondev/policies.h"

namespace arbiter::wondev {

std::string FuzzAnswer(const GameState& gs, uint64_t swarm, bool targeted, Rng& rng) {
  const State& s = *StateOf(gs);
  const auto legal = s.LegalActions();
  const int me = s.current_player();
  // wondev.end.leader-alone: out behind the opponent, the game must end at
  // once (level or ahead, it goes on: any early ACCEPT-DEFEAT shows that).
  if (targeted && s.score(1 - me) > s.score(me) && rng.Chance(1, 4)) return "ACCEPT-DEFEAT";
  // One check short of legal: a referee that leaves that check out plays it
  // (a push of an own unit, a pushed unit or a move climbing two levels).
  if (targeted && rng.Chance(1, 16)) {
    std::vector<Action> near;
    for (const ActionType type : {ActionType::kMoveBuild, ActionType::kPushBuild})
      for (int u = 0; u < s.units_per_player(); ++u)
        for (int d1 = 0; d1 < kDirs; ++d1)
          for (int d2 = 0; d2 < kDirs; ++d2) {
            const Action a{type, u, static_cast<Dir>(d1), static_cast<Dir>(d2)};
            if (LeftOutCheck(s, a)) near.push_back(a);
          }
    if (!near.empty()) return ActionText(near[rng.Uniform(static_cast<uint32_t>(near.size()))]);
  }
  // Until someone scores, a targeted game stays mostly legal: a player out
  // ends most games long before anyone climbs to level 3.
  const bool scored = s.score(0) + s.score(1) > 0;
  if (targeted && !legal.empty() && (scored ? rng.Chance(2, 3) : rng.Chance(19, 20))) {
    // Rule edges first: pushes, climbs onto level 3, builds to height 4.
    std::vector<Action> edge;
    for (const Action& a : legal) {
      const Pos t = Step(s.unit(s.current_player(), a.unit), a.d1);
      const Pos b = a.type == ActionType::kPushBuild ? t : Step(t, a.d2);
      if (a.type == ActionType::kPushBuild || s.Height(t) == kScoreHeight || s.Height(b) == 3)
        edge.push_back(a);
    }
    if (!edge.empty()) return ActionText(edge[rng.Uniform(static_cast<uint32_t>(edge.size()))]);
    return ChooseAnswer(Policy::kGreedy, s, rng);
  }
  // Families: 0 a legal action, 1 any action of the grammar, 2 ACCEPT-DEFEAT,
  // 3 garbage or empty, 4 padded or CR, 5 with a message, 6 a legal action
  // in another case (lowercase keyword, directions, or both), 7 a unit index
  // out of range or an unknown direction.
  std::vector<int> on;
  for (int f = 0; f < 8; ++f)
    if (swarm >> f & 1) on.push_back(f);
  if (on.empty()) on = {0};
  const int f = on[rng.Uniform(static_cast<uint32_t>(on.size()))];
  const std::string pick =
      legal.empty() ? "ACCEPT-DEFEAT"
                    : ActionText(legal[rng.Uniform(static_cast<uint32_t>(legal.size()))]);
  switch (f) {
    case 1: {
      const Action a{rng.Chance(1, 2) ? ActionType::kMoveBuild : ActionType::kPushBuild,
                     static_cast<int>(rng.Uniform(kMaxUnits)), static_cast<Dir>(rng.Uniform(kDirs)),
                     static_cast<Dir>(rng.Uniform(kDirs))};
      return ActionText(a);
    }
    case 2:
      return "ACCEPT-DEFEAT";
    case 3: {
      const char* junk[] = {"", "MOVE&BUILD", "MOVE&BUILD 0 N", "move&build 0 N S", "WAIT", "0"};
      return junk[rng.Uniform(6)];
    }
    case 4: {
      const char* pads[] = {" ", "\r", "\t"};
      return rng.Chance(1, 2) ? pick + pads[rng.Uniform(3)]
                              : std::string(pads[rng.Uniform(3)]) + pick;
    }
    case 5:
      return pick + " hello there";
    case 6: {
      std::string line = pick;
      const size_t space = line.find(' ');
      const uint32_t how = rng.Uniform(3);  // keyword, directions, everything
      for (size_t i = 0; i < line.size(); ++i) {
        const bool keyword = i < space;
        if ((how == 0 && keyword) || (how == 1 && !keyword) || how == 2)
          line[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(line[i])));
      }
      return line;
    }
    case 7: {
      if (legal.empty()) return "MOVE&BUILD 2 N S";
      const Action a = legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
      if (rng.Chance(1, 2)) {
        const int index = static_cast<int>(2 + rng.Uniform(2)) * (rng.Chance(1, 4) ? 4 : 1);
        std::string line = ActionText(a);
        const size_t at = line.find(' ');
        return line.substr(0, at + 1) + std::to_string(index) + line.substr(line.find(' ', at + 1));
      }
      const char* unknown[] = {"X", "UP", "NN", "n0"};
      std::string line = ActionText(a);
      return line.substr(0, line.rfind(' ') + 1) + unknown[rng.Uniform(4)];
    }
    default:
      return pick;
  }
}

}  // namespace arbiter::wondev

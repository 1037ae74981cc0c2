// The Wondev Woman reference engine: a value-type game state, the legal
// actions of the player to move, and the one transition that plays a turn.
//
// A State stands at the start of a turn: turn() counts the turns of both
// seats from 0, player turn() % 2 is to move (wondev.turn.order) and round
// turn() / 2 is under way. A player that is out keeps its seat in the
// sequence but plays nothing (wondev.out.turns). Legality is judged from the
// mover's view (wondev.fog.*): what it cannot see does not make an action
// illegal, it cancels part of it when played.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wondev/rules.h"

namespace arbiter::wondev {

// wondev.grid.coordinates: N is y - 1, E is x + 1, diagonals combine.
enum class Dir : uint8_t { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
inline constexpr int kDirs = 8;
inline constexpr int kDx[kDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDy[kDirs] = {-1, -1, 0, 1, 1, 1, 0, -1};
const char* DirName(Dir d);  // "N", "NE", ...
std::optional<Dir> DirFromName(std::string_view name);

struct Pos {
  int8_t x = -1;  // column
  int8_t y = -1;  // row
  friend bool operator==(const Pos&, const Pos&) = default;
};
inline Pos Step(Pos p, Dir d) {
  return {static_cast<int8_t>(p.x + kDx[static_cast<int>(d)]),
          static_cast<int8_t>(p.y + kDy[static_cast<int>(d)])};
}
inline int Chebyshev(Pos a, Pos b) {
  const int dx = a.x > b.x ? a.x - b.x : b.x - a.x, dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dx > dy ? dx : dy;
}

// The cells of the grid: kHole or a height 0..4, row-major (y * size + x).
struct Map {
  int size = kSquareSize;
  std::array<int8_t, kMaxCells> height{};
  int at(int x, int y) const { return height[y * size + x]; }
  friend bool operator==(const Map&, const Map&) = default;
};

using Units = std::array<std::array<Pos, kMaxUnits>, kNumPlayers>;

// wondev.protocol.action.grammar.
enum class ActionType : uint8_t { kMoveBuild, kPushBuild };
struct Action {
  ActionType type = ActionType::kMoveBuild;
  int unit = 0;
  Dir d1 = Dir::kN;
  Dir d2 = Dir::kN;
  friend bool operator==(const Action&, const Action&) = default;
};
std::string ActionText(const Action& a);  // "MOVE&BUILD 0 N SW"

// One answer line as read: an action, ACCEPT-DEFEAT, or anything else.
struct Answer {
  enum Kind : uint8_t { kAction, kAcceptDefeat, kInvalid } kind = kInvalid;
  Action action;
};

enum class Result : uint8_t {
  kMoved,           // wondev.move.*, wondev.build.*
  kBuildCancelled,  // wondev.fog.build: moved; the build hit an invisible enemy
  kPushed,          // wondev.push.*
  kPushCancelled,   // wondev.fog.push: nothing moved or was built
  kAcceptedDefeat,  // wondev.out.accept-defeat
  kIllegal,         // wondev.out.invalid: not a legal action
  kNoLegalOut,      // wondev.turn.no-legal-action (NoLegalAction::kOut)
  kNoLegalPass,     // wondev.turn.no-legal-action (NoLegalAction::kPass)
  kTimeout,         // wondev.out.timeout: no answer
  kNotInGame,       // wondev.out.turns: the player is out; its turn passes
};
const char* ResultName(Result r);

struct TurnEvents {
  int turn = 0;
  int player = 0;
  Result result = Result::kNotInGame;
  Action action;
  Pos from, to;  // the mover (kMoved) or the pushed unit (kPushed)
  Pos build;     // the cell built on, or that would have been
  bool scored = false;
  bool removed = false;  // the build took the cell to height 4
  bool went_out = false;
  bool game_over = false;
};

class State {
 public:
  // The caller validates the map and the units first (maps.h).
  static State Initial(const Map& map, const Units& units, const Rules& rules = {});
  // For deserialisation and tests; validate with CheckInvariants afterwards.
  static State FromParts(const Map& map, const Units& units, const Rules& rules, int turn,
                         std::array<int, kNumPlayers> score, std::array<bool, kNumPlayers> out);

  const Rules& rules() const { return rules_; }
  const Map& map() const { return map_; }
  int size() const { return map_.size; }
  int turn() const { return turn_; }
  int round() const { return turn_ / kNumPlayers; }
  int current_player() const { return turn_ % kNumPlayers; }
  int units_per_player() const { return rules_.units_per_player(); }
  Pos unit(int player, int i) const { return units_[player][i]; }
  const Units& units() const { return units_; }
  int score(int player) const { return score_[player]; }
  bool out(int player) const { return out_[player]; }

  bool OnGrid(Pos p) const { return p.x >= 0 && p.y >= 0 && p.x < size() && p.y < size(); }
  // On the grid, not a hole, below height 4 (wondev.grid.cells).
  bool Playable(Pos p) const {
    return OnGrid(p) && map_.at(p.x, p.y) >= 0 && map_.at(p.x, p.y) < kRemovedHeight;
  }
  int Height(Pos p) const { return map_.at(p.x, p.y); }
  // The player owning the unit on `p`, or -1.
  int OwnerAt(Pos p) const;
  // wondev.fog.visibility: whether `viewer` sees unit i of `player` now.
  bool Visible(int viewer, int player, int i) const;

  // wondev.protocol.input.legal: the legal actions of the player to move, in
  // the order of rules().action_order.
  std::vector<Action> LegalActions() const { return LegalActionsFor(current_player()); }
  // The same for `player` as if it were to move (empty once it is out).
  std::vector<Action> LegalActionsFor(int player) const;
  bool IsLegal(const Action& a) const;
  // Why the player to move may not play `a` ("unit 0 on (1,2) at height 0,
  // N to (1,1) at height 2: the cell it moves to is more than one level up
  // (wondev.move.climb)"); empty when it may. `rule`, when given, gets the
  // rule broken as a key: the reason's own statement without the figures
  // of this action ("the cell it moves to is more than one level up
  // (wondev.move.climb)").
  std::string WhyIllegal(const Action& a, std::string* rule = nullptr) const;

  bool CurrentPlayerReceivesInput() const { return !terminal_ && !out_[current_player()]; }
  bool IsTerminal() const { return terminal_; }
  int Winner() const;  // wondev.end.winner: a player id, or -1 (draw, or not over)

  // Plays the answer of the player to move, or its silence (no answer at
  // all), and advances the turn. Must not be called on a terminal state.
  TurnEvents Apply(const Answer& answer);
  TurnEvents ApplySilence();

  friend bool operator==(const State&, const State&) = default;

 private:
  bool LegalFor(int player, const Action& a) const;
  // The rule `a` breaks for `player`, with its clause; nullptr when legal.
  const char* IllegalFor(int player, const Action& a) const;
  void Play(const Action& a, TurnEvents& ev);
  TurnEvents Finish(TurnEvents ev);
  void UpdateTerminal();

  Rules rules_;
  Map map_;
  Units units_{};
  std::array<int, kNumPlayers> score_{};
  std::array<bool, kNumPlayers> out_{};
  int turn_ = 0;
  bool terminal_ = false;
};

}  // namespace arbiter::wondev

// A deliberately simple, independently written model of the JavaChallenge2015
// rules (default rule options), used as the oracle of the model-based tests.
//
// It shares no logic with the engine's State: only the plain constants of
// rules.h and the Placement / Dir / Action / InputView types. Its formulation
// differs on purpose so that a slip in one is unlikely to be repeated in the
// other: a block is a status plus the absolute turn at which that status ends
// (instead of a countdown timer), a player keeps the first absolute turn on
// which it may act again, and the timers shown in the input are derived from
// those absolute turns.
#pragma once

#include "jc2015/codec.h"
#include "jc2015/rules.h"
#include "jc2015/state.h"

namespace arbiter::jc2015::model {

enum class BlockStatus { kStanding, kScheduled, kFallen };

struct Block {
  BlockStatus status = BlockStatus::kStanding;
  // kScheduled: the turn at whose start it falls. kFallen: the turn at whose
  // start it is back. Unused while standing.
  int due = 0;
};

struct Person {
  int row = -1;
  int col = -1;
  Dir dir = Dir::kUp;
  bool alive = true;
  int can_act_from = 0;  // first turn on which an answer of this player counts
};

class Model {
 public:
  explicit Model(const Placement& placement, int turn_limit = kDefaultTurnLimit);

  int turn() const { return turn_; }
  const Person& person(int id) const { return people_[id]; }
  const Block& block(int br, int bc) const { return blocks_[br][bc]; }

  // Plays `a` for the player whose turn it is and advances one global turn
  // (including the start of the next turn, unless the game ends). Does
  // nothing once the game is over.
  void Step(Action a);

  bool Over() const;
  int Winner() const;  // -1 before the end and for a draw
  // What player `id` would be shown now: must equal the engine's ViewFor.
  InputView View(int id) const;

 private:
  int Alive() const;
  void StartOfTurn();
  void Walk(int id, int drow, int dcol, Dir facing);
  void Attack(int id);

  int turn_limit_;
  int turn_ = 0;
  // The turn whose start was processed last; block timers are shown relative
  // to it (there is no start of turn after the last one).
  int clock_ = 0;
  Block blocks_[kBoardBlocks][kBoardBlocks];
  Person people_[kNumPlayers];
};

}  // namespace arbiter::jc2015::model

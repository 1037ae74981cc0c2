// The simple model of the JavaChallenge2015 rules (see model.h): every rule is
// written out as a plain loop over absolute turn numbers, in the words of the
// rule text and the decisions of spec-tests/jc2015/clauses.json.
#include "spec-tests/jc2015/model.h"

namespace arbiter::jc2015::model {
namespace {

bool OnBoard(int row, int col) {
  return row >= 0 && row < kBoardSquares && col >= 0 && col < kBoardSquares;
}

int Distance(int r1, int c1, int r2, int c2) {
  const int dr = r1 - r2;
  const int dc = c1 - c2;
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

// Up is row - 1, right is column + 1 (jc2015.protocol.input.direction).
void Delta(Dir d, int& drow, int& dcol) {
  drow = 0;
  dcol = 0;
  switch (d) {
    case Dir::kUp:
      drow = -1;
      break;
    case Dir::kRight:
      dcol = 1;
      break;
    case Dir::kDown:
      drow = 1;
      break;
    case Dir::kLeft:
      dcol = -1;
      break;
  }
}

char Letter(Dir d) {
  switch (d) {
    case Dir::kUp:
      return 'U';
    case Dir::kRight:
      return 'R';
    case Dir::kDown:
      return 'D';
    case Dir::kLeft:
      return 'L';
  }
  return '?';
}

}  // namespace

Model::Model(const Placement& placement, int turn_limit) : turn_limit_(turn_limit) {
  for (int i = 0; i < kNumPlayers; ++i) {
    people_[i].row = placement.players[i].row;
    people_[i].col = placement.players[i].col;
    people_[i].dir = placement.players[i].dir;
    people_[i].alive = true;
    people_[i].can_act_from = 0;
  }
}

int Model::Alive() const {
  int n = 0;
  for (const Person& p : people_)
    if (p.alive) ++n;
  return n;
}

bool Model::Over() const { return Alive() <= 1 || turn_ >= turn_limit_; }

int Model::Winner() const {
  if (!Over() || Alive() != 1) return -1;
  for (int i = 0; i < kNumPlayers; ++i)
    if (people_[i].alive) return i;
  return -1;
}

void Model::Step(Action a) {
  if (Over()) return;
  const int me = turn_ % kNumPlayers;
  const Person& p = people_[me];
  // A fallen player does nothing; a stunned one's answer is ignored; an
  // invalid answer counts as N.
  if (p.alive && turn_ >= p.can_act_from) {
    switch (a) {
      case Action::kUp:
        Walk(me, -1, 0, Dir::kUp);
        break;
      case Action::kRight:
        Walk(me, 0, 1, Dir::kRight);
        break;
      case Action::kDown:
        Walk(me, 1, 0, Dir::kDown);
        break;
      case Action::kLeft:
        Walk(me, 0, -1, Dir::kLeft);
        break;
      case Action::kAttack:
        Attack(me);
        break;
      case Action::kNothing:
      case Action::kInvalid:
        break;
    }
  }
  turn_ = turn_ + 1;
  if (!Over()) StartOfTurn();
}

void Model::Walk(int id, int drow, int dcol, Dir facing) {
  Person& p = people_[id];
  p.dir = facing;  // whether or not the move is cancelled
  const int row = p.row + drow;
  const int col = p.col + dcol;
  if (!OnBoard(row, col)) return;
  if (blocks_[row / kBlockSquares][col / kBlockSquares].status == BlockStatus::kFallen) return;
  for (int q = 0; q < kNumPlayers; ++q) {
    if (q == id || !people_[q].alive) continue;
    if (Distance(row, col, people_[q].row, people_[q].col) <= kCancelDistance) return;
  }
  p.row = row;
  p.col = col;
}

void Model::Attack(int id) {
  Person& p = people_[id];
  // Its next kStunnedOwnTurns own turns are lost; the one after counts again.
  p.can_act_from = turn_ + (kStunnedOwnTurns + 1) * kNumPlayers;
  int drow = 0;
  int dcol = 0;
  Delta(p.dir, drow, dcol);
  const int home_r = p.row / kBlockSquares;
  const int home_c = p.col / kBlockSquares;
  for (int n = 1; n < kBoardBlocks; ++n) {
    const int br = home_r + n * drow;
    const int bc = home_c + n * dcol;
    if (br < 0 || br >= kBoardBlocks || bc < 0 || bc >= kBoardBlocks) break;
    Block& b = blocks_[br][bc];
    if (b.status != BlockStatus::kStanding) continue;  // timers are never changed
    b.status = BlockStatus::kScheduled;
    b.due = turn_ + kTurnsPerBlock * n;
  }
}

void Model::StartOfTurn() {
  clock_ = turn_;
  for (int br = 0; br < kBoardBlocks; ++br) {
    for (int bc = 0; bc < kBoardBlocks; ++bc) {
      Block& b = blocks_[br][bc];
      if (b.status == BlockStatus::kFallen && b.due == turn_) {
        b.status = BlockStatus::kStanding;  // players who fell stay fallen
      } else if (b.status == BlockStatus::kScheduled && b.due == turn_) {
        b.status = BlockStatus::kFallen;
        b.due = turn_ + kRestoreTurns;
        for (Person& p : people_) {
          if (p.alive && p.row / kBlockSquares == br && p.col / kBlockSquares == bc) {
            p.alive = false;
          }
        }
      }
    }
  }
}

InputView Model::View(int id) const {
  InputView v;
  v.id = id;
  v.turn = turn_;
  for (int br = 0; br < kBoardBlocks; ++br) {
    for (int bc = 0; bc < kBoardBlocks; ++bc) {
      const Block& b = blocks_[br][bc];
      int shown = 0;
      if (b.status == BlockStatus::kScheduled) shown = b.due - clock_;
      if (b.status == BlockStatus::kFallen) shown = -(b.due - clock_);
      v.blocks[br * kBoardBlocks + bc] = shown;
    }
  }
  for (int q = 0; q < kNumPlayers; ++q) {
    const Person& p = people_[q];
    PlayerView& pv = v.players[q];
    pv.row = p.alive ? p.row : -1;
    pv.col = p.alive ? p.col : -1;
    pv.dir = Letter(p.dir);
    const int wait = p.can_act_from - turn_;
    pv.stun = (p.alive && wait > 0) ? wait : 0;
  }
  return v;
}

}  // namespace arbiter::jc2015::model

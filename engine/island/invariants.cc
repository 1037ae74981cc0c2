// CheckInvariants (invariants.h).
#include "island/invariants.h"

namespace arbiter::island {

std::string CheckInvariants(const State& s) {
  const Rules& r = s.rules();
  if (s.turn() < 0 || s.turn() > r.max_turns) return "turn out of [0, max_turns]";
  if (!s.IsTerminal() && s.turn() >= r.max_turns) return "the turn limit passed without an end";
  if (s.pos(0) >= s.pos(1))
    return "player 1 is not left of player 2 (island.board.island)";  // even past an edge
  const bool on0 = s.pos(0) >= 0, on1 = s.pos(1) < kIslandSize;
  if (!s.IsTerminal() && !(on0 && on1)) return "a player is off the island but the game goes on";
  if (s.IsTerminal() != (s.end() != End::kNone)) return "end reason and terminal disagree";
  if ((s.end() == End::kRetreatEdge || s.end() == End::kKnockedOff) && on0 && on1)
    return "a fall ended the game but both players are on the island";
  if (s.Winner() < -1 || s.Winner() >= kNumPlayers) return "winner out of range";
  if (s.IsTerminal() && s.end() != End::kLimit && s.Winner() < 0)
    return "a game ended by a player's loss has no winner";
  for (int p = 0; p < kNumPlayers; ++p) {
    if (s.shuffles(p) < 0 || s.shuffles(p) > r.shuffle_limit + 1) return "shuffles out of range";
    if (s.fresh(p) >= (1 << kHandSize)) return "fresh mask out of range";
    for (int8_t t : s.hand(p))
      if (t != kNoTile && (t < kMinTile || t > kMaxTile)) return "a tile out of 1..4";
    if (r.deal == Deal::kImmediate)
      for (int8_t t : s.hand(p))
        if (t == kNoTile) return "an empty slot under deal=immediate (island.tiles.deal)";
  }
  if (!s.IsTerminal())
    for (int8_t t : s.hand(s.current_player()))
      if (t == kNoTile) return "the player to move holds an empty slot (island.tiles.deal)";
  return {};
}

}  // namespace arbiter::island

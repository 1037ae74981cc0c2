// The Save The Island protocol text: the board line a bot is sent
// (island.board.*) and the move line it answers (island.syntax.*), both ways.
// Parsers never throw and accept any bytes; every rejection says why.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "island/rules.h"
#include "island/state.h"

namespace arbiter::island {

// island.board.format: "P;TTTTT;IIIIIIIIIIIIIII\n" for `player` (0 or 1; P is
// player + 1), its hand and the island, the same orientation for both players.
// A kNoTile slot (never shown to the player to move) prints as '?'.
std::string FormatBoard(const State& s, int player);

// A board as a bot reads it. Positions are cell indices 0..14.
struct Board {
  int player = 0;  // 0 or 1 (the board's '1' or '2')
  std::array<int, kHandSize> tiles{};
  std::array<int, 2> pos{};
};
// Strict: exactly the format of island.board.format, the trailing '\n'
// optional. False with `error` naming the part at fault.
bool ParseBoard(std::string_view text, Board& board, std::string& error);

// The reading of one answer line (without '\n') under `rules`.
struct Answer {
  bool ok = false;         // in the output grammar
  Move move;               // when ok
  std::string error;       // when not: why, for people, citing its clause
  std::string error_rule;  // and that clause, the rule it breaks
};
Answer ParseAnswer(std::string_view line, const Rules& rules);

// The canonical text of a move ("attack;22", "shuffle").
std::string MoveText(const Move& m);

// island.syntax.tiles under tile_chars=unicode: the value of the UTF-8
// decimal digit starting `text` (its length in `length`), or -1. Decimal
// digits of the scripts listed in codec.cc.
int UnicodeDigit(std::string_view text, int& length);

}  // namespace arbiter::island

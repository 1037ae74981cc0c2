// The JavaChallenge2015 text protocol: the turn input a player receives and the
// action line it answers (jc2015.protocol.*).
//
// Formatting goes through one plain view of the input (InputView), which is
// also what the parser produces, so that for every text the parser accepts,
// FormatInput(ParseInput(text)) == text. The parser is strict and says exactly
// where and why a text is not a turn input, because it reads other referees'
// output too.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/parse.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

struct PlayerView {
  int row = -1;  // -1 when not on the board
  int col = -1;
  char dir = 'U';
  int stun = 0;
  friend bool operator==(const PlayerView&, const PlayerView&) = default;
};

struct InputView {
  int id = 0;
  int turn = 0;
  std::array<int, kNumBlocks> blocks{};  // row-major, B[r][c] at r * 6 + c
  std::array<PlayerView, kNumPlayers> players{};
  // jc2015.protocol.input.position: the lines read "C R D S" (the rule
  // position_order=col-row); row and col above are the same either way.
  bool column_first = false;
  friend bool operator==(const InputView&, const InputView&) = default;
};

// jc2015.protocol.input.*: what player `id` is shown on the current turn.
InputView ViewFor(const State& state, int id);
// The exact bytes: "id\nT\n" six block rows, four "R C D S" rows, "EOD\n".
std::string FormatInput(const InputView& view);
inline std::string FormatInput(const State& state, int id) {
  return FormatInput(ViewFor(state, id));
}

// Parses one complete turn input (including the final "EOD\n"). Accepts only
// the canonical form FormatInput writes, with values in their ranges.
// With `column_first`, player lines are read "C R D S" (position_order=col-row).
Parsed<InputView> ParseInput(std::string_view text, bool column_first = false);

// jc2015.protocol.action.commands: reads one answer line (without its '\n').
// Returns Action::kInvalid for anything that is not a command under `parsing`.
Action ParseAction(std::string_view line, ActionParsing parsing = ActionParsing::kTrimmed);

}  // namespace arbiter::jc2015

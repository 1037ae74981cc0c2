// The Wondev Woman text protocol: the initialisation input, the turn input a
// player receives and the answer line it prints (wondev.protocol.*).
//
// Formatting goes through one plain view of the input (InputView), which is
// also what the parser produces, so that for every text the parser accepts,
// FormatInput(ParseInput(text)) == text. The parser is strict and says exactly
// where and why a text is not a turn input, because it reads other referees'
// output too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse.h"
#include "wondev/state.h"

namespace arbiter::wondev {

struct InputView {
  int size = 0;
  std::vector<std::string> rows;     // size rows of size characters: '.' or '0'..'4'
  std::vector<Pos> mine;             // the recipient's units
  std::vector<Pos> theirs;           // the opponent's units, (-1, -1) when not visible
  std::vector<std::string> actions;  // the legal actions, as sent
  friend bool operator==(const InputView&, const InputView&) = default;
};

// wondev.protocol.init: "size\nunitsPerPlayer\n".
std::string FormatInit(const State& state);
// wondev.protocol.input.*: what `player` is shown on the current turn.
InputView ViewFor(const State& state, int player);
std::string FormatInput(const InputView& view);
inline std::string FormatInput(const State& state, int player) {
  return FormatInput(ViewFor(state, player));
}

// Parses one complete turn input. Accepts only the canonical form FormatInput
// writes: rows of one size (5..7) over ".01234", 1 or 2 units a side as
// "x y" in range (or "-1 -1" for a hidden opponent), a count 0..128 and that
// many well-formed actions for those units, nothing after.
Parsed<InputView> ParseInput(std::string_view text);

// wondev.protocol.action.grammar, wondev.protocol.action.whitespace: reads one
// answer line (without its '\n'). Any message after the command is ignored.
Answer ParseAnswer(std::string_view line, ActionParsing parsing = ActionParsing::kTrimmed);

// `line` with its command keyword in upper case, when it is a keyword of the
// grammar written in another case ("move&build 0 N S" -> "MOVE&BUILD 0 N S");
// nullopt otherwise. What CodinGame's referee reads (KeywordCase::kAny).
std::optional<std::string> KeywordInUpperCase(std::string_view line);
// `line` as `rules` read its keyword: in upper case under keyword_case=any.
std::string CasedAnswer(std::string_view line, const Rules& rules);
// The answer under `rules`: its keyword's case (keyword_case), then its
// whitespace (action_parsing).
inline Answer ReadAnswer(std::string_view line, const Rules& rules) {
  return ParseAnswer(CasedAnswer(line, rules), rules.action_parsing);
}

}  // namespace arbiter::wondev

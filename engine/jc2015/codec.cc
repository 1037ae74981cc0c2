// Formatting and strict parsing of the JavaChallenge2015 turn input, and the
// reading of action lines (jc2015.protocol.*).
#include "jc2015/codec.h"

#include <vector>

#include "jc2015/protocol.h"

namespace arbiter::jc2015 {
namespace {

constexpr int kInputLines = 2 + kBoardBlocks + kNumPlayers + 1;

ParseError Error(int line, std::string message) { return ParseError{line, 0, std::move(message)}; }

// One integer field in [lo, hi]; on failure fills `err` and returns false.
bool ReadInt(std::string_view field, int line, const char* what, long long lo, long long hi,
             int& out, ParseError& err) {
  const auto v = ParseCanonicalInt(field);
  if (!v) {
    err = Error(line, std::string(what) + ": '" + EscapeBytes(field) +
                          "' is not an integer in canonical form");
    return false;
  }
  if (*v < lo || *v > hi) {
    err = Error(line, std::string(what) + ": " + std::to_string(*v) + " is out of range [" +
                          std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return false;
  }
  out = static_cast<int>(*v);
  return true;
}

}  // namespace

// The lines marked "MUTANT name:" are mutation points of the test-only engine
// mutants (rules.h); they compile away outside arbiter_engine_mutants.
InputView ViewFor(const State& state, int id) {
  InputView v;
  v.id = id;  // jc2015.protocol.input.id
  // jc2015.protocol.input.turn: T counts global turns from 0.
  // MUTANT turn-shown-from-one: the referee shows T + 1 (a counter from 1).
  v.turn = state.turn() + (ARBITER_MUTANT(state.rules(), kTurnShownFromOne) ? 1 : 0);
  for (int i = 0; i < kNumBlocks; ++i) {
    // MUTANT blocks-transposed: row i shows block column i (x and y swapped).
    const int shown = ARBITER_MUTANT(state.rules(), kBlocksTransposed)
                          ? (i % kBoardBlocks) * kBoardBlocks + i / kBoardBlocks
                          : i;
    v.blocks[i] = state.block_at(shown);
  }
  v.column_first = state.rules().position_order == PositionOrder::kColumnRow;
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& p = state.player(q);
    PlayerView& pv = v.players[q];
    pv.row = p.on_board ? p.row : -1;  // jc2015.protocol.input.position
    pv.col = p.on_board ? p.col : -1;
    pv.dir = DirLetter(p.dir);  // jc2015.protocol.input.fallen-fields: last direction
    // MUTANT stun-shown-one-less: S = stunned_until - T - 1 (never below 0),
    // so the attacker is shown 7 on its own turn T + 4 instead of 8.
    pv.stun = state.StunShown(q) -
              (ARBITER_MUTANT(state.rules(), kStunShownOneLess) && state.StunShown(q) > 0 ? 1 : 0);
  }
  return v;
}

std::string FormatInput(const InputView& v) {
  std::string out;
  out.reserve(160);
  out += std::to_string(v.id);
  out += '\n';
  out += std::to_string(v.turn);
  out += '\n';
  for (int r = 0; r < kBoardBlocks; ++r) {
    for (int c = 0; c < kBoardBlocks; ++c) {
      if (c) out += ' ';
      out += std::to_string(v.blocks[r * kBoardBlocks + c]);
    }
    out += '\n';
  }
  for (const PlayerView& p : v.players) {
    const int first = v.column_first ? p.col : p.row, second = v.column_first ? p.row : p.col;
    out += std::to_string(first) + ' ' + std::to_string(second) + ' ' + p.dir + ' ' +
           std::to_string(p.stun) + '\n';
  }
  out += "EOD\n";  // jc2015.protocol.input.eod
  return out;
}

Parsed<InputView> ParseInput(std::string_view text, bool column_first) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      return Error(
          static_cast<int>(lines.size()) + 1,
          "the last line '" + EscapeBytes(text.substr(start)) + "' does not end with a newline");
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  if (lines.size() < kInputLines) {
    return Error(static_cast<int>(lines.size()) + 1,
                 "the input ends after " + std::to_string(lines.size()) +
                     " lines; a turn input has " + std::to_string(kInputLines) +
                     " (id, T, 6 block rows, 4 player rows, EOD)");
  }
  if (lines.size() > kInputLines) {
    return Error(kInputLines + 1,
                 "unexpected text after EOD: '" + EscapeBytes(lines[kInputLines]) + "'");
  }
  InputView v;
  v.column_first = column_first;
  ParseError err;
  if (!ReadInt(lines[0], 1, "id", 0, kNumPlayers - 1, v.id, err)) return err;
  if (!ReadInt(lines[1], 2, "T", 0, 1'000'000'000, v.turn, err)) return err;
  for (int r = 0; r < kBoardBlocks; ++r) {
    const int line = 3 + r;
    const auto fields = SplitOn(lines[2 + r], ' ');
    if (fields.size() != kBoardBlocks) {
      return Error(line, "block row " + std::to_string(r) +
                             ": expected 6 integers separated by "
                             "single spaces, found " +
                             std::to_string(fields.size()) + " fields in '" +
                             EscapeBytes(lines[2 + r]) + "'");
    }
    for (int c = 0; c < kBoardBlocks; ++c) {
      const std::string what = "B[" + std::to_string(r) + "][" + std::to_string(c) + "]";
      if (!ReadInt(fields[c], line, what.c_str(), -kRestoreTurns, kMaxFallTimer,
                   v.blocks[r * kBoardBlocks + c], err))
        return err;
    }
  }
  for (int q = 0; q < kNumPlayers; ++q) {
    const int line = 3 + kBoardBlocks + q;
    const std::string_view text_line = lines[2 + kBoardBlocks + q];
    const auto fields = SplitOn(text_line, ' ');
    const std::string who = "player " + std::to_string(q);
    if (fields.size() != 4) {
      return Error(line, who + ": expected 'R C D S' separated by single spaces, found " +
                             std::to_string(fields.size()) + " fields in '" +
                             EscapeBytes(text_line) + "'");
    }
    PlayerView& p = v.players[q];
    int& first = column_first ? p.col : p.row;
    int& second = column_first ? p.row : p.col;
    if (!ReadInt(fields[0], line, (who + (column_first ? " C" : " R")).c_str(), -1,
                 kBoardSquares - 1, first, err) ||
        !ReadInt(fields[1], line, (who + (column_first ? " R" : " C")).c_str(), -1,
                 kBoardSquares - 1, second, err))
      return err;
    if ((p.row == -1) != (p.col == -1)) {
      return Error(line, who + ": R and C must both be -1 (fallen) or both on the board, got " +
                             std::to_string(p.row) + " " + std::to_string(p.col));
    }
    if (fields[2].size() != 1 ||
        std::string_view("URDL").find(fields[2][0]) == std::string_view::npos) {
      return Error(line, who + " D: '" + EscapeBytes(fields[2]) + "' is not one of U R D L");
    }
    p.dir = fields[2][0];
    if (!ReadInt(fields[3], line, (who + " S").c_str(), 0, kStunTurns, p.stun, err)) return err;
  }
  if (lines[kInputLines - 1] != "EOD") {
    return Error(kInputLines,
                 "expected 'EOD', found '" + EscapeBytes(lines[kInputLines - 1]) + "'");
  }
  return v;
}

Action ParseAction(std::string_view line, ActionParsing parsing) {
  if (parsing != ActionParsing::kExact) {
    // Like Java's String.trim(): every byte <= ' ' at either end is dropped.
    while (!line.empty() && static_cast<unsigned char>(line.front()) <= ' ') line.remove_prefix(1);
    while (!line.empty() && static_cast<unsigned char>(line.back()) <= ' ') line.remove_suffix(1);
  }
  // Like Java's split(" ")[0]: the first word counts, the rest is ignored.
  if (parsing == ActionParsing::kFirstWord) line = line.substr(0, line.find(' '));
  if (line.size() != 1) return Action::kInvalid;
  switch (line[0]) {
    case 'U':
      return Action::kUp;
    case 'R':
      return Action::kRight;
    case 'D':
      return Action::kDown;
    case 'L':
      return Action::kLeft;
    case 'A':
      return Action::kAttack;
    case 'N':
      return Action::kNothing;
    default:
      return Action::kInvalid;  // lowercase included: jc2015.protocol.action.commands
  }
}

const Profile* FindProfile(std::string_view name) {
  for (const Profile& p : kProfiles)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace arbiter::jc2015

// Fuzzes the Save The Island board parser, which reads the lines a referee
// sends (island.board.format): ParseBoard never crashes on any bytes, it
// accepts exactly the texts an independent matcher of the format accepts
// ("P;TTTTT;IIIIIIIIIIIIIII", P 1 or 2, tiles '1'..'4', island cells '0' '1'
// '2' with exactly one '1' and one '2', an optional final '\n'), and for every
// text it accepts, the state built from the parsed board formats back
// (FormatBoard for that player) to the text with its '\n'.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "island/codec.h"
#include "island/state.h"

namespace {

using namespace arbiter::island;

// The format, character class by character class, without the engine.
bool WellFormed(std::string_view text) {
  static constexpr std::string_view kPattern = "P;TTTTT;IIIIIIIIIIIIIII";
  if (text.size() == kPattern.size() + 1 && text.back() == '\n') text.remove_suffix(1);
  if (text.size() != kPattern.size()) return false;
  int ones = 0, twos = 0;
  for (size_t i = 0; i < kPattern.size(); ++i) {
    const char c = text[i];
    switch (kPattern[i]) {
      case 'P':
        if (c != '1' && c != '2') return false;
        break;
      case 'T':
        if (c < '1' || c > '4') return false;
        break;
      case 'I':
        if (c != '0' && c != '1' && c != '2') return false;
        ones += c == '1';
        twos += c == '2';
        break;
      default:
        if (c != kPattern[i]) return false;
    }
  }
  return ones == 1 && twos == 1;
}

[[noreturn]] void Fail(const char* what, std::string_view text, const std::string& detail) {
  std::fprintf(stderr, "island_board_parser_fuzzer: %s\n--- input (%zu bytes)\n%.*s\n--- %s\n",
               what, text.size(), static_cast<int>(text.size()), text.data(), detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Board board;
  std::string error;
  const bool accepted = ParseBoard(text, board, error);
  if (accepted != WellFormed(text))
    Fail(accepted ? "accepted a text outside the format" : "rejected a well-formed board", text,
         accepted ? std::string("(accepted)") : error);
  if (!accepted) {
    if (error.empty()) Fail("rejected without a reason", text, "");
    return 0;
  }
  // The opponent's hand is not on the board; any valid one will do.
  std::array<Hand, 2> hands{};
  for (int i = 0; i < kHandSize; ++i) {
    hands[board.player][i] = static_cast<int8_t>(board.tiles[i]);
    hands[1 - board.player][i] = static_cast<int8_t>(kMinTile);
  }
  const State s = State::FromParts(Rules{}, board.player, board.pos, hands, {0, 0}, 0);
  std::string canonical(text);
  if (canonical.empty() || canonical.back() != '\n') canonical += '\n';
  const std::string again = FormatBoard(s, board.player);
  if (again != canonical) Fail("the accepted board does not format back", text, again);
  return 0;
}

// The board and move texts of Save The Island (codec.h). The move parser is
// the one place that reads what a bot answers; each rejection names the rule
// broken, for the events and the bot checks.
#include "island/codec.h"

#include <algorithm>

namespace arbiter::island {
namespace {

// The zero of each block of ten Unicode decimal digits (category Nd) that
// tile_chars=unicode accepts: Arabic-Indic, Extended Arabic-Indic, NKo, the
// Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, Limbu, New Tai
// Lue, Tai Tham, Balinese, Sundanese, Lepcha, Ol Chiki, Vai, Saurashtra, Kayah
// Li, Javanese, Myanmar extended, Cham, Meetei Mayek, fullwidth, Osmanya, and
// the five mathematical digit sets.
constexpr uint32_t kDigitZeros[] = {
    0x0660, 0x06F0, 0x07C0, 0x0966,  0x09E6,  0x0A66,  0x0AE6,  0x0B66,  0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0,  0x0F20,  0x1040,  0x1090,  0x17E0,  0x1810, 0x1946, 0x19D0,
    0x1A80, 0x1A90, 0x1B50, 0x1BB0,  0x1C40,  0x1C50,  0xA620,  0xA8D0,  0xA900, 0xA9D0, 0xA9F0,
    0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6};

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool SameWord(std::string_view a, std::string_view b, bool any_case) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if ((any_case ? Lower(a[i]) : a[i]) != b[i]) return false;
  return true;
}

std::string Shown(std::string_view text) {
  std::string out;
  for (unsigned char c : text.substr(0, 40)) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out + (text.size() > 40 ? "..." : "");
}

// An answer outside the grammar: why, citing `clause`, the rule it breaks.
Answer Reject(std::string why, const char* clause) {
  Answer a;
  a.error = std::move(why) + " (" + clause + ")";
  a.error_rule = clause;
  return a;
}

}  // namespace

std::string FormatBoard(const State& s, int player) {
  std::string out;
  out += static_cast<char>('1' + player);  // island.board.player
  out += ';';
  for (int8_t t : s.hand(player)) out += t == kNoTile ? '?' : static_cast<char>('0' + t);
  out += ';';
  std::string island(kIslandSize, '0');  // island.board.island: one orientation for both
  for (int p = 0; p < kNumPlayers; ++p)
    if (s.pos(p) >= 0 && s.pos(p) < kIslandSize) island[s.pos(p)] = static_cast<char>('1' + p);
  if (player == 1 &&
      ISLAND_MUTANT(s.rules(), kMirroredForPlayer2))  // MUTANT mirrored-for-player-2:
    std::reverse(island.begin(), island.end());
  return out + island + "\n";
}

bool ParseBoard(std::string_view text, Board& board, std::string& error) {
  if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  constexpr size_t kLength = 1 + 1 + kHandSize + 1 + kIslandSize;
  if (text.size() != kLength || text[1] != ';' || text[2 + kHandSize] != ';') {
    error = "not 'P;TTTTT;IIIIIIIIIIIIIII' (island.board.format): '" + Shown(text) + "'";
    return false;
  }
  if (text[0] != '1' && text[0] != '2') {
    error = "the player number must be 1 or 2 (island.board.player)";
    return false;
  }
  board.player = text[0] - '1';
  for (int i = 0; i < kHandSize; ++i) {
    const char c = text[2 + i];
    if (c < '1' || c > '4') {
      error = "tile " + std::to_string(i) + " is not 1..4 (island.board.tiles)";
      return false;
    }
    board.tiles[i] = c - '0';
  }
  int found[2] = {0, 0};
  for (int i = 0; i < kIslandSize; ++i) {
    const char c = text[3 + kHandSize + i];
    if (c == '0') continue;
    if (c != '1' && c != '2') {
      error = "island cell " + std::to_string(i) + " is not 0, 1 or 2 (island.board.island)";
      return false;
    }
    ++found[c - '1'];
    board.pos[c - '1'] = i;
  }
  if (found[0] != 1 || found[1] != 1) {
    error = "the island must hold exactly one 1 and one 2 (island.board.island)";
    return false;
  }
  return true;
}

int UnicodeDigit(std::string_view text, int& length) {
  const auto b = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  if (text.empty()) return -1;
  uint32_t cp = 0;
  const unsigned char lead = b(0);
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    cp = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    cp = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    cp = lead & 0x07;
  } else {
    return -1;
  }
  if (text.size() < static_cast<size_t>(length)) return -1;
  for (int i = 1; i < length; ++i) {
    if ((b(i) & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (b(i) & 0x3F);
  }
  if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return -1;  // overlong or surrogate: not UTF-8
  for (uint32_t zero : kDigitZeros)
    if (cp >= zero && cp < zero + 10) return static_cast<int>(cp - zero);
  return -1;
}

Answer ParseAnswer(std::string_view line, const Rules& rules) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // a "\r\n" line end
  if (rules.whitespace == Whitespace::kTrim) {                      // island.syntax.whitespace
    while (!line.empty() && IsBlank(line.front())) line.remove_prefix(1);
    while (!line.empty() && IsBlank(line.back())) line.remove_suffix(1);
  }
  if (line.find_first_of(" \t") != std::string_view::npos)
    return Reject("blanks in the line", "island.syntax.whitespace");
  const bool any_case = rules.keyword_case == KeywordCase::kAny ||
                        ISLAND_MUTANT(rules, kKeywordsAnyCase);  // MUTANT keywords-any-case:
  const size_t semi = line.find(';');
  const std::string_view word = line.substr(0, semi);
  Answer a;
  if (SameWord(word, "shuffle", any_case)) {
    if (semi != std::string_view::npos)
      return Reject("shuffle takes no tiles", "island.syntax.separators");
    a.ok = true;
    a.move = {MoveKind::kShuffle, 0, 0};
    return a;
  }
  if (SameWord(word, "move", any_case)) {
    a.move.kind = MoveKind::kMove;
  } else if (SameWord(word, "retreat", any_case)) {
    a.move.kind = MoveKind::kRetreat;
  } else if (SameWord(word, "attack", any_case)) {
    a.move.kind = MoveKind::kAttack;
  } else {
    return Reject("'" + Shown(word) + "' is not move, retreat, attack or shuffle",
                  "island.syntax.keywords");
  }
  if (semi == std::string_view::npos)
    return Reject("no ';' and tiles after '" + Shown(word) + "'", "island.syntax.separators");
  std::string_view tiles = line.substr(semi + 1);
  if (tiles.empty()) return Reject("no tile after ';'", "island.syntax.separators");
  while (!tiles.empty()) {
    int value = -1, length = 1;
    const char c = tiles.front();
    if (c >= '0' && c <= '9') {
      value = c - '0';
    } else if (rules.tile_chars == TileChars::kUnicode) {
      value = UnicodeDigit(tiles, length);
    }
    if (value < kMinTile || value > kMaxTile) {
      if (c == ';') return Reject("an extra ';'", "island.syntax.separators");
      return Reject("'" + Shown(tiles.substr(0, std::max(1, length))) + "' is not a tile 1..4",
                    "island.syntax.tiles");
    }
    if (a.move.count > 0 && value != a.move.value)
      return Reject("the tiles of an attack are one value repeated, attack;x...x",
                    "island.attack.distance");
    a.move.value = value;
    ++a.move.count;
    tiles.remove_prefix(length);
  }
  if (a.move.kind != MoveKind::kAttack && a.move.count != 1)
    return Reject(std::string(a.move.kind == MoveKind::kMove ? "move" : "retreat") +
                      " takes exactly one tile",
                  "island.move.single");
  a.ok = true;
  return a;
}

std::string MoveText(const Move& m) {
  switch (m.kind) {
    case MoveKind::kMove:
      return "move;" + std::to_string(m.value);
    case MoveKind::kRetreat:
      return "retreat;" + std::to_string(m.value);
    case MoveKind::kShuffle:
      return "shuffle";
    case MoveKind::kAttack:
      return "attack;" + std::string(static_cast<size_t>(std::max(0, m.count)),
                                     static_cast<char>('0' + m.value));
  }
  return "?";
}

}  // namespace arbiter::island

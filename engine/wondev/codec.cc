// Formatting and strict parsing of the Wondev Woman inputs, and the reading of
// answer lines (codec.h).
#include "wondev/codec.h"

#include <utility>

namespace arbiter::wondev {
namespace {

ParseError Error(int line, std::string message) { return ParseError{line, 0, std::move(message)}; }

bool ReadInt(std::string_view field, int lo, int hi, int& out) {
  const auto v = ParseCanonicalInt(field);
  if (!v || *v < lo || *v > hi) return false;
  out = static_cast<int>(*v);
  return true;
}

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// Splits off the next token, up to a blank or the end. Returns false when no
// token starts here (the line ends, or another blank follows).
bool NextToken(std::string_view& rest, std::string_view& token) {
  if (rest.empty() || IsBlank(rest.front())) return false;
  size_t end = 0;
  while (end < rest.size() && !IsBlank(rest[end])) ++end;
  token = rest.substr(0, end);
  rest.remove_prefix(end);
  return true;
}

// After a command: nothing, or whitespace and a message (any bytes).
bool MessageOk(std::string_view rest, bool exact) {
  if (rest.empty()) return true;
  return exact ? rest.front() == ' ' || rest.front() == '\t' : IsBlank(rest.front());
}

void SkipBlanks(std::string_view& rest, bool exact) {
  if (exact) {
    if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    return;
  }
  while (!rest.empty() && IsBlank(rest.front())) rest.remove_prefix(1);
}

}  // namespace

std::string FormatInit(const State& s) {
  return std::to_string(s.size()) + '\n' + std::to_string(s.units_per_player()) + '\n';
}

InputView ViewFor(const State& s, int player) {
  InputView v;
  v.size = s.size();
  for (int y = 0; y < s.size(); ++y) {  // wondev.protocol.input.rows
    std::string row;
    for (int x = 0; x < s.size(); ++x) {
      const int h = s.map().at(x, y);
      row += h == kHole ? '.' : static_cast<char>('0' + h);  // 4 stays printed (wondev.grid.cells)
    }
    v.rows.push_back(row);
  }
  for (int i = 0; i < s.units_per_player(); ++i) {  // wondev.protocol.input.units
    v.mine.push_back(s.unit(player, i));
    v.theirs.push_back(s.Visible(player, 1 - player, i) ? s.unit(1 - player, i) : Pos{});
  }
  for (const Action& a : s.LegalActionsFor(player)) v.actions.push_back(ActionText(a));
  return v;
}

std::string FormatInput(const InputView& v) {
  std::string out;
  out.reserve(64 + 20 * v.actions.size());
  for (const std::string& row : v.rows) out += row + '\n';
  for (const auto* side : {&v.mine, &v.theirs})
    for (const Pos& p : *side) out += std::to_string(p.x) + ' ' + std::to_string(p.y) + '\n';
  out += std::to_string(v.actions.size()) + '\n';
  for (const std::string& a : v.actions) out += a + '\n';
  return out;
}

Parsed<InputView> ParseInput(std::string_view text) {
  if (text.empty()) return Error(1, "the input is empty");
  if (text.back() != '\n') return Error(0, "the input does not end with a newline");
  const std::vector<std::string_view> lines = SplitOn(text.substr(0, text.size() - 1), '\n');
  InputView v;
  v.size = static_cast<int>(lines[0].size());
  if (v.size < kMinSize || v.size > kMaxSize)
    return Error(1, "the first row '" + EscapeBytes(lines[0]) + "' is not 5 to 7 cells long");
  size_t at = 0;
  for (int y = 0; y < v.size; ++y, ++at) {
    if (at >= lines.size())
      return Error(static_cast<int>(at) + 1, "the input ends inside the grid");
    const std::string_view row = lines[at];
    if (static_cast<int>(row.size()) != v.size ||
        row.find_first_not_of(".01234") != std::string_view::npos)
      return Error(static_cast<int>(at) + 1, "row " + std::to_string(y) + ": '" + EscapeBytes(row) +
                                                 "' is not " + std::to_string(v.size) +
                                                 " cells of . 0 1 2 3 4");
    v.rows.emplace_back(row);
  }
  std::vector<Pos> units;
  for (; at < lines.size() && lines[at].find(' ') != std::string_view::npos; ++at) {
    const auto f = SplitOn(lines[at], ' ');
    int x = 0, y = 0;
    if (f.size() != 2 || !ReadInt(f[0], -1, v.size - 1, x) || !ReadInt(f[1], -1, v.size - 1, y) ||
        (x < 0) != (y < 0))
      return Error(static_cast<int>(at) + 1,
                   "'" + EscapeBytes(lines[at]) + "' is not a unit 'x y' on the grid or '-1 -1'");
    units.push_back({static_cast<int8_t>(x), static_cast<int8_t>(y)});
  }
  if (units.size() != 2 && units.size() != 2 * kMaxUnits)
    return Error(static_cast<int>(at) + 1,
                 "expected 2 or 4 unit lines, found " + std::to_string(units.size()));
  const size_t per = units.size() / 2;
  v.mine.assign(units.begin(), units.begin() + per);
  v.theirs.assign(units.begin() + per, units.end());
  for (size_t i = 0; i < per; ++i)
    if (v.mine[i].x < 0) return Error(v.size + 1 + static_cast<int>(i), "an own unit is hidden");
  int count = 0;
  if (at >= lines.size() || !ReadInt(lines[at], 0, kMaxLegalActions, count))
    return Error(static_cast<int>(at) + 1, "expected legalActions, an integer in 0..128");
  ++at;
  if (lines.size() - at != static_cast<size_t>(count))
    return Error(static_cast<int>(at) + 1, "expected " + std::to_string(count) +
                                               " action lines, found " +
                                               std::to_string(lines.size() - at));
  for (; at < lines.size(); ++at) {
    const Answer a = ParseAnswer(lines[at], ActionParsing::kExact);
    if (a.kind != Answer::kAction || ActionText(a.action) != lines[at] ||
        a.action.unit >= static_cast<int>(per))
      return Error(static_cast<int>(at) + 1,
                   "'" + EscapeBytes(lines[at]) + "' is not an action 'atype index dir1 dir2'");
    v.actions.emplace_back(lines[at]);
  }
  return v;
}

Answer ParseAnswer(std::string_view line, ActionParsing parsing) {
  const bool exact = parsing == ActionParsing::kExact;
  if (!exact) {  // like Java's String.trim(): every byte <= ' ' at either end
    if (parsing == ActionParsing::kTrimmed)  // kTrailing: at the end only (stripTrailing)
      while (!line.empty() && static_cast<unsigned char>(line.front()) <= ' ')
        line.remove_prefix(1);
    while (!line.empty() && static_cast<unsigned char>(line.back()) <= ' ') line.remove_suffix(1);
  }
  Answer out;
  std::string_view rest = line, type;
  if (!NextToken(rest, type)) return out;
  if (type == "ACCEPT-DEFEAT") {
    if (MessageOk(rest, exact)) out.kind = Answer::kAcceptDefeat;
    return out;
  }
  if (type != "MOVE&BUILD" && type != "PUSH&BUILD") return out;
  std::string_view index, d1, d2;
  for (std::string_view* token : {&index, &d1, &d2}) {
    if (rest.empty() || (exact && rest.front() != ' ')) return out;
    SkipBlanks(rest, exact);
    if (!NextToken(rest, *token)) return out;
  }
  const auto unit = ParseCanonicalInt(index);
  const auto dir1 = DirFromName(d1), dir2 = DirFromName(d2);
  if (!unit || *unit < 0 || *unit > 9 || !dir1 || !dir2 || !MessageOk(rest, exact)) return out;
  out.kind = Answer::kAction;
  out.action = {type == "MOVE&BUILD" ? ActionType::kMoveBuild : ActionType::kPushBuild,
                static_cast<int>(*unit), *dir1, *dir2};
  return out;
}

std::optional<std::string> KeywordInUpperCase(std::string_view line) {
  size_t begin = 0;
  while (begin < line.size() && static_cast<unsigned char>(line[begin]) <= ' ') ++begin;
  size_t end = begin;
  while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
  const std::string keyword = AsciiUpper(line.substr(begin, end - begin));
  if (keyword == line.substr(begin, end - begin)) return std::nullopt;
  if (keyword != "MOVE&BUILD" && keyword != "PUSH&BUILD" && keyword != "ACCEPT-DEFEAT")
    return std::nullopt;
  std::string read(line);
  read.replace(begin, end - begin, keyword);
  return read;
}

std::string CasedAnswer(std::string_view line, const Rules& rules) {
  if (rules.keyword_case == KeywordCase::kAny)
    if (auto upper = KeywordInUpperCase(line)) return *std::move(upper);
  return std::string(line);
}

}  // namespace arbiter::wondev

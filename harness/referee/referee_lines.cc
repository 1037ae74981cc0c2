// What a real referee's lines say (referee_lines.h).
#include "referee/referee_lines.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <initializer_list>
#include <utility>

#include "core/parse.h"

namespace arbiter::harness {
namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The number after `at` (spaces, '#', ':' skipped), or -1.
int NumberAt(const std::string& s, size_t at) {
  while (at < s.size() && (s[at] == ' ' || s[at] == '#' || s[at] == ':')) ++at;
  size_t end = at;
  while (end < s.size() && end - at < 4 && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
  if (end == at || (end < s.size() && std::isalnum(static_cast<unsigned char>(s[end])))) return -1;
  return std::stoi(s.substr(at, end - at));
}

// The integers of the JSON array after `key` in `line` ("[1, 0]"); empty
// when there is none or one is not an integer.
std::vector<int> IntsAfter(const std::string& line, const std::string& key) {
  const size_t at = line.find(key);
  if (at == std::string::npos) return {};
  const size_t open = line.find('[', at), close = line.find(']', at);
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::vector<int> out;
  std::string item;
  for (const char c : line.substr(open + 1, close - open - 1) + ",") {
    if (c != ',') {
      if (c != ' ') item += c;
      continue;
    }
    const auto v = ParseCanonicalInt(item);
    if (!v || *v < -1000 || *v > 1000) return {};
    out.push_back(static_cast<int>(*v));
    item.clear();
  }
  return out;
}

}  // namespace

std::optional<std::vector<std::vector<int>>> ParseRanking(std::string_view rest, int players) {
  std::vector<std::vector<int>> groups;
  std::vector<bool> seen(players, false);
  size_t count = 0;
  for (size_t i = 0; i < rest.size();) {
    if (rest[i] == ' ') {
      ++i;
      continue;
    }
    std::vector<int> group;
    for (; i < rest.size() && rest[i] != ' '; ++i) {
      const int p = rest[i] - '0';
      if (p < 0 || p >= players || p > 9 || seen[p]) return std::nullopt;
      seen[p] = true;
      group.push_back(p);
      ++count;
    }
    groups.push_back(std::move(group));
  }
  if (count != static_cast<size_t>(players)) return std::nullopt;
  return groups;
}

std::vector<std::vector<int>> RankingOfWinner(int winner, int players) {
  std::vector<int> all, rest;
  for (int p = 0; p < players; ++p) {
    all.push_back(p);
    if (p != winner) rest.push_back(p);
  }
  if (winner < 0) return {all};
  if (rest.empty()) return {{winner}};
  return {{winner}, rest};
}

std::string FormatRanking(const std::vector<std::vector<int>>& ranking) {
  std::string out;
  for (const auto& group : ranking) {
    if (!out.empty()) out += ' ';
    for (int p : group) out += std::to_string(p);
  }
  return out;
}

RefereeSaid ReadRefereeLine(const std::string& line, int players) {
  RefereeSaid said;
  said.line = line;
  const std::string low = Lower(line);
  static const std::initializer_list<const char*> kTimeoutWords = {
      "timeout",       "timed out",      "time out",        "too slow",
      "took too long", "did not answer", "did not respond", "no answer"};
  static const std::initializer_list<const char*> kRejectWords = {
      "invalid",      "illegal",         "disqualif",      "kicked",
      "not a valid",  "unknown command", "bad action",     "wrong action",
      "wrong output", "cannot parse",    "could not parse"};
  // Where the complaint is; a count of none ("0 invalid moves", not
  // "player 0 timed out") is none.
  const auto zero_count = [&](size_t i) {
    if (i < 2 || low.compare(i - 2, 2, "0 ") != 0) return false;
    if (i > 2 && std::isdigit(static_cast<unsigned char>(low[i - 3]))) return false;
    std::string_view before = std::string_view(low).substr(0, i - 2);
    while (!before.empty() && (before.back() == ' ' || before.back() == '#'))
      before.remove_suffix(1);
    for (const char* word : {"player", "bot", "joueur", "###error"})
      if (before.ends_with(word)) return false;
    return true;
  };
  size_t at = std::string::npos;
  const auto find = [&](std::initializer_list<const char*> words) {
    bool found = false;
    for (const char* w : words)
      for (size_t i = low.find(w); i != std::string::npos; i = low.find(w, i + 1))
        if (!zero_count(i)) at = std::min(at, i), found = true;
    return found;
  };
  const bool error = low.rfind("###error", 0) == 0;
  if (find(kTimeoutWords) || (error && low.find("timeout") != std::string::npos))
    said.kind = RefereeSaid::kTimeout;
  else if (error || find(kRejectWords))
    said.kind = RefereeSaid::kRejected;
  // The seat: "###Error N", else the player or bot number nearest the
  // complaint ("Player 0 wins; player 1 made an invalid move": 1).
  int seat = error ? NumberAt(low, 8) : -1;
  size_t best = std::string::npos;
  for (const char* word : {"player", "bot", "joueur"}) {
    const size_t n = std::string_view(word).size();
    for (size_t i = low.find(word); !error && i != std::string::npos; i = low.find(word, i + 1)) {
      if (i > 0 && std::isalnum(static_cast<unsigned char>(low[i - 1]))) continue;  // "robot"
      const int number = NumberAt(low, i + n);
      if (number < 0) continue;
      const size_t distance = at == std::string::npos ? 0 : (i > at ? i - at : at - i);
      if (best == std::string::npos || distance < best) best = distance, seat = number;
    }
  }
  said.seat = seat >= 0 && seat < players ? seat : -1;
  return said;
}

std::optional<ResultLine> ReadResultLine(const std::string& line, int players) {
  if (line.rfind("RESULT ", 0) == 0) {
    const size_t end = line.find(' ', 7);
    const auto w = ParseCanonicalInt(std::string_view(line).substr(7, end - 7));
    if (!w || *w < -1 || *w >= players) return std::nullopt;
    return ResultLine{RankingOfWinner(static_cast<int>(*w), players), {}};
  }
  if (line.find('{') == std::string::npos || line.find("\"ranks\"") == std::string::npos)
    return std::nullopt;
  const std::vector<int> ranks = IntsAfter(line, "\"ranks\"");
  bool ok = true;
  for (int r : ranks) ok = ok && r >= 0 && r < players;
  if (!ok || static_cast<int>(ranks.size()) != players) return std::nullopt;
  ResultLine result;
  for (int rank = 0; rank < players; ++rank) {
    std::vector<int> group;
    for (int p = 0; p < players; ++p)
      if (ranks[p] == rank) group.push_back(p);
    if (!group.empty()) result.ranking.push_back(std::move(group));
  }
  result.errors = IntsAfter(line, "\"errors\"");
  if (static_cast<int>(result.errors.size()) != players) result.errors.clear();
  return result;
}

bool LaunchedLikeTheCgSdk(const std::vector<std::string>& argv, int players) {
  if (players < 1) return false;
  for (int k = 0; k < players; ++k) {
    const std::string flag = "-p" + std::to_string(k + 1);
    const std::string bot = "{bot" + std::to_string(k) + "}";
    bool found = false;
    for (size_t i = 0; i + 1 < argv.size() && !found; ++i)
      found = argv[i] == flag && argv[i + 1].find(bot) != std::string::npos;
    if (!found) return false;
  }
  return true;
}

std::optional<ScoresResult> ReadCgSdkScores(const std::vector<std::string>& tail, int players) {
  if (players < 1) return std::nullopt;
  const auto trimmed = [](std::string_view l) {
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
    return l;
  };
  const auto score = [&](std::string_view l) -> std::optional<long long> {
    const auto v = ParseCanonicalInt(trimmed(l));
    if (!v || *v < -1000000000LL || *v > 1000000000LL) return std::nullopt;
    return v;
  };
  // The game's parameters after the scores: "key=value" lines, or empty ones.
  size_t end = tail.size();
  while (end > 0) {
    const std::string_view l = trimmed(tail[end - 1]);
    const size_t eq = l.find('=');
    if (!l.empty() && (eq == std::string_view::npos || eq == 0)) break;
    --end;
  }
  const size_t count = static_cast<size_t>(players);
  if (end < count) return std::nullopt;
  ScoresResult r;
  for (size_t i = end - count; i < end; ++i) {
    const auto v = score(tail[i]);
    if (!v) return std::nullopt;
    r.scores.push_back(*v);
  }
  // One integer line more before them: not the SDK's shape (a log of numbers).
  if (end > count && score(tail[end - count - 1])) return std::nullopt;
  std::vector<long long> levels = r.scores;
  std::sort(levels.begin(), levels.end(), std::greater<>());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  for (const long long level : levels) {
    std::vector<int> group;
    for (int p = 0; p < players; ++p)
      if (r.scores[p] == level) group.push_back(p);
    r.ranking.push_back(std::move(group));
  }
  r.text = "scores";
  for (const long long v : r.scores) r.text += " " + std::to_string(v);
  return r;
}

}  // namespace arbiter::harness

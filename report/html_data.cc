// The data behind the HTML report's board replays, embedded in the page as
// JSON and drawn by its script: per match with turns, a window of at most
// kMaxEmbeddedTurns turns around its failing turns (what each player was
// sent, what it answered, escaped, the time and the turn's events, and the
// board view of the input from the game's GameInfo::board_view); per finding,
// its failing turn in that window; for a referee divergence, the referee's
// board and the reference board with the cells and pieces that differ. A game
// with no board view, or a message it does not understand, gets a null view
// and the page shows the raw text; nothing here may throw on bad input.
#include <algorithm>
#include <map>
#include <set>

#include "core/game.h"
#include "core/parse.h"
#include "report/html_internal.h"

namespace arbiter::report::html {
namespace {

using nlohmann::json;

// The game's board view of `message`, or null (no view, not understood, or
// the view function failed).
json ViewOf(const GameInfo* game, const std::string& message) {
  if (game == nullptr || game->board_view == nullptr || message.empty()) return nullptr;
  try {
    json v = game->board_view(message);
    return v.is_object() ? v : json(nullptr);
  } catch (...) {
    return nullptr;
  }
}

// Replaces a view's cells and pieces by indices into a pool of distinct
// objects, shared by the whole page.
class Pool {
 public:
  json Compact(json view) {
    if (!view.is_object()) return nullptr;
    for (const char* key : {"cells", "pieces"}) {
      if (!view.contains(key) || !view[key].is_array()) {
        view[key] = json::array();
        continue;
      }
      json ids = json::array();
      for (const json& item : view[key]) ids.push_back(Id(item));
      view[key] = std::move(ids);
    }
    return view;
  }
  json& items() { return items_; }

 private:
  int Id(const json& item) {
    const std::string k = item.dump(-1, ' ', false, json::error_handler_t::replace);
    auto [it, added] = ids_.emplace(k, static_cast<int>(items_.size()));
    if (added) items_.push_back(item);
    return it->second;
  }
  json items_ = json::array();
  std::map<std::string, int> ids_;
};

// The index of the turn record of finding `f`: its turn, played by its seat
// when it has one; -1 when the finding is not on a recorded turn.
int TurnIndex(const harness::MatchResult& m, const harness::Finding& f) {
  if (f.turn < 0) return -1;
  int any = -1;
  for (size_t i = 0; i < m.turns.size(); ++i) {
    if (m.turns[i].turn != f.turn) continue;
    if (f.seat < 0 || m.turns[i].player == f.seat) return static_cast<int>(i);
    if (any < 0) any = static_cast<int>(i);
  }
  return any;
}

std::string Str(const json& j, const char* key) {
  if (!j.contains(key)) return "";
  return j[key].is_string() ? j[key].get<std::string>() : j[key].dump();
}

// The keys pieces are matched by: their first class, else their index.
std::vector<std::string> PieceKeys(const json& pieces) {
  std::vector<std::string> keys;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const std::string cls = Str(pieces[i], "cls");
    const std::string first = cls.substr(0, cls.find(' '));
    keys.push_back(first.empty() || first == "null" ? "#" + std::to_string(i) : first);
  }
  return keys;
}

const json& Items(const json& view, const char* key) {
  static const json kNone = json::array();
  if (!view.is_object() || !view.contains(key) || !view[key].is_array()) return kNone;
  return view[key];
}

json Divergence(const GameInfo* game, const harness::Finding& f, Pool& pool) {
  // finding.received is the referee's message escaped; finding.input the reference's.
  const std::optional<std::string> referee = UnescapeBytes(f.received);
  const std::string referee_text = referee ? *referee : f.received;
  const json a = ViewOf(game, referee_text), b = ViewOf(game, f.input);
  const ViewDiff d = DiffViews(a, b);
  return {{"referee_text", referee_text},
          {"reference_text", f.input},
          {"referee", pool.Compact(a)},
          {"reference", pool.Compact(b)},
          {"diff",
           {{"referee_cells", d.cells_a},
            {"reference_cells", d.cells_b},
            {"referee_pieces", d.pieces_a},
            {"reference_pieces", d.pieces_b}}}};
}

}  // namespace

std::string ScriptJson(const json& data) {
  auto compact = [](const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
  };
  auto lines = [&](const json& array, const auto& item) {
    std::string s = "[";
    for (size_t i = 0; i < array.size(); ++i) s += (i ? ",\n" : "\n") + item(array[i]);
    return s + "\n]";
  };
  // One pool item, turn or replay per line, so that baselines diff by line.
  std::string text = "{";
  bool first = true;
  for (const auto& [key, value] : data.items()) {
    text += (first ? "\n" : ",\n") + compact(key) + ":";
    first = false;
    if ((key == "pool" || key == "replays") && value.is_array()) {
      text += lines(value, compact);
    } else if (key == "tracks" && value.is_array()) {
      text += lines(value, [&](const json& track) {
        json head = track;
        head.erase("turns");
        std::string s = compact(head);
        s.pop_back();  // the closing brace
        return s + (head.empty() ? "" : ",") +
               "\"turns\":" + lines(track.value("turns", json::array()), compact) + "}";
      });
    } else {
      text += compact(value);
    }
  }
  text += "\n}";
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  for (char c : text) {
    // These appear only inside JSON strings, where the escapes mean the same.
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
  return out;
}

ViewDiff DiffViews(const json& a, const json& b) {
  ViewDiff d;
  if (!a.is_object() || !b.is_object()) return d;
  auto cell_key = [](const json& c) {
    return Str(c, "r") + "," + Str(c, "c") + "," + Str(c, "h") + "," + Str(c, "w");
  };
  auto cells = [&](const json& from, const json& to, std::vector<int>& out) {
    std::map<std::string, const json*> at;
    for (const json& c : Items(to, "cells")) at[cell_key(c)] = &c;
    const json& items = Items(from, "cells");
    for (size_t i = 0; i < items.size(); ++i) {
      auto it = at.find(cell_key(items[i]));
      if (it == at.end() || Str(*it->second, "label") != Str(items[i], "label") ||
          Str(*it->second, "cls") != Str(items[i], "cls"))
        out.push_back(static_cast<int>(i));
    }
  };
  cells(a, b, d.cells_a);
  cells(b, a, d.cells_b);
  auto pieces = [&](const json& from, const json& to, std::vector<int>& out) {
    const json &fp = Items(from, "pieces"), &tp = Items(to, "pieces");
    const std::vector<std::string> fk = PieceKeys(fp), tk = PieceKeys(tp);
    for (size_t i = 0; i < fp.size(); ++i) {
      const auto j = std::find(tk.begin(), tk.end(), fk[i]);
      bool same = j != tk.end();
      if (same) {
        const json& o = tp[j - tk.begin()];
        for (const char* key : {"r", "c", "dir", "label", "cls"})
          same = same && Str(o, key) == Str(fp[i], key);
      }
      if (!same) out.push_back(static_cast<int>(i));
    }
  };
  pieces(a, b, d.pieces_a);
  pieces(b, a, d.pieces_b);
  return d;
}

json ReplayData(const RunReport& report, std::vector<std::vector<int>>& replay_of,
                std::vector<int>& passing_replay_of) {
  const GameInfo* game = FindGame(report.game);
  Pool pool;
  json tracks = json::array(), replays = json::array();
  replay_of.assign(report.matches.size(), {});
  passing_replay_of.assign(report.matches.size(), -1);
  std::set<std::string> kinds_replayed;  // a passing game of each kind
  // Only the findings the page shows (the first of each group) get a replay.
  std::vector<std::vector<bool>> shown(report.matches.size());
  std::vector<int> first_number(report.matches.size(), 0);
  for (size_t mi = 0, number = 0; mi < report.matches.size(); ++mi) {
    shown[mi].assign(report.matches[mi].findings.size(), false);
    first_number[mi] = static_cast<int>(number);
    number += report.matches[mi].findings.size();
  }
  for (const RunReport::FindingGroup& g : report.GroupedFindings())
    shown[g.first.match][g.first.index] = true;
  for (size_t mi = 0; mi < report.matches.size(); ++mi) {
    const harness::MatchResult& m = report.matches[mi];
    replay_of[mi].assign(m.findings.size(), -1);
    const bool passing = m.findings.empty() && m.shrunk_from.empty() && !m.turns.empty() &&
                         kinds_replayed.insert(m.kind).second;
    if (!passing && std::find(shown[mi].begin(), shown[mi].end(), true) == shown[mi].end())
      continue;
    int finding_number = first_number[mi];
    const int n = static_cast<int>(m.turns.size());
    std::vector<int> failing;
    for (const auto& f : m.findings) failing.push_back(TurnIndex(m, f));
    // The window: every failing turn with 200 turns around, else 400 around
    // the first failing turn, else the last 400 turns (where the game ended).
    const int half = kMaxEmbeddedTurns / 2;
    // A passing game's replay: its last 100 turns, where it ended.
    int lo = std::max(0, n - (passing ? 100 : kMaxEmbeddedTurns)), hi = n;
    int min_f = n, max_f = -1;
    for (int i : failing)
      if (i >= 0) min_f = std::min(min_f, i), max_f = std::max(max_f, i);
    if (max_f >= 0) {
      lo = std::max(0, min_f - half);
      hi = std::min(n, max_f + half + 1);
      if (hi - lo > kMaxEmbeddedTurns) {
        const int first =
            failing[std::distance(failing.begin(), std::find_if(failing.begin(), failing.end(),
                                                                [](int i) { return i >= 0; }))];
        hi = std::min(n, std::max(0, first - half) + kMaxEmbeddedTurns);
        lo = std::max(0, hi - kMaxEmbeddedTurns);
      }
    }
    int track = -1;
    if (n > 0) {
      json turns = json::array();
      for (int i = lo; i < hi; ++i) {
        const harness::TurnRecord& t = m.turns[i];
        json events = json::array();
        for (const Event& e : t.events) events.push_back({e.kind, e.clause, e.detail});
        turns.push_back({{"t", t.turn},
                         {"p", t.player},
                         {"in", t.input},
                         {"ans", EscapeBytes(t.answer)},  // bytes from a bot: escaped
                         {"silent", t.silent},
                         {"ms", t.elapsed_ms ? json(*t.elapsed_ms) : json(nullptr)},
                         {"ev", events},
                         {"err", t.stderr_lines},
                         {"v", pool.Compact(ViewOf(game, t.input))}});
      }
      track = static_cast<int>(tracks.size());
      tracks.push_back({{"match", m.id},
                        {"offset", lo},
                        {"total", n},
                        {"truncated", hi - lo < n},
                        {"turns", std::move(turns)}});
    }
    if (passing && track >= 0) {
      passing_replay_of[mi] = static_cast<int>(replays.size());
      replays.push_back({{"track", track},
                         {"finding", -1},
                         {"check", ""},
                         {"failing", -1},
                         {"turn", -1},
                         {"seat", m.seat_plays.empty() ? -1 : m.seat_plays.front().seat},
                         {"divergence", nullptr}});
    }
    for (size_t fi = 0; fi < m.findings.size(); ++fi, ++finding_number) {
      const harness::Finding& f = m.findings[fi];
      const bool divergence = f.check == "referee.divergence";
      if (!shown[mi][fi] || (track < 0 && !divergence)) continue;
      const int at = failing[fi] >= lo && failing[fi] < hi ? failing[fi] - lo : -1;
      replay_of[mi][fi] = static_cast<int>(replays.size());
      replays.push_back({{"track", track},
                         {"finding", finding_number},
                         {"check", f.check},
                         {"failing", at},
                         {"turn", f.turn},
                         {"seat", f.seat},
                         {"divergence", divergence ? Divergence(game, f, pool) : json(nullptr)}});
    }
  }
  return {{"tool", report.tool},
          {"game", report.game},
          {"has_view", game != nullptr && game->board_view != nullptr},
          {"max_turns", kMaxEmbeddedTurns},
          {"pool", std::move(pool.items())},
          {"tracks", std::move(tracks)},
          {"replays", std::move(replays)}};
}

}  // namespace arbiter::report::html

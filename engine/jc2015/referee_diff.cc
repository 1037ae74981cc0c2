// What the referee fuzzer needs to know about jc2015: where a message to a bot
// ends, how to learn the initial placement from the first message, how to
// compare a message with the reference field by field and which clauses a
// difference points to (the answers it plays: fuzz_answer.cc).
//
// Attribution is a best guess from the reference's own events: the clauses
// of the last event that touched the diverging field, refined by the shape of
// the difference (one tick off is timing; a larger timer is a reschedule).
#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/scenario_fields.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"
#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "jc2015/policies.h"

namespace arbiter::jc2015 {
namespace {

std::string Sq(int r, int c) { return "(" + std::to_string(r) + "," + std::to_string(c) + ")"; }

// The last logged turn of player q, or nullptr.
const TurnLog* LastTurnOf(const std::vector<TurnLog>& history, int q) {
  for (auto it = history.rbegin(); it != history.rend(); ++it)
    if (it->player == q) return &*it;
  return nullptr;
}

// The last event (attack, fall, restore) that names block (br, bc).
const Event* LastBlockEvent(const std::vector<TurnLog>& history, int br, int bc, int* at_turn) {
  const std::string sq = Sq(br, bc);
  for (auto it = history.rbegin(); it != history.rend(); ++it) {
    for (auto e = it->events.rbegin(); e != it->events.rend(); ++e) {
      if ((e->kind == "attack" || e->kind == "fall" || e->kind == "restore") &&
          e->detail.find(sq) != std::string::npos) {
        if (at_turn) *at_turn = it->turn;
        return &*e;
      }
    }
  }
  return nullptr;
}

bool AttackSince(const std::vector<TurnLog>& history, int turn) {
  for (const TurnLog& t : history)
    for (const Event& e : t.events)
      if (t.turn > turn && e.kind == "attack") return true;
  return false;
}

std::vector<std::string> BlockClauses(const std::vector<TurnLog>& history, int br, int bc, int e,
                                      int a) {
  int at = -1;
  const Event* last = LastBlockEvent(history, br, bc, &at);
  const bool off_by_one = a == e + 1 || a == e - 1;
  if (e > 0 && a > 0) {
    if (a > e && last && last->kind == "attack" && AttackSince(history, at))
      return {"jc2015.attack.no-reschedule", "jc2015.attack.delay"};
    if (off_by_one) return {"jc2015.fall.timing", "jc2015.attack.delay"};
    return {"jc2015.attack.delay", "jc2015.fall.timing"};
  }
  if (e == 0 && a > 0) {
    if (last && last->kind == "restore") return {"jc2015.restore.delay", "jc2015.attack.line"};
    return {"jc2015.attack.line", "jc2015.attack.no-reschedule"};
  }
  if (e > 0 && a == 0) return {"jc2015.attack.line", "jc2015.attack.no-reschedule"};
  if (e < 0 && a > 0) return {"jc2015.fall.timing"};
  if (e > 0 && a < 0) return {"jc2015.fall.timing"};
  if ((e < 0 && a == 0) || (e == 0 && a < 0)) {
    if (!last) return {"jc2015.attack.line", "jc2015.fall.timing"};
    return {"jc2015.restore.delay", "jc2015.fall.timing"};
  }
  return {"jc2015.restore.delay", "jc2015.fall.timing"};
}

std::vector<std::string> MoveClauses(const State& ref, const std::vector<TurnLog>& history, int q) {
  const TurnLog* last = LastTurnOf(history, q);
  if (!last || last->events.empty()) return {"jc2015.turn.one-action", "jc2015.move.step"};
  const Event& e = last->events.front();
  if (e.kind == "cancel") return {e.clause, "jc2015.move.step"};
  if (e.kind == "stunned") return {"jc2015.attack.stun", "jc2015.protocol.stunned-answer"};
  if (e.kind == "invalid")
    return {"jc2015.protocol.action.invalid", "jc2015.protocol.action.whitespace"};
  if (e.kind == "silent") return {"jc2015.protocol.action.timeout"};
  if (e.kind == "move") {
    // The referee cancelled a move the reference made: guess which rule it
    // applied from what lay near the destination.
    const Player& p = ref.player(q);
    if (Manhattan(p.row, p.col, -1, -1) <= kCancelDistance + 1)
      return {"jc2015.move.cancel.distance", "jc2015.move.step"};
    for (int o = 0; o < kNumPlayers; ++o) {
      const Player& other = ref.player(o);
      if (o != q && other.on_board &&
          Manhattan(p.row, p.col, other.row, other.col) <= kCancelDistance + 1)
        return {"jc2015.move.cancel.distance", "jc2015.move.step"};
    }
    return {"jc2015.move.step", "jc2015.move.cancel.fallen", "jc2015.move.cancel.edge"};
  }
  return {"jc2015.turn.one-action"};
}

// The clauses in order, each once.
std::vector<std::string> Unique(std::vector<std::string> clauses) {
  std::vector<std::string> out;
  for (std::string& c : clauses)
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(std::move(c));
  return out;
}

std::string EndReason(const State& s) {
  if (s.players_on_board() == 1) return "jc2015.end.win";
  if (s.players_on_board() == 0) return "jc2015.end.simultaneous";
  return "jc2015.end.turn-limit";
}

// The direction of a parsed player line's letter (U R D L).
Dir DirOf(char letter) { return static_cast<Dir>(std::string_view("URDL").find(letter)); }

// The id, T and the six block rows come before the player lines.
constexpr size_t kPlayerLinesStart = 2 + kBoardBlocks;

Divergence Make(std::string field, std::string kind, std::string expected, std::string actual,
                std::vector<std::string> clauses, std::string message) {
  return {std::move(field),  std::move(kind),    std::move(expected),
          std::move(actual), std::move(clauses), std::move(message)};
}

// jc2015.fallen.turns: the number of ticks every block timer of `actual` is
// behind `expected` (the same for all, never more than the fallen players'
// turns that just passed): the referee
// does not advance the timers on a fallen player's turn. One cause, whichever
// block shows it first; 0 when the difference is anything else.
int TicksBehind(const std::vector<TurnLog>& history, const InputView& expected,
                const InputView& actual, int restore_turns) {
  int absent = 0;
  auto t = history.rbegin();
  for (; t != history.rend() && t->silent; ++t) {
    bool passed = false;
    for (const Event& ev : t->events) passed = passed || ev.kind == "absent";
    if (!passed) return 0;
    ++absent;
  }
  if (absent == 0) return 0;
  // After an attack its new timers may be the difference (one of the wrong
  // length): then a block that was not just scheduled must show it too.
  std::string just_scheduled;  // "(r,c) (r,c)": the attack's event
  if (t != history.rend())
    for (const Event& ev : t->events)
      if (ev.kind == "attack") just_scheduled = ev.detail;
  bool shown_by_old = just_scheduled.empty();
  // A timer one tick earlier: counting down to the fall (a block that just
  // fell showed 1), and up to the restoration.
  const auto earlier = [&](int v) { return v > 0 ? v + 1 : v == -restore_turns ? 1 : v - 1; };
  int behind = 0, restored = 0;
  for (int i = 0; i < kNumBlocks; ++i) {
    const int e = expected.blocks[i], a = actual.blocks[i];
    if (e == a && e == 0) continue;
    int by = 0;
    if (e == 0) {
      by = -a;  // restored since (-1 a tick earlier), or stable all along (0)
    } else {
      for (int k = 1, v = earlier(e); k <= absent && by == 0; ++k, v = earlier(v))
        if (v == a) by = k;
    }
    if (by < 1 || by > absent || (e != 0 && behind != 0 && by != behind)) return 0;
    if (e != 0) behind = by;
    restored = std::max(restored, e == 0 ? by : 0);
    const std::string square =
        "(" + std::to_string(i / kBoardBlocks) + "," + std::to_string(i % kBoardBlocks) + ")";
    shown_by_old = shown_by_old || just_scheduled.find(square) == std::string::npos;
  }
  // A restored block is at most as far behind as the others (it may have
  // been restored earlier and stayed).
  if (behind == 0) behind = restored;
  return shown_by_old && restored <= behind ? behind : 0;
}

}  // namespace

size_t FrameMessage(std::string_view bytes) {
  const size_t eod = bytes.find("EOD\n");
  if (eod != std::string_view::npos && (eod == 0 || bytes[eod - 1] == '\n')) return eod + 4;
  // No EOD after the 13 lines a message has: hand it over as it is, so that
  // the comparison can say what is wrong with it.
  size_t pos = 0;
  for (int n = 0; n < 13; ++n) {
    pos = bytes.find('\n', pos);
    if (pos == std::string_view::npos) return 0;
    ++pos;
  }
  return pos;
}

std::unique_ptr<GameState> StateFromFirstMessage(
    std::string_view message, const std::vector<std::pair<std::string, std::string>>& rules,
    Divergence& why) {
  Rules r;
  if (std::string err; !RulesFrom(rules, r, err)) {
    why = Make("rules", "rules", "", err, {}, err);
    return nullptr;
  }
  const auto parsed = ParseInput(message, r.position_order == PositionOrder::kColumnRow);
  if (!parsed.ok()) {
    why = Make("format", "format", "a turn input", EscapeBytes(message.substr(0, 120)),
               {"jc2015.protocol.input.format"},
               "the first message is not a turn input: " + parsed.error().ToString());
    return nullptr;
  }
  // Only the placement is learnt here; T, the blocks and S are then compared
  // with what the reference sends on turn 0, so a referee that gets them wrong
  // is reported with the field and a reproducer.
  const InputView& v = parsed.value();
  Placement p;
  for (int q = 0; q < kNumPlayers; ++q) {
    const PlayerView& pv = v.players[q];
    if (pv.row < 0) {
      why = Make(
          "player " + std::to_string(q), "setup", "on the board",
          std::to_string(pv.row) + " " + std::to_string(pv.col) + " S " + std::to_string(pv.stun),
          {"jc2015.players.count", "jc2015.setup.random"}, "a player is not in play on turn 0");
      return nullptr;
    }
    p.players[q] = {pv.row, pv.col, DirOf(pv.dir)};
  }
  if (std::string err = ValidatePlacement(p); !err.empty()) {
    why = Make("placement", "setup", "every pair more than distance 3 apart", err,
               {"jc2015.setup.distance"}, "the initial placement breaks the distance rule: " + err);
    return nullptr;
  }
  return Wrap(State::Initial(p, r));
}

// Every field of the state is on the message (jc2015.protocol.input.format):
// the turn, the block timers, and each player's square, direction and stun.
// The one thing S leaves open under stun_count=own-turns, the exact turn on
// which a player with S = 0 may act again, makes no difference: its own next
// turn is after it either way.
std::unique_ptr<GameState> StateFromMessage(
    std::string_view message, int seat,
    const std::vector<std::pair<std::string, std::string>>& rules, std::string& why) {
  Rules r;
  if (std::string err; !RulesFrom(rules, r, err)) {
    why = err;
    return nullptr;
  }
  const auto parsed = ParseInput(message, r.position_order == PositionOrder::kColumnRow);
  if (!parsed.ok()) {
    why = "not a turn input: " + parsed.error().ToString();
    return nullptr;
  }
  const InputView& v = parsed.value();
  if (v.turn < 0 || v.turn >= r.turn_limit || v.turn % kNumPlayers != seat || v.id != seat) {
    why = "T " + std::to_string(v.turn) + " and id " + std::to_string(v.id) +
          " are not a turn of player " + std::to_string(seat);
    return nullptr;
  }
  std::array<int8_t, kNumBlocks> blocks{};
  for (int i = 0; i < kNumBlocks; ++i) {
    if (v.blocks[i] < -128 || v.blocks[i] > 127) {
      why = "block timer " + std::to_string(v.blocks[i]) + " out of range";
      return nullptr;
    }
    blocks[i] = static_cast<int8_t>(v.blocks[i]);
  }
  std::array<Player, kNumPlayers> players{};
  for (int q = 0; q < kNumPlayers; ++q) {
    const PlayerView& pv = v.players[q];
    Player& p = players[q];
    p.dir = DirOf(pv.dir);
    if (pv.row < 0) {  // fallen: off the board, S as it was then (fallen_stun=frozen)
      if (r.fallen_stun == FallenStun::kFrozen) p.stunned_until = pv.stun;
      continue;
    }
    p.row = static_cast<int8_t>(pv.row);
    p.col = static_cast<int8_t>(pv.col);
    p.on_board = true;
    if (pv.stun > 0) {
      const int offset = ((q - v.turn) % kNumPlayers + kNumPlayers) % kNumPlayers;
      p.stunned_until =
          v.turn +
          (r.stun_count == StunCount::kGlobalTurns ? pv.stun : kNumPlayers * pv.stun + offset);
    }
  }
  const State s = State::FromParts(r, v.turn, blocks, players);
  if (std::string broken = CheckInvariants(s); !broken.empty()) {
    why = "not a state the rules can reach: " + broken;
    return nullptr;
  }
  if (s.IsTerminal()) {
    why = "the state it shows is the end of the game";
    return nullptr;
  }
  return Wrap(s);
}

std::string ScenarioOf(const GameState& initial) {
  const State& s = *StateOf(initial);
  nlohmann::ordered_json doc;
  doc["game"] = "jc2015";
  for (int q = 0; q < kNumPlayers; ++q) {
    const Player& p = s.player(q);
    doc["players"].push_back(
        {{"row", p.row}, {"col", p.col}, {"dir", std::string(1, DirLetter(p.dir))}});
  }
  // A scenario is the game under the rules: a deviation is the referee's
  // bug, never part of the game a reproducer shows (arbiter.referee.deviations).
  Rules rules_played = s.rules();
  rules_played.mutants = 0;
  if (auto rules = DifferingRules(DescribeRules(rules_played), DescribeRules(Rules{}));
      !rules.empty())
    doc["rules"] = std::move(rules);
  return doc.dump();
}

namespace {

// One message compared with the reference's: the fields that differ, in
// the order of their lines (the first names the cause, the others are
// listed after it), and the end the referee went past, if it did.
class Comparison {
 public:
  Comparison(const State& ref, const std::vector<TurnLog>& history, const InputView& a,
             const InputView& e, std::optional<Divergence> went_on)
      : ref_(ref), history_(history), a_(a), e_(e), went_on_(std::move(went_on)) {
    ListDiffering();
  }

  // The first difference of the message's fields, in the order of its
  // lines; nullopt when every field is the reference's.
  std::optional<Divergence> Fields() const {
    // How a message shows the state is not why the game went on.
    if (went_on_ && (a_.id != e_.id || a_.turn != e_.turn)) return went_on_;
    if (a_.id != e_.id)
      return Shown(Make("id", "id", std::to_string(e_.id), std::to_string(a_.id),
                        {"jc2015.protocol.input.id"},
                        "the id line is not the receiving player's id"));
    if (a_.turn != e_.turn)
      return Shown(Make("T", "turn", std::to_string(e_.turn), std::to_string(a_.turn),
                        {"jc2015.turn.order", "jc2015.protocol.input.turn"},
                        "the turn number differs"));
    if (auto d = Blocks()) return d;
    for (int q = 0; q < kNumPlayers; ++q)
      if (auto d = Player(q)) return d;
    return std::nullopt;
  }

 private:
  void ListDiffering() {
    if (a_.id != e_.id) differing_.push_back("id");
    if (a_.turn != e_.turn) differing_.push_back("T");
    for (int i = 0; i < kNumBlocks; ++i)
      if (a_.blocks[i] != e_.blocks[i]) differing_.push_back(BlockField(i));
    for (int q = 0; q < kNumPlayers; ++q) {
      const PlayerView &pe = e_.players[q], &pa = a_.players[q];
      const std::string who = "player " + std::to_string(q);
      if (pe.row != pa.row || pe.col != pa.col) differing_.push_back(who + " R C");
      if (pe.row < 0) {
        if (ref_.rules().fallen_stun == FallenStun::kFrozen && pe.stun != pa.stun)
          differing_.push_back(who + " S");
        continue;
      }
      if (pe.dir != pa.dir) differing_.push_back(who + " D");
      if (pe.stun != pa.stun) differing_.push_back(who + " S");
    }
  }

  static std::string BlockField(int i) {
    return "B[" + std::to_string(i / 6) + "][" + std::to_string(i % 6) + "]";
  }

  // A divergence on `field`, listing the other differing fields after it.
  Divergence Make(std::string field, std::string kind, std::string expected, std::string actual,
                  std::vector<std::string> clauses, std::string message) const {
    std::string also;
    int listed = 0;
    for (const std::string& f : differing_) {
      if (f == field || f.rfind(field, 0) == 0 || field.rfind(f, 0) == 0) continue;
      if (++listed > 8) {
        also += ", ...";
        break;
      }
      also += (also.empty() ? "" : ", ") + f;
    }
    if (!also.empty()) message += " (also differing: " + also + ")";
    if (went_on_)
      message += ", and so the referee went on after the reference's end of the game on turn " +
                 std::to_string(ref_.turn());
    Divergence d =
        ::arbiter::jc2015::Make(std::move(field), std::move(kind), std::move(expected),
                                std::move(actual), std::move(clauses), std::move(message));
    d.fields = differing_;
    return d;
  }

  // How the message shows the state, not the state: never re-synchronised to.
  static Divergence Shown(Divergence d) {
    d.display = true;
    return d;
  }

  std::optional<Divergence> Blocks() const {
    bool after_fallen_turn = false;
    if (!history_.empty() && history_.back().silent)
      for (const Event& ev : history_.back().events) after_fallen_turn |= ev.kind == "absent";
    bool transposed = a_.blocks != e_.blocks;
    for (int r = 0; r < kBoardBlocks && transposed; ++r)
      for (int c = 0; c < kBoardBlocks; ++c)
        transposed =
            transposed && a_.blocks[r * kBoardBlocks + c] == e_.blocks[c * kBoardBlocks + r];
    if (transposed) {
      if (went_on_) return went_on_;
      return Shown(Make("B", "block-layout", "B[r][c] at row r, column c",
                        "the board transposed (B[c][r])", {"jc2015.protocol.input.block"},
                        "the block rows and columns are swapped"));
    }
    if (const int behind = TicksBehind(history_, e_, a_, ref_.rules().restore_turns); behind > 0) {
      int i = 0;
      while (a_.blocks[i] == e_.blocks[i]) ++i;
      return Make(BlockField(i), "fallen-tick", std::to_string(e_.blocks[i]),
                  std::to_string(a_.blocks[i]), {"jc2015.fallen.turns", "jc2015.fall.timing"},
                  "every block timer is " + std::to_string(behind) +
                      " tick(s) behind: the referee did not advance them on the turn(s) of "
                      "fallen players just passed");
    }
    for (int i = 0; i < kNumBlocks; ++i) {
      if (a_.blocks[i] == e_.blocks[i]) continue;
      auto clauses = BlockClauses(history_, i / 6, i % 6, e_.blocks[i], a_.blocks[i]);
      if (after_fallen_turn) clauses.push_back("jc2015.fallen.turns");
      return Make(BlockField(i), "block", std::to_string(e_.blocks[i]),
                  std::to_string(a_.blocks[i]), clauses, "block " + Sq(i / 6, i % 6) + " differs");
    }
    return std::nullopt;
  }

  std::optional<Divergence> Player(int q) const {
    const PlayerView &pe = e_.players[q], &pa = a_.players[q];
    const std::string who = "player " + std::to_string(q);
    // A player whose last answer came while it was stunned, now standing
    // or facing elsewhere (even fallen, off a block it stepped onto): the
    // referee played that answer. One cause, one kind, whichever field shows it.
    const TurnLog* last = LastTurnOf(history_, q);
    const bool stunned_last =
        last && !last->events.empty() && last->events.front().kind == "stunned";
    const std::string after_stun = stunned_last
                                       ? " after its answer '" + EscapeBytes(last->answer) +
                                             "' on turn " + std::to_string(last->turn) +
                                             ", given while it was stunned, which the rules ignore"
                                       : "";
    if (pe.row != pa.row || pe.col != pa.col) {
      std::vector<std::string> clauses =
          (pe.row < 0) != (pa.row < 0)
              ? std::vector<std::string>{"jc2015.fall.player", "jc2015.fall.timing"}
              : MoveClauses(ref_, history_, q);
      if (stunned_last)
        clauses.insert(clauses.begin(), {"jc2015.attack.stun", "jc2015.protocol.stunned-answer"});
      return Make(who + " R C", stunned_last ? "stunned-acted" : "position", Sq(pe.row, pe.col),
                  Sq(pa.row, pa.col), Unique(std::move(clauses)),
                  who + " stands elsewhere" + after_stun);
    }
    if (pe.row < 0) {
      // D and S of a fallen player are open (jc2015.protocol.input.fallen-
      // fields), unless the rules pin S (fallen_stun=frozen).
      if (ref_.rules().fallen_stun == FallenStun::kFrozen && pe.stun != pa.stun)
        return Make(who + " S", "stun", std::to_string(pe.stun), std::to_string(pa.stun),
                    {"jc2015.protocol.input.fallen-fields"},
                    who + " has fallen and is shown with another S than when it fell");
      return std::nullopt;
    }
    if (pe.dir != pa.dir) {
      std::vector<std::string> clauses = {"jc2015.protocol.input.direction"};
      if (last && !last->events.empty()) {
        const std::string& k = last->events.front().kind;
        if (k == "cancel") clauses = {"jc2015.move.cancel.turns", "jc2015.move.face"};
        if (k == "move") clauses = {"jc2015.move.face"};
        if (k == "stunned") clauses = {"jc2015.attack.stun", "jc2015.protocol.stunned-answer"};
      }
      return Make(who + " D", stunned_last ? "stunned-acted" : "direction", std::string(1, pe.dir),
                  std::string(1, pa.dir), clauses, who + " faces another way" + after_stun);
    }
    if (pe.stun != pa.stun)
      return Make(who + " S", "stun", std::to_string(pe.stun), std::to_string(pa.stun),
                  {"jc2015.protocol.input.stun", "jc2015.attack.stun"},
                  who + " has another stun count");
    return std::nullopt;
  }

  const State& ref_;
  const std::vector<TurnLog>& history_;
  const InputView &a_, &e_;
  const std::optional<Divergence> went_on_;
  std::vector<std::string> differing_;
};

// The end of the game the message shows, or the wrong recipient; nullopt
// and `went_on` set when the referee went on after the reference's end and
// the message may still show why.
std::optional<Divergence> EndOrRecipient(const State& ref, int seat,
                                         std::optional<Divergence>& went_on) {
  if (seat < 0) {  // the referee ended the game
    if (ref.IsTerminal()) return std::nullopt;
    return Make("end", "end", "the game goes on (turn " + std::to_string(ref.turn()) + ")",
                "the referee ended the game",
                {"jc2015.end.win", "jc2015.end.turn-limit", "jc2015.end.simultaneous"},
                "the referee ended the game before the reference did");
  }
  // The referee went on after the reference's end. When players fell to
  // end it, the referee's message may show why it did not: a block the
  // reference dropped still standing, a player it dropped still on the
  // board, or moved away while stunned. That field names the cause (the
  // one the game already showed, if it did); only with nothing else
  // differing is the end the cause. At the turn limit the end is the cause.
  if (ref.IsTerminal()) {
    went_on =
        Make("end", "end", "no more input: the game ended at turn " + std::to_string(ref.turn()),
             "input for player " + std::to_string(seat), {EndReason(ref)},
             "the referee went on after the end of the game");
    if (ref.turn() >= ref.rules().turn_limit || ref.players_on_board() > 1) return went_on;
  }
  if (!went_on && seat != ref.current_player()) {
    std::vector<std::string> clauses = {"jc2015.turn.order", "jc2015.fallen.turns"};
    if (ref.StunShown(ref.current_player()) > 0)
      clauses.push_back("jc2015.protocol.stunned-answer");
    return Make("recipient", "recipient",
                "input for player " + std::to_string(ref.current_player()) + " (turn " +
                    std::to_string(ref.turn()) + ")",
                "input for player " + std::to_string(seat), clauses,
                "the referee sent input to the wrong player");
  }
  return std::nullopt;
}

// Every field is the reference's, but the text is not: a difference in the
// open fields of a fallen player's line (jc2015.protocol.input.fallen-
// fields) is none; anything else is the layout.
bool OnlyOpenFieldsDiffer(std::string_view expected, std::string_view actual, const InputView& e) {
  const std::vector<std::string_view> expected_lines = SplitOn(expected, '\n'),
                                      actual_lines = SplitOn(actual, '\n');
  if (expected_lines.size() != actual_lines.size()) return false;
  for (size_t i = 0; i < expected_lines.size(); ++i) {
    const size_t q = i - kPlayerLinesStart;
    const bool fallen_line = i >= kPlayerLinesStart && q < kNumPlayers && e.players[q].row < 0;
    if (expected_lines[i] != actual_lines[i] && !fallen_line) return false;
  }
  return true;
}

}  // namespace

std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat) {
  const State& ref = *StateOf(reference);
  std::optional<Divergence> went_on;
  if (auto d = EndOrRecipient(ref, seat, went_on); d || seat < 0) return d;
  const std::string expected = FormatInput(ref, seat);
  if (actual == expected) return went_on;
  const auto parsed = ParseInput(actual, ref.rules().position_order == PositionOrder::kColumnRow);
  if (!parsed.ok()) {
    if (went_on) return went_on;
    return Make("format", "format", EscapeBytes(expected), EscapeBytes(actual.substr(0, 300)),
                {"jc2015.protocol.input.format"},
                "the message is not a well-formed turn input: " + parsed.error().ToString());
  }
  const InputView e = ViewFor(ref, seat);
  if (auto d = Comparison(ref, history, parsed.value(), e, went_on).Fields()) return d;
  if (OnlyOpenFieldsDiffer(expected, actual, e) || went_on) return went_on;
  return Make("text", "format", EscapeBytes(expected), EscapeBytes(actual),
              {"jc2015.protocol.input.format"}, "the message differs in its layout");
}

}  // namespace arbiter::jc2015

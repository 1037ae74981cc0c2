// The referee fuzzer's view of Save The Island: how a message is framed (one
// board line), how the reference state is learnt from the first board, how a
// board is compared with the reference, and what a board reveals that the
// reference cannot predict: the tiles a referee deals at random
// (island.tiles.random). The reference predicts every other field: both
// positions, whose turn it is, which tile slots a move used (a slot not used
// must keep its tile), and when the game ends.
//
// Under deal=immediate a defender may defend with tiles it has not been shown
// yet, which no board reveals before the defence (arbiter.referee.chance):
// every outcome the unshown tiles allow is an outcome of the attack
// (AttackOutcomes), and the defender's next board, or the end of the game,
// shows which one the referee drew.
#include <algorithm>

#include "island/codec.h"
#include "island/game.h"

namespace arbiter::island {
namespace {

Divergence Make(std::string field, std::string kind, std::string expected, std::string actual,
                std::vector<std::string> clauses, std::string message) {
  return {std::move(field),  std::move(kind),    std::move(expected),
          std::move(actual), std::move(clauses), std::move(message)};
}

// The clauses of the last turn played. For where the players stand, its
// first event (the move) is the most likely culprit; for when the game ends,
// its last (the fall, the rejection) is.
std::vector<std::string> LastClauses(const std::vector<TurnLog>& history, bool ending = false) {
  std::vector<std::string> out;
  if (history.empty()) return out;
  for (const Event& e : history.back().events)
    if (e.kind != "end" && !e.clause.empty()) out.push_back(e.clause);
  if (ending) std::reverse(out.begin(), out.end());
  return out;
}

std::vector<std::string> With(std::vector<std::string> first, std::vector<std::string> more) {
  for (auto& c : more) {
    bool seen = false;
    for (const auto& f : first) seen = seen || f == c;
    if (!seen) first.push_back(std::move(c));
  }
  return first;
}

std::string IslandText(const Board& b) {
  std::string s(kIslandSize, '0');
  s[b.pos[0]] = '1';
  s[b.pos[1]] = '2';
  return s;
}

}  // namespace

size_t FrameMessage(std::string_view bytes) {
  const size_t nl = bytes.find('\n');
  return nl == std::string_view::npos ? 0 : nl + 1;
}

std::unique_ptr<GameState> StateFromFirstMessage(
    std::string_view message, const std::vector<std::pair<std::string, std::string>>& pairs,
    Divergence& why) {
  Rules rules;
  std::string error;
  if (!RulesFrom(pairs, rules, error)) {
    why = Make("rules", "rules", "", "", {}, error);
    return nullptr;
  }
  Board b;
  if (!ParseBoard(message, b, error)) {
    why = Make("board", "format", "P;TTTTT;IIIIIIIIIIIIIII", std::string(message),
               {"island.board.format"}, "the first message is not a board: " + error);
    return nullptr;
  }
  if (b.player != 0) {
    why = Make("P", "recipient", "1", std::to_string(b.player + 1),
               {"island.turn.order", "island.board.player"},
               "the first board went to player 2; player 1 moves first");
    return nullptr;
  }
  if (b.pos[0] != 0 || b.pos[1] != kIslandSize - 1) {
    why = Make("island", "position", "100000000000002", IslandText(b), {"island.start.positions"},
               "the game does not start with player 1 on cell 0 and player 2 on cell 14");
    return nullptr;
  }
  std::array<Hand, 2> hands{};
  for (int i = 0; i < kHandSize; ++i) hands[0][i] = static_cast<int8_t>(b.tiles[i]);
  hands[1].fill(kNoTile);  // learnt from player 2's first board
  return Wrap(State::FromParts(rules, 0, {0, kIslandSize - 1}, hands, {0, 0}, 0));
}

std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat) {
  const State& ref = *StateOf(reference);
  if (seat < 0) {  // the referee ended the game
    if (ref.IsTerminal()) return std::nullopt;
    return Make("end", "end", "a board for player " + std::to_string(ref.current_player() + 1),
                "no more boards (the referee ended the game)",
                With(LastClauses(history, true), {"island.end.winner"}),
                "the referee ended the game at turn " + std::to_string(ref.turn()) +
                    ", which the reference plays on");
  }
  if (ref.IsTerminal())
    return Make("end", "end",
                "no more boards: the game ended at turn " + std::to_string(ref.turn()),
                "a board for player " + std::to_string(seat + 1),
                With(LastClauses(history, true), {"island.end.winner"}),
                "the referee goes on after the game should have ended");
  const int p = ref.current_player();
  if (seat != p)
    return Make("recipient", "recipient", "player " + std::to_string(p + 1),
                "player " + std::to_string(seat + 1),
                {"island.board.recipient", "island.turn.order"},
                "the board went to the player not to move");
  if (ref.pos(0) >= ref.pos(1)) {
    // A move misread onto or past the opponent (KeywordMisreadings), a
    // state the rules cannot reach: the board as a referee draws it,
    // compared as text, the slots dealt since the last board any.
    const std::string expected = FormatBoard(ref, p);
    bool same = actual.size() == expected.size();
    for (size_t i = 0; same && i < actual.size(); ++i) {
      const bool dealt = i >= 2 && i < 2 + kHandSize && (ref.fresh(p) & (1 << (i - 2)));
      same = actual[i] == expected[i] || dealt;
    }
    if (same) return std::nullopt;
    return Make("board", "format", expected, std::string(actual), {"island.board.island"},
                "the board is not the one the misread move leads to");
  }
  Board b;
  std::string error;
  if (!ParseBoard(actual, b, error))
    return Make("board", "format", FormatBoard(ref, p), std::string(actual),
                {"island.board.format"}, "not a board: " + error);
  if (b.player != p)
    return Make("P", "player", std::to_string(p + 1), std::to_string(b.player + 1),
                {"island.board.player"}, "the board names the wrong player");
  std::string expected_island = FormatBoard(ref, p).substr(3 + kHandSize, kIslandSize);
  const std::string island = IslandText(b);
  if (island != expected_island) {
    const std::string mirrored(expected_island.rbegin(), expected_island.rend());
    if (island == mirrored) {  // how the board is shown, not where they stand
      Divergence d = Make("island", "position", expected_island, island, {"island.board.island"},
                          "the players stand elsewhere than the reference says");
      d.display = true;
      return d;
    }
    return Make("island", "position", expected_island, island,
                With(LastClauses(history), {"island.board.island"}),
                "the players stand elsewhere than the reference says");
  }
  for (int i = 0; i < kHandSize; ++i) {
    if (ref.fresh(p) & (1 << i)) continue;  // dealt since: any tile (island.tiles.random)
    const int want = ref.hand(p)[i];
    if (b.tiles[i] == want) continue;
    // Was the slot's tile kept through a defence?
    bool defended = false;
    for (auto t = history.rbegin(); t != history.rend() && t->player != p; ++t)
      for (const Event& e : t->events) defended = defended || e.kind == "attack";
    auto clauses = defended
                       ? std::vector<std::string>{"island.defence.count", "island.defence.replace",
                                                  "island.tiles.replace"}
                       : std::vector<std::string>{"island.tiles.replace", "island.defence.replace"};
    return Make("tiles[" + std::to_string(i) + "]", "tiles", std::to_string(want),
                std::to_string(b.tiles[i]), clauses,
                "tile slot " + std::to_string(i) +
                    " was not used, so it must keep its tile (the leftmost matching tiles are "
                    "the ones used)");
  }
  return std::nullopt;
}

// arbiter.referee.resync: the positions and the hand of the player to move
// as its board shows them, at the reference's turn; the other player's hand
// and both shuffle counts (which no board shows) from the reference. Every
// slot of the other hand that its next board could show differently was
// shown on its last board, or is dealt before its next one
// (island.tiles.deal), so the state is whole again on that board.
std::unique_ptr<GameState> StateFromMessage(std::string_view message, int seat,
                                            const GameState& reference, const RuleList&,
                                            std::string& why) {
  const State* ref = StateOf(reference);
  if (!ref) {
    why = "not an island reference";
    return nullptr;
  }
  Board b;
  if (!ParseBoard(message, b, why)) return nullptr;
  if (seat != ref->current_player() || b.player != seat) {
    why = "the board is not for the player to move at the reference's turn";
    return nullptr;
  }
  std::array<Hand, 2> hands = {ref->hand(0), ref->hand(1)};
  for (int i = 0; i < kHandSize; ++i) hands[seat][i] = static_cast<int8_t>(b.tiles[i]);
  const std::array<int, 2> shuffles = {ref->shuffles(0), ref->shuffles(1)};
  why = State::Validate(ref->turn(), b.pos, hands, shuffles, ref->rules());
  if (!why.empty()) return nullptr;
  return Wrap(
      State::FromParts(ref->rules(), ref->turn(), b.pos, hands, shuffles, ref->rng_state()));
}

// The defender's unshown slots (fresh: dealt since its last board) either
// hold the distance's value or not; the leftmost matching tiles defend
// (island.defence.count, island.tiles.replace). One outcome per distinct
// result: where both stand, the end, and which slots defended. A slot that
// did not defend keeps its unshown tile, which the next board shows.
std::vector<ChanceOutcome> AttackOutcomes(const State& state, std::string_view line) {
  const Answer a = ParseAnswer(line, state.rules());
  if (!a.ok || a.move.kind != MoveKind::kAttack || !state.Illegal(a.move).empty()) return {};
  const int o = 1 - state.current_player(), d = state.distance();
  const uint8_t unshown = state.fresh(o);
  if (unshown == 0 || state.IsTerminal()) return {};
  std::vector<ChanceOutcome> out;
  std::vector<std::array<int, 5>> seen;
  for (int held = 0; held < (1 << kHandSize); ++held) {
    if (held & ~unshown) continue;
    State s = state;
    int matching = 0;
    for (int i = 0; i < kHandSize; ++i) {
      if (!(unshown & (1 << i))) continue;
      const bool is_d = held & (1 << i);
      matching += is_d;
      s.LearnTile(o, i, is_d ? d : d % kMaxTile + 1);
    }
    const TurnEvents ev = s.Apply(a.move);
    const std::array<int, 5> key = {s.pos(0), s.pos(1), static_cast<int>(s.end()), s.Winner(),
                                    ev.defence_used};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    out.push_back({Wrap(s), DescribeEvents(s, ev),
                   "player " + std::to_string(o + 1) + " held " + std::to_string(matching) +
                       " tile(s) " + std::to_string(d) +
                       " among those dealt since its last board"});
  }
  return out;
}

void LearnFromMessage(GameState& reference, std::string_view message, int seat) {
  State* s = MutableStateOf(reference);
  Board b;
  std::string error;
  if (!s || seat < 0 || seat >= kNumPlayers || !ParseBoard(message, b, error)) return;
  for (int i = 0; i < kHandSize; ++i)
    if (s->fresh(seat) & (1 << i)) s->LearnTile(seat, i, b.tiles[i]);
}

}  // namespace arbiter::island

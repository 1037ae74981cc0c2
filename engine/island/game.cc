// Save The Island behind the uniform game API: the GameState adapter, the
// registration, and the events of a turn as sentences citing their clauses.
#include "island/game.h"

#include "core/game_adapters.h"
#include "island/codec.h"
#include "island/invariants.h"
#include "island/policies.h"
#include "island/serialize.h"

namespace arbiter::island {
namespace {

class IslandState final : public GameState {
 public:
  explicit IslandState(const State& s) : s_(s) {}
  int num_players() const override { return kNumPlayers; }
  int turn() const override { return s_.turn(); }
  int current_player() const override { return s_.current_player(); }
  // island.board.recipient: the player to move, every turn.
  bool CurrentPlayerReceivesInput() const override { return !s_.IsTerminal(); }
  std::string InputText(int player) const override { return FormatBoard(s_, player); }
  std::vector<Event> ApplyLine(std::string_view line) override {
    const Answer a = ParseAnswer(line, s_.rules());
    const TurnEvents ev = a.ok ? s_.Apply(a.move) : s_.ApplyInvalid(a.error);
    return DescribeEvents(s_, ev);
  }
  std::vector<Event> ApplySilence() override { return DescribeEvents(s_, s_.ApplySilence()); }
  bool IsTerminal() const override { return s_.IsTerminal(); }
  int Winner() const override { return s_.Winner(); }
  std::string Serialize() const override { return island::Serialize(s_); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<IslandState>(s_); }
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const override {
    const auto p = PolicyFromName(policy);
    if (!p) return std::nullopt;
    return ChooseAnswer(*p, s_, rng);
  }
  // island.invalid: every move the rules allow here, retreats past the
  // player's own edge included (the built-in players avoid them).
  std::vector<std::string> LegalAnswers() const override {
    if (s_.IsTerminal()) return {};
    std::vector<std::string> out;
    const auto add = [&](const Move& m) {
      if (s_.Illegal(m).empty()) out.push_back(MoveText(m));
    };
    for (int v = kMinTile; v <= kMaxTile; ++v) {
      add({MoveKind::kMove, v, 1});
      add({MoveKind::kRetreat, v, 1});
      for (int n = 1; n <= kHandSize; ++n) add({MoveKind::kAttack, v, n});
    }
    add({MoveKind::kShuffle, 0, 0});
    return out;
  }
  // island.syntax.grammar (kInvalid), island.invalid (kIllegal); a "\r\n"
  // line end, or blanks a whitespace=trim referee ignores, are kWhitespace
  // (island.syntax.whitespace).
  AnswerVerdict ClassifyAnswer(std::string_view line) const override {
    const Answer a = ParseAnswer(line, s_.rules());
    if (!a.ok) return AnswerVerdict::kInvalid;
    if (!s_.Illegal(a.move).empty()) return AnswerVerdict::kIllegal;
    const bool padded =
        !line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t' ||
                          line.front() == ' ' || line.front() == '\t');
    return padded ? AnswerVerdict::kWhitespace : AnswerVerdict::kValid;
  }
  std::vector<Misreading> Misreadings(std::string_view line) const override {
    return KeywordMisreadings(s_, line);
  }
  std::vector<ChanceOutcome> UnshownChanceOutcomes(std::string_view line) const override {
    return AttackOutcomes(s_, line);
  }
  int TurnLimit() const override { return s_.rules().max_turns; }  // island.end.limit
  // island.syntax.grammar: the parser's reason; island.invalid: the rule's.
  Refusal RejectionReason(std::string_view line) const override {
    const Answer a = ParseAnswer(line, s_.rules());
    // A keyword or blanks at fault: perhaps not meant as a command at all.
    if (!a.ok)
      return {
          a.error, a.error_rule,
          a.error_rule != "island.syntax.keywords" && a.error_rule != "island.syntax.whitespace"};
    Refusal r;
    r.reason = s_.Illegal(a.move, &r.rule);
    return r;
  }
  const State& state() const { return s_; }
  State& state() { return s_; }

 private:
  State s_;
};

std::string Who(int p) { return "player " + std::to_string(p + 1); }

std::string Slots(uint8_t mask) {
  std::string out;
  for (int i = 0; i < kHandSize; ++i)
    if (mask & (1 << i)) out += (out.empty() ? "" : ",") + std::to_string(i);
  return "{" + out + "}";
}

// The clause a rejection names at its end ("... (island.syntax.keywords)"),
// else `fallback`.
std::string ReasonClause(const std::string& reason, const char* fallback) {
  const size_t at = reason.rfind("(island.");
  if (at == std::string::npos || reason.back() != ')') return fallback;
  return reason.substr(at + 1, reason.size() - at - 2);
}

// Shrinking's harmless answer: a shuffle while the player has shuffles left
// (island.shuffle.limit), else the first legal move that does not end the
// game (a 21st shuffle would end it: island.invalid).
std::string NeutralAnswer(const GameState& gs) {
  const State* s = StateOf(gs);
  if (!s) return "shuffle";
  const std::vector<Move> moves = LegalMoves(*s);
  for (const Move& m : moves)
    if (m.kind == MoveKind::kShuffle) return MoveText(m);
  for (const Move& m : moves) {
    State next = *s;
    next.Apply(m);
    if (!next.IsTerminal()) return MoveText(m);
  }
  return moves.empty() ? "shuffle" : MoveText(moves.front());
}

}  // namespace

const RefereeFuzzing kRefereeFuzzing = {
    .frame_message = &FrameMessage,
    .state_from_first_message = &StateFromFirstMessage,
    .scenario_of = &ScenarioOf,
    .compare = &CompareMessage,
    .fuzz_answer = &FuzzAnswer,
    .answer_families = {"forward", "retreat", "attack", "shuffle", "not allowed here", "any legal",
                        "letter case", "separators and tile characters", "whitespace"},
    .learn_from_message = &LearnFromMessage,
    .neutral_answer = &NeutralAnswer,
};

const Resync kResync = {
    .state_from_message = &StateFromMessage,
};

const GameInfo kGameInfo = {
    .name = "island",
    .title = "Save The Island",
    .policies = {"greedy", "random", "cautious", "passive"},
    .load_scenario = &LoadScenario,
    .new_game = &NewGame,
    .deserialize = &DeserializeWith<&Deserialize, &Wrap>,
    .check_invariants = &CheckWith<&StateOf, &CheckInvariants>,
    .ready_line = std::nullopt,
    .profiles = {std::begin(kProfiles), std::end(kProfiles)},
    .edge_cases = &EdgeCases,
    .ok_answer = "shuffle",
    .referee_fuzzing = &kRefereeFuzzing,
    .resync = &kResync,
    .fuzz_start = &FuzzStart,
    .board_view = &BoardView,
    .deviations = Deviations(),
};

std::unique_ptr<GameState> Wrap(const State& state) { return std::make_unique<IslandState>(state); }

const State* StateOf(const GameState& state) {
  const auto* s = dynamic_cast<const IslandState*>(&state);
  return s ? &s->state() : nullptr;
}

State* MutableStateOf(GameState& state) {
  auto* s = dynamic_cast<IslandState*>(&state);
  return s ? &s->state() : nullptr;
}

bool RulesFrom(const std::vector<std::pair<std::string, std::string>>& pairs, Rules& rules,
               std::string& error) {
  for (const auto& [key, value] : pairs) {
    error = SetRule(rules, key, value);
    if (!error.empty()) return false;
  }
  return true;
}

std::unique_ptr<GameState> NewGame(uint64_t seed,
                                   const std::vector<std::pair<std::string, std::string>>& rules,
                                   std::string& error) {
  Rules r;
  if (!RulesFrom(rules, r, error)) return nullptr;
  return Wrap(State::Initial(seed, r));
}

std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev) {
  std::vector<Event> out;
  const std::string who = Who(ev.player);
  const std::string text = MoveText(ev.move);
  const std::string path = std::to_string(ev.from) + " -> " + std::to_string(ev.to);
  const std::string used = ev.used ? "; tiles " + Slots(ev.used) + " used" : "";
  switch (ev.result) {
    case Result::kMoved:
      out.push_back({"move", "island.move.forward", who + " " + text + ": " + path + used});
      break;
    case Result::kRetreated:
      out.push_back({"retreat", "island.retreat", who + " " + text + ": " + path + used});
      if (after.end() == End::kRetreatEdge)
        out.push_back({"fall", "island.retreat.edge", who + " retreated past its edge and loses"});
      break;
    case Result::kShuffled:
      out.push_back({"shuffle", "island.shuffle",
                     who + " shuffled (" + std::to_string(after.shuffles(ev.player)) + " of " +
                         std::to_string(after.rules().shuffle_limit) + ")"});
      break;
    case Result::kAttacked: {
      const std::string counts = std::to_string(ev.attack_tiles) + " tile(s), " +
                                 std::to_string(ev.defence_tiles) + " defended";
      if (ev.hits == 0) {
        out.push_back({"attack", "island.defence.full",
                       who + " " + text + ": " + counts + "; nobody moves" + used});
      } else {
        out.push_back({"attack", "island.defence.knockback",
                       who + " " + text + ": " + counts + ", " + std::to_string(ev.hits) +
                           " hit(s); attacker " + path + ", defender " +
                           std::to_string(ev.defender_from) + " -> " +
                           std::to_string(ev.defender_to) + used});
      }
      if (ev.defence_used)
        out.push_back({"defend", "island.defence.replace",
                       Who(1 - ev.player) + " defended with tiles " + Slots(ev.defence_used)});
      if (after.end() == End::kKnockedOff)
        out.push_back(
            {"fall", "island.edge.knocked", Who(1 - ev.player) + " was knocked off and loses"});
      break;
    }
    case Result::kRefused:
      out.push_back({"refused", "island.retreat.edge", who + " " + text + " had no effect"});
      break;
    case Result::kEndedGame:
      if (after.end() == End::kDisqualified)
        out.push_back({"silent", "island.timeout", who + " gave no answer and is disqualified"});
      else
        out.push_back(
            {"invalid",
             ReasonClause(ev.reason, after.end() == End::kInvalid ? "island.syntax.grammar"
                                                                  : "island.invalid"),
             who + " is disqualified: " + ev.reason});
      break;
  }
  if (ev.game_over) {
    const int w = after.Winner();
    out.push_back({"end", after.end() == End::kLimit ? "island.end.limit" : "island.end.winner",
                   w >= 0 ? Who(w) + " wins" : std::string("a draw at the turn limit")});
  }
  return out;
}

}  // namespace arbiter::island

// JavaChallenge2015 behind the uniform game API, and its scenario format:
//   {"game": "jc2015", "players": [{"row": 4, "col": 9, "dir": "D"}, ...4],
//    "seed": 7 (instead of players), "rules": {"turn_limit": 1001, ...},
//    "actions": ["U", "A", "N", ...]}
#include "jc2015/game.h"

#include <nlohmann/json.hpp>

#include "core/game_adapters.h"
#include "core/scenario_fields.h"
#include "jc2015/codec.h"
#include "jc2015/invariants.h"
#include "jc2015/placement.h"
#include "jc2015/policies.h"
#include "jc2015/protocol.h"
#include "jc2015/serialize.h"

namespace arbiter::jc2015 {
namespace {

class Jc2015State final : public GameState {
 public:
  explicit Jc2015State(const State& s) : s_(s) {}
  int num_players() const override { return kNumPlayers; }
  int turn() const override { return s_.turn(); }
  int current_player() const override { return s_.current_player(); }
  bool CurrentPlayerReceivesInput() const override { return s_.CurrentPlayerReceivesInput(); }
  std::string InputText(int player) const override { return FormatInput(s_, player); }
  std::vector<Event> ApplyLine(std::string_view line) override {
    const TurnEvents ev = s_.Apply(ParseAction(line, s_.rules().action_parsing));
    return DescribeEvents(s_, ev);
  }
  std::vector<Event> ApplySilence() override {
    const int player = s_.current_player();
    const bool on_board = s_.player(player).on_board;
    const TurnEvents ev = s_.Apply(kActionWhenSilent);
    std::vector<Event> out;
    if (on_board) {  // a fallen player is not expected to answer (jc2015.fallen.turns)
      out.push_back({"silent", "jc2015.protocol.action.timeout",
                     "player " + std::to_string(player) + " gave no answer; treated as N"});
    }
    for (Event& e : DescribeEvents(s_, ev)) out.push_back(std::move(e));
    return out;
  }
  bool IsTerminal() const override { return s_.IsTerminal(); }
  int Winner() const override { return s_.Winner(); }
  std::string Serialize() const override { return jc2015::Serialize(s_); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<Jc2015State>(s_); }
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const override {
    const auto p = PolicyFromName(policy);
    if (!p) return std::nullopt;
    return std::string(1, ActionLetter(ChooseAction(*p, s_, rng)));
  }
  const State& state() const { return s_; }
  bool QueuesExtraLines() const override { return s_.rules().extra_lines == ExtraLines::kQueue; }
  int TurnLimit() const override { return s_.rules().turn_limit; }  // jc2015.end.turn-limit
  Refusal RejectionReason(std::string_view /*line*/) const override {
    return {
        "an answer is one letter, U, D, L, R, A or N, alone on its line "
        "(jc2015.protocol.action.commands)",
        "jc2015.protocol.action.commands"};
  }
  // jc2015.protocol.action.commands: every letter is legal on every turn.
  std::vector<std::string> LegalAnswers() const override {
    if (s_.IsTerminal()) return {};
    std::vector<std::string> out;
    for (const Action a : {Action::kUp, Action::kRight, Action::kDown, Action::kLeft,
                           Action::kAttack, Action::kNothing})
      out.emplace_back(1, ActionLetter(a));
    return out;
  }
  AnswerVerdict ClassifyAnswer(std::string_view line) const override {
    if (ParseAction(line, ActionParsing::kExact) != Action::kInvalid) return AnswerVerdict::kValid;
    if (ParseAction(line, ActionParsing::kTrimmed) != Action::kInvalid)
      return AnswerVerdict::kWhitespace;  // jc2015.protocol.action.whitespace
    if (ServerReading(line)) return AnswerVerdict::kServerAccepts;
    return AnswerVerdict::kInvalid;  // jc2015.protocol.action.commands
  }
  // Under action_parsing=first-word (the official 2015 referee) "U extra" is
  // U; under the text's readings it is no command.
  std::optional<std::string> ServerReading(std::string_view line) const override {
    if (s_.rules().action_parsing != ActionParsing::kFirstWord) return std::nullopt;
    const Action a = ParseAction(line, ActionParsing::kFirstWord);
    if (a == Action::kInvalid) return std::nullopt;
    return std::string(1, ActionLetter(a));
  }

 private:
  State s_;
};

std::string Square(int row, int col) {
  return "(" + std::to_string(row) + "," + std::to_string(col) + ")";
}

std::string Blocks(uint64_t set) {
  std::string out;
  for (int i = 0; i < kNumBlocks; ++i) {
    if (!((set >> i) & 1)) continue;
    if (!out.empty()) out += ' ';
    out += Square(i / kBoardBlocks, i % kBoardBlocks);
  }
  return out;
}

using nlohmann::json;

bool Fail(ScenarioError& error, std::string field, std::string message) {
  error = ScenarioError{std::move(field), std::move(message)};
  return false;
}

bool ReadPlayers(const json& players, Placement& out, ScenarioError& error) {
  if (!players.is_array())
    return Fail(error, "players", "must be an array of 4 players {row, col, dir}");
  if (players.size() != kNumPlayers)
    return Fail(error, "players",
                "has " + std::to_string(players.size()) +
                    " entries; jc2015 has exactly 4 players (jc2015.players.count)");
  for (int i = 0; i < kNumPlayers; ++i) {
    const std::string field = "players[" + std::to_string(i) + "]";
    const json& p = players[i];
    if (!p.is_object()) return Fail(error, field, "must be an object {row, col, dir}");
    for (const auto& [key, value] : p.items()) {
      if (key != "row" && key != "col" && key != "dir")
        return Fail(error, field + "." + key, "unknown field (expected row, col, dir)");
    }
    for (const char* key : {"row", "col"}) {
      if (!p.contains(key)) return Fail(error, field + "." + key, "missing");
      if (!p[key].is_number_integer())
        return Fail(error, field + "." + key, "must be an integer in 0..17");
    }
    const long long row = p["row"].get<long long>(), col = p["col"].get<long long>();
    if (row < 0 || row >= kBoardSquares)
      return Fail(error, field + ".row", std::to_string(row) + " is off the board (0..17)");
    if (col < 0 || col >= kBoardSquares)
      return Fail(error, field + ".col", std::to_string(col) + " is off the board (0..17)");
    if (!p.contains("dir")) return Fail(error, field + ".dir", "missing");
    const json& d = p["dir"];
    const std::string dir = d.is_string() ? d.get<std::string>() : "";
    const size_t k = std::string_view("URDL").find(dir);
    if (dir.size() != 1 || k == std::string_view::npos)
      return Fail(error, field + ".dir",
                  "must be one of \"U\", \"R\", \"D\", \"L\", got " + d.dump());
    out.players[i] = {static_cast<int>(row), static_cast<int>(col), static_cast<Dir>(k)};
  }
  if (const std::string err = ValidatePlacement(out); !err.empty()) {
    const size_t colon = err.find(':');
    return Fail(error, err.substr(0, colon), err.substr(colon + 2));
  }
  return true;
}

std::optional<Scenario> LoadScenario(const json& doc, const ScenarioOptions& options,
                                     ScenarioError& error) {
  if (!doc.is_object()) return Fail(error, "", "a scenario is a JSON object"), std::nullopt;
  for (const auto& [key, value] : doc.items()) {
    if (key != "game" && key != "players" && key != "seed" && key != "actions" && key != "rules" &&
        key != "profile") {
      Fail(error, key, "unknown field (expected game, profile, players, seed, rules, actions)");
      return std::nullopt;
    }
  }
  Rules rules;
  std::optional<uint64_t> seed;
  if (!ReadScenarioRules(
          doc, options,
          [&](std::string_view k, std::string_view v) { return SetRule(rules, k, v); }, error) ||
      !ReadScenarioSeed(doc, options, seed, error))
    return std::nullopt;
  Placement placement;
  if (doc.contains("players")) {
    if (seed) {
      Fail(error, "players", "a scenario gives either players or a seed, not both");
      return std::nullopt;
    }
    if (!ReadPlayers(doc["players"], placement, error)) return std::nullopt;
  } else if (seed) {
    placement = DrawPlacement(*seed);
  } else {
    Fail(error, "players", "missing: give the four players or a seed (--seed N)");
    return std::nullopt;
  }
  Scenario scenario;
  if (!ReadScenarioActions(doc, scenario.actions, error)) return std::nullopt;
  scenario.initial = Wrap(State::Initial(placement, rules));
  return scenario;
}

std::unique_ptr<GameState> NewGame(uint64_t seed,
                                   const std::vector<std::pair<std::string, std::string>>& rules,
                                   std::string& error) {
  Rules r;
  if (!RulesFrom(rules, r, error)) return nullptr;
  return Wrap(State::Initial(DrawPlacement(seed), r));
}

}  // namespace

bool RulesFrom(const RuleList& pairs, Rules& rules, std::string& error) {
  for (const auto& [key, value] : pairs) {
    error = SetRule(rules, key, value);
    if (!error.empty()) return false;
  }
  return true;
}

const RefereeFuzzing kRefereeFuzzing = {
    .frame_message = &FrameMessage,
    .state_from_first_message = &StateFromFirstMessage,
    .scenario_of = &ScenarioOf,
    .compare = &CompareMessage,
    .fuzz_answer = &FuzzAnswer,
    .answer_families = {"U", "R", "D", "L", "A", "N", "lowercase", "garbage", "padded",
                        "simultaneous last fall"},
    .steered_families = 1ull << 9,
};

const Resync kResync = {
    .state_from_message =
        [](std::string_view message, int seat, const GameState& /*reference*/,
           const RuleList& rules, std::string& why) {
          return StateFromMessage(message, seat, rules, why);  // a message shows the whole state
        },
};

const GameInfo kGameInfo = {
    .name = "jc2015",
    .title = "JavaChallenge2015",
    .policies = {"random", "hunter", "idle", "passive"},
    .load_scenario = &LoadScenario,
    .new_game = &NewGame,
    .deserialize = &DeserializeWith<&Deserialize, &Wrap>,
    .check_invariants = &CheckWith<&StateOf, &CheckInvariants>,
    .check_step = [](const GameState& before, std::string_view line, bool silent) -> std::string {
      const State* b = StateOf(before);
      if (!b) return "not a jc2015 state";
      State after = *b;
      const Action action =
          silent ? kActionWhenSilent : ParseAction(line, b->rules().action_parsing);
      const TurnEvents ev = after.Apply(action);
      return CheckTransition(*b, action, ev, after);
    },
    .ready_line = kReadyLine,
    .profiles = {std::begin(kProfiles), std::end(kProfiles)},
    .edge_cases = &EdgeCases,
    .ok_answer = "N",
    .referee_fuzzing = &kRefereeFuzzing,
    .resync = &kResync,
    .fuzz_start = &FuzzStart,
    .board_view = &BoardView,
    .deviations = Deviations(),
};

const State* StateOf(const GameState& state) {
  const auto* s = dynamic_cast<const Jc2015State*>(&state);
  return s ? &s->state() : nullptr;
}

std::unique_ptr<GameState> Wrap(const State& state) { return std::make_unique<Jc2015State>(state); }

std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev) {
  std::vector<Event> out;
  const std::string who = "player " + std::to_string(ev.player);
  const Player& p = after.player(ev.player);
  const std::string dir(1, DirLetter(p.dir));
  switch (ev.result) {
    case ActionResult::kMoved:
      out.push_back(
          {"move", "jc2015.move.step", who + " moved " + dir + " to " + Square(p.row, p.col)});
      break;
    case ActionResult::kCancelledEdge:
      out.push_back({"cancel", "jc2015.move.cancel.edge",
                     who + " turned " + dir + "; the move would leave the board"});
      break;
    case ActionResult::kCancelledFallen:
      out.push_back({"cancel", "jc2015.move.cancel.fallen",
                     who + " turned " + dir + "; the move would enter a fallen block"});
      break;
    case ActionResult::kCancelledDistance:
      out.push_back({"cancel", "jc2015.move.cancel.distance",
                     who + " turned " + dir + "; the move would come within distance 3 of player " +
                         std::to_string(ev.too_close_to)});
      break;
    case ActionResult::kAttacked:
      out.push_back({"attack", "jc2015.attack.line",
                     who + " attacked " + dir + "; scheduled blocks: " +
                         (ev.scheduled ? Blocks(ev.scheduled) : std::string("none"))});
      break;
    case ActionResult::kNothing:
      break;
    case ActionResult::kStunned:
      out.push_back({"stunned", "jc2015.protocol.stunned-answer",
                     who + " is stunned; its answer is ignored"});
      break;
    case ActionResult::kNotOnBoard:
      out.push_back(
          {"absent", "jc2015.fallen.turns", who + " is not on the board; its turn passes"});
      break;
    case ActionResult::kInvalidIgnored:
      out.push_back({"invalid", "jc2015.protocol.action.invalid",
                     who + " answered an invalid line; treated as N"});
      break;
    case ActionResult::kInvalidRemoved:
      out.push_back({"invalid", "jc2015.protocol.action.invalid",
                     who + " answered an invalid line and was removed"});
      break;
  }
  if (ev.fell) out.push_back({"fall", "jc2015.fall.timing", "blocks fell: " + Blocks(ev.fell)});
  for (int q = 0; q < kNumPlayers; ++q) {
    if ((ev.players_fell >> q & 1) && ev.result != ActionResult::kInvalidRemoved)
      out.push_back({"player-fell", "jc2015.fall.player", "player " + std::to_string(q) + " fell"});
  }
  if (ev.restored)
    out.push_back({"restore", "jc2015.restore.delay", "blocks restored: " + Blocks(ev.restored)});
  if (ev.game_over) {
    const int w = after.Winner();
    out.push_back({"end",
                   w >= 0 ? "jc2015.end.win"
                          : (after.players_on_board() == 0 ? "jc2015.end.simultaneous"
                                                           : "jc2015.end.turn-limit"),
                   w >= 0 ? "player " + std::to_string(w) + " wins" : std::string("draw")});
  }
  return out;
}

}  // namespace arbiter::jc2015

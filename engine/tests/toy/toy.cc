// The toy game (toy.h): its state, the contract, and what the referee
// fuzzer needs, in one file.
#include "tests/toy/toy.h"

#include <nlohmann/json.hpp>

#include "core/game_adapters.h"
#include "core/parse.h"

namespace arbiter::toy {
namespace {

struct State {
  int counter = 0, turn = 0, winner = -1;
  bool over = false;
};

std::optional<State> Parse(std::string_view text) {
  State s;
  int over = 0;
  if (std::sscanf(std::string(text).c_str(), "toy counter=%d turn=%d winner=%d over=%d", &s.counter,
                  &s.turn, &s.winner, &over) != 4)
    return std::nullopt;
  s.over = over != 0;
  return s;
}

std::string Text(const State& s) {
  return "toy counter=" + std::to_string(s.counter) + " turn=" + std::to_string(s.turn) +
         " winner=" + std::to_string(s.winner) + " over=" + std::to_string(s.over ? 1 : 0);
}

class ToyState final : public GameState {
 public:
  explicit ToyState(State s) : s_(s) {}
  int num_players() const override { return 2; }
  int turn() const override { return s_.turn; }
  int current_player() const override { return s_.turn % 2; }
  bool CurrentPlayerReceivesInput() const override { return !s_.over; }
  std::string InputText(int /*player*/) const override {  // toy.protocol.input
    return std::to_string(s_.counter) + "\n";
  }
  std::vector<Event> ApplyLine(std::string_view line) override {
    const int p = current_player();
    const int take = line.size() == 1 ? line[0] - '0' : 0;
    if (take < 1 || take > 3 || take > s_.counter)
      return End(1 - p, {"invalid", "toy.invalid",
                         "player " + std::to_string(p) + " answered '" + EscapeBytes(line) + "'"});
    s_.counter -= take;
    ++s_.turn;
    std::vector<Event> out = {
        {"take", "toy.take", "player " + std::to_string(p) + " took " + std::to_string(take)}};
    if (s_.counter == 0) {
      s_.over = true;
      s_.winner = p;
      out.push_back({"end", "toy.end.last", "player " + std::to_string(p) + " took the last"});
    }
    return out;
  }
  std::vector<Event> ApplySilence() override {
    const int p = current_player();
    return End(1 - p, {"silent", "toy.timeout", "player " + std::to_string(p) + " gave no answer"});
  }
  bool IsTerminal() const override { return s_.over; }
  int Winner() const override { return s_.winner; }
  std::string Serialize() const override { return Text(s_); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<ToyState>(s_); }
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const override {
    const std::vector<std::string> legal = LegalAnswers();
    if (legal.empty()) return std::nullopt;
    if (policy == "first" || policy == "passive") return legal.front();
    if (policy == "random") return legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
    return std::nullopt;
  }
  AnswerVerdict ClassifyAnswer(std::string_view line) const override {
    for (const std::string& a : LegalAnswers())
      if (line == a) return AnswerVerdict::kValid;
    return line.size() == 1 && line[0] >= '1' && line[0] <= '3' ? AnswerVerdict::kIllegal
                                                                : AnswerVerdict::kInvalid;
  }
  std::vector<std::string> LegalAnswers() const override {
    std::vector<std::string> out;
    for (int k = 1; !s_.over && k <= 3 && k <= s_.counter; ++k) out.push_back(std::to_string(k));
    return out;
  }
  const State& state() const { return s_; }

 private:
  std::vector<Event> End(int winner, Event why) {
    s_.over = true;
    s_.winner = winner;
    ++s_.turn;
    return {std::move(why), {"end", "toy.end.last", "player " + std::to_string(winner) + " wins"}};
  }
  State s_;
};

std::unique_ptr<GameState> Wrap(const State& s) { return std::make_unique<ToyState>(s); }
const State* StateOf(const GameState& g) {
  const auto* t = dynamic_cast<const ToyState*>(&g);
  return t ? &t->state() : nullptr;
}

std::unique_ptr<GameState> NewGame(uint64_t seed, const RuleList& rules, std::string& error) {
  if (!rules.empty()) {
    error = "the toy game has no rule option '" + rules.front().first + "'";
    return nullptr;
  }
  return Wrap({static_cast<int>(7 + seed % 13)});  // toy.start
}

Parsed<State> Deserialize(std::string_view text) {
  const auto s = Parse(text);
  if (!s || Text(*s) != text || s->counter < 0 || s->counter > 19 || s->turn < 0 ||
      s->winner < -1 || s->winner > 1)
    return ParseError{1, 0, "not a toy state"};
  return *s;
}

std::string CheckInvariants(const State& s) {
  if (s.counter < 0) return "a negative counter";
  if (s.over != (s.winner >= 0)) return "over without a winner, or a winner before the end";
  return "";
}

std::optional<Scenario> LoadScenario(const nlohmann::json& doc, const ScenarioOptions& o,
                                     ScenarioError& error) {
  Scenario out;
  const int counter = doc.value("counter", o.seed ? static_cast<int>(7 + *o.seed % 13) : 7);
  if (counter < 1 || counter > 19) {
    error = {"counter", "must be between 1 and 19"};
    return std::nullopt;
  }
  out.initial = Wrap({counter});
  if (doc.contains("actions"))
    for (const auto& a : doc["actions"]) out.actions.push_back(a.get<std::string>());
  return out;
}

size_t FrameMessage(std::string_view bytes) {  // one line
  const size_t nl = bytes.find('\n');
  return nl == std::string_view::npos ? 0 : nl + 1;
}

std::unique_ptr<GameState> StateFromFirstMessage(std::string_view message, const RuleList&,
                                                 Divergence& why) {
  const auto n = ParseCanonicalInt(message.substr(0, message.size() - 1));
  if (!n || *n < 7 || *n > 19 || message.back() != '\n') {
    why = {"counter",
           "format",
           "a counter of 7 to 19",
           EscapeBytes(message),
           {"toy.protocol.input", "toy.start"},
           "the first message is not a starting counter"};
    return nullptr;
  }
  return Wrap({static_cast<int>(*n)});
}

std::optional<Divergence> Compare(const GameState& reference, const std::vector<TurnLog>&,
                                  std::string_view actual, int seat) {
  if (seat < 0)
    return reference.IsTerminal()
               ? std::nullopt
               : std::optional<Divergence>({"end",
                                            "end",
                                            "the game goes on",
                                            "the referee ended the game",
                                            {"toy.end.last"},
                                            "the referee ended the game before the reference did"});
  if (reference.IsTerminal())
    return Divergence{"end",
                      "end",
                      "no more input",
                      "input for player " + std::to_string(seat),
                      {"toy.end.last"},
                      "the referee went on after the end of the game"};
  if (seat != reference.current_player())
    return Divergence{"recipient",
                      "recipient",
                      "input for player " + std::to_string(reference.current_player()),
                      "input for player " + std::to_string(seat),
                      {"toy.start"},
                      "the referee sent input to the wrong player"};
  const std::string expected = reference.InputText(seat);
  if (actual == expected) return std::nullopt;
  return Divergence{"counter",
                    "counter",
                    EscapeBytes(expected),
                    EscapeBytes(actual),
                    {"toy.take", "toy.protocol.input"},
                    "the counter differs"};
}

std::string FuzzAnswer(const GameState& s, uint64_t swarm, bool, Rng& rng) {
  // Now and then an answer out of range or out of the grammar: each ends
  // the game (toy.invalid), so most answers are legal.
  if (rng.Chance(1, 16) && (swarm >> 1 & 1)) return rng.Chance(1, 2) ? "0" : "4";
  if (rng.Chance(1, 16) && (swarm >> 2 & 1)) return rng.Chance(1, 2) ? "take 1" : " 1";
  const auto legal = s.LegalAnswers();
  return legal.empty() ? "1" : legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
}

constexpr Profile kProfiles[] = {{"default", 0, 1000, 100}};

}  // namespace

const RefereeFuzzing kRefereeFuzzing = {
    .frame_message = &FrameMessage,
    .state_from_first_message = &StateFromFirstMessage,
    .scenario_of = [](const GameState& g) -> std::string {
      return nlohmann::json{{"game", "toy"}, {"counter", StateOf(g)->counter}}.dump();
    },
    .compare = &Compare,
    .fuzz_answer = &FuzzAnswer,
    .answer_families = {"legal", "out of range", "garbage"},
};

const GameInfo kGameInfo = {
    .name = "toy",
    .title = "Take the last (a test-only toy game)",
    .policies = {"first", "random", "passive"},
    .load_scenario = &LoadScenario,
    .new_game = &NewGame,
    .deserialize = &DeserializeWith<&Deserialize, &Wrap>,
    .check_invariants = &CheckWith<&StateOf, &CheckInvariants>,
    .ready_line = std::nullopt,
    .profiles = {std::begin(kProfiles), std::end(kProfiles)},
    .edge_cases = nullptr,
    .ok_answer = "1",
    .referee_fuzzing = &kRefereeFuzzing,
};

}  // namespace arbiter::toy

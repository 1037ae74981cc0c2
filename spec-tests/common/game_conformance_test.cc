// The game contract (engine/core/game.h), proven for every registered game
// (arbiter.game.contract), in the spirit of OpenSpiel's basic_tests: one
// suite, run over AllGames(), that any new game passes before the harness,
// the referee fuzzer and the reports rely on it. Each test plays seeded
// random walks (the game's built-in players, its legal answers, its fuzzing
// answers and silence, mixed) from the game's default rules and from each
// profile's, and checks one part of the contract on every state or turn.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "report/registers.h"
#include "report/rule_options.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter {
namespace {

constexpr int kWalks = 12;      // per game and rule set
constexpr int kMaxSteps = 400;  // a walk stops at the end of its game, or here

struct Step {
  std::unique_ptr<GameState> before;
  std::string line;  // the answer played; empty with `silent`
  bool silent = false;
  std::vector<Event> events;
};

struct Walk {
  std::vector<Step> steps;
  std::unique_ptr<GameState> last;
};

// The rule sets a walk starts from: the default, each profile's, and each
// alternative of a rule option the game's register decides (alone).
std::vector<RuleList> RuleSets(const GameInfo& game) {
  std::vector<RuleList> out = {{}};
  for (const Profile& p : game.profiles) {
    RuleList rules;
    for (const auto& [key, value] : p.rules) rules.emplace_back(key, value);
    if (!rules.empty()) out.push_back(std::move(rules));
  }
  for (const report::RuleOption& o : report::RuleOptionsOf(game.name)) {
    if (o.is_default) continue;
    RuleList rules = {{o.key, o.value}};
    std::string error;
    if (game.new_game(1, rules, error)) out.push_back(std::move(rules));
  }
  return out;
}

// One answer for the player to move: a built-in player's, a legal answer
// at random, a fuzzing answer (possibly malformed), or silence.
std::string ChooseLine(const GameInfo& game, const GameState& s, Rng& rng, bool& silent) {
  silent = false;
  const uint32_t kind = rng.Uniform(10);
  if (kind < 4) {
    const auto policy = game.policies[rng.Uniform(static_cast<uint32_t>(game.policies.size()))];
    if (auto line = s.BuiltinAnswer(policy, rng)) return *line;
  }
  if (kind < 7) {
    const std::vector<std::string> legal = s.LegalAnswers();
    if (!legal.empty()) return legal[rng.Uniform(static_cast<uint32_t>(legal.size()))];
  }
  if (kind < 9 && game.referee_fuzzing)
    return game.referee_fuzzing->fuzz_answer(s, ~0ull, rng.Chance(1, 2), rng);
  silent = true;
  return {};
}

Walk RandomWalk(const GameInfo& game, const RuleList& rules, uint64_t seed) {
  Walk w;
  std::string error;
  std::unique_ptr<GameState> s = game.new_game(seed, rules, error);
  EXPECT_NE(s, nullptr) << game.name << ": " << error;
  if (!s) return w;
  Rng rng(seed * 0x9e3779b97f4a7c15ull + 1);
  for (int i = 0; i < kMaxSteps && !s->IsTerminal(); ++i) {
    Step step;
    step.before = s->Clone();
    step.line = ChooseLine(game, *s, rng, step.silent);
    step.events = step.silent ? s->ApplySilence() : s->ApplyLine(step.line);
    w.steps.push_back(std::move(step));
  }
  w.last = std::move(s);
  return w;
}

// Every walk of the game: each rule set, kWalks seeds.
template <class F>
void ForEachWalk(const GameInfo& game, F&& check) {
  for (const RuleList& rules : RuleSets(game))
    for (uint64_t seed = 1; seed <= kWalks; ++seed) check(RandomWalk(game, rules, seed), seed);
}

// Each test proves part of the contract for every game (INSTANTIATE below).
#define CONTRACT_TEST(Name)                         \
  [[maybe_unused]] static const bool kCites##Name = \
      ::arbiter::spec::Cite("AllGames/GameConformance", #Name, {"arbiter.game.contract"})

class GameConformance : public ::testing::TestWithParam<const GameInfo*> {
 protected:
  const GameInfo& game() const { return *GetParam(); }
};

CONTRACT_TEST(ANewGameIsTheSameForTheSameSeedAndRules);
TEST_P(GameConformance, ANewGameIsTheSameForTheSameSeedAndRules) {
  for (const RuleList& rules : RuleSets(game())) {
    std::set<std::string> starts;
    for (uint64_t seed = 1; seed <= kWalks; ++seed) {
      std::string error;
      const auto a = game().new_game(seed, rules, error);
      const auto b = game().new_game(seed, rules, error);
      ASSERT_TRUE(a && b) << error;
      EXPECT_EQ(a->Serialize(), b->Serialize()) << "seed " << seed;
      starts.insert(a->Serialize());
    }
    // The seed is the game's chance: it draws different starts.
    EXPECT_GT(starts.size(), 1u);
  }
  std::string error;
  EXPECT_EQ(game().new_game(1, {{"no-such-rule", "1"}}, error), nullptr);
  EXPECT_FALSE(error.empty());
}

CONTRACT_TEST(EveryStateKeepsItsInvariantsAndSerializesBackToItself);
TEST_P(GameConformance, EveryStateKeepsItsInvariantsAndSerializesBackToItself) {
  ASSERT_NE(game().check_invariants, nullptr);
  ASSERT_NE(game().deserialize, nullptr);
  int states = 0;
  ForEachWalk(game(), [&](const Walk& w, uint64_t seed) {
    std::vector<const GameState*> all;
    for (const Step& s : w.steps) all.push_back(s.before.get());
    if (w.last) all.push_back(w.last.get());
    for (const GameState* s : all) {
      ++states;
      ASSERT_EQ(game().check_invariants(*s), "") << "seed " << seed << "\n" << s->Serialize();
      std::string error;
      const auto back = game().deserialize(s->Serialize(), error);
      ASSERT_NE(back, nullptr) << error << "\n" << s->Serialize();
      ASSERT_EQ(back->Serialize(), s->Serialize());
      EXPECT_EQ(back->InputText(s->current_player()), s->InputText(s->current_player()));
    }
  });
  EXPECT_GE(states, 2 * kWalks);  // a start and an end at least, per walk
  std::string error;
  EXPECT_EQ(game().deserialize("not a state", error), nullptr);
  EXPECT_FALSE(error.empty());
}

CONTRACT_TEST(AClonePlaysOnAloneAndAlikeAndTheOriginalStaysAsItWas);
TEST_P(GameConformance, AClonePlaysOnAloneAndAlikeAndTheOriginalStaysAsItWas) {
  ForEachWalk(game(), [&](const Walk& w, uint64_t seed) {
    for (const Step& step : w.steps) {
      const std::string before = step.before->Serialize();
      auto a = step.before->Clone();
      auto b = step.before->Clone();
      const auto ea = step.silent ? a->ApplySilence() : a->ApplyLine(step.line);
      const auto eb = step.silent ? b->ApplySilence() : b->ApplyLine(step.line);
      ASSERT_EQ(step.before->Serialize(), before) << "seed " << seed;
      ASSERT_EQ(a->Serialize(), b->Serialize()) << "seed " << seed << ", turn " << a->turn();
      ASSERT_EQ(ea.size(), eb.size());
      ASSERT_EQ(ea.size(), step.events.size());
      for (size_t i = 0; i < ea.size(); ++i) EXPECT_EQ(ea[i].detail, step.events[i].detail);
    }
  });
}

CONTRACT_TEST(EveryEventCitesAClauseOfTheGamesRegister);
TEST_P(GameConformance, EveryEventCitesAClauseOfTheGamesRegister) {
  const auto doc = nlohmann::json::parse(report::RegisterJson(game().name), nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << "no register for " << game().name;
  std::set<std::string> ids;
  for (const auto& c : doc["clauses"]) ids.insert(c["id"].get<std::string>());
  std::map<std::string, int> kinds;
  ForEachWalk(game(), [&](const Walk& w, uint64_t seed) {
    for (const Step& step : w.steps)
      for (const Event& e : step.events) {
        ++kinds[e.kind];
        EXPECT_TRUE(ids.count(e.clause)) << game().name << " seed " << seed << ": event '" << e.kind
                                         << "' cites '" << e.clause << "'";
      }
  });
  EXPECT_GE(kinds.size(), 3u);
}

CONTRACT_TEST(EveryLegalAnswerIsValidAndTheBuiltInPlayersChooseAmongThem);
TEST_P(GameConformance, EveryLegalAnswerIsValidAndTheBuiltInPlayersChooseAmongThem) {
  int checked = 0;
  ForEachWalk(game(), [&](const Walk& w, uint64_t seed) {
    for (const Step& step : w.steps) {
      const GameState& s = *step.before;
      if (!s.CurrentPlayerReceivesInput()) continue;
      const std::vector<std::string> legal = s.LegalAnswers();
      ASSERT_FALSE(legal.empty()) << "seed " << seed << "\n" << s.Serialize();
      for (const std::string& line : legal)
        ASSERT_EQ(s.ClassifyAnswer(line), AnswerVerdict::kValid) << line << "\n" << s.Serialize();
      const std::set<std::string> allowed(legal.begin(), legal.end());
      for (const std::string_view policy : game().policies) {
        Rng rng(seed + static_cast<uint64_t>(s.turn()));
        const auto answer = s.BuiltinAnswer(policy, rng);
        ASSERT_TRUE(answer) << policy;
        EXPECT_TRUE(allowed.count(*answer)) << policy << " answered '" << *answer << "'\n"
                                            << s.Serialize();
        ++checked;
      }
    }
  });
  EXPECT_GT(checked, kWalks * 10);
  std::string error;
  auto s = game().new_game(1, {}, error);
  Rng rng(1);
  EXPECT_FALSE(s->BuiltinAnswer("no-such-player", rng));
}

CONTRACT_TEST(TheGamesMessagesFrameAndCompareEqualToThemselves);
TEST_P(GameConformance, TheGamesMessagesFrameAndCompareEqualToThemselves) {
  if (!game().referee_fuzzing) GTEST_SKIP() << "no referee fuzzing";
  ForEachWalk(game(), [&](const Walk& w, uint64_t seed) {
    std::vector<TurnLog> history;
    std::set<int> started;
    for (const Step& step : w.steps) {
      const GameState& s = *step.before;
      const int seat = s.current_player();
      if (s.CurrentPlayerReceivesInput()) {
        const std::string text =
            (started.insert(seat).second ? s.InitText(seat) : std::string()) + s.InputText(seat);
        ASSERT_EQ(game().referee_fuzzing->frame_message(text), text.size())
            << "seed " << seed << "\n"
            << text;
        const auto d = game().referee_fuzzing->compare(s, history, text, seat);
        ASSERT_FALSE(d) << "seed " << seed << ": " << d->message << "\n" << text;
      }
      history.push_back({s.turn(), seat, step.line, step.silent, step.events});
    }
    if (w.last && w.last->IsTerminal()) {
      const auto d = game().referee_fuzzing->compare(*w.last, history, "", -1);
      EXPECT_FALSE(d) << "seed " << seed << ": the end: " << d->message;
    }
  });
}

INSTANTIATE_TEST_SUITE_P(AllGames, GameConformance, ::testing::ValuesIn(AllGames()),
                         [](const auto& info) { return std::string(info.param->name); });

}  // namespace
}  // namespace arbiter

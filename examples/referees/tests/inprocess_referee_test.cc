// libjc2015_referee.so, loaded with dlopen the way a host loads it, against
// arbiter's production engine.
//
// This program links the production engine (arbiter_engine) and the library
// embeds the mutant-enabled one (arbiter_engine_mutants). That is safe only
// because the library exports nothing but arbiter_referee_*: its engine is
// hidden (-fvisibility=hidden, --exclude-libs), which the first test checks.
// So the comparison below is real: turn by turn, the library with no mutant
// must send exactly what the production engine sends, on seeded games with
// random, malformed and missing answers; and a mutant chosen by the scenario
// or the environment must make it differ.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <memory>
#include <string>
#include <vector>

#include "arbiter_referee.h"
#include "core/game.h"
#include "core/rng.h"
#include "jc2015/codec.h"

namespace {

struct Api {
  void* handle = nullptr;
  decltype(&arbiter_referee_create) create = nullptr;
  decltype(&arbiter_referee_current_player) current_player = nullptr;
  decltype(&arbiter_referee_receives_input) receives_input = nullptr;
  decltype(&arbiter_referee_input) input = nullptr;
  decltype(&arbiter_referee_apply) apply = nullptr;
  decltype(&arbiter_referee_is_over) is_over = nullptr;
  decltype(&arbiter_referee_winner) winner = nullptr;
  decltype(&arbiter_referee_destroy) destroy = nullptr;
};

template <class F>
void Bind(void* handle, const char* name, F& out) {
  out = reinterpret_cast<F>(dlsym(handle, name));
  ASSERT_NE(out, nullptr) << name << ": " << dlerror();
}

const Api& Lib() {
  static Api api = [] {
    Api a;
    a.handle = dlopen(JC2015_REFEREE_SO, RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(a.handle, nullptr) << dlerror();
    if (!a.handle) return a;
    Bind(a.handle, "arbiter_referee_create", a.create);
    Bind(a.handle, "arbiter_referee_current_player", a.current_player);
    Bind(a.handle, "arbiter_referee_receives_input", a.receives_input);
    Bind(a.handle, "arbiter_referee_input", a.input);
    Bind(a.handle, "arbiter_referee_apply", a.apply);
    Bind(a.handle, "arbiter_referee_is_over", a.is_over);
    Bind(a.handle, "arbiter_referee_winner", a.winner);
    Bind(a.handle, "arbiter_referee_destroy", a.destroy);
    return a;
  }();
  return api;
}

struct Referee {
  arbiter_referee* r = nullptr;
  std::string error;
  explicit Referee(const std::string& json) {
    char buf[512];
    r = Lib().create(json.c_str(), buf, sizeof buf);
    error = buf;
  }
  ~Referee() { Lib().destroy(r); }
  std::string Input(int player) const {
    const size_t n = Lib().input(r, player, nullptr, 0);
    std::string s(n + 1, '\0');
    EXPECT_EQ(Lib().input(r, player, s.data(), s.size()), n);
    s.resize(n);
    return s;
  }
};

std::unique_ptr<arbiter::GameState> Production(
    uint64_t seed, std::vector<std::pair<std::string, std::string>> rules = {}) {
  std::string error;
  auto g = arbiter::FindGame("jc2015")->new_game(seed, rules, error);
  EXPECT_NE(g, nullptr) << error;
  return g;
}

// Answers of every kind: the six commands, whitespace, junk, and silence.
const char* RandomAnswer(arbiter::Rng& rng) {
  static const char* const kAnswers[] = {"U", "R",    "D", "L", "A",  "N",
                                         "A", " L\r", "u", "",  "NN", nullptr};
  return kAnswers[rng.Uniform(sizeof kAnswers / sizeof kAnswers[0])];
}

TEST(InprocessReferee, ExportsOnlyTheCApiAndHidesItsEngine) {
  ASSERT_NE(Lib().handle, nullptr);
  // A few of the engine's own symbols: present in the library (as local
  // symbols: `nm libjc2015_referee.so` lists them with 't'), but not exported.
  for (const char* symbol :
       {"_ZN7arbiter8FindGameESt17basic_string_viewIcSt11char_traitsIcEE",
        "_ZN7arbiter6jc20155State5ApplyENS0_6ActionE",
        "_ZN7arbiter6jc20157SetRuleB5cxx11ERNS0_5RulesESt17basic_string_viewIcSt11"
        "char_traitsIcEES6_"}) {
    EXPECT_EQ(dlsym(Lib().handle, symbol), nullptr) << symbol;
  }
}

TEST(InprocessReferee, WithoutAMutantItSendsWhatTheProductionEngineSends) {
  int turns = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const int limit = seed % 4 == 0 ? 1000 : 150;
    Referee lib(R"({"game":"jc2015","seed":)" + std::to_string(seed) +
                R"(,"rules":{"turn_limit":)" + std::to_string(limit) + "}}");
    ASSERT_NE(lib.r, nullptr) << lib.error;
    auto ref = Production(seed, {{"turn_limit", std::to_string(limit)}});
    arbiter::Rng rng(seed);
    while (true) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " turn " + std::to_string(ref->turn()));
      ASSERT_EQ(Lib().is_over(lib.r), ref->IsTerminal() ? 1 : 0);
      if (ref->IsTerminal()) break;
      ASSERT_EQ(Lib().current_player(lib.r), ref->current_player());
      ASSERT_EQ(Lib().receives_input(lib.r), ref->CurrentPlayerReceivesInput() ? 1 : 0);
      for (int q = 0; q < 4; ++q) {
        const std::string text = lib.Input(q);
        ASSERT_EQ(text, ref->InputText(q));
        ASSERT_TRUE(arbiter::jc2015::ParseInput(text).ok());
      }
      const char* answer = RandomAnswer(rng);
      Lib().apply(lib.r, answer);
      if (answer)
        ref->ApplyLine(answer);
      else
        ref->ApplySilence();
      ++turns;
    }
    EXPECT_EQ(Lib().winner(lib.r), ref->Winner());
    EXPECT_EQ(Lib().current_player(lib.r), -1);
    EXPECT_EQ(Lib().receives_input(lib.r), 0);
    Lib().apply(lib.r, "N");  // ignored once over
    EXPECT_EQ(Lib().is_over(lib.r), 1);
  }
  std::cout << "[ info ] " << turns << " turns compared\n";
}

// Player 0 attacks on turn 0; the others do nothing.
std::string InputOnTurnOne(const std::string& rules) {
  Referee lib(
      R"({"game":"jc2015","players":[{"row":1,"col":1,"dir":"R"},{"row":10,"col":10,"dir":"L"},)"
      R"({"row":10,"col":1,"dir":"U"},{"row":16,"col":16,"dir":"U"}],"actions":["A"])" +
      rules + "}");
  EXPECT_NE(lib.r, nullptr) << lib.error;
  return lib.r ? lib.Input(1) : "";
}

TEST(InprocessReferee, AMutantChosenByTheScenarioOrTheEnvironmentChangesWhatItSends) {
  unsetenv("ARBITER_REFEREE_MUTANT");
  const std::string real = InputOnTurnOne("");
  EXPECT_NE(real.find("\n1 1 R 11\n"), std::string::npos) << real;
  // By the scenario's rules.
  const std::string short_stun = InputOnTurnOne(R"(,"rules":{"mutant":"stun-one-turn-short"})");
  EXPECT_NE(short_stun.find("\n1 1 R 7\n"), std::string::npos) << short_stun;
  // By the environment, unless the scenario names a mutant itself.
  setenv("ARBITER_REFEREE_MUTANT", "turn-shown-from-one", 1);
  EXPECT_EQ(InputOnTurnOne("").substr(0, 4), "1\n2\n");
  EXPECT_EQ(InputOnTurnOne(R"(,"rules":{"mutant":"stun-one-turn-short"})"), short_stun);
  EXPECT_EQ(InputOnTurnOne(R"(,"rules":{"mutant":"none"})"), real);
  setenv("ARBITER_REFEREE_MUTANT", "no-such-bug", 1);
  Referee bad_env(R"({"game":"jc2015","seed":1})");
  EXPECT_EQ(bad_env.r, nullptr);
  EXPECT_NE(bad_env.error.find("ARBITER_REFEREE_MUTANT: rule mutant: 'no-such-bug' is not one of"),
            std::string::npos)
      << bad_env.error;
  unsetenv("ARBITER_REFEREE_MUTANT");
  EXPECT_EQ(InputOnTurnOne(""), real);
}

TEST(InprocessReferee, BadScenariosAreErrorsWithAMessage) {
  const struct {
    const char* json;
    const char* message;
  } cases[] = {
      {"{", "not valid JSON"},
      {R"({"seed":1})", "\"game\""},
      {R"({"game":"chess","seed":1})", "unknown game 'chess'"},
      {R"({"game":"jc2015"})", "scenario field 'players': missing"},
      {R"({"game":"jc2015","seed":1,"rules":{"mutant":"nope"}})",
       "scenario field 'rules.mutant': rule mutant: 'nope'"},
      {R"({"game":"jc2015","seed":1,"rules":{"turn_limit":0}})", "rules.turn_limit"},
  };
  for (const auto& c : cases) {
    Referee lib(c.json);
    EXPECT_EQ(lib.r, nullptr) << c.json;
    EXPECT_NE(lib.error.find(c.message), std::string::npos) << c.json << " -> " << lib.error;
  }
  EXPECT_EQ(Lib().create(nullptr, nullptr, 0), nullptr);
  char tiny[8];
  EXPECT_EQ(Lib().create("{", tiny, sizeof tiny), nullptr);
  EXPECT_EQ(std::string(tiny), "arbiter");  // truncated, NUL-terminated
}

TEST(InprocessReferee, InputIsCopiedLikeSnprintf) {
  Referee lib(R"({"game":"jc2015","seed":3})");
  ASSERT_NE(lib.r, nullptr);
  const std::string full = lib.Input(0);
  char buf[6] = "xxxxx";
  EXPECT_EQ(Lib().input(lib.r, 0, buf, sizeof buf), full.size());
  EXPECT_EQ(std::string(buf), full.substr(0, 5));
  EXPECT_EQ(Lib().input(lib.r, 4, buf, sizeof buf), 0u);
  EXPECT_EQ(std::string(buf), "");
  EXPECT_EQ(Lib().input(nullptr, 0, nullptr, 0), 0u);
  EXPECT_EQ(Lib().is_over(nullptr), 0);
  Lib().destroy(nullptr);
}

}  // namespace

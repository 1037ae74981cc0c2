// A protocol is one class (referee_driver.h): a third one, written here as a
// contributor would add it, reads its referee's requests and delivers its
// answers, and gets from what every driver shares the rest: the start, the
// answers' planned mutations, the game's limit, the referee's stderr, its
// exit and what it left running. On the fake clock.
#include <gtest/gtest.h>

#include "process/interrupt.h"
#include "referee/referee_driver.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"

namespace arbiter::harness::testing {
namespace {

using std::chrono::milliseconds;

// A made-up protocol: arbiter writes "PLAYERS P"; the referee writes
// "TURN p <input>" for player p's one-line answer, and "OVER w" at the end.
class TurnLineDriver final : public RefereeDriver {
 public:
  TurnLineDriver(Env& env, const RefereeDriverConfig& config, uint64_t seed)
      : RefereeDriver(env, config, seed, config.players) {}
  ~TurnLineDriver() override { Finish(); }

  void NoAnswer() override {
    if (current_) referee_->Write("PASS\n");
    current_.reset();
  }

 private:
  bool OpenSeats(std::vector<std::string>&, SpawnOptions&) override { return true; }
  void Begin() override { referee_->Write("PLAYERS " + std::to_string(players_) + "\n"); }
  bool HasQueued() const override { return referee_->HasLine(); }
  std::optional<RefereeRequest> Await(Clock::time_point deadline, int) override {
    BotProcess& r = *referee_;
    env_.RunUntil(deadline, [&] { return r.HasLine() || r.stdout_eof() || Interrupted(); });
    if (!r.HasLine()) {
      Stopped("referee.hang", "the referee sent nothing");
      return std::nullopt;
    }
    const std::string line = r.PopLine().line.text;
    if (line.rfind("TURN ", 0) == 0 && line.size() > 7)
      return RefereeRequest{line[5] - '0', line.substr(7) + "\n", 1};
    if (line.rfind("OVER ", 0) == 0 && line.size() > 5) {
      const int w = line[5] - '0';
      outcome_.ranking = std::vector<std::vector<int>>{{w}, {1 - w}};
      outcome_.ended = true;
      return std::nullopt;
    }
    Stopped("referee.protocol", "not a line of the protocol: " + line);
    return std::nullopt;
  }
  void Deliver(const std::string& bytes) override { referee_->Write(bytes); }
  void StopSeats(bool) override {}
};

RefereeDriverConfig Config() {
  RefereeDriverConfig c;
  std::string error;
  c.referee = *RefereeTemplate::Parse("./turn-referee", RefereeProtocol::kRunner, -1, error);
  c.players = 2;
  c.exit_grace = milliseconds(100);
  return c;
}

// A referee of `turns` turns, players 0 and 1 in turn; every write it reads
// is kept in `heard`. After the last turn it says OVER 1 and exits, leaving
// a process behind.
FakeScript TurnReferee(int turns, std::shared_ptr<std::vector<std::string>> heard) {
  FakeScript s;
  s.every_write_is_input = true;
  s.on_input = [=](int index, const std::string& input) -> std::vector<Emit> {
    heard->push_back(input);
    if (index >= turns) return {Err(1, "game over\n"), Out(1, "OVER 1\n"), Exit(2, 0)};
    return {Out(1, "TURN " + std::to_string(index % 2) + " state " + std::to_string(index) + "\n")};
  };
  s.leftovers = {4242};
  s.leftover_names = {"sleep"};
  return s;
}

CITES(RefereeDriverProtocol,
      AThirdProtocolIsOneClassAndGetsTheMutationsExitAndLeftoversEveryDriverShares,
      "arbiter.referee.completes");
TEST(RefereeDriverProtocol,
     AThirdProtocolIsOneClassAndGetsTheMutationsExitAndLeftoversEveryDriverShares) {
  FakeEnv env;
  auto heard = std::make_shared<std::vector<std::string>>();
  env.scripts = {TurnReferee(3, heard)};
  RefereeDriverConfig c = Config();
  c.fuzz =
      AnswerFuzzPlan{{{1, AnswerFamily::kEmpty}}, 7, 3000};  // the second answer: an empty line
  TurnLineDriver driver(env, c, 7);
  ASSERT_TRUE(driver.Start());
  std::vector<std::string> inputs;
  while (const auto q = driver.Next()) {
    inputs.push_back(std::to_string(q->seat) + ":" + q->input);
    driver.Answer({"MOVE"});
  }
  driver.Finish();
  EXPECT_EQ(inputs, (std::vector<std::string>{"0:state 0\n", "1:state 1\n", "0:state 2\n"}));
  EXPECT_EQ(*heard, (std::vector<std::string>{"PLAYERS 2\n", "MOVE\n", "\n", "MOVE\n"}))
      << "the shared part mutated the second answer as planned";
  const RefereeOutcome& o = driver.outcome();
  ASSERT_EQ(o.mutated.size(), 1u);
  EXPECT_EQ(o.mutated[0].request, 1);
  EXPECT_TRUE(o.ended) << o.fault;
  ASSERT_TRUE(o.ranking.has_value());
  EXPECT_EQ((*o.ranking)[0], std::vector<int>{1});
  EXPECT_EQ(o.exit_text, "exited with status 0");
  EXPECT_EQ(o.leftovers, std::vector<std::string>{"4242 (sleep)"}) << "the shared teardown";
  EXPECT_NE(driver.StderrTail().find("game over"), std::string::npos);
}

CITES(RefereeDriverProtocol, AThirdProtocolsRefereeThatNeverEndsHangsAtTheSharedGameLimit,
      "arbiter.referee.completes");
TEST(RefereeDriverProtocol, AThirdProtocolsRefereeThatNeverEndsHangsAtTheSharedGameLimit) {
  FakeEnv env;
  auto heard = std::make_shared<std::vector<std::string>>();
  // A turn every 200 ms, never the end.
  env.scripts = {EveryReplyAfter(TurnReferee(1000000, heard), milliseconds(200))};
  RefereeDriverConfig c = Config();
  c.game_limit = milliseconds(2000);
  TurnLineDriver driver(env, c, 7);
  ASSERT_TRUE(driver.Start());
  int requests = 0;
  while (driver.Next()) {
    ++requests;
    driver.Answer({"MOVE"});
  }
  EXPECT_GE(requests, 5);
  EXPECT_LE(requests, 11);
  EXPECT_EQ(driver.outcome().fault_check, "referee.hang");
  EXPECT_NE(driver.outcome().fault.find("per-game time limit of 2 s"), std::string::npos)
      << driver.outcome().fault;
}

}  // namespace
}  // namespace arbiter::harness::testing

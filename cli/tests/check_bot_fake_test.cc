// check-bot as a whole on fakes (harness/testing): the run's plan, its
// matches, the second run that confirms a time verdict, the report and the
// exit status, through RunCheckBot with FakeEnv in place of the real world
// (the EnvFactory seam, check_bot.h). The bot is a script: READY, then "N"
// (jc2015's answer valid on every turn) after 5 ms of virtual time on every
// turn. The real-process smokes of the same verdicts are
// cli/tests/time_verdict_proof_test.cc; the judgements alone,
// harness/tests/timing_verdict_test.cc.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/check_bot.h"
#include "cli/tests/jc2015_fake_bot.h"
#include "spec-tests/common/spec_test.h"
#include "testing/fake_env.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;
using harness::testing::FakeEnv;
using harness::testing::FakeScript;

// A jc2015 bot whose `late_turn`-th turn (from 1) takes `late_ms` on the
// runs `late_on` says (by the bot's start, from 0); every other turn 5 ms.
FakeScript Jc2015Bot(int late_turn, int late_ms, bool late) {
  return Jc2015FakeBot([=](int turn) {
    return std::pair<int, std::string>(late && turn == late_turn ? late_ms : 5, "N");
  });
}

struct RunOnFakes {
  int status = -1;
  nlohmann::json report;
  std::string out, err;
  int bots_started = 0;
};

// check-bot on jc2015 with `args` set on the options, every bot started
// the script `bot` gives for its start (from 0).
RunOnFakes CheckBotWithScripts(const std::function<void(CheckBotOptions&)>& args,
                               const std::function<FakeScript(int start)>& bot) {
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("check-bot-fakes-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  CheckBotOptions o;
  o.bot = {"/bin/true"};  // must exist to pass the start check; never started
  o.no_sandbox = true;
  o.quiet = true;
  o.calibrate = false;  // the harness's own overhead is the real machine's
  o.json_path = (dir / "report.json").string();
  o.repro_dir = (dir / "repro").string();
  args(o);
  auto started = std::make_shared<int>(0);
  const EnvFactory fakes = [=] {
    auto env = std::make_unique<FakeEnv>();
    env->script_for = [=](const std::vector<std::string>&) { return bot((*started)++); };
    return std::unique_ptr<harness::Env>(std::move(env));
  };
  std::ostringstream out, err;
  RunOnFakes r;
  r.status = RunCheckBot(o, out, err, fakes);
  r.out = out.str();
  r.err = err.str();
  r.bots_started = *started;
  std::ifstream in(o.json_path);
  if (in) r.report = nlohmann::json::parse(in, nullptr, false);
  fs::remove_all(dir);
  return r;
}

// check-bot on jc2015 with `args` set on the options, every bot started a
// Jc2015Bot late (`late_turn`, `late_ms`) on the starts `late_on` accepts.
// `waited_ms`: the late turn's time was the machine's, the bot waiting that
// long for a CPU (its scheduling, harness::SchedSample), on the late starts;
// 0: the bot's own work.
RunOnFakes CheckBotOnFakes(const std::function<void(CheckBotOptions&)>& args, int late_turn,
                           int late_ms, const std::function<bool(int start)>& late_on,
                           int waited_ms = 0) {
  return CheckBotWithScripts(args, [=](int start) {
    FakeScript bot = Jc2015Bot(late_turn, late_ms, late_on(start));
    // The tree is sampled when its input is sent and when it answers: the
    // late turn's second sample (its answer) is the first after the wait.
    auto samples = std::make_shared<int>(0);
    if (waited_ms > 0 && late_on(start))
      bot.sched = [=](int inputs) {  // inputs: those sent so far, one a turn
        const bool after = inputs > late_turn || (inputs == late_turn && ++*samples > 1);
        return harness::SchedSample{after ? 2'000'000ull : 0,
                                    after ? static_cast<uint64_t>(waited_ms) * 1'000'000 : 0,
                                    true,
                                    {}};
      };
    return bot;
  });
}

std::string Message(const RunOnFakes& r, const std::string& check) {
  if (!r.report.is_object()) return "";
  for (const auto& f : r.report["findings"])
    if (f["check"] == check) return f["message"].get<std::string>();
  return "";
}

void OneGame(CheckBotOptions& o) {
  o.games = 1;
  o.edge_cases = false;
  o.whole_games = false;
}

CITES(CheckBotOnFakes, AWorkingBotPassesTheDefaultRunEveryMatchPlayed, "arbiter.check.whole-games",
      "arbiter.cli.exit-status");
TEST(CheckBotOnFakes, AWorkingBotPassesTheDefaultRunEveryMatchPlayed) {
  const RunOnFakes r = CheckBotOnFakes([](CheckBotOptions&) {}, 0, 0, [](int) { return false; });
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  ASSERT_TRUE(r.report.is_object()) << r.err;
  EXPECT_EQ(r.report["verdict"], "pass") << r.out;
  EXPECT_TRUE(r.report["findings"].empty()) << r.report["findings"].dump();
  EXPECT_GT(r.bots_started, 4);  // the games, the edge states and the whole games
  EXPECT_TRUE(r.report["skipped"].empty());
}

CITES(CheckBotOnFakes, ABotLateOnOneRunOnlyIsAWarningWithBothMeasurements,
      "arbiter.timing.confirm");
TEST(CheckBotOnFakes, ABotLateOnOneRunOnlyIsAWarningWithBothMeasurements) {
  const RunOnFakes r = CheckBotOnFakes(OneGame, 3, 300, [](int start) { return start == 0; });
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.bots_started, 2);  // the match, and the run that confirms
  EXPECT_EQ(Message(r, "action.deadline"), "");
  const std::string message = Message(r, "timing.unconfirmed");
  EXPECT_NE(message.find("on the first run of the match: the answer came after 30"),
            std::string::npos)
      << message << "\n"
      << r.out;
  EXPECT_NE(message.find("on a second run (same seed) it answered that turn after 5"),
            std::string::npos)
      << message;
}

CITES(CheckBotOnFakes, ABotLateOnEveryRunFailsConfirmedWithBothMeasurements,
      "arbiter.timing.confirm");
TEST(CheckBotOnFakes, ABotLateOnEveryRunFailsConfirmedWithBothMeasurements) {
  const RunOnFakes r = CheckBotOnFakes(OneGame, 3, 300, [](int) { return true; });
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_EQ(r.bots_started, 2);
  const std::string message = Message(r, "action.deadline");
  EXPECT_NE(message.find("confirmed: on a second run of the match (same seed) it was late again"),
            std::string::npos)
      << message << "\n"
      << r.out;
  const size_t first = message.find("the answer came after 30");
  ASSERT_NE(first, std::string::npos) << message;
  EXPECT_NE(message.find("the answer came after 30", first + 1), std::string::npos) << message;
  EXPECT_EQ(Message(r, "timing.unconfirmed"), "");
}

// arbiter.timing.load: a late answer the machine's load explains leaves the
// match undecided, and check-bot plays it once more. Undecided again, the
// deciding run's own words say why it is a WARN; decided, the first run's
// stays a NOTE that says the second run decided it.
CITES(CheckBotOnFakes, ALateAnswerTheLoadExplainsOnBothRunsIsAWarningThatSaysSo,
      "arbiter.timing.load");
TEST(CheckBotOnFakes, ALateAnswerTheLoadExplainsOnBothRunsIsAWarningThatSaysSo) {
  const RunOnFakes r = CheckBotOnFakes(
      OneGame, 3, 300, [](int) { return true; }, 295);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.bots_started, 2) << r.out;  // the match, and the run that decides
  EXPECT_EQ(Message(r, "action.deadline"), "") << r.out;
  const std::string message = Message(r, "timing.inconclusive");
  EXPECT_NE(message.find("and so it was on both runs of the match: undecided, so a WARN"),
            std::string::npos)
      << message << "\n"
      << r.out;
  EXPECT_EQ(message.find("played again"), std::string::npos) << message;
}

CITES(CheckBotOnFakes, ALateAnswerTheLoadExplainsOnTheFirstRunOnlyIsANoteTheSecondDecided,
      "arbiter.timing.load");
TEST(CheckBotOnFakes, ALateAnswerTheLoadExplainsOnTheFirstRunOnlyIsANoteTheSecondDecided) {
  const RunOnFakes r = CheckBotOnFakes(
      OneGame, 3, 300, [](int start) { return start == 0; }, 295);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.bots_started, 2) << r.out;
  const std::string message = Message(r, "timing.inconclusive");
  EXPECT_NE(message.find("so the match is played again to decide; the second run of the match "
                         "decided it: NOTE, not WARN"),
            std::string::npos)
      << message << "\n"
      << r.out;
  for (const auto& f : r.report["findings"]) {
    if (f["check"] == "timing.inconclusive") {
      EXPECT_EQ(f["severity"], "info") << f;
    }
  }
}

// arbiter.report.check-ids, arbiter.report.bounded: a bot that dies on a
// turn of every match, with another exit status and on another turn in
// each, and by a signal in some: each finding says the form it was made in
// (Finding::form), and the terminal report shows one entry per form, the
// first match's in full and the others counted, whatever figures the
// messages hold.
CITES(CheckBotOnFakes, ABotThatDiesInEveryMatchIsOneEntryPerWayItDiedWhateverItsFigures,
      "arbiter.report.check-ids", "arbiter.report.bounded");
TEST(CheckBotOnFakes, ABotThatDiesInEveryMatchIsOneEntryPerWayItDiedWhateverItsFigures) {
  using harness::testing::Exit;
  using harness::testing::Signal;
  const RunOnFakes r = CheckBotWithScripts(
      [](CheckBotOptions& o) { o.quiet = false; },
      [](int start) {
        FakeScript bot = Jc2015FakeBot([](int) { return std::pair<int, std::string>(5, "N"); });
        const auto answer = bot.on_input;
        auto turns = std::make_shared<int>(0);
        bot.on_input = [=](int index, const std::string& in) {
          if (++*turns < 2 + start % 3) return answer(index, in);
          return std::vector<harness::testing::Emit>{start % 4 == 3 ? Signal(5, SIGSEGV)
                                                                    : Exit(5, 1 + start)};
        };
        return bot;
      });
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  ASSERT_TRUE(r.report.is_object()) << r.err;
  int exited = 0, killed = 0;
  for (const auto& f : r.report["findings"]) {
    ASSERT_EQ(f["check"], "process.crash") << f;
    const std::string form = f.value("form", "");
    exited += form == "exited instead of answering";
    killed += form == "killed by SIGSEGV instead of answering";
    EXPECT_TRUE(form == "exited instead of answering" ||
                form == "killed by SIGSEGV instead of answering")
        << f;
  }
  ASSERT_GE(exited, 3) << r.report["findings"].dump(1);
  ASSERT_GE(killed, 2) << r.report["findings"].dump(1);
  // One entry per way it died, with the others counted.
  size_t entries = 0;
  for (size_t at = r.out.find("FAIL process.crash"); at != std::string::npos;
       at = r.out.find("FAIL process.crash", at + 1))
    ++entries;
  EXPECT_EQ(entries, 2u) << r.out;
  EXPECT_NE(r.out.find("the same " + std::to_string(exited - 1) + " more time(s)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("the same " + std::to_string(killed - 1) + " more time(s)"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace arbiter::cli

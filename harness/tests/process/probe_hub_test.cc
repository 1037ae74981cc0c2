// The probe relay for `arbiter fuzz-referee`: probes (arbiter-probe) started
// the way a referee would start a bot, from the hub's probe command split on
// spaces, relay bytes exactly both ways and fast, report the referee closing
// their stdin, die when the hub kills them, give up on a hub that is gone,
// and the hub leaves nothing on disk.
#include "referee/probe_hub.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> SplitOnSpaces(const std::string& command) {
  std::vector<std::string> words;
  size_t start = 0;
  for (size_t space; (space = command.find(' ', start)) != std::string::npos; start = space + 1) {
    words.push_back(command.substr(start, space - start));
  }
  words.push_back(command.substr(start));
  return words;
}

// Stdout kept whole: lines up to 4 MB, plenty of them.
SpawnOptions Roomy() {
  SpawnOptions options;
  options.max_line_bytes = 4 << 20;
  options.max_queued_lines = 1 << 20;
  return options;
}

std::unique_ptr<BotProcess> SpawnProbe(EventLoop& loop, const ProbeHub& hub, int seat,
                                       SpawnOptions options = Roomy()) {
  return Spawn(loop, SplitOnSpaces(hub.ProbeCommand(seat)), std::move(options));
}

// Everything the bot wrote to stdout so far, once `bytes` of it have come.
std::string Stdout(EventLoop& loop, BotProcess& bot, uint64_t bytes) {
  EXPECT_TRUE(WaitFor(loop, milliseconds(10000), [&] { return bot.stdout_bytes() >= bytes; }))
      << bot.stdout_bytes() << " of " << bytes << " bytes";
  std::string out;
  while (bot.HasLine()) {
    const Line line = bot.PopLine().line;
    EXPECT_FALSE(line.truncated);
    out += line.text + "\n";
  }
  return out + bot.partial();
}

class ProbeHubTest : public ::testing::Test {
 protected:
  std::unique_ptr<ProbeHub> MakeHub(int seats) {
    std::string error;
    auto hub = std::make_unique<ProbeHub>(loop_, ARBITER_PROBE, seats, error);
    EXPECT_TRUE(hub->ok()) << error;
    EXPECT_EQ(error, "");
    return hub;
  }

  EventLoop loop_;
};

TEST_F(ProbeHubTest, TheProbeCommandIsTwoSpaceFreeWordsInAPrivateDirectory) {
  auto hub = MakeHub(2);
  ASSERT_TRUE(hub->ok());
  const std::string dir = hub->directory();
  EXPECT_EQ(hub->ProbeCommand(1), dir + "/arbiter-probe " + dir + "/s1");
  EXPECT_EQ(SplitOnSpaces(hub->ProbeCommand(0)).size(), 2u);
  EXPECT_TRUE(fs::is_symlink(dir + "/arbiter-probe"));
  EXPECT_EQ(fs::canonical(dir + "/arbiter-probe"), fs::canonical(ARBITER_PROBE));
  EXPECT_TRUE(fs::is_socket(dir + "/s0"));
  EXPECT_TRUE(fs::is_socket(dir + "/s1"));
  EXPECT_EQ(fs::status(dir).permissions() & fs::perms::all, fs::perms::owner_all);
  EXPECT_THROW(hub->ProbeCommand(2), std::out_of_range);
}

TEST_F(ProbeHubTest, RelaysBothWaysByteExact) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));
  EXPECT_EQ(hub->connections(0), 1);

  // Bytes without a newline are relayed as they come, not held for one.
  bot->Write("no newline");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return hub->inbox(0).size() == 10; }));
  EXPECT_EQ(hub->inbox(0), "no newline");
  ASSERT_TRUE(hub->last_arrival(0).has_value());
  hub->inbox(0).clear();
  hub->Send(0, "partial\r");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->stdout_bytes() == 8; }));
  EXPECT_EQ(bot->partial(), "partial\r");
  EXPECT_FALSE(bot->HasLine());

  // Every byte value, \r, \0, and a 1 MB blob, both ways.
  std::string blob = "crlf\r\nlone\rcr\n";
  blob.push_back('\0');
  for (int i = 0; i < 256; ++i) blob.push_back(static_cast<char>(i));
  std::mt19937 random(2015);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int i = 0; i < (1 << 20); ++i) blob.push_back(static_cast<char>(byte(random)));
  blob += "tail without newline";

  bot->Write(blob);
  ASSERT_TRUE(
      WaitFor(loop_, milliseconds(10000), [&] { return hub->inbox(0).size() >= blob.size(); }))
      << hub->inbox(0).size() << " of " << blob.size();
  EXPECT_TRUE(hub->inbox(0) == blob) << "referee -> hub bytes differ";

  // Sent in pieces of odd sizes, while the referee side drains its pipe.
  for (size_t at = 0; at < blob.size(); at += 77777) hub->Send(0, blob.substr(at, 77777));
  const std::string out = Stdout(loop_, *bot, 8 + blob.size());
  ASSERT_EQ(out.size(), 8 + blob.size());
  EXPECT_TRUE(out.substr(8) == blob) << "hub -> referee bytes differ";
  EXPECT_EQ(out.substr(0, 8), "partial\r");
  EXPECT_EQ(hub->pending_bytes(0), 0u);
  EXPECT_FALSE(bot->exited());
}

TEST_F(ProbeHubTest, BytesSentBeforeTheProbeConnectsAreQueuedForIt) {
  auto hub = MakeHub(1);
  hub->Send(0, "READY\n");
  EXPECT_EQ(hub->pending_bytes(0), 6u);
  EXPECT_FALSE(hub->connected(0));
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return bot->HasLine(); }));
  EXPECT_EQ(bot->PopLine().line.text, "READY");
}

TEST_F(ProbeHubTest, SeatsAreIndependent) {
  auto hub = MakeHub(3);
  auto a = SpawnProbe(loop_, *hub, 0);
  auto c = SpawnProbe(loop_, *hub, 2);
  ASSERT_TRUE(a && c);
  a->Write("to seat 0\n");
  c->Write("to seat 2\n");
  hub->Send(0, "from seat 0\n");
  hub->Send(2, "from seat 2\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] {
    return hub->inbox(0).size() == 10 && hub->inbox(2).size() == 10 && a->HasLine() && c->HasLine();
  }));
  EXPECT_EQ(hub->inbox(0), "to seat 0\n");
  EXPECT_EQ(hub->inbox(1), "");
  EXPECT_EQ(hub->inbox(2), "to seat 2\n");
  EXPECT_EQ(a->PopLine().line.text, "from seat 0");
  EXPECT_EQ(c->PopLine().line.text, "from seat 2");
  EXPECT_FALSE(hub->connected(1));
  EXPECT_EQ(hub->connections(1), 0);
}

TEST_F(ProbeHubTest, StdinEofShowsAsEndedAndTheProbeExitsZeroOnceTheHubCloses) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  bot->Write("last words");
  bot->CloseStdin();
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->ended(0); }));
  EXPECT_EQ(hub->inbox(0), "last words");
  EXPECT_TRUE(hub->connected(0));
  // The probe waits for the hub: answers still reach the referee.
  EXPECT_FALSE(WaitFor(loop_, milliseconds(100), [&] { return bot->exited(); }));
  hub->Send(0, "bye\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->HasLine(); }));
  EXPECT_EQ(bot->PopLine().line.text, "bye");
  hub->Kill(0);
  EXPECT_FALSE(hub->connected(0));
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 0) << bot->stderr_tail();
}

TEST_F(ProbeHubTest, DestroyingTheHubAfterStdinEofLetsTheProbeExitZero) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  bot->CloseStdin();
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->ended(0); }));
  hub.reset();
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 0) << bot->stderr_tail();
}

TEST_F(ProbeHubTest, KillMakesTheProbeExitOnePromptly) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  bot->Write("hello\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->inbox(0) == "hello\n"; }));
  hub->Send(0, "dropped, perhaps");
  const Clock::time_point kill = Clock::now();
  hub->Kill(0);
  EXPECT_FALSE(hub->connected(0));
  EXPECT_EQ(hub->pending_bytes(0), 0u);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->exited(); }));
  const double ms = std::chrono::duration<double, std::milli>(*bot->exited_at() - kill).count();
  EXPECT_EQ(bot->exit_code(), 1) << bot->stderr_tail();
  EXPECT_LT(ms, 200);
  std::printf("[ probe    ] killed probe exited %.2f ms after Kill\n", ms);
  hub->Kill(0);  // again: nothing to do
  EXPECT_EQ(hub->connections(0), 1);
}

TEST_F(ProbeHubTest, KillEndsAProbeWhoseStdoutTheRefereeDoesNotRead) {
  auto hub = MakeHub(1);
  // The probe's stdout is a pipe nobody reads; it reports its status on stderr.
  auto sh = Sh(loop_, "(" + hub->ProbeCommand(0) + "; echo exit=$? >&2) | sleep 30");
  ASSERT_TRUE(sh);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));
  hub->Send(0, std::string(1 << 20, 'x'));  // far more than a pipe holds
  EXPECT_FALSE(WaitFor(loop_, milliseconds(200), [&] { return sh->stderr_bytes() > 0; }));
  hub->Kill(0);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000),
                      [&] { return sh->stderr_tail().find("exit=") != std::string::npos; }));
  EXPECT_EQ(sh->stderr_tail(), "exit=1\n");
}

TEST_F(ProbeHubTest, ABrokenStdoutMakesTheProbeExitFour) {
  auto hub = MakeHub(1);
  auto sh = Sh(loop_, "(" + hub->ProbeCommand(0) + "; echo exit=$? >&2) | head -c 1 >/dev/null");
  ASSERT_TRUE(sh);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));
  // head reads one byte and exits; a later write finds no reader.
  const Clock::time_point give_up = Clock::now() + milliseconds(3000);
  while (Clock::now() < give_up && sh->stderr_tail().find("exit=") == std::string::npos) {
    hub->Send(0, "x");
    loop_.RunUntil(Clock::now() + milliseconds(20), [] { return false; });
  }
  EXPECT_EQ(sh->stderr_tail(), "exit=4\n");
}

TEST_F(ProbeHubTest, AProbeThatDiesShowsAsEndedAndSendsToItAreDropped) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));
  bot->Terminate(milliseconds(100));
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return hub->ended(0); }));
  hub->Send(0, "anyone there?\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return !hub->connected(0); }));
  EXPECT_EQ(hub->pending_bytes(0), 0u);
}

TEST_F(ProbeHubTest, ASecondConnectionOnASeatReplacesTheFirst) {
  auto hub = MakeHub(1);
  auto first = SpawnProbe(loop_, *hub, 0);
  ASSERT_TRUE(first);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connections(0) == 1; }));
  auto second = SpawnProbe(loop_, *hub, 0);  // the referee restarted the bot
  ASSERT_TRUE(second);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connections(0) == 2; }));
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return first->exited(); }));
  EXPECT_EQ(first->exit_code(), 1);
  EXPECT_TRUE(hub->connected(0));
  EXPECT_FALSE(hub->ended(0));
  hub->Send(0, "to the new one\n");
  second->Write("from the new one\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000),
                      [&] { return second->HasLine() && !hub->inbox(0).empty(); }));
  EXPECT_EQ(second->PopLine().line.text, "to the new one");
  EXPECT_EQ(hub->inbox(0), "from the new one\n");
}

TEST_F(ProbeHubTest, AProbeForAHubThatIsGoneExitsThreeWithinThreeSeconds) {
  std::string socket;
  {
    auto hub = MakeHub(1);
    socket = SplitOnSpaces(hub->ProbeCommand(0)).at(1);
  }
  const Clock::time_point start = Clock::now();
  auto bot = Spawn(loop_, {ARBITER_PROBE, socket});
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(4000), [&] { return bot->exited(); }));
  const double ms = MsSince(start);
  EXPECT_EQ(bot->exit_code(), 3);
  EXPECT_GE(ms, 1900);
  EXPECT_LT(ms, 3000);
  EXPECT_NE(bot->stderr_tail().find("cannot connect"), std::string::npos) << bot->stderr_tail();
}

TEST_F(ProbeHubTest, TheProbeWaitsForAHubThatIsNotYetListening) {
  // Its socket path exists only later: the probe retries meanwhile.
  auto hub = MakeHub(1);
  const std::string socket = SplitOnSpaces(hub->ProbeCommand(0)).at(1);
  const std::string later = socket + "-later";
  auto bot = Spawn(loop_, {ARBITER_PROBE, later}, Roomy());
  ASSERT_TRUE(bot);
  EXPECT_FALSE(WaitFor(loop_, milliseconds(300), [&] { return bot->exited(); }));
  fs::create_symlink(socket, later);  // connecting through a symlink reaches the hub
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));
  hub->Send(0, "found you\n");
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->HasLine(); }));
  EXPECT_EQ(bot->PopLine().line.text, "found you");
  fs::remove(later);
}

TEST_F(ProbeHubTest, RoundTripThroughTheProbeIsFast) {
  auto hub = MakeHub(1);
  auto bot = SpawnProbe(loop_, *hub, 0);
  auto cat = Spawn(loop_, {"/bin/cat"});  // the same round trip without the relay
  ASSERT_TRUE(bot && cat);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(0); }));

  constexpr int kRounds = 200;
  std::vector<double> relay_us;
  std::vector<double> direct_us;
  for (int i = 0; i < kRounds; ++i) {
    const std::string ping = "ping " + std::to_string(i) + "\n";
    Clock::time_point start = Clock::now();
    bot->Write(ping);  // referee -> probe -> hub
    ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return hub->inbox(0) == ping; }));
    hub->inbox(0).clear();
    hub->Send(0, "pong " + std::to_string(i) + "\n");  // hub -> probe -> referee
    ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->HasLine(); }));
    relay_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    EXPECT_EQ(bot->PopLine().line.text, "pong " + std::to_string(i));

    start = Clock::now();
    cat->Write(ping);
    ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return cat->HasLine(); }));
    direct_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    cat->PopLine();
  }
  auto at = [](std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[static_cast<size_t>(q * static_cast<double>(v.size() - 1))];
  };
  const double median = at(relay_us, 0.5);
  std::printf(
      "[ probe    ] round trip referee->probe->hub->probe->referee over %d rounds: "
      "median %.1f us, p90 %.1f us, max %.1f us (a direct pipe round trip through cat: "
      "median %.1f us)\n",
      kRounds, median, at(relay_us, 0.9), at(relay_us, 1.0), at(direct_us, 0.5));
  RecordProperty("relay_round_trip_median_us", static_cast<int>(median));
  RecordProperty("direct_round_trip_median_us", static_cast<int>(at(direct_us, 0.5)));
  EXPECT_LT(median, 5000);
}

TEST_F(ProbeHubTest, TheDirectoryIsGoneOnceTheHubIs) {
  auto hub = MakeHub(2);
  const std::string dir = hub->directory();
  ASSERT_TRUE(fs::is_directory(dir));
  auto bot = SpawnProbe(loop_, *hub, 1);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(WaitFor(loop_, milliseconds(3000), [&] { return hub->connected(1); }));
  hub.reset();
  EXPECT_FALSE(fs::exists(dir));
  // Its stdin still open, the probe takes the hub's end for a kill.
  ASSERT_TRUE(WaitFor(loop_, milliseconds(2000), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->exit_code(), 1);
}

TEST_F(ProbeHubTest, RefusesATemporaryDirectoryWithASpaceAndAMissingProbe) {
  const char* old = std::getenv("TMPDIR");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("TMPDIR", "/tmp/with a space", 1);
  std::string error;
  {
    ProbeHub hub(loop_, ARBITER_PROBE, 1, error);
    EXPECT_FALSE(hub.ok());
    EXPECT_NE(error.find("space"), std::string::npos) << error;
  }
  ::setenv("TMPDIR", std::string(200, 'x').insert(0, "/tmp/").c_str(), 1);
  {
    ProbeHub hub(loop_, ARBITER_PROBE, 1, error);
    EXPECT_FALSE(hub.ok());
    EXPECT_NE(error.find("too long"), std::string::npos) << error;
  }
  if (old != nullptr) {
    ::setenv("TMPDIR", saved.c_str(), 1);
  } else {
    ::unsetenv("TMPDIR");
  }
  {
    ProbeHub hub(loop_, "/nonexistent/arbiter-probe", 1, error);
    EXPECT_FALSE(hub.ok());
    EXPECT_NE(error.find("/nonexistent/arbiter-probe"), std::string::npos) << error;
  }
  {
    ProbeHub hub(loop_, ARBITER_PROBE, 0, error);
    EXPECT_FALSE(hub.ok());
  }
}

}  // namespace
}  // namespace arbiter::harness::testing

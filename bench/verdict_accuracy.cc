// Verdict accuracy on a busy machine (arbiter.timing.load): how often
// `arbiter check-bot` judges a bot's timing right while competing processes
// keep every core busy. Not a timed test: a measurement, reported in
// docs/bench.md.
//
// Each trial is one `arbiter check-bot --games 1 --no-edge-cases` run of
// arbiter_testbot --mode slow-turn, which answers one turn after sleeping a
// given fraction of the 100 ms limit (90 % and 110 % by default) and every
// other turn at once. A trial's verdict is FAIL (an action.deadline finding),
// INCONCLUSIVE (a timing.inconclusive warning left after the replay) or PASS.
// Right: the 90 % bot passes, the 110 % bot fails. Wrong: the 90 % bot fails,
// the 110 % bot passes. Inconclusive is neither. The same trials on an idle
// machine are the floor (--no-floor skips it).
//
//   verdict_accuracy [--trials N] [--load N] [--quick] [--no-floor]
//
// Exit status 0 when the goals hold under load (>= 99.5 % of decided
// verdicts right, < 5 % inconclusive), 1 otherwise; --quick only checks that
// trials run (exit 0 unless a trial could not run).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

enum class Verdict { kPass, kFail, kInconclusive, kBroken };

// Runs one check-bot trial of a bot that sleeps `ms` on its second turn.
Verdict Trial(int ms, int index) {
  const std::string json = "/tmp/verdict-accuracy-" + std::to_string(getpid()) + ".json";
  std::remove(json.c_str());
  const std::string cmd = std::string(ARBITER_BINARY) +
                          " check-bot --quiet --no-calibration --games 1 --no-edge-cases --seed " +
                          std::to_string(1 + index % 50) + " --json " + json + " -- " +
                          ARBITER_TESTBOT + " --mode slow-turn --turn 2 --ms " +
                          std::to_string(ms) + " >/dev/null 2>&1";
  const int st = std::system(cmd.c_str());
  (void)st;
  std::ifstream f(json);
  if (!f) return Verdict::kBroken;
  const nlohmann::json report =
      nlohmann::json::parse(std::string(std::istreambuf_iterator<char>(f), {}), nullptr, false);
  std::remove(json.c_str());
  if (report.is_discarded()) return Verdict::kBroken;
  bool deadline = false, inconclusive = false;
  for (const auto& finding : report["findings"]) {
    const std::string check = finding.value("check", "");
    deadline = deadline || check == "action.deadline" || check == "action.first-deadline";
    inconclusive =
        inconclusive || (check == "timing.inconclusive" && finding.value("severity", "") == "warn");
  }
  if (deadline) {
    if (ms < 100) {  // a wrong verdict: say why, so it can be explained
      for (const auto& finding : report["findings"])
        std::fprintf(stderr, "wrong verdict for the %d ms bot: %s: %s\n", ms,
                     finding.value("check", "").c_str(), finding.value("message", "").c_str());
    }
    return Verdict::kFail;
  }
  return inconclusive ? Verdict::kInconclusive : Verdict::kPass;
}

struct Tally {
  int right = 0, wrong = 0, inconclusive = 0, broken = 0;
  int decided() const { return right + wrong; }
  double accuracy() const { return decided() ? 100.0 * right / decided() : 0.0; }
};

void Add(Tally& t, Verdict v, bool should_fail) {
  if (v == Verdict::kBroken)
    ++t.broken;
  else if (v == Verdict::kInconclusive)
    ++t.inconclusive;
  else if ((v == Verdict::kFail) == should_fail)
    ++t.right;
  else
    ++t.wrong;
}

// Competing processes that spin until killed.
std::vector<pid_t> StartLoad(int n) {
  std::vector<pid_t> pids;
  for (int i = 0; i < n; ++i) {
    const pid_t pid = fork();
    if (pid == 0) {
      volatile unsigned long x = 0;
      while (true) x = x + 1;
    }
    if (pid > 0) pids.push_back(pid);
  }
  return pids;
}

void StopLoad(const std::vector<pid_t>& pids) {
  for (const pid_t p : pids) kill(p, SIGKILL);
  for (const pid_t p : pids) waitpid(p, nullptr, 0);
}

void Print(const char* label, int percent, const Tally& t, int trials) {
  std::printf("%-14s %3d%% of the limit: %4d right, %3d wrong, %3d inconclusive (%.1f%%)%s\n",
              label, percent, t.right, t.wrong, t.inconclusive, 100.0 * t.inconclusive / trials,
              t.broken ? " (some trials could not run)" : "");
}

}  // namespace

int main(int argc, char** argv) {
  int trials = 200, load = 4;
  bool quick = false, floor = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--trials" && i + 1 < argc)
      trials = std::atoi(argv[++i]);
    else if (a == "--load" && i + 1 < argc)
      load = std::atoi(argv[++i]);
    else if (a == "--quick")
      quick = true, trials = 3;
    else if (a == "--no-floor")
      floor = false;
    else {
      std::fprintf(stderr,
                   "usage: verdict_accuracy [--trials N] [--load N] [--quick] [--no-floor]\n");
      return 2;
    }
  }
  const int limit = 100;
  const int fast = limit * 90 / 100, slow = limit * 110 / 100;
  Tally idle_fast, idle_slow, busy_fast, busy_slow;
  if (floor && !quick) {
    for (int t = 0; t < trials; ++t) {
      Add(idle_fast, Trial(fast, t), false);
      Add(idle_slow, Trial(slow, t), true);
    }
  }
  const std::vector<pid_t> spinners = StartLoad(load);
  for (int t = 0; t < trials; ++t) {
    Add(busy_fast, Trial(fast, t), false);
    Add(busy_slow, Trial(slow, t), true);
  }
  StopLoad(spinners);
  std::printf(
      "verdict accuracy, %d trials per bot, limit %d ms, %d spinning processes on %ld cores\n",
      trials, limit, load, sysconf(_SC_NPROCESSORS_ONLN));
  if (floor && !quick) {
    Print("idle machine", 90, idle_fast, trials);
    Print("idle machine", 110, idle_slow, trials);
  }
  Print("busy machine", 90, busy_fast, trials);
  Print("busy machine", 110, busy_slow, trials);
  Tally busy;
  for (const Tally* t : {&busy_fast, &busy_slow}) {
    busy.right += t->right, busy.wrong += t->wrong;
    busy.inconclusive += t->inconclusive, busy.broken += t->broken;
  }
  const double inconclusive = 100.0 * busy.inconclusive / (2 * trials);
  std::printf(
      "busy machine: %.2f%% of decided verdicts right (goal >= 99.5%%), %.2f%% "
      "inconclusive (goal < 5%%)\n",
      busy.accuracy(), inconclusive);
  if (busy.broken > 0) return 1;
  if (quick) return 0;
  return busy.accuracy() >= 99.5 && inconclusive < 5.0 ? 0 : 1;
}

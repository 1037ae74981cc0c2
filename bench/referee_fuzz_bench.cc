// How fast `arbiter fuzz-referee` tests a referee, and how soon it catches a
// buggy one (docs/bench.md, section "fuzz-referee"). One run measures:
//
//  1. Throughput through the conformant example referee
//     (examples/referees/bots_referee.cc): the games of `arbiter
//     fuzz-referee --seed S --games N` (harness::PlanGame, the same plans),
//     each run with harness::RunFuzzGame exactly as the CLI runs it (same
//     referee template, per-answer limit, game time limit and process limits),
//     in games/s and turns/s. Every game must end without a divergence or a
//     referee fault, otherwise the exit status is 1.
//
//  2. The floor, in the same run, interleaved game by game with (1) so that
//     both see the same load: the same referee playing the same games with no
//     arbiter at all. Each game is replayed by running the referee directly
//     (posix_spawn, its stdout read to the end, waitpid) with four
//     referee-replay-bot processes (bench/replay_bot.cc: static, plain POSIX,
//     like arbiter-probe) that write back, byte for byte, the answers arbiter
//     gave each seat, die where arbiter killed the bot, and stay silent where
//     arbiter answered late (the referee then waits out its 100 ms, as it did
//     under arbiter). The referee's "RESULT <winner> <turns>" must match the
//     game arbiter recorded: a check that the floor played the same game. The
//     ratio fuzz/floor is then what black-box differential testing adds to the
//     bare cost of running the referee: the probes' relay through unix
//     sockets, arbiter's event loop, the prediction and comparison of every
//     message by the reference engine, and arbiter's process handling. (A
//     floor of the engine alone would flatter nobody: a referee test cannot
//     avoid starting the referee and its bots; it is printed for scale only.)
//     A least-squares fit of game time against turns, over the games without
//     a late answer, splits both into a fixed cost per game and a cost per
//     turn.
//
//  3. For each mutant of the example referee (--mutant NAME; the names are
//     read from the referee itself, see MutantNames): games planned as above
//     from the same seed until the first divergence (at most --max-games):
//     the number of games and the wall time to it, the turn and the clause;
//     then harness::Shrink of that divergence with the CLI's budget (150
//     referee runs), its wall time and number of referee runs, and the length
//     of the reproducer as the CLI writes it (answers up to the divergence,
//     and how many of them are not "N"). A mutant never detected is reported
//     as such. (simultaneous-fall-lowest-wins changes only the referee's final
//     RESULT line: the steered games of the "simultaneous last fall" family
//     reach it, and the RESULT line shows it.)
//
// Wall time throughout (Clock), unpinned: the referee, its bots and arbiter
// are separate processes and the point is the user's wait. Usage:
//
//   referee_fuzz_bench [--quick] [--games N] [--max-games N] [--seed S]
//                      [--shrink-runs N] [--mutant NAME]...
//
// --quick (the ctest smoke test): 3 games, and two mutants that the first game
// catches, at most 10 games each; exit status 1 if the conformant referee
// shows a finding, the floor does not replay a game, or a quick mutant is not
// detected. Exit status 2: bad command line or the referee could not be run.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "referee/referee_fuzz.h"

#if !defined(ARBITER_PROBE) || !defined(EXAMPLE_REFEREE) || !defined(REPLAY_BOT)
#error "ARBITER_PROBE, EXAMPLE_REFEREE and REPLAY_BOT must name the binaries"
#endif

extern char** environ;

namespace {

using namespace arbiter;
using harness::Clock;
using harness::RefereeGamePlan;
using harness::RefereeGameResult;

constexpr const char* kProbe = ARBITER_PROBE;
constexpr const char* kReferee = EXAMPLE_REFEREE;
constexpr const char* kReplayBot = REPLAY_BOT;

// --quick: two mutants that the first planned game (seed 1) already catches.
constexpr const char* kQuickMutants[] = {"turn-shown-from-one", "stun-one-turn-short"};

struct Options {
  bool quick = false;
  int games = 30;
  int max_games = 60;
  uint64_t seed = 1;
  int shrink_runs = 150;  // the CLI's --shrink-runs default
  std::vector<std::string> mutants;
};

double Since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The configuration `arbiter fuzz-referee --game jc2015 --referee 'REFEREE
// [--mutant NAME] -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}'` builds
// with its defaults (cli/fuzz_referee.cc): the default profile's action limit,
// a 30 s game limit and the default process limits.
harness::RefereeFuzzConfig Config(const std::string& mutant) {
  harness::RefereeFuzzConfig c;
  c.game = FindGame("jc2015");
  std::vector<std::string> argv = {kReferee};
  if (!mutant.empty()) argv.insert(argv.end(), {"--mutant", mutant});
  for (const char* a :
       {"-s", "{seed}", "-a", "{bot0}", "-a", "{bot1}", "-a", "{bot2}", "-a", "{bot3}"})
    argv.push_back(a);
  std::string error;
  c.referee = *harness::RefereeTemplate::Check(std::move(argv),
                                               harness::RefereeProtocol::kLaunchesBots, 4, error);
  c.referee_action_ms = c.game->profiles.front().action_ms;
  c.game_time_limit = std::chrono::milliseconds(30000);
  c.probe_executable = kProbe;
  return c;
}

// ---------------------------------------------------------------------------
// Plain processes (the floor, and asking the referee for its mutants).

struct Exit {
  int status = -1;  // the exit status, or -1 (killed by a signal, not started)
  std::string output;
};

// Runs argv with stdin from /dev/null and the other output stream discarded;
// returns what it wrote on `capture` (1 or 2) and its exit status.
Exit RunProcess(const std::vector<std::string>& args, int capture) {
  Exit e;
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) return e;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, p[1], capture);
  posix_spawn_file_actions_addopen(&fa, capture == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t dfl;  // arbiter's EventLoop ignores SIGPIPE; the referee gets the default
  sigemptyset(&dfl);
  sigaddset(&dfl, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &dfl);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &fa, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  ::close(p[1]);
  if (rc != 0) {
    ::close(p[0]);
    return e;
  }
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(p[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    e.output.append(buf, static_cast<size_t>(n));
  }
  ::close(p[0]);
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(st)) e.status = WEXITSTATUS(st);
  return e;
}

// The example referee's mutants, in its order: it lists them when given an
// unknown one ("rule mutant: '?' is not one of none, cancel-below-three, ...",
// engine/jc2015/rules.cc SetRule; the list is kMutants there, the Mutant enum
// of engine/jc2015/rules.h). Read from the binary under test so that a new
// mutant is benchmarked without editing this file. Empty on failure.
std::vector<std::string> MutantNames() {
  const Exit e =
      RunProcess({kReferee, "--mutant", "?", "-a", "x", "-a", "x", "-a", "x", "-a", "x"}, 2);
  const std::string key = "is not one of ";
  const size_t at = e.output.find(key);
  if (e.status != 2 || at == std::string::npos) return {};
  const std::string list =
      e.output.substr(at + key.size(), e.output.find('\n', at) - at - key.size());
  std::vector<std::string> names;
  for (size_t start = 0; start <= list.size();) {
    const size_t comma = std::min(list.find(", ", start), list.size());
    const std::string name = list.substr(start, comma - start);
    if (!name.empty() && name != "none") names.push_back(name);
    start = comma + 2;
  }
  return names;
}

// The replay-bot script of each seat (bench/replay_bot.cc): one item per
// message the seat received, from arbiter's record of the game.
std::vector<std::string> SeatScripts(const RefereeGamePlan& plan, const RefereeGameResult& r,
                                     int seats) {
  std::vector<std::string> scripts(seats);
  static const char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < r.history.size() && i < r.inputs.size(); ++i) {
    if (r.inputs[i].empty()) continue;  // no message: a silent turn of arbiter's own
    const TurnLog& t = r.history[i];
    std::string& s = scripts[t.player];
    if (!s.empty()) s += ',';
    if (t.silent) {
      s += t.turn == plan.kill_turn ? "k" : "l";
      continue;
    }
    s += 'x';
    for (unsigned char c : t.answer) s += kHex[c >> 4], s += kHex[c & 15];
  }
  return scripts;
}

struct FloorGame {
  double seconds = 0;
  bool same = false;  // the referee reported the winner and turns arbiter recorded
  std::string why;
};

FloorGame ReplayWithoutArbiter(const RefereeGamePlan& plan, const RefereeGameResult& r) {
  std::vector<std::string> argv = {kReferee, "-s", std::to_string(plan.seed)};
  for (const std::string& script : SeatScripts(plan, r, 4)) {
    argv.push_back("-a");
    argv.push_back(std::string(kReplayBot) + " " + script);
  }
  FloorGame f;
  const auto t0 = Clock::now();
  const Exit e = RunProcess(argv, 1);
  f.seconds = Since(t0);
  int winner = -2, turns = -1;
  if (e.status != 0 || std::sscanf(e.output.c_str(), "RESULT %d %d", &winner, &turns) != 2) {
    f.why = "the referee exited with status " + std::to_string(e.status) + ", output '" + e.output +
            "'";
  } else if (winner != r.winner || turns != static_cast<int>(r.history.size())) {
    f.why = "RESULT " + std::to_string(winner) + " " + std::to_string(turns) +
            ", arbiter recorded winner " + std::to_string(r.winner) + " after " +
            std::to_string(r.history.size()) + " turns";
  } else {
    f.same = true;
  }
  return f;
}

volatile size_t g_engine_sink;  // keeps EngineAlone's work observable

// The rules and every input text of the recorded games, in-process, repeated
// for at least 0.2 s: seconds per pass over all the games.
double EngineAlone(const std::vector<std::pair<RefereeGamePlan, RefereeGameResult>>& games) {
  const GameInfo& info = *FindGame("jc2015");
  size_t sink = 0;
  int passes = 0;
  const auto t0 = Clock::now();
  do {
    for (const auto& [plan, r] : games) {
      std::string error;
      const auto g = info.new_game(plan.seed, {}, error);
      for (const TurnLog& t : r.history) {
        if (t.silent) {
          g->ApplySilence();
        } else {
          sink += g->InputText(g->current_player()).size();
          g->ApplyLine(t.answer);
        }
      }
      sink += static_cast<size_t>(g->turn());
    }
    ++passes;
  } while (Since(t0) < 0.2);
  g_engine_sink = sink;
  return Since(t0) / passes;
}

// Least squares: seconds = fixed + per_turn * turns.
struct Fit {
  double fixed = 0, per_turn = 0;
  bool ok = false;
};
Fit FitLine(const std::vector<double>& turns, const std::vector<double>& secs) {
  Fit f;
  const double n = static_cast<double>(turns.size());
  if (turns.size() < 3) return f;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (size_t i = 0; i < turns.size(); ++i) {
    sx += turns[i], sy += secs[i], sxx += turns[i] * turns[i], sxy += turns[i] * secs[i];
  }
  const double d = n * sxx - sx * sx;
  if (d <= 0) return f;
  f.per_turn = (n * sxy - sx * sy) / d;
  f.fixed = (sy - f.per_turn * sx) / n;
  f.ok = true;
  return f;
}

// "2.31x", or "n/a" when the floor's share is not positive (noise in a fit).
std::string Ratio(double a, double b) {
  if (!(a > 0 && b > 0)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fx", a / b);
  return buf;
}

// Whether the plan's late answer (or killed bot) on `turn` happened: the seat
// to move was sent a message and arbiter did not answer it.
bool StoppedOn(int turn, const RefereeGameResult& r) {
  for (size_t i = 0; i < r.history.size() && i < r.inputs.size(); ++i)
    if (turn >= 0 && r.history[i].turn == turn && r.history[i].silent && !r.inputs[i].empty())
      return true;
  return false;
}

std::string Describe(const RefereeGameResult& r) {
  std::string s;
  if (r.divergence)
    s += "divergence on turn " + std::to_string(r.divergence_turn) + ": " + r.divergence->message +
         " (" + r.divergence->field + " expected " + r.divergence->expected + ", got " +
         r.divergence->actual + ")";
  for (const auto& f : r.faults) s += (s.empty() ? "" : "; ") + f.check + ": " + f.message;
  return s;
}

// ---------------------------------------------------------------------------

bool g_failed = false;

void Conformant(harness::EventLoop& loop, const Options& o) {
  const harness::RefereeFuzzConfig config = Config("");
  std::printf(
      "1. conformant referee: %d games planned as `arbiter fuzz-referee --seed %llu "
      "--games %d`,\n   each followed by its floor (the referee replaying it with four "
      "replay bots, no arbiter)\n\n",
      o.games, static_cast<unsigned long long>(o.seed), o.games);
  std::fflush(stdout);
  // Warm-up (not counted): the first process starts pay for cold caches.
  {
    const RefereeGamePlan plan =
        harness::PlanGame(o.seed, 0, config.game->referee_fuzzing->steered_families);
    const RefereeGameResult r = harness::RunFuzzGame(loop, config, plan);
    if (!r.divergence && r.faults.empty()) ReplayWithoutArbiter(plan, r);
  }
  std::vector<std::pair<RefereeGamePlan, RefereeGameResult>> games;
  std::vector<double> fuzz_s, floor_s, turns, ratios;
  std::vector<double> fit_turns, fit_fuzz, fit_floor;
  int late = 0, killed = 0, over = 0, bad = 0;
  double late_fuzz = 0, late_floor = 0;
  for (int g = 0; g < o.games; ++g) {
    const RefereeGamePlan plan =
        harness::PlanGame(o.seed, g, config.game->referee_fuzzing->steered_families);
    const auto t0 = Clock::now();
    RefereeGameResult r = harness::RunFuzzGame(loop, config, plan);
    const double fs = Since(t0);
    if (r.divergence || !r.faults.empty()) {
      std::printf("   game-%d (seed %llu): FINDING: %s\n", g + 1,
                  static_cast<unsigned long long>(plan.seed), Describe(r).c_str());
      g_failed = true;
      ++bad;
      continue;
    }
    const FloorGame f = ReplayWithoutArbiter(plan, r);
    if (!f.same) {
      std::printf("   game-%d (seed %llu): the floor did not replay the game: %s\n", g + 1,
                  static_cast<unsigned long long>(plan.seed), f.why.c_str());
      g_failed = true;
      ++bad;
      continue;
    }
    const double n = static_cast<double>(r.history.size());
    fuzz_s.push_back(fs);
    floor_s.push_back(f.seconds);
    turns.push_back(n);
    ratios.push_back(fs / f.seconds);
    over += r.game_over;
    killed += StoppedOn(plan.kill_turn, r);
    if (StoppedOn(plan.late_turn, r)) {
      ++late;
      late_fuzz += fs;
      late_floor += f.seconds;
    } else {
      fit_turns.push_back(n);
      fit_fuzz.push_back(fs);
      fit_floor.push_back(f.seconds);
    }
    games.emplace_back(plan, std::move(r));
  }
  if (games.empty()) return;
  auto sum = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s;
  };
  const double total_turns = sum(turns), total_fuzz = sum(fuzz_s), total_floor = sum(floor_s);
  const int clean = static_cast<int>(games.size());
  std::printf("   %-34s %6s %7s %8s %8s %9s %10s\n", "", "games", "turns", "wall s", "games/s",
              "turns/s", "ms/game");
  auto row = [&](const char* what, int n, double t, double s) {
    std::printf("   %-34s %6d %7.0f %8.2f %8.1f %9.0f %10.1f\n", what, n, t, s, n / s, t / s,
                1000 * s / n);
  };
  row("fuzz-referee (arbiter + 4 probes)", clean, total_turns, total_fuzz);
  row("floor: referee + 4 replay bots", clean, total_turns, total_floor);
  if (late > 0 && late < clean) {
    row("  fuzz, without late-answer games", clean - late, sum(fit_turns), total_fuzz - late_fuzz);
    row("  floor, without late-answer games", clean - late, sum(fit_turns),
        total_floor - late_floor);
  }
  const double engine = EngineAlone(games);
  std::printf("   %-34s %6d %7.0f %8.4f %8.0f %9.0f %10.3f\n", "engine alone (scale, not a floor)",
              clean, total_turns, engine, clean / engine, total_turns / engine,
              1000 * engine / clean);
  std::printf(
      "\n   ratio fuzz/floor: %.2fx over all %d games (median per game %.2fx, range "
      "%.2f-%.2fx)\n",
      total_fuzz / total_floor, clean, Median(ratios),
      *std::min_element(ratios.begin(), ratios.end()),
      *std::max_element(ratios.begin(), ratios.end()));
  if (late > 0 && late < clean)
    std::printf(
        "   without the %d game(s) with a late answer (the referee waits %d ms there, "
        "under both): %.2fx\n",
        late, config.referee_action_ms, (total_fuzz - late_fuzz) / (total_floor - late_floor));
  const Fit ff = FitLine(fit_turns, fit_fuzz), fl = FitLine(fit_turns, fit_floor);
  if (ff.ok && fl.ok)
    std::printf(
        "   least squares over the %zu games without a late answer:\n"
        "     fuzz  %6.2f ms per game + %6.1f us per turn\n"
        "     floor %6.2f ms per game + %6.1f us per turn\n"
        "     arbiter adds %.2f ms per game (%s) and %.1f us per turn (%s)\n",
        fit_turns.size(), 1000 * ff.fixed, 1e6 * ff.per_turn, 1000 * fl.fixed, 1e6 * fl.per_turn,
        1000 * (ff.fixed - fl.fixed), Ratio(ff.fixed, fl.fixed).c_str(),
        1e6 * (ff.per_turn - fl.per_turn), Ratio(ff.per_turn, fl.per_turn).c_str());
  std::printf(
      "   games: %d to the end of the game, %d with a late answer, %d with a killed bot; "
      "%d with a finding or not replayed\n",
      over, late, killed, bad);
}

struct MutantResult {
  bool detected = false;
  int games = 0;
  double turns = 0, seconds = 0;
  int turn = -1;              // of the first divergence (before shrinking)
  std::string clause, field;  // of the reproducer's divergence (the same signature)
  double shrink_s = 0;
  int runs = 0;
  bool reproduced = false;
  size_t answers = 0, nontrivial = 0;
  int faults = 0;
};

MutantResult Mutant(harness::EventLoop& loop, const Options& o, const std::string& name) {
  const harness::RefereeFuzzConfig config = Config(name);
  MutantResult m;
  const auto t0 = Clock::now();
  for (int g = 0; g < o.max_games && !m.detected; ++g) {
    const RefereeGamePlan plan =
        harness::PlanGame(o.seed, g, config.game->referee_fuzzing->steered_families);
    const RefereeGameResult r = harness::RunFuzzGame(loop, config, plan);
    ++m.games;
    m.turns += static_cast<double>(r.history.size());
    m.faults += static_cast<int>(r.faults.size());
    if (!r.divergence) continue;
    m.detected = true;
    m.seconds = Since(t0);
    // As the CLI does: shrink, then cut the answers after the divergence.
    const auto s0 = Clock::now();
    const harness::ShrinkResult s = harness::Shrink(loop, config, plan, r, o.shrink_runs);
    m.shrink_s = Since(s0);
    m.runs = s.runs;
    m.reproduced = s.reproduced;
    const RefereeGameResult& shown = s.reproduced ? s.game : r;
    std::vector<std::string> script = s.reproduced ? s.script : r.answers;
    script.resize(std::min<size_t>(script.size(), shown.divergence_turn + 1));
    m.turn = r.divergence_turn;
    m.clause = shown.divergence->clauses.empty() ? "" : shown.divergence->clauses.front();
    m.field = shown.divergence->field;
    m.answers = script.size();
    for (const auto& a : script) m.nontrivial += a != std::string(config.game->ok_answer);
  }
  if (!m.detected) m.seconds = Since(t0);
  return m;
}

void Mutants(harness::EventLoop& loop, const Options& o, const std::vector<std::string>& names) {
  std::printf(
      "\n2. mutants of the example referee: games planned as above until the first "
      "divergence (at most %d),\n   then the CLI's shrink (at most %d referee runs); the "
      "reproducer as written: answers up to the\n   divergence, and how many are not "
      "\"N\"\n\n",
      o.max_games, o.shrink_runs);
  std::printf("   %-29s %6s %6s %7s %5s  %-28s %7s %5s %7s %5s\n", "", "games", "turns", "wall s",
              "at", "", "shrink", "", "repro", "");
  std::printf("   %-29s %6s %6s %7s %5s  %-28s %7s %5s %7s %5s\n", "mutant", "to div", "to div",
              "to div", "turn", "clause", "wall s", "runs", "answers", "non-N");
  std::fflush(stdout);
  int detected = 0;
  double detect_s = 0, shrink_s = 0;
  std::vector<double> games_to;
  for (const std::string& name : names) {
    const MutantResult m = Mutant(loop, o, name);
    if (m.detected) {
      ++detected;
      detect_s += m.seconds;
      shrink_s += m.shrink_s;
      games_to.push_back(m.games);
      std::printf("   %-29s %6d %6.0f %7.2f %5d  %-28s %7.2f %5d %7zu %5zu%s\n", name.c_str(),
                  m.games, m.turns, m.seconds, m.turn, m.clause.c_str(), m.shrink_s, m.runs,
                  m.answers, m.nontrivial, m.reproduced ? "" : "  (not reproduced: not shrunk)");
    } else {
      std::printf("   %-29s not detected in %d games, %.0f turns, %.2f s\n", name.c_str(), m.games,
                  m.turns, m.seconds);
    }
    if (m.faults > 0) std::printf("   %-29s (%d referee fault(s) seen)\n", "", m.faults);
    std::fflush(stdout);
    if (o.quick && !m.detected) g_failed = true;
  }
  const int n = static_cast<int>(names.size());
  std::printf(
      "\n   detected %d of %d mutants; games to the first divergence: median %.1f, max "
      "%.0f;\n   %.2f s to detect them all, %.2f s to shrink them all\n",
      detected, n, Median(games_to),
      games_to.empty() ? 0.0 : *std::max_element(games_to.begin(), games_to.end()), detect_s,
      shrink_s);
}

int Usage(const char* message) {
  std::fprintf(stderr,
               "referee_fuzz_bench: %s\nusage: referee_fuzz_bench [--quick] [--games N] "
               "[--max-games N] [--seed S] [--shrink-runs N] [--mutant NAME]...\n",
               message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  bool games_set = false, max_set = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--quick") {
      o.quick = true;
      continue;
    }
    if (a == "-h" || a == "--help") {
      std::printf(
          "usage: referee_fuzz_bench [--quick] [--games N] [--max-games N] [--seed S] "
          "[--shrink-runs N] [--mutant NAME]...\n");
      return 0;
    }
    if (i + 1 >= argc) return Usage(("option " + std::string(a) + " needs a value").c_str());
    const char* v = argv[++i];
    char* end = nullptr;
    const long long n = std::strtoll(v, &end, 10);
    const bool number = *v && *end == '\0' && n >= (a == "--seed" ? 0 : 1) && n <= 1000000;
    if (a == "--mutant") {
      o.mutants.push_back(v);
    } else if (!number) {
      return Usage(("option " + std::string(a) + ": not a number in [1, 1000000]: " + v).c_str());
    } else if (a == "--games") {
      o.games = static_cast<int>(n), games_set = true;
    } else if (a == "--max-games") {
      o.max_games = static_cast<int>(n), max_set = true;
    } else if (a == "--seed") {
      o.seed = static_cast<uint64_t>(n);
    } else if (a == "--shrink-runs") {
      o.shrink_runs = static_cast<int>(n);
    } else {
      return Usage(("unknown option " + std::string(a)).c_str());
    }
  }
  const std::vector<std::string> all = MutantNames();
  if (all.empty())
    return Usage((std::string("cannot read the list of mutants from ") + kReferee).c_str());
  if (o.quick) {
    if (!games_set) o.games = 3;
    if (!max_set) o.max_games = 10;
    if (o.mutants.empty()) o.mutants.assign(std::begin(kQuickMutants), std::end(kQuickMutants));
  }
  if (o.mutants.empty()) o.mutants = all;
  for (const std::string& m : o.mutants)
    if (std::find(all.begin(), all.end(), m) == all.end())
      return Usage(("the referee has no mutant '" + m + "'").c_str());

  std::printf("referee_fuzz_bench%s: fuzz-referee against %s\n  probe %s, floor bot %s\n\n",
              o.quick ? " --quick" : "", kReferee, kProbe, kReplayBot);
  const auto t0 = Clock::now();
  harness::EventLoop loop;
  Conformant(loop, o);
  Mutants(loop, o, o.mutants);
  std::printf("\ntotal %.1f s%s\n", Since(t0), g_failed ? "; FAILED (see above)" : "");
  return g_failed ? 1 : 0;
}

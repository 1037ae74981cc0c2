// fuzz-referee --jobs: games per second with N games at once against one
// game at a time, on the same referee, in one run (the floor is --jobs 1,
// measured right before). Each measurement is one `arbiter fuzz-referee`
// run of the conformant example referee (no finding expected); the figure
// that matters is the ratio, reported in docs/bench.md.
//
//   fuzz_jobs [--games N] [--jobs N] [--quick]
//
// Exit status 0 when every run completed with no finding, 1 otherwise.
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// Runs fuzz-referee with `jobs`; the wall time in seconds, or -1 on failure.
double Run(int games, int jobs) {
  const std::string cmd = std::string(ARBITER_BINARY) + " fuzz-referee -q --games " +
                          std::to_string(games) + " --jobs " + std::to_string(jobs) +
                          " --repro-dir /tmp/fuzz-jobs-bench --referee '" + EXAMPLE_REFEREE +
                          " -s {seed} -a {bot0} -a {bot1} -a {bot2} -a {bot3}' >/dev/null";
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(cmd.c_str());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  int games = 40, jobs = 2;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) {
      games = std::atoi(argv[++i]);
    } else if (a == "--jobs" && i + 1 < argc) {
      jobs = std::atoi(argv[++i]);
    } else if (a == "--quick") {
      games = 4;
    } else {
      std::fprintf(stderr, "usage: fuzz_jobs [--games N] [--jobs N] [--quick]\n");
      return 2;
    }
  }
  const double one = Run(games, 1);
  const double many = Run(games, jobs);
  if (one <= 0 || many <= 0) {
    std::fprintf(stderr, "fuzz_jobs: a run failed or found something\n");
    return 1;
  }
  std::printf("fuzz-referee, %d games of jc2015 through the example referee\n", games);
  std::printf("--jobs 1  %6.2f s  %6.2f games/s (floor)\n", one, games / one);
  std::printf("--jobs %d  %6.2f s  %6.2f games/s  %.2fx the floor\n", jobs, many, games / many,
              one / many);
  return 0;
}

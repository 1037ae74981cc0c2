// make_walk_seeds: writes seeds of game_walk_fuzzer for every registered game,
// or for one, through the game contract alone (the format:
// fuzz/game_walk_input.h); scripts/make-seeds runs it and names the files by
// their sha1. Deterministic: the same registry and registers give the same
// seeds.
//
//   make_walk_seeds --list             the registered games, one a line, in
//                                      registry order (byte 0 of a seed)
//   make_walk_seeds <out-dir> [GAME]   writes <out-dir>/<game>-<n>
//
// For each game: games of the built-in players, of legal answers and of a mix
// with fuzzing answers and silences under its default rules and each
// profile's; a mixed game under each value of each rule option of its
// register (a range at its low edge, next to it and at its high edge); and,
// where the game has fuzz_start, mixed games from the first starts it accepts
// among fixed pseudo-random start bytes. Every seed is decoded again and must
// read back as written, and its rules and start must be accepted.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "fuzz/game_walk_input.h"

namespace {

using namespace arbiter;
using fuzz::WalkInput;

constexpr size_t kTurns = 64;
constexpr int kStartsPerGame = 8;
constexpr int kStartTries = 256;

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "make_walk_seeds: %s\n", what.c_str());
  std::exit(1);
}

// Turn bytes (game_walk_fuzzer.cc): the built-in players in turn, legal
// answers, or a mix of both with fuzzing answers and silences.
enum class Play { kPolicies, kLegal, kMixed };

std::string Turns(Play play) {
  std::string out;
  for (size_t i = 0; i < kTurns; ++i) {
    uint8_t b = static_cast<uint8_t>(100 + i % 80);
    if (play == Play::kLegal) b = static_cast<uint8_t>((7 * i + 3) % 100);
    if (play == Play::kMixed && i % 8 == 7) b = 240;
    if (play == Play::kMixed && i % 8 == 3) b = static_cast<uint8_t>(180 + (2 * i + 1) % 60);
    if (play == Play::kMixed && i % 8 == 5) b = static_cast<uint8_t>(180 + (2 * i) % 60);
    out.push_back(static_cast<char>(b));
  }
  return out;
}

class Writer {
 public:
  Writer(std::string dir, const GameInfo& game, const std::vector<fuzz::RuleValue>& values)
      : dir_(std::move(dir)), game_(game), values_(values) {}

  // Checks that `w` decodes as encoded and that its start is accepted.
  void Write(const WalkInput& w) {
    const std::string bytes = fuzz::EncodeWalkInput(w);
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    if (!(fuzz::ConsumeWalkInput({data, bytes.size()}) == w))
      Fail(std::string(game_.name) + ": a seed does not decode as encoded");
    if (!StartOf(w))
      Fail(std::string(game_.name) + ": a seed's rules or start are refused: " + error_);
    std::ofstream(dir_ + "/" + std::string(game_.name) + "-" + std::to_string(count_++),
                  std::ios::binary)
        << bytes;
  }
  std::unique_ptr<GameState> StartOf(const WalkInput& w) {
    const RuleList rules = fuzz::RulesOf(game_, values_, w);
    auto s = game_.new_game(w.seed, rules, error_);
    if (s && w.game_start && game_.fuzz_start) {
      s = game_.fuzz_start(w.seed, w.start, rules);
      if (!s) error_ = "fuzz_start gives no start";
    }
    return s;
  }

 private:
  std::string dir_;
  const GameInfo& game_;
  const std::vector<fuzz::RuleValue>& values_;
  std::string error_;
  int count_ = 0;
};

void WriteGame(const std::string& dir, uint8_t index, const GameInfo& game) {
  const std::vector<fuzz::RuleValue> values = fuzz::RuleValuesOf(game);
  Writer out(dir, game, values);
  WalkInput w;
  w.game = index;
  for (size_t set = 0; set <= game.profiles.size(); ++set) {
    w.rule_set = static_cast<uint8_t>(set);
    w.seed = 1 + set;
    for (Play play : {Play::kPolicies, Play::kLegal, Play::kMixed}) {
      w.turns = Turns(play);
      out.Write(w);
    }
  }
  w.rule_set = 0;
  w.turns = Turns(Play::kMixed);
  for (size_t i = 0; i < values.size() && i < 256; ++i) {
    for (uint8_t at : {0, 1, 255}) {
      if (at != 0 && !values[i].range) continue;
      w.options = {{static_cast<uint8_t>(i), at}};
      w.seed = 100 + i;
      out.Write(w);
    }
  }
  w.options.clear();
  if (!game.fuzz_start) return;
  uint32_t lcg = 20150601;  // a fixed 32-bit LCG (Numerical Recipes): the seeds never change
  w.game_start = true;
  int written = 0;
  for (int t = 0; t < kStartTries && written < kStartsPerGame; ++t) {
    for (uint8_t& b : w.start) {
      lcg = 1664525 * lcg + 1013904223;
      b = static_cast<uint8_t>(lcg >> 24);
    }
    w.seed = 1000 + t;
    if (!out.StartOf(w)) continue;
    w.turns = Turns(written % 2 ? Play::kPolicies : Play::kMixed);
    out.Write(w);
    ++written;
  }
  if (written == 0) Fail(std::string(game.name) + ": fuzz_start accepted none of its tries");
}

}  // namespace

int main(int argc, char** argv) {
  const auto& games = AllGames();
  if (argc == 2 && std::string(argv[1]) == "--list") {
    for (const GameInfo* g : games) std::printf("%s\n", std::string(g->name).c_str());
    return 0;
  }
  if (argc < 2 || argc > 3) Fail("usage: make_walk_seeds --list | <out-dir> [GAME]");
  if (games.size() > 256) Fail("more than 256 games: byte 0 of a seed cannot name them");
  if (argc == 3 && !FindGame(argv[2])) {
    std::string names;
    for (const GameInfo* g : games) names += (names.empty() ? "" : ", ") + std::string(g->name);
    std::fprintf(stderr, "make_walk_seeds: unknown game '%s' (the games: %s)\n", argv[2],
                 names.c_str());
    return 2;
  }
  mkdir(argv[1], 0755);
  for (size_t i = 0; i < games.size(); ++i)
    if (argc == 2 || games[i]->name == argv[2])
      WriteGame(argv[1], static_cast<uint8_t>(i), *games[i]);
  return 0;
}

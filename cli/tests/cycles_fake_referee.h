// A light-cycles referee in CodinGame's runner protocol, on the fakes
// (harness/testing/fake_env.h), written after examples/referees/cycles-java
// (its README is the protocol): a game arbiter has no engine for, so
// fuzz-referee judges it without rules. Its own reading of the protocol and
// its own randomness, as the Java port has them:
//   - "###Seed N" seeds its start; anything else first, the clock does;
//   - "###Input p", "N P C", one "x y" line per cycle (player 0's first,
//     "-1 -1" for a dead one), "###Output p K" for K alive cycles; it reads
//     K lines, all of them before judging any;
//   - an empty line is "###Error p Timeout" on stderr, an unknown move
//     "###Error p InvalidInput: ...", and the player is out;
//   - "###End R" (ties written together), then the replay step's
//     NullPointerException on stderr and exit status 1 after every game.
// Bugs, planted several at once, each as the Java port has it:
//   misframe         a player with a boxed-in cycle is announced one line
//                    fewer from round 4, but still read for every cycle;
//   crash-on-long    an answer over 1000 characters overflows its buffer:
//                    ArrayIndexOutOfBoundsException, exit 1, no ###End;
//   hang-on-end      it never exits after ###End, even at the end of stdin
//                    (a note, not a failure: cg-brutaltester destroys it);
//   nondeterministic its start is drawn from the seed and a clock (a count
//                    of the referees started), so no two games are alike.
// The seed bot (CyclesFakeBot) answers each of its cycles with the first
// move that keeps it on the grid and off every cell it has seen taken.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "testing/fake_env.h"

namespace arbiter::cli {

namespace cycles_fake {

using harness::testing::Emit;
using harness::testing::Err;
using harness::testing::Exit;
using harness::testing::Out;

inline constexpr int kWidth = 12, kHeight = 8, kCycles = 2, kRounds = 40;
inline const char* const kMoves[] = {"UP", "RIGHT", "DOWN", "LEFT"};
inline constexpr int kDx[] = {0, 1, 0, -1}, kDy[] = {-1, 0, 1, 0};

inline bool OnGrid(int x, int y) { return x >= 0 && x < kWidth && y >= 0 && y < kHeight; }

struct Referee {
  std::set<std::string> bugs;
  uint64_t clock = 0;  // the "clock" a nondeterministic start mixes in
  bool seeded = false, started = false, over = false;
  uint64_t seed = 0;
  int players = 0, round = 0, current = -1, expected = 0;
  std::vector<std::vector<std::pair<int, int>>> cycles;  // by player; {-1,-1} dead
  std::vector<int> out_round;                            // -1 still in
  std::set<std::pair<int, int>> taken;
  std::vector<std::string> answers;  // of the current turn
  std::string pending;

  bool Has(const char* bug) const { return bugs.count(bug) > 0; }
  int Alive(int p) const {
    return static_cast<int>(
        std::count_if(cycles[p].begin(), cycles[p].end(), [](auto c) { return c.first >= 0; }));
  }
  bool Boxed(std::pair<int, int> c) const {
    for (int d = 0; d < 4; ++d) {
      const std::pair<int, int> n{c.first + kDx[d], c.second + kDy[d]};
      if (OnGrid(n.first, n.second) && !taken.count(n)) return false;
    }
    return true;
  }

  std::vector<Emit> Start(int p) {
    players = p;
    std::mt19937_64 rng(Has("nondeterministic") || !seeded ? seed ^ (clock * 7919) : seed);
    cycles.assign(players, {});
    out_round.assign(players, -1);
    for (int c = 0; c < kCycles; ++c)
      for (int q = 0; q < players; ++q) {
        std::pair<int, int> at;
        do at = {static_cast<int>(rng() % kWidth), static_cast<int>(rng() % kHeight)};
        while (taken.count(at));
        taken.insert(at);
        cycles[q].push_back(at);
      }
    started = true;
    round = 1;
    current = -1;
    return Next();
  }

  // The next player still in, or the end.
  std::vector<Emit> Next() {
    const int in = static_cast<int>(std::count(out_round.begin(), out_round.end(), -1));
    for (int step = 0; step < players && in > 1; ++step) {
      if (++current == players) {
        current = 0;
        if (++round > kRounds) break;
      }
      if (out_round[current] >= 0) continue;
      std::ostringstream text;
      text << "###Input " << current << "\n" << players << " " << current << " " << kCycles << "\n";
      bool boxed = false;
      for (int q = 0; q < players; ++q)
        for (const auto& c : cycles[q]) text << c.first << " " << c.second << "\n";
      for (const auto& c : cycles[current]) boxed = boxed || (c.first >= 0 && Boxed(c));
      expected = Alive(current);
      const int announced =
          Has("misframe") && round >= 4 && boxed && expected >= 2 ? expected - 1 : expected;
      text << "###Output " << current << " " << announced << "\n";
      answers.clear();
      return {Out(1, text.str())};
    }
    return End();
  }

  std::vector<Emit> End() {
    over = true;
    // Still in first, then later out first; one round's out tie.
    std::map<int, std::string, std::greater<int>> by_round;
    for (int q = 0; q < players; ++q)
      by_round[out_round[q] < 0 ? 1 << 20 : out_round[q]] += std::to_string(q);
    std::string ranking;
    for (const auto& [r, names] : by_round) ranking += (ranking.empty() ? "" : " ") + names;
    std::vector<Emit> out = {Out(1, "###End " + ranking + "\n")};
    if (Has("hang-on-end")) return out;
    out.push_back(Err(2,
                      "Exception in thread \"main\" java.lang.NullPointerException\n"
                      "\tat java.base/java.nio.file.Path.of(Path.java:147)\n"
                      "\tat CyclesRunner.saveReplay(CyclesRunner.java:241)\n"));
    out.push_back(Exit(3, 1));
    return out;
  }

  void PutOut(int p) {
    out_round[p] = round;
    for (auto& c : cycles[p]) {
      taken.erase(c);
      c = {-1, -1};
    }
  }

  std::vector<Emit> Judge() {
    for (const std::string& a : answers) {
      const std::string move = a.substr(0, a.find(' '));
      if (a.empty()) {
        PutOut(current);
        return Then(Err(1, "###Error " + std::to_string(current) + " Timeout\n"));
      }
      if (std::find(std::begin(kMoves), std::end(kMoves), move) == std::end(kMoves)) {
        PutOut(current);
        return Then(Err(1, "###Error " + std::to_string(current) +
                               " InvalidInput: expected UP, DOWN, LEFT or RIGHT but got '" + a +
                               "'\n"));
      }
    }
    size_t k = 0;
    for (auto& c : cycles[current]) {
      if (c.first < 0) continue;
      const std::string& a = answers[k++];
      const int d = static_cast<int>(
          std::find(std::begin(kMoves), std::end(kMoves), a.substr(0, a.find(' '))) -
          std::begin(kMoves));
      const std::pair<int, int> n{c.first + kDx[d], c.second + kDy[d]};
      if (!OnGrid(n.first, n.second) || taken.count(n)) {
        c = {-1, -1};
      } else {
        taken.insert(n);
        c = n;
      }
    }
    if (Alive(current) == 0) out_round[current] = round;
    return Next();
  }

  std::vector<Emit> Then(Emit e) {
    std::vector<Emit> out = {std::move(e)};
    for (Emit& n : Next()) out.push_back(std::move(n));
    return out;
  }

  std::vector<Emit> Line(const std::string& line) {
    if (over) return {};
    if (!started) {
      if (!seeded && line.rfind("###Seed ", 0) == 0) {
        seeded = true;
        seed = std::stoull(line.substr(8));
        return {};
      }
      if (line.rfind("###Start ", 0) == 0) return Start(std::stoi(line.substr(9)));
      return {};  // an unknown first line is skipped, as the Java port does
    }
    if (Has("crash-on-long") && line.size() > 1000)
      return {Err(1,
                  "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: "
                  "Index 1000 out of bounds for length 1000\n"
                  "\tat CyclesRunner.readAnswer(CyclesRunner.java:188)\n"),
              Exit(2, 1)};
    answers.push_back(line);
    if (static_cast<int>(answers.size()) < expected) return {};
    return Judge();
  }
};

}  // namespace cycles_fake

// The referee process started as `argv` ("--bugs a,b" among its words), the
// `clock`-th started in its world.
inline harness::testing::FakeScript CyclesFakeReferee(const std::vector<std::string>& argv,
                                                      uint64_t clock) {
  auto r = std::make_shared<cycles_fake::Referee>();
  r->clock = clock;
  for (size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == "--bugs") {
      std::stringstream list(argv[i + 1]);
      for (std::string b; std::getline(list, b, ',');) r->bugs.insert(b);
    }
  harness::testing::FakeScript s;
  s.max_line_bytes = harness::LineFramer().max_line_bytes();
  s.max_queued_lines = harness::LineFramer().max_queued_lines();
  s.every_write_is_input = true;
  s.on_input = [r](int, const std::string& bytes) {
    std::vector<harness::testing::Emit> out;
    r->pending += bytes;
    for (size_t nl; (nl = r->pending.find('\n')) != std::string::npos;) {
      std::string line = r->pending.substr(0, nl);
      r->pending.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      for (auto& e : r->Line(line)) out.push_back(std::move(e));
    }
    return out;
  };
  // At the end of its stdin every player left times out: the game ends.
  s.on_eof = {cycles_fake::Exit(1, 1)};
  if (r->Has("hang-on-end")) s.on_eof.clear();
  return s;
}

// The seed bot: per turn ("N P C", then N*C positions), one move a cycle of
// its own that is alive, the first that stays on the grid and off every
// cell it has seen taken.
inline harness::testing::FakeScript CyclesFakeBot() {
  struct Seen {
    std::string pending;
    std::vector<std::string> lines;
    std::set<std::pair<int, int>> taken;
  };
  auto seen = std::make_shared<Seen>();
  harness::testing::FakeScript s;
  s.on_input = [seen](int, const std::string& bytes) {
    std::vector<harness::testing::Emit> out;
    seen->pending += bytes;
    for (size_t nl; (nl = seen->pending.find('\n')) != std::string::npos;) {
      seen->lines.push_back(seen->pending.substr(0, nl));
      seen->pending.erase(0, nl + 1);
      std::istringstream head(seen->lines.front());
      int n = 0, p = 0, c = 0;
      if (!(head >> n >> p >> c) || n < 1 || c < 1) {
        seen->lines.clear();
        continue;
      }
      if (static_cast<int>(seen->lines.size()) < 1 + n * c) continue;
      std::vector<std::pair<int, int>> at;
      for (size_t i = 1; i < seen->lines.size(); ++i) {
        std::istringstream xy(seen->lines[i]);
        int x = -1, y = -1;
        xy >> x >> y;
        at.emplace_back(x, y);
        if (x >= 0) seen->taken.insert({x, y});
      }
      std::string answer;
      for (int k = 0; k < c; ++k) {
        const auto [x, y] = at[static_cast<size_t>(p * c + k)];
        if (x < 0) continue;
        int d = 0;
        while (d < 3 && (!cycles_fake::OnGrid(x + cycles_fake::kDx[d], y + cycles_fake::kDy[d]) ||
                         seen->taken.count({x + cycles_fake::kDx[d], y + cycles_fake::kDy[d]})))
          ++d;
        answer += std::string(cycles_fake::kMoves[d]) + "\n";
      }
      seen->lines.clear();
      out.push_back(cycles_fake::Out(3, answer));
    }
    return out;
  };
  s.on_eof = {cycles_fake::Exit(1, 0)};
  return s;
}

}  // namespace arbiter::cli

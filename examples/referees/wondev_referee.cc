// wondev-referee: an example Wondev Woman referee in the CodinGame runner
// protocol, for `arbiter fuzz-referee --protocol cg-runner` to test. It reads
// an optional "###Seed N" and "###Start 2" on stdin, then for each turn
// prints "###Input P", that player's input (the initialisation lines before
// its first turn), "###Output P 1", and reads the answer line; at the end it
// prints "###End" with the ranking ("0 1", "1 0", or "01" for a draw). The
// rules come from arbiter's wondev engine (engine/wondev/), so without
// --mutant it is meant to be conformant to spec-tests/wondev/clauses.json.
//
// --mutant NAME plays with one deliberate, realistic referee bug, written here
// on top of the engine:
//   fog-after-move   visibility judged after the move: a build on an unseen
//                    enemy (next to the mover once it has moved) is not
//                    cancelled (breaks wondev.fog.build)
//   removed-as-hole  height-4 cells printed as '.' (wondev.grid.cells)
//   push-scores      a push scores like a move, on the cell it acted on:
//                    the pusher scores when the cell the pushed unit left is
//                    at level 3 once built on (wondev.push.build)
//   unsorted-legal   legal actions listed in generation order, not sorted
//                    by text (wondev.protocol.input.legal)
//   climb-two        a unit may climb two levels (wondev.move.climb)
//   lowercase-move   the keyword move&build is matched in any case, as
//                    CodinGame's referee does, but PUSH&BUILD only in upper
//                    case (wondev.out.invalid: the text's keywords are upper case)
//   end-when-1-out   the game ends as soon as player 1 is out, whoever leads
//                    (wondev.end.leader-alone: it goes on while the player
//                    left does not lead)
//   no-end-when-0-out  the game goes on when player 0 is out and player 1
//                    leads, player 1 alone (wondev.end.leader-alone); with
//                    end-when-1-out, the one-line bug `if (out[1]) end`
//   own-map          the map and units drawn from the referee's own random
//                    source, not from ###Seed (a reading, not a defect:
//                    under the fog of war arbiter cannot learn the state)
//   no-legal-list    no legal-action list: "0" and no action lines
//                    (wondev.protocol.input.legal)
// Several at once: --mutant NAME,NAME (a referee with several defects).
//
// usage: wondev-referee [--league N] [--rule KEY=VALUE]... [--mutant NAME]
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/parse.h"
#include "wondev/codec.h"
#include "wondev/maps.h"
#include "wondev/state.h"

namespace {

using namespace arbiter::wondev;

std::vector<std::string> mutants;

bool Mutant(const char* name) {
  return std::find(mutants.begin(), mutants.end(), name) != mutants.end();
}

// A copy of `s` with the map, units and scores changed (the same turn).
State Rebuilt(const State& s, const Map& map, const Units& units,
              std::array<int, kNumPlayers> score) {
  std::array<bool, kNumPlayers> out = {s.out(0), s.out(1)};
  return State::FromParts(map, units, s.rules(), s.turn(), score, out);
}

// climb-two: the moves two levels up that the engine does not allow.
std::vector<Action> ClimbTwo(const State& s) {
  std::vector<Action> extra;
  const int me = s.current_player();
  for (int i = 0; i < s.units_per_player(); ++i) {
    const Pos from = s.unit(me, i);
    for (int d1 = 0; d1 < kDirs; ++d1) {
      const Pos t = Step(from, static_cast<Dir>(d1));
      if (!s.Playable(t) || s.OwnerAt(t) >= 0 || s.Height(t) != s.Height(from) + 2) continue;
      for (int d2 = 0; d2 < kDirs; ++d2) {
        const Pos b = Step(t, static_cast<Dir>(d2));
        if (s.Playable(b) && (s.OwnerAt(b) < 0 || b == from))
          extra.push_back({ActionType::kMoveBuild, i, static_cast<Dir>(d1), static_cast<Dir>(d2)});
      }
    }
  }
  return extra;
}

std::string Input(const State& s, int player) {
  State shown = s;
  if (Mutant("unsorted-legal")) {
    Rules r = s.rules();
    r.action_order = ActionOrder::kGeneration;
    shown = State::FromParts(s.map(), s.units(), r, s.turn(), {s.score(0), s.score(1)},
                             {s.out(0), s.out(1)});
  }
  InputView v = ViewFor(shown, player);
  if (Mutant("removed-as-hole"))
    for (std::string& row : v.rows) std::replace(row.begin(), row.end(), '4', '.');
  if (Mutant("no-legal-list")) v.actions.clear();
  if (Mutant("climb-two")) {
    for (const Action& a : ClimbTwo(s)) v.actions.push_back(ActionText(a));
    std::sort(v.actions.begin(), v.actions.end());
  }
  return FormatInput(v);
}

// Plays the answer of the player to move, with the mutant's bug.
void Play(State& s, const std::string& line) {
  const int me = s.current_player();
  std::string read = line;
  if (Mutant("lowercase-move")) {
    const size_t at = read.find_first_not_of(" \t");
    if (at != std::string::npos && read.size() - at >= 10) {
      std::string keyword = read.substr(at, 10);
      for (char& c : keyword) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (keyword == "MOVE&BUILD") read.replace(at, 10, keyword);
    }
  }
  const Answer answer = ParseAnswer(read, s.rules().action_parsing);
  if (Mutant("climb-two") && answer.kind == Answer::kAction) {
    const auto extra = ClimbTwo(s);
    if (std::find(extra.begin(), extra.end(), answer.action) != extra.end()) {
      Units units = s.units();
      Map map = s.map();
      std::array<int, kNumPlayers> score = {s.score(0), s.score(1)};
      const Pos t = Step(units[me][answer.action.unit], answer.action.d1);
      units[me][answer.action.unit] = t;
      if (s.Height(t) == kScoreHeight) ++score[me];
      const Pos b = Step(t, answer.action.d2);
      ++map.height[b.y * map.size + b.x];
      s = State::FromParts(map, units, s.rules(), s.turn() + 1, score, {s.out(0), s.out(1)});
      return;
    }
  }
  const TurnEvents ev = s.Apply(answer);
  if (Mutant("fog-after-move") && ev.result == Result::kBuildCancelled) {
    Map map = s.map();
    ++map.height[ev.build.y * map.size + ev.build.x];
    s = Rebuilt(s, map, s.units(), {s.score(0), s.score(1)});
  }
  if (Mutant("push-scores") && ev.result == Result::kPushed && s.Height(ev.build) == kScoreHeight) {
    std::array<int, kNumPlayers> score = {s.score(0), s.score(1)};
    ++score[me];
    s = Rebuilt(s, s.map(), s.units(), score);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Rules rules;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::string value = i + 1 < argc ? argv[i + 1] : "";
    std::string error;
    if (arg == "--mutant" && i + 1 < argc) {
      for (const std::string_view name : arbiter::SplitOn(value, ',')) mutants.emplace_back(name);
    } else if (arg == "--league" && i + 1 < argc) {
      error = SetRule(rules, "league", value);
    } else if (arg == "--rule" && value.find('=') != std::string::npos) {
      error = SetRule(rules, value.substr(0, value.find('=')), value.substr(value.find('=') + 1));
    } else {
      error = "unknown argument '" + arg + "'";
      --i;
    }
    ++i;
    if (!error.empty()) {
      std::fprintf(stderr, "wondev-referee: %s\n", error.c_str());
      return 2;
    }
  }
  const std::vector<std::string> kMutants = {
      "fog-after-move", "removed-as-hole", "push-scores",       "unsorted-legal", "climb-two",
      "lowercase-move", "end-when-1-out",  "no-end-when-0-out", "own-map",        "no-legal-list"};
  for (const std::string& mutant : mutants) {
    if (std::find(kMutants.begin(), kMutants.end(), mutant) == kMutants.end()) {
      std::fprintf(stderr, "wondev-referee: unknown mutant '%s'\n", mutant.c_str());
      return 2;
    }
  }
  uint64_t seed = 1;
  std::string line;
  while (std::getline(std::cin, line) && line.rfind("###Start", 0) != 0)
    if (line.rfind("###Seed ", 0) == 0) seed = std::stoull(line.substr(8));
  // own-map: another seed than the runner's, the same on every run.
  State s = NewState(Mutant("own-map") ? seed * 7919 + 13 : seed, rules);
  bool started[kNumPlayers] = {false, false};
  bool ghost0 = false;  // no-end-when-0-out: player 0 is out, the game goes on
  while (!s.IsTerminal()) {
    const int p = s.current_player();
    if (ghost0 && p == 0) {
      s = State::FromParts(s.map(), s.units(), s.rules(), s.turn() + 1, {s.score(0), s.score(1)},
                           {false, s.out(1)});
      continue;
    }
    if (!s.CurrentPlayerReceivesInput()) {
      s.ApplySilence();
    } else {
      std::cout << "###Input " << p << "\n";
      if (!started[p]) std::cout << FormatInit(s);
      started[p] = true;
      std::cout << Input(s, p) << "###Output " << p << " 1" << std::endl;
      if (std::getline(std::cin, line)) {
        Play(s, line);
      } else {
        s.ApplySilence();  // no answer: the player is out (wondev.out.timeout)
      }
    }
    if (Mutant("end-when-1-out") && s.out(1) && !s.out(0)) break;
    if (Mutant("no-end-when-0-out") && s.IsTerminal() && s.out(0) && !s.out(1) &&
        s.turn() < kNumPlayers * s.rules().max_rounds) {
      ghost0 = true;
      s = State::FromParts(s.map(), s.units(), s.rules(), s.turn(), {s.score(0), s.score(1)},
                           {false, false});
    }
  }
  const int w = s.score(0) == s.score(1) ? -1 : s.score(0) > s.score(1) ? 0 : 1;
  std::cout << "###End " << (w < 0 ? "01" : std::to_string(w) + " " + std::to_string(1 - w))
            << std::endl;
  return 0;
}

// The referee fuzzer's answers for jc2015 (RefereeFuzzing::fuzz_answer): a swarm
// of answer families, and targeted answers that steer a game to the rule
// edges a referee gets wrong: acting while stunned, attacks on lines that
// hold scheduled or fallen blocks, and the cancel distance.
//
// A simultaneous last fall (jc2015.end.simultaneous) has a family of its
// own, which steers the whole game. A block scheduled on turn t with timer
// 4n falls at the start of turn t + 4n (jc2015.attack.delay,
// jc2015.fall.timing), and a player acts only on the turns of its own
// residue mod 4, so blocks scheduled by two players never fall on the same
// tick: the last players fall together only from one attacker's line, in
// practice two players in one block (at opposite corners, since the cancel
// rule keeps them 4 apart), attacked by a third who falls before that block
// does, with a fourth gone too. The other families reached it in none of
// 1000 games (hunters do in 4 of 5000, engine/tests/mutants_test.cc);
// SteerToSharedFall walks all four players into that formation.
#include "jc2015/game.h"
#include "jc2015/policies.h"
#include "jc2015/state.h"

namespace arbiter::jc2015 {

std::string FuzzAnswer(const GameState& gs, uint64_t swarm, bool targeted, Rng& rng) {
  const State& s = *StateOf(gs);
  const int me = s.current_player();
  const Player& p = s.player(me);
  // Families: bits 0-5 the commands U R D L A N, 6 lowercase, 7 garbage or
  // empty, 8 padded with whitespace or CR, 9 a simultaneous last fall.
  if (swarm >> 9 & 1) return std::string(1, ActionLetter(SteerToSharedFall(s, rng)));
  if (targeted && p.on_board && rng.Chance(2, 3)) {
    if (s.StunShown(me) > 0) return std::string(1, "URDL"[rng.Uniform(4)]);  // acting while stunned
    // Attack a line that already holds scheduled or fallen blocks.
    int br = p.row / 3 + kDirRow[static_cast<int>(p.dir)],
        bc = p.col / 3 + kDirCol[static_cast<int>(p.dir)];
    for (; br >= 0 && br < 6 && bc >= 0 && bc < 6;
         br += kDirRow[static_cast<int>(p.dir)], bc += kDirCol[static_cast<int>(p.dir)])
      if (s.block(br, bc) != 0 && rng.Chance(1, 2)) return "A";
    // Close in on the nearest player, to distance 4 and the cancel rule.
    return std::string(1, ActionLetter(ChooseAction(Policy::kHunter, s, rng)));
  }
  std::vector<int> on;
  for (int f = 0; f < 9; ++f)
    if (swarm >> f & 1) on.push_back(f);
  if (on.empty()) on = {5};
  const int f = on[rng.Uniform(static_cast<uint32_t>(on.size()))];
  if (f < 6) return std::string(1, "URDLAN"[f]);
  const char letter = "URDLAN"[rng.Uniform(6)];
  if (f == 6) return std::string(1, static_cast<char>(letter - 'A' + 'a'));
  if (f == 7) {
    // A command and a second word ("U x") is U to a referee that reads the
    // first word (action_parsing=first-word), no command to the text.
    const char* junk[] = {"", "X", "UU", "0", "MOVE", "N N", "U x", "A N", "L 1"};
    return junk[rng.Uniform(9)];
  }
  const char* pads[] = {" %c", "%c ", "%c\r", "\t%c"};
  char buf[8];
  std::snprintf(buf, sizeof buf, pads[rng.Uniform(4)], letter);
  return buf;
}

}  // namespace arbiter::jc2015

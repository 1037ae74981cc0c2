// What referees known to misread a Save The Island answer play instead
// (GameState::Misreadings, arbiter.referee.resync), so that the referee
// fuzzer says it in plain words under the clause broken.
//
// The known one: keywords validated in any letter case (Java's
// equalsIgnoreCase) but applied by an exact comparison with the lower-case
// word, the move being the branch everything else falls into
// (island.syntax.keywords). "RETREAT;3", validated as a retreat, is played as
// move;3 toward the opponent, past island.move.bound when the distance is 3 or
// less; "ATTACK;33" at distance 3 is played as move;3, onto the opponent's
// cell. A shuffle takes no tiles and is read as a whole line, so it is not
// misread so.
#include <cctype>

#include "island/codec.h"
#include "island/game.h"

namespace arbiter::island {

std::vector<Misreading> KeywordMisreadings(const State& state, std::string_view line) {
  std::vector<Misreading> out;
  if (state.IsTerminal()) return out;
  Rules any = state.rules();
  any.keyword_case = KeywordCase::kAny;
  const Answer a = ParseAnswer(line, any);
  if (!a.ok || (a.move.kind != MoveKind::kRetreat && a.move.kind != MoveKind::kAttack)) return out;
  // Validated as written: the tile is held, the attack's distance and count.
  if (!state.Illegal(a.move).empty()) return out;
  std::string_view word = line.substr(0, line.find(';'));
  while (!word.empty() && (word.front() == ' ' || word.front() == '\t')) word.remove_prefix(1);
  bool lower = true;
  for (char c : word) lower = lower && !std::isupper(static_cast<unsigned char>(c));
  if (lower) return out;
  State after = state;
  const int value = a.move.value;
  after.ApplyUnbounded(value);
  const std::string kind = a.move.kind == MoveKind::kRetreat ? "a retreat" : "an attack";
  out.push_back({"as a forward move 'move;" + std::to_string(value) + "' (it validated " + kind +
                     " in any letter case, then played every keyword not in lower case as a move)",
                 "island.syntax.keywords", Wrap(after)});
  out.back().last = after.pos(0) >= after.pos(1);
  return out;
}

}  // namespace arbiter::island

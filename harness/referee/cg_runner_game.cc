// The game side of the runner-protocol driver (cg_runner_game.h): the
// ###End ranking must name the reference's winner (reference_side.h, shared
// with the bot-launching mode).
#include "referee/cg_runner_game.h"

namespace arbiter::harness {

void CgRunnerGame::End(const std::vector<std::vector<int>>& ranking) {
  if (!reference_.reference()) return Fault("referee.protocol", "###End before any input");
  const std::string shown = "###End " + FormatRanking(ranking);
  if (!reference_.End(shown)) return;
  // The reference after the end: a reading adopted there replaced it.
  if (!reference_.following()) return;
  // The same winner: the winner alone first, or several tied first for a
  // draw (everyone, or the players a draw is among, ranked above those out
  // before the end: "###End 02 13" when 1 and 3 fell; the rules name no
  // order for those).
  const int winner = reference_.reference()->Winner();
  const bool same = winner < 0 ? ranking.front().size() > 1 || ranking.size() == 1
                               : ranking.front().size() == 1 && ranking.front()[0] == winner;
  if (same) {  // said for arbiter.referee.edges
    reference_.StatedWinner(winner, {}, shown);
    return;
  }
  Divergence d;
  d.field = "ranking";
  d.kind = "ranking";
  d.expected = FormatRanking(RankingOfWinner(winner, seats_));
  d.actual = FormatRanking(ranking);
  d.message = "the referee ranks the players otherwise than the reference engine";
  // The winner the ranking states: several tied first (or one group) is a draw.
  const int stated = ranking.front().size() == 1 && ranking.size() > 1 ? ranking.front()[0] : -1;
  reference_.StatedWinner(stated, std::move(d), shown);
}

}  // namespace arbiter::harness

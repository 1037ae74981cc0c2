// The game side of the runner-protocol driver (cg_runner_game.h): the same
// comparison and answers as the bot-launching mode (referee_fuzz.cc), fed by
// the runner protocol's ###Input blocks instead of probes.
//
// The initial state: when the first input is exactly what arbiter's own
// seeded state (GameInfo::new_game with the seed sent as ###Seed) shows that
// player, that state is the reference, hidden parts included (a fog of war
// may hide what state_from_first_message would need); otherwise it is learnt
// from the first input, as in the bot-launching mode.
#include "cg_runner_game.h"

#include "core/parse.h"

namespace arbiter::harness {

void CgRunnerGame::Log(int turn, int player, std::string answer, bool silent,
                       std::vector<Event> events, std::string input) {
  result_.history.push_back({turn, player, answer, silent, std::move(events)});
  result_.answers.push_back(silent ? std::string(config_.game->ok_answer) : std::move(answer));
  result_.inputs.push_back(std::move(input));
}

// How a game ends, and its ranking, depend on state no input may show (the
// scores): a divergence on the end (field "end") or the ranking also cites,
// after its own clauses, every rule the game played, the most recent first.
void CgRunnerGame::AddPlayedClauses(Divergence& d) const {
  auto add = [&](const std::string& clause) {
    if (clause.empty()) return;
    for (const auto& c : d.clauses)
      if (c == clause) return;
    d.clauses.push_back(clause);
  };
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events)
      if (e.kind == "end") add(e.clause);
  for (auto t = result_.history.rbegin(); t != result_.history.rend(); ++t)
    for (const Event& e : t->events) add(e.clause);
}

void CgRunnerGame::Diverge(Divergence d, int seat, std::string actual) {
  if (d.field == "end" || d.field == "ranking") AddPlayedClauses(d);
  result_.divergence = std::move(d);
  result_.divergence_turn = ref_ ? ref_->turn() : 0;
  result_.divergence_seat = seat;
  result_.actual_text = std::move(actual);
  if (ref_ && !ref_->IsTerminal() && seat >= 0)
    result_.expected_text = ref_->InputText(ref_->current_player());
  stop_ = true;
}

void CgRunnerGame::Fault(std::string check, std::string message) {
  result_.faults.push_back({std::move(check), std::move(message), ref_ ? ref_->turn() : 0});
  stop_ = true;
}

void CgRunnerGame::AdvanceSilent() {
  while (ref_ && !ref_->IsTerminal() && !ref_->CurrentPlayerReceivesInput()) {
    const int turn = ref_->turn(), player = ref_->current_player();
    Log(turn, player, "", true, ref_->ApplySilence(), "");
  }
}

bool CgRunnerGame::Message(int seat, const std::string& text) {
  const GameInfo& game = *config_.game;
  if (!ref_) {
    if (!game.compare(*seeded_, {}, text, seat)) {
      ref_ = std::move(seeded_);
    } else {
      Divergence why;
      ref_ = game.state_from_first_message(text, config_.rules, why);
      if (!ref_) {
        Diverge(why, seat, text);
        return false;
      }
    }
    result_.scenario = game.scenario_of(*ref_);
  }
  AdvanceSilent();
  if (auto d = game.compare(*ref_, result_.history, text, seat)) {
    Diverge(*d, seat, text);
    return false;
  }
  const int turn = ref_->turn();
  std::string answer;
  if (static_cast<size_t>(turn) < plan_.script.size()) {
    answer = plan_.script[turn];
  } else if (plan_.fuzz_after_script) {
    answer = game.fuzz_answer(*ref_, plan_.swarm, plan_.targeted, rng_);
  } else {
    answer = std::string(game.ok_answer);
  }
  referee_->Write(answer + "\n");
  Log(turn, seat, answer, false, ref_->ApplyLine(answer), text);
  return true;
}

void CgRunnerGame::End(const std::vector<std::vector<int>>& ranking) {
  const GameInfo& game = *config_.game;
  if (!ref_) return Fault("referee.protocol", "###End before any input");
  for (int s = 0; s < seats_; ++s)
    if (!pending_[s].empty())
      return Fault("referee.protocol",
                   "input for player " + std::to_string(s) + " without ###Output before ###End");
  AdvanceSilent();
  if (auto d = game.compare(*ref_, result_.history, "", -1))
    return Diverge(*d, -1, "###End " + FormatRanking(ranking));
  // The same winner: the winner alone first, or everyone tied for a draw.
  const int winner = ref_->Winner();
  const bool same = winner < 0 ? ranking.size() == 1
                               : ranking.front().size() == 1 && ranking.front()[0] == winner;
  if (same) return;
  Divergence d;
  d.field = "ranking";
  d.kind = "ranking";
  d.expected = FormatRanking(RankingOfWinner(winner, seats_));
  d.actual = FormatRanking(ranking);
  d.message = "the referee ranks the players otherwise than the reference engine";
  Diverge(std::move(d), -1, "###End " + FormatRanking(ranking));
}

}  // namespace arbiter::harness

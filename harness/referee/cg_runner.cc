// RunCgRunnerGame (cg_runner.h): the runner side of the CodinGame protocol,
// the runner protocol's hooks of the one fuzz game (fuzz_game.h) over the
// one referee driver (referee_driver.h), which runs the referee and frames
// its lines, held to a game whose answer is one line
// (RefereeDriverConfig::one_line_answers). Each input goes to the reference
// side for its comparison and answer; the ###End ranking is judged in
// cg_runner_game.cc; how the referee's process ended is judged last.
#include "referee/cg_runner.h"

#include <algorithm>

#include "checks/silence.h"
#include "referee/cg_runner_game.h"
#include "referee/fuzz_game.h"
#include "referee/referee_template.h"
#include "referee/seed_line.h"

namespace arbiter::harness {
namespace {

// The one driver's config for a runner-protocol referee of `config`, its
// ###Start naming `players`: a game's, and the seed-line probe's.
RefereeDriverConfig RunnerDriver(const RefereeFuzzConfig& config, int players) {
  RefereeDriverConfig d = FuzzDriverConfig(config);
  d.players = players;
  d.one_line_answers = true;
  d.seed_line = config.seed_line;
  return d;
}

}  // namespace

bool CgRunnerGame::Configure(RefereeDriverConfig& d) {
  if (config_.referee.protocol() != RefereeProtocol::kRunner) {
    Fault("arbiter.error", "the runner protocol's driver was given a referee that launches bots");
    return false;
  }
  seats_ = reference_.seats();
  d = RunnerDriver(config_, seats_);
  return true;
}

bool CgRunnerGame::Respond(const RefereeRequest& q) {
  message_at_ = env_.Now();
  if (!reference_.Receive(q.seat, q.input)) return false;  // a divergence stops the game
  std::string answer = reference_.NextAnswer();
  // No CR reaches a runner-protocol referee (RefereeDriver::
  // DropsCrBeforeNewline): cg-brutaltester's Scanner.nextLine ends a line
  // at one, so a CR inside an answer would make it two. A padded answer
  // with one goes padded with a space instead, judged so by both sides.
  std::replace(answer.begin(), answer.end(), '\r', ' ');
  driver_->Answer({answer});
  reference_.Play(q.seat, answer, q.input);
  return true;
}

void CgRunnerGame::Exit(const RefereeOutcome& o) {
  if (o.ended && o.ranking && o.fault_check.empty()) {
    // The game ended at ###End: cg-brutaltester, the protocol's reference,
    // reads the ranking there and destroys the referee. An error exit after
    // it, or none, loses no game: a note (arbiter.referee.completes).
    if (std::string text = RunnerExitAfterEndText(o); !text.empty())
      Fault("referee.exit", std::move(text));
  } else if (!o.exit_text.empty() && !o.exit_clean && !o.exit_hung &&
             o.fault_check != "referee.crash") {
    // A fault stopped the game; the referee's exit is a finding of its own
    // only when it was not the fault itself.
    Fault("referee.crash", "the referee " + o.exit_text);
  }
  Keep(o, o.stderr_tail, true);
}

// A start that failed is a fault of the outcome's, as is a game stopped
// short; a divergence (stopped) needs no more than the referee's exit.
void CgRunnerGame::Conclude(bool, bool) {
  const RefereeOutcome& o = driver_->outcome();
  if (o.ended) driver_->CloseInput();
  driver_->Finish();
  // Cut off during the game or while waiting for the referee's exit:
  // nothing it did is a finding (arbiter.run.interrupted).
  if (Abandoned()) return;
  if (o.cut_by_limit) {
    FaultText f = Cut(message_at_);
    Fault(std::move(f.check), std::move(f.message));
  } else if (!o.fault_check.empty()) {
    Fault(o.fault_check, o.fault);
  } else if (o.ended && o.ranking)
    End(*o.ranking);
  Exit(o);
  reference_.Finish();
}

std::string ResolveRunnerSeedLine(Env& env, RefereeFuzzConfig& config, int players, uint64_t seed) {
  RefereeDriverConfig d = RunnerDriver(config, players);
  const std::string said = ResolveSeedLine(env, d, seed);
  config.seed_line = d.seed_line;
  return said;
}

RefereeGameResult RunCgRunnerGame(Env& env, const RefereeFuzzConfig& config,
                                  const RefereeGamePlan& plan) {
  return PlayFuzzGame<CgRunnerGame>(env, config, plan);
}

}  // namespace arbiter::harness

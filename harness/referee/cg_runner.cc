// RunCgRunnerGame (cg_runner.h): the runner side of the CodinGame protocol,
// one referee line at a time. The lines after "###Input p" are player p's
// input until the next "###" line; "###Output p K" hands them to the
// comparison (cg_runner_game.cc) and sends the answer. Everything else is a
// fault: any other "###" command, a line outside an input block, K != 1, a
// player out of range, a ranking that is not one of each player, no ###End.
#include "cg_runner.h"

#include <algorithm>

#include "cg_runner_game.h"
#include "core/parse.h"
#include "interrupt.h"
#include "referee_template.h"

namespace arbiter::harness {
namespace {

using std::chrono::milliseconds;

// A player number: one to three digits below `players`, or -1.
int PlayerOf(std::string_view s, int players) {
  const auto v = ParseCanonicalInt(s);
  return v && *v >= 0 && *v < players ? static_cast<int>(*v) : -1;
}

}  // namespace

void CgRunnerGame::Line(const std::string& line) {
  if (result_.referee_stdout.size() < 4096) result_.referee_stdout += line + "\n";
  if (ended_) return;  // what follows the ranking is the referee's own business
  if (line.rfind("###", 0) != 0) {
    if (input_seat_ < 0)
      return Fault("referee.protocol",
                   "a line outside any ###Input block: " + EscapeBytes(line.substr(0, 120)));
    std::string& pending = pending_[input_seat_];
    pending += line + "\n";
    if (pending.size() > (1u << 16))
      return Fault("referee.garbage", "more than 64 KiB of input for player " +
                                          std::to_string(input_seat_) + " without ###Output");
    return;
  }
  const size_t space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
  if (command == "###Input") {
    input_seat_ = PlayerOf(rest, seats_);
    if (input_seat_ < 0) return Fault("referee.protocol", "bad player in '" + line + "'");
    return;
  }
  input_seat_ = -1;
  if (command == "###Output") {
    const size_t sp = rest.find(' ');
    const int seat = PlayerOf(rest.substr(0, sp), seats_);
    const auto k = sp == std::string::npos ? std::nullopt : ParseCanonicalInt(rest.substr(sp + 1));
    if (seat < 0 || !k) return Fault("referee.protocol", "malformed '" + line + "'");
    if (*k != 1)
      return Fault("referee.protocol", "'" + line + "' asks for " + std::to_string(*k) +
                                           " lines; a turn answer is one line");
    std::string message = std::move(pending_[seat]);
    pending_[seat].clear();
    if (!Message(seat, message)) stop_ = true;
    return;
  }
  if (command == "###End") {
    const auto ranking = ParseRanking(rest, seats_);
    if (!ranking)
      return Fault("referee.protocol", "'" + line + "' does not rank each of the " +
                                           std::to_string(seats_) + " players exactly once");
    ended_ = true;
    End(*ranking);
    return;
  }
  Fault("referee.protocol", "unknown runner command '" + EscapeBytes(line.substr(0, 120)) + "'");
}

void CgRunnerGame::Run() {
  if (!reference_.Start()) return;
  seats_ = reference_.seats();
  pending_.assign(seats_, "");
  result_.argv = RefereeTemplate::Instantiate(config_.referee_template, plan_.seed, {});
  auto referee = SpawnReferee(loop_, config_, result_);
  if (!referee) return;
  referee_ = referee.get();
  referee->Write("###Seed " + std::to_string(plan_.seed) + "\n###Start " + std::to_string(seats_) +
                 "\n");
  const auto deadline = Clock::now() + config_.game_time_limit;
  while (!stop_ && !ended_) {
    loop_.RunUntil(deadline, [&] { return referee->HasLine() || referee->stdout_eof(); });
    if (Interrupted()) {  // abandon the game
      result_.interrupted = true;
      referee->Terminate(Clock::duration::zero());
      referee_ = nullptr;
      return;
    }
    while (!stop_ && !ended_ && referee->HasLine()) {
      const TimedLine l = referee->PopLine();
      if (l.line.truncated)
        Fault("referee.garbage", "a line of " + std::to_string(l.line.length) +
                                     " bytes: " + EscapeBytes(l.line.text.substr(0, 120)));
      else
        Line(l.line.text);
    }
    if (stop_ || ended_) break;
    if (referee->dropped_lines() > 0) {
      Fault("referee.garbage", "more lines than arbiter keeps queued (a flood)");
    } else if (referee->stdout_eof() && !referee->HasLine()) {
      break;
    } else if (Clock::now() >= deadline) {
      Fault("referee.hang", "no progress within the per-game time limit of " +
                                std::to_string(config_.game_time_limit.count() / 1000) + " s");
    }
  }
  if (ended_) referee->CloseStdin();
  if (ended_ || referee->stdout_eof())
    loop_.RunUntil(std::min(deadline, Clock::now() + std::chrono::seconds(2)),
                   [&] { return referee->exited(); });
  // Cut off while waiting for the referee's exit: nothing it did is a
  // finding (arbiter.run.interrupted).
  if (Interrupted()) {
    result_.interrupted = true;
    referee->Terminate(Clock::duration::zero());
    referee_ = nullptr;
    return;
  }
  const bool crashed =
      referee->exited() && (referee->term_signal() || referee->exit_code().value_or(0) != 0);
  if (crashed) {
    Fault("referee.crash",
          referee->term_signal()
              ? "the referee was killed by signal " + std::to_string(*referee->term_signal())
              : "the referee exited with status " + std::to_string(*referee->exit_code()));
  } else if (!stop_ && !ended_ && !reference_.diverged()) {
    if (!referee->partial().empty())
      Fault("referee.protocol",
            "an unfinished last line: " + EscapeBytes(referee->partial().substr(0, 120)));
    Fault("referee.protocol", "the referee stopped without ###End");
  } else if (ended_ && !referee->exited()) {
    Fault("referee.hang", "the referee did not exit after ###End");
  }
  result_.exit_code = referee->exit_code();
  result_.term_signal = referee->term_signal();
  referee->Terminate(milliseconds(300));
  result_.referee_stderr = referee->stderr_tail();
  reference_.Finish();
  referee_ = nullptr;
}

RefereeGameResult RunCgRunnerGame(EventLoop& loop, const RefereeFuzzConfig& config,
                                  const RefereeGamePlan& plan) {
  RefereeGameResult result;
  CgRunnerGame(loop, config, plan, result).Run();
  return result;
}

}  // namespace arbiter::harness

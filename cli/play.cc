// `arbiter play`: a local referee for one full game between bot commands (one
// per player, each split like a shell would). Prints the findings and the
// result, and writes the replay: the JSON report of the one match, with every
// turn's input, answer, timing and events. The exit status is check-bot's: 0
// PASS, 1 FAIL, 2 usage or harness error, 128 + signal when interrupted.
#include <iostream>

#include "check_bot.h"
#include "command_line.h"
#include "interrupt.h"
#include "run_common.h"
#include "start_check.h"

namespace arbiter::cli {

int RunPlay(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  Prepared p;
  if (!Prepare(o, "play", p, err)) return 2;
  harness::MatchSpec m;
  m.id = "game";
  m.seed = o.seed;
  std::string error;
  m.state = p.game->new_game(o.seed, p.rules, error);
  const int players = m.state->num_players();
  if (static_cast<int>(o.bots.size()) != players) {
    return Usage(err, "play",
                 std::string(p.game->name) + " needs exactly " + std::to_string(players) +
                     " --bot commands, got " + std::to_string(o.bots.size()));
  }
  m.seats.resize(players);
  std::string reproduce = Self() + " play --game " + o.game + " --profile " +
                          std::string(p.profile->name) + " --seed " + std::to_string(o.seed);
  reproduce += ResultOptions(o, *p.profile, p.rules);
  if (o.turns) reproduce += " --turns " + std::to_string(*o.turns);
  for (int s = 0; s < players; ++s) {
    if (!harness::SplitCommand(o.bots[s], m.seats[s].argv, error))
      return Usage(err, "play", "--bot '" + o.bots[s] + "': " + error);
    if (const std::string why = harness::StartProblem(m.seats[s].argv, "bot " + std::to_string(s));
        !why.empty())
      return Usage(err, "play", "--bot '" + o.bots[s] + "': " + why);
    reproduce += " --bot " + harness::QuoteArg(o.bots[s]);
  }
  // --json and --replay are both written (the replay is the JSON report of
  // the game); every path is checked before the game (arbiter.report.not-lost).
  std::vector<OutputFile> replay;
  if (!o.replay_path.empty()) replay.push_back({"--replay", o.replay_path, &report::WriteJson});
  std::vector<OutputFile> files = OutputFiles(o);
  files.insert(files.end(), replay.begin(), replay.end());
  std::vector<std::string> bot_args;
  for (const harness::Seat& seat : m.seats)
    bot_args.insert(bot_args.end(), seat.argv.begin(), seat.argv.end());
  if (!CheckOutputFiles(files, bot_args, "play", err)) return 2;
  if (!PrepareLogDir(o, "play", err)) return 2;
  m.description = "seed " + std::to_string(o.seed) + ", " + std::to_string(players) + " bots";
  m.max_turns = o.turns.value_or(0);
  m.reproduce = reproduce;
  m.policy_seed = o.seed;

  report::RunReport rep = NewReport(o, p, "play");
  auto env = harness::MakeRealEnv();
  Progress progress(o.quiet, err, "play", 1);
  rep.matches.push_back(
      harness::RunMatch(*env, std::move(m), p.config, p.catalog, progress.Callback()));
  WriteLog(o, rep, rep.matches.back(), err);
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  const int status = Finish(o, rep, out, err, replay);
  if (rep.interrupt_signal != 0) return status;  // no RESULT: the game did not end
  const harness::MatchResult& r = rep.matches.back();
  out << "RESULT " << r.winner << " " << r.turns_played << "\n";
  // Finish's status, as check-bot's: 1 when the verdict is FAIL, 2 when
  // arbiter could not run or write a report (arbiter.cli.exit-status).
  return status;
}

int RunEchoBot() {
  std::ios::sync_with_stdio(false);
  std::cout << "READY" << std::endl;
  std::string line;
  while (std::getline(std::cin, line)) std::cout << line << std::endl;
  return 0;
}

}  // namespace arbiter::cli

// `arbiter play`: a local referee for one full game between bot commands (one
// per player, each split like a shell would). Prints the findings and the
// result, and writes the replay: the JSON report of the one match, with every
// turn's input, answer, timing and events.
#include <iostream>

#include "check_bot.h"
#include "command_line.h"
#include "interrupt.h"
#include "run_common.h"

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
  std::string reproduce = "arbiter play --game " + o.game + " --profile " +
                          std::string(p.profile->name) + " --seed " + std::to_string(o.seed);
  if (o.turns) reproduce += " --turns " + std::to_string(*o.turns);
  for (int s = 0; s < players; ++s) {
    if (!harness::SplitCommand(o.bots[s], m.seats[s].argv, error))
      return Usage(err, "play", "--bot '" + o.bots[s] + "': " + error);
    reproduce += " --bot " + harness::QuoteArg(o.bots[s]);
  }
  m.description = "seed " + std::to_string(o.seed) + ", " + std::to_string(players) + " bots";
  m.max_turns = o.turns.value_or(0);
  m.reproduce = reproduce;
  m.policy_seed = o.seed;

  report::RunReport rep = NewReport(o, p, "play");
  auto env = harness::MakeRealEnv();
  Progress progress(o.quiet, err);
  rep.matches.push_back(
      harness::RunMatch(*env, std::move(m), p.config, p.catalog, progress.Callback()));
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  PlayOptions files = o;
  files.json_path = o.replay_path.empty() ? o.json_path : o.replay_path;
  const int status = Finish(files, rep, out, err);
  if (rep.interrupt_signal != 0) return status;  // no RESULT: the game did not end
  const harness::MatchResult& r = rep.matches.back();
  out << "RESULT " << r.winner << " " << r.turns_played << "\n";
  return status == 2 ? 2 : 0;
}

int RunEchoBot() {
  std::ios::sync_with_stdio(false);
  std::cout << "READY" << std::endl;
  std::string line;
  while (std::getline(std::cin, line)) std::cout << line << std::endl;
  return 0;
}

}  // namespace arbiter::cli

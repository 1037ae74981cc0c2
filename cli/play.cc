// `arbiter play`: a local referee for full games between entrants, one per
// player: bot commands (each split like a shell would) or the game's built-in
// players (`builtin:NAME`). One game by default: its findings, its result and
// its replay (the JSON report of the match). With --games N, N games from
// consecutive seeds with the seats rotated, so that each entrant plays every
// seat, and a win/draw/loss table with a 95% interval of each win rate, as
// cg-brutaltester gives. The exit status is check-bot's: 0 PASS, 1 FAIL, 2
// usage or harness error, 128 + signal when interrupted.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "check_bot.h"
#include "command_line.h"
#include "interrupt.h"
#include "option_checks.h"
#include "referee_run.h"
#include "run_common.h"
#include "run_options.h"
#include "start_check.h"

namespace arbiter::cli {
namespace {

constexpr const char* kBuiltin = "builtin:";

struct Entrant {
  std::string text;               // as given to --bot
  std::vector<std::string> argv;  // a bot's command; empty for a built-in player
  std::string policy;             // the built-in player's
};

// The entrants of --bot, validated: a command that can be started, or a
// built-in player the game has. False when one is not (said on `err`).
bool ParseEntrants(const PlayOptions& o, const Prepared& p, std::vector<Entrant>& out,
                   std::ostream& err) {
  for (size_t i = 0; i < o.bots.size(); ++i) {
    Entrant e{o.bots[i], {}, ""};
    if (e.text.rfind(kBuiltin, 0) == 0 && !p.game) {
      return Usage(err, "play",
                   "--bot '" + e.text +
                       "': built-in players need arbiter's engine of the "
                       "game; through a referee, every player is a command") == 0;
    } else if (e.text.rfind(kBuiltin, 0) == 0) {
      e.policy = e.text.substr(std::string(kBuiltin).size());
      std::string known;
      bool found = false;
      for (std::string_view name : p.game->policies) {
        known += " " + std::string(name);
        found = found || name == e.policy;
      }
      if (!found)
        return Usage(err, "play",
                     "--bot '" + e.text + "': no such built-in player (known:" + known + ")") == 0;
    } else {
      std::string error;
      if (!harness::SplitCommand(e.text, e.argv, error))
        return Usage(err, "play", "--bot '" + e.text + "': " + error) == 0;
      if (const std::string why = harness::StartProblem(e.argv, "bot " + std::to_string(i));
          !why.empty())
        return Usage(err, "play", "--bot '" + e.text + "': " + why) == 0;
    }
    out.push_back(std::move(e));
  }
  return true;
}

// Game `g` of the run: seed + g, seat s played by entrant (s + g) mod players.
harness::MatchSpec GameOf(const PlayOptions& o, const Prepared& p,
                          const std::vector<Entrant>& entrants, int g, std::string& error) {
  harness::MatchSpec m;
  const uint64_t seed = o.seed + static_cast<uint64_t>(g);
  m.id = o.games > 1 ? "game-" + std::to_string(g + 1) : "game";
  m.seed = seed;
  if (p.game) m.state = p.game->new_game(seed, p.rules, error);
  const int players = static_cast<int>(entrants.size());
  m.reproduce = Self() + " play --game " + o.game + " --profile " + std::string(p.profile->name) +
                " --seed " + std::to_string(seed) + ResultOptions(o, *p.profile, p.rules);
  if (p.referee) m.reproduce += RefereeOptionsText(o.through);
  if (o.turns) m.reproduce += " --turns " + std::to_string(*o.turns);
  m.description = "seed " + std::to_string(seed) + ",";
  for (int s = 0; s < players; ++s) {
    const Entrant& e = entrants[(s + g) % players];
    m.seats.push_back({e.argv, e.policy});
    m.reproduce += " --bot " + harness::QuoteArg(e.text);
    m.description += " " + e.text + " in seat " + std::to_string(s) + (s + 1 < players ? "," : "");
  }
  m.max_turns = o.turns.value_or(0);
  m.policy_seed = seed;
  return m;
}

// Each entrant's games of `rep`, seats rotated (game g seats entrant
// (s + g) % players in seat s), into rep.standings.
void FillStandings(report::RunReport& rep, const std::vector<Entrant>& entrants) {
  const int players = static_cast<int>(entrants.size());
  rep.standings.assign(players, {});
  for (int e = 0; e < players; ++e) rep.standings[e].entrant = entrants[e].text;
  int g = 0;
  for (const harness::MatchResult& m : rep.matches) {
    for (int s = 0; s < players; ++s) {
      report::RunReport::Standing& row = rep.standings[(s + g) % players];
      if (!m.game_over) {
        ++row.not_over;
      } else if (m.winner < 0) {
        ++row.drawn;
      } else {
        ++(m.winner == s ? row.won : row.lost);
      }
    }
    ++g;
  }
}

// The win/draw/loss table of the games played, one row per entrant.
void WriteTable(const report::RunReport& rep, std::ostream& out) {
  const int g = static_cast<int>(rep.matches.size());
  out << "results of " << g << " game(s), seeds " << *rep.seed << "-" << *rep.seed + g - 1
      << ", seats rotated:\n";
  char line[160];
  std::snprintf(line, sizeof line, "  %-30s %5s %5s %5s %9s  %s\n", "entrant", "won", "drawn",
                "lost", "not over", "win rate (95% interval)");
  out << line;
  for (const report::RunReport::Standing& row : rep.standings) {
    std::string name = row.entrant;
    if (name.size() > 30) name = "..." + name.substr(name.size() - 27);  // keep its file name
    std::snprintf(line, sizeof line, "  %-30s %5d %5d %5d %9d  %s\n", name.c_str(), row.won,
                  row.drawn, row.lost, row.not_over, report::WinRateText(row.won, g).c_str());
    out << line;
  }
}

}  // namespace

int RunPlay(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  Prepared p;
  if (!Prepare(o, "play", p, err)) return 2;
  std::string error;
  int players = p.referee ? p.referee->players : 0;
  if (p.game) {
    const auto probe = p.game->new_game(o.seed, p.rules, error);
    if (!probe) return Usage(err, "play", error);
    players = probe->num_players();
  }
  if (static_cast<int>(o.bots.size()) != players)
    return Usage(err, "play",
                 o.game + " needs exactly " + std::to_string(players) +
                     (p.game ? " --bot commands (a command, or builtin:NAME), got "
                             : " --bot commands (the referee's seats), got ") +
                     std::to_string(o.bots.size()));
  if (o.games > 1 && !o.replay_path.empty())
    return Usage(err, "play", "--replay writes one game: give --games 1, or --json for all");
  std::vector<Entrant> entrants;
  if (!ParseEntrants(o, p, entrants, err)) return 2;
  // --json and --replay are both written (the replay is the JSON report of
  // the game); every path is checked before the game (arbiter.report.not-lost).
  std::vector<OutputFile> replay;
  if (!o.replay_path.empty()) replay.push_back({"--replay", o.replay_path, &report::WriteJson});
  std::vector<OutputFile> files = OutputFiles(o);
  files.insert(files.end(), replay.begin(), replay.end());
  std::vector<std::string> bot_args;
  for (const Entrant& e : entrants) bot_args.insert(bot_args.end(), e.argv.begin(), e.argv.end());
  if (!CheckOutputFiles(files, bot_args, "play", err)) return 2;
  if (!PrepareLogDir(o, "play", err)) return 2;

  report::RunReport rep = NewReport(o, p, "play");
  auto env = harness::MakeRealEnv();
  Progress progress(o.quiet, err, "play", o.games);
  int found = 0;
  for (int g = 0; g < o.games && !harness::Interrupted(); ++g) {
    harness::MatchSpec m = GameOf(o, p, entrants, g, error);
    if (!m.state && p.game) return Usage(err, "play", error);
    rep.matches.push_back(PlayMatch(*env, std::move(m), p, progress.Callback()));
    WriteLog(o, rep, rep.matches.back(), err);
    found += static_cast<int>(rep.matches.back().findings.size());
    progress.Finished(found);
  }
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  if (o.games > 1) FillStandings(rep, entrants);
  const int status = Finish(o, rep, out, err, replay);
  if (rep.interrupt_signal != 0) return status;  // no RESULT: the game did not end
  if (o.games > 1) {
    WriteTable(rep, out);
  } else {
    const harness::MatchResult& r = rep.matches.back();
    out << "RESULT " << r.winner << " " << r.turns_played << "\n";
  }
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

// The `play` subcommand and its options, into `o`.
CLI::App* AddPlayCommand(CLI::App& app, PlayOptions& o) {
  auto* c = app.add_subcommand(
      "play", "Play games between bots: --bot CMD (or builtin:NAME) for each player");
  AddRunOptions(*c, o);
  c->add_option("--bot", o.bots,
                "A bot command (split like a shell would) or builtin:NAME, one of the "
                "game's built-in players (builtin:random, ...); one --bot per player")
      ->allow_extra_args(false);
  c->add_option("--games", o.games,
                "Play N games (seeds SEED..SEED+N-1, the seats rotated) and print a "
                "win/draw/loss table")
      ->check(IntIn(1, 100000));
  c->add_option("--turns", o.turns, "Stop after this many turns")->check(IntIn(1, 1000000));
  AddRefereeRunOptions(*c, o.through, false);
  c->add_option("--replay", o.replay_path,
                "Write the replay (the JSON report of the game) to this file")
      ->check(FileName());

  return c;
}

}  // namespace arbiter::cli

// `arbiter play`: a local referee for full games between entrants, one per
// player: bot commands (each split like a shell would) or the game's built-in
// players (`builtin:NAME`). One game by default: its findings, its result and
// its replay (the JSON report of the match). With --games N, N games from
// consecutive seeds with the seats rotated, so that each entrant plays every
// seat, and a win/draw/loss table with a 95% interval of each win rate, as
// cg-brutaltester gives. Three or more entrants of a two-player game play a
// league: every pair, N games a pair with its seats swapped, in one table.
// An entrant is named by --bot NAME=CMD, else by its program's (or script's)
// file name. The exit status is check-bot's: 0 PASS, 1 FAIL, 2 usage or
// harness error, 128 + signal when interrupted.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "cli/check_bot.h"
#include "cli/option_checks.h"
#include "cli/referee_run.h"
#include "cli/run_common.h"
#include "cli/run_options.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "process/start_check.h"

namespace arbiter::cli {
namespace {

constexpr const char* kBuiltin = "builtin:";

struct Entrant {
  std::string name;               // --bot NAME=CMD's NAME, else its program's file name
  std::string text;               // its command (or builtin:NAME), NAME= taken off
  std::string given;              // as given to --bot
  std::vector<std::string> argv;  // a bot's command; empty for a built-in player
  std::string policy;             // the built-in player's
};

// "NAME=CMD": the name, when the words before the first '=' are one short
// name (letters, digits, '_', '-', '.'); "" otherwise.
std::string GivenName(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == 0 || eq == std::string::npos || eq > 40) return "";
  for (size_t i = 0; i < eq; ++i) {
    const char c = text[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') return "";
  }
  return text.substr(0, eq);
}

// A short name for a command: its script's file name under an interpreter
// ("python3 bots/a.py": a.py; "java -jar b.jar": b.jar), else its program's.
std::string DerivedName(const std::vector<std::string>& argv) {
  static const std::set<std::string> kInterpreters = {
      "python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "java",
      "mono",   "dotnet",  "ruby",    "perl", "php",   "sh",   "bash",   "lua"};
  const auto base = [](const std::string& p) {
    return std::filesystem::path(p).filename().string();
  };
  if (argv.size() > 1 && kInterpreters.count(base(argv[0])))
    for (size_t i = argv.size(); i-- > 1;)
      if (!argv[i].empty() && argv[i][0] != '-') return base(argv[i]);
  return argv.empty() ? "bot" : base(argv[0]);
}

// The entrants of --bot, validated: a command that can be started, or a
// built-in player the game has; each with a name of its own. False when one
// is not (said on `err`).
bool ParseEntrants(const PlayOptions& o, const Prepared& p, std::vector<Entrant>& out,
                   std::ostream& err) {
  std::map<std::string, int> named;
  for (size_t i = 0; i < o.bots.size(); ++i) {
    Entrant e{GivenName(o.bots[i]), o.bots[i], o.bots[i], {}, ""};
    if (!e.name.empty()) {
      e.text = e.text.substr(e.name.size() + 1);
      if (named.count(e.name))
        return Usage(err, "play",
                     "--bot '" + o.bots[i] + "': the name " + e.name +
                         " is given twice; give each entrant a name of its own") == 0;
      named[e.name] = 1;
    }
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
  // Derived names, made unique: "bot.py", "bot.py-2".
  std::map<std::string, int> seen;
  for (Entrant& e : out) {
    if (!e.name.empty()) continue;
    const std::string base = e.policy.empty() ? DerivedName(e.argv) : e.text;
    std::string name = base;
    for (int n = 2; named.count(name) || seen.count(name); ++n)
      name = base + "-" + std::to_string(n);
    seen[name] = 1;
    e.name = name;
  }
  return true;
}

// Who sits where in each game of the run: entrants as many as players,
// game g seats entrant (s + g) mod players in seat s; a league (three or
// more entrants of a two-player game, arbiter.play.table), every pair in
// turn, --games games a pair, its two seats swapped from game to game.
std::vector<std::vector<int>> Schedule(const PlayOptions& o, int entrants, int players) {
  std::vector<std::vector<int>> games;
  if (entrants == players) {
    for (int g = 0; g < o.games; ++g) {
      games.emplace_back();
      for (int s = 0; s < players; ++s) games.back().push_back((s + g) % players);
    }
    return games;
  }
  for (int a = 0; a < entrants; ++a)
    for (int b = a + 1; b < entrants; ++b)
      for (int k = 0; k < o.games; ++k)
        games.push_back(k % 2 == 0 ? std::vector{a, b} : std::vector{b, a});
  return games;
}

// Game `g` of the run (seed + g), seated as `seats` says.
harness::MatchSpec GameOf(const PlayOptions& o, const Prepared& p,
                          const std::vector<Entrant>& entrants, const std::vector<int>& seats,
                          int g, int games, std::string& error) {
  harness::MatchSpec m;
  const uint64_t seed = o.seed + static_cast<uint64_t>(g);
  m.id = games > 1 ? "game-" + std::to_string(g + 1) : "game";
  m.seed = seed;
  if (p.game) m.side = harness::EngineSide::Of(p.game->new_game(seed, p.rules, error));
  m.reproduce = Self() + " play --game " + o.game + " --profile " + std::string(p.profile->name) +
                " --seed " + std::to_string(seed) + ResultOptions(o, *p.profile, p.rules);
  if (p.referee) m.reproduce += RefereeOptionsText(o.through);
  if (o.turns) m.reproduce += " --turns " + std::to_string(*o.turns);
  m.description = "seed " + std::to_string(seed) + ",";
  const int players = static_cast<int>(seats.size());
  for (int s = 0; s < players; ++s) {
    const Entrant& e = entrants[seats[s]];
    m.seats.push_back({e.argv, e.policy});
    m.reproduce += " --bot " + harness::QuoteArg(e.given);
    m.description += " " + e.name + " in seat " + std::to_string(s) + (s + 1 < players ? "," : "");
  }
  m.max_turns = o.turns.value_or(0);
  m.policy_seed = seed;
  return m;
}

// Each entrant's games of `rep`, game g seated as schedule[g], into
// rep.standings.
void FillStandings(report::RunReport& rep, const std::vector<Entrant>& entrants,
                   const std::vector<std::vector<int>>& schedule) {
  rep.standings.assign(entrants.size(), {});
  for (size_t e = 0; e < entrants.size(); ++e) rep.standings[e].entrant = entrants[e].name;
  for (size_t g = 0; g < rep.matches.size() && g < schedule.size(); ++g) {
    const harness::MatchResult& m = rep.matches[g];
    for (size_t s = 0; s < schedule[g].size(); ++s) {
      report::RunReport::Standing& row = rep.standings[schedule[g][s]];
      if (!m.game_over) {
        ++row.not_over;
      } else if (m.winner < 0) {
        ++row.drawn;
      } else {
        ++(m.winner == static_cast<int>(s) ? row.won : row.lost);
      }
    }
  }
}

// The win/draw/loss table of the games played, one row per entrant, by its
// name; each win rate over the entrant's own games.
void WriteTable(const report::RunReport& rep, bool league, std::ostream& out) {
  const int g = static_cast<int>(rep.matches.size());
  out << "results of " << g << " game(s), seeds " << *rep.seed << "-" << *rep.seed + g - 1
      << (league ? ", every pair, seats swapped:\n" : ", seats rotated:\n");
  size_t width = 7;
  for (const report::RunReport::Standing& row : rep.standings)
    width = std::max(width, row.entrant.size());
  char line[200];
  std::snprintf(line, sizeof line, "  %-*s %5s %5s %5s %9s  %s\n", static_cast<int>(width),
                "entrant", "won", "drawn", "lost", "not over", "win rate (95% interval)");
  out << line;
  for (const report::RunReport::Standing& row : rep.standings) {
    const int games = row.won + row.drawn + row.lost + row.not_over;
    out << "  " << row.entrant << std::string(width - row.entrant.size(), ' ');
    std::snprintf(line, sizeof line, " %5d %5d %5d %9d  %s\n", row.won, row.drawn, row.lost,
                  row.not_over, report::WinRateText(row.won, games).c_str());
    out << line;
  }
}

}  // namespace

int RunPlay(const PlayOptions& o, std::ostream& out, std::ostream& err,
            const EnvFactory& make_env) {
  Prepared p;
  if (!Prepare(o, "play", p, err)) return 2;
  std::string error;
  int players = p.referee ? p.referee->players : 0;
  if (p.game) {
    const auto probe = p.game->new_game(o.seed, p.rules, error);
    if (!probe) return Usage(err, "play", error);
    players = probe->num_players();
  }
  // A league: three or more entrants of a two-player game play every pair.
  const bool league = players == 2 && o.bots.size() > 2;
  if (static_cast<int>(o.bots.size()) != players && !league)
    return Usage(err, "play",
                 o.game + " needs exactly " + std::to_string(players) +
                     (p.game ? " --bot commands (a command, or builtin:NAME), got "
                             : " --bot commands (the referee's seats), got ") +
                     std::to_string(o.bots.size()) +
                     (players == 2 ? " (three or more play every pair, a league)" : ""));
  if (league &&
      static_cast<long long>(o.games) * o.bots.size() * (o.bots.size() - 1) / 2 > kMaxGames)
    return Usage(
        err, "play",
        "--games times the pairs of a league must be at most " + std::to_string(kMaxGames));
  if ((o.games > 1 || league) && !o.replay_path.empty())
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

  const std::vector<std::vector<int>> schedule =
      Schedule(o, static_cast<int>(entrants.size()), players);
  const int games = static_cast<int>(schedule.size());
  auto env = make_env ? make_env() : harness::MakeRealEnv();
  ResolveRefereeStart(*env, p, o.seed);
  report::RunReport rep = NewReport(o, p, "play");
  harness::RunProgress progress(o.quiet, err, "play", games);
  int found = 0;
  FirstTurnEnds first_turn_ends;  // arbiter.referee-run.framing
  for (int g = 0; g < games && !harness::Interrupted(); ++g) {
    harness::MatchSpec m = GameOf(o, p, entrants, schedule[g], g, games, error);
    if (!m.side && p.game) return Usage(err, "play", error);
    rep.matches.push_back(PlayMatch(*env, std::move(m), p, progress.Callback()));
    // Each finding names its seat's entrant (arbiter.play.table).
    for (harness::Finding& f : rep.matches.back().findings)
      if (f.seat >= 0 && f.seat < static_cast<int>(schedule[g].size()))
        f.entrant = entrants[schedule[g][f.seat]].name;
    WriteLog(o, rep, rep.matches.back(), err);
    first_turn_ends.Count(rep.matches.back());
    found += static_cast<int>(rep.matches.back().findings.size());
    progress.Finished(found);
  }
  if (!harness::Interrupted()) first_turn_ends.Judge(p, rep);
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  NoteUnrepeatable(p, rep);
  if (games > 1) FillStandings(rep, entrants, schedule);
  const int status = Finish(o, rep, out, err, replay);
  if (rep.interrupt_signal != 0) return status;  // no RESULT: the game did not end
  if (games > 1) {
    WriteTable(rep, league, out);
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
                "game's built-in players (builtin:random, ...), as NAME=CMD to name it in "
                "the table and the reports; one --bot per player, or three or more for a "
                "two-player game: a league of every pair")
      ->allow_extra_args(false);
  c->add_option("--games", o.games,
                "Play N games (seeds SEED..SEED+N-1, the seats rotated; in a league, N "
                "games a pair, its seats swapped) and print a win/draw/loss table")
      ->check(IntIn(1, 100000));
  c->add_option("--turns", o.turns, "Stop after this many turns")->check(IntIn(1, 1000000));
  AddRefereeRunOptions(*c, o.through, false);
  c->add_option("--replay", o.replay_path,
                "Write the replay (the JSON report of the game) to this file")
      ->check(FileName());

  return c;
}

}  // namespace arbiter::cli

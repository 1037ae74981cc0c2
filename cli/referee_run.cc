// The options of a run through a real referee, checked once (referee_run.h).
#include "cli/referee_run.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <ostream>

#include "checks/findings.h"
#include "cli/option_checks.h"
#include "cli/option_names.h"
#include "process/bot_environment.h"
#include "process/command_line.h"
#include "process/start_check.h"
#include "referee/probe_hub.h"
#include "report/registers.h"

namespace arbiter::cli {
namespace {

constexpr std::string_view kCgEnv[] = {"PYTHONUNBUFFERED=1"};

// What a run through a referee cannot check (arbiter.referee-run.unchecked).
constexpr const char* kNotChecked =
    "played through the referee alone, with no engine of arbiter's, the legality of answers "
    "(only what the referee said about them counts), the game's rare states (no edge states are "
    "built) and the referee's own messages were not checked";

std::string NearestGame(const std::string& game) {
  std::vector<std::string> names;
  for (const GameInfo* g : AllGames()) names.emplace_back(g->name);
  const std::string near = NearestName(game, names);
  return near == game ? "" : near;
}

}  // namespace

void AddRefereeRunOptions(CLI::App& command, RefereeRunOptions& o, bool check_bot) {
  CLI::App* c = &command;
  c->add_option("--referee", o.referee,
                "Play through the game's real referee, for a game arbiter has no engine for: "
                "its command, with {seed} and, for a referee that launches its bots, {bot0}, "
                "{bot1}, ... (arbiter's relays); see docs/referee-run.md");
  c->add_option("--protocol", o.protocol,
                "With --referee: bots (the referee launches {bot0}...; the default) or "
                "cg-runner (it speaks CodinGame's runner protocol on its stdin and stdout)");
  c->add_option("--players", o.players,
                "With --referee --protocol cg-runner: the number of players (default 2)")
      ->check(IntIn(2, 10));
  c->add_option("--seed-line", o.seed_line, kSeedLineHelp)
      ->check(CLI::IsMember({"auto", "always", "never"}));
  c->add_option("--ready-line", o.ready_line,
                "With --referee: the line each bot prints when it is ready (READY), if the "
                "game has such a handshake; checked within --ready-ms (default 1000) and "
                "passed on to a referee that launches its bots");
  c->add_flag("--sandbox-referee", o.sandbox,
              std::string("With --referee: ") + kSandboxRefereeHelp);
  if (check_bot)
    c->add_option("--opponent", o.opponents,
                  "With --referee: a command for the seats other than the bot's (repeatable, "
                  "in seat order; default: copies of the bot)")
        ->allow_extra_args(false);
}

const std::vector<Profile>& RefereeProfiles() {
  static const std::vector<Profile> profiles = {
      {"referee", 0, 1000, 100},
      {"cg", 0, 1000, 50, {}, false, {}, kCgEnv},
  };
  return profiles;
}

std::string UnknownGameMessage(const std::string& game) {
  std::string known;
  for (const GameInfo* g : AllGames()) known += " " + std::string(g->name);
  const std::string near = NearestGame(game);
  return "--game: arbiter has no engine for '" + game + "'" +
         (near.empty() ? "" : " (did you mean " + near + "?)") + " (its engines:" + known +
         "); for another game, check the bot through the game's own referee: --referee "
         "'COMMAND {bot0} {bot1}', or --protocol cg-runner for a CodinGame runner-protocol "
         "referee";
}

void FirstTurnEnds::Count(const harness::MatchResult& m) {
  ++games_;
  for (const harness::Finding& f : m.findings)
    said_ = said_ || f.check == "referee.out-of-step";  // said on its own evidence
  if (!m.game_over) return;
  for (const harness::SeatPlay& s : m.seat_plays)
    if (s.own_turns > 1) return;
  for (const harness::Finding& f : m.findings)
    if (f.severity == harness::Severity::kFail) return;
  ++first_turn_only_;
}

void FirstTurnEnds::Judge(const Prepared& p, report::RunReport& rep) const {
  if (!p.referee || p.referee->referee.protocol() != harness::RefereeProtocol::kRunner) return;
  if (said_ || games_ < 2 || first_turn_only_ < games_ || rep.matches.empty()) return;
  harness::Finding f = harness::NewFinding(p.catalog, "referee.out-of-step");
  f.match = rep.matches.front().id;
  f.seed = rep.matches.front().seed;
  const bool seed_line = p.referee->seed_line == harness::SeedLine::kAlways;
  f.form = "every game on its first turn";
  f.message = "every game (" + std::to_string(games_) +
              ") ended on its first turn in every seat, and the referee said nothing against "
              "the bots: arbiter may be out of step with the referee (it wrote " +
              std::string(seed_line ? "'###Seed N' and " : "") + "'###Start " +
              std::to_string(p.referee->players) +
              "' before each game), or the game lasts one turn; the bots were checked on one "
              "turn a seat";
  f.advice = seed_line ? "if the referee's games last longer, give --seed-line never ('###Start "
                         "P' alone, cg-brutaltester's default)"
                       : "if the referee's games last longer, compare with cg-brutaltester "
                         "(its -r sends '###Seed N' first: --seed-line always)";
  f.reproduce =
      rep.matches.front().findings.empty() ? "" : rep.matches.front().findings[0].reproduce;
  rep.matches.front().findings.push_back(std::move(f));
}

std::string RefereeOptionsText(const RefereeRunOptions& o) {
  std::string s = " --referee " + harness::QuoteArg(o.referee);
  if (o.protocol != "bots") s += " --protocol " + o.protocol;
  if (o.players) s += " --players " + std::to_string(*o.players);
  if (!o.ready_line.empty()) s += " --ready-line " + harness::QuoteArg(o.ready_line);
  for (const std::string& op : o.opponents) s += " --opponent " + harness::QuoteArg(op);
  if (o.sandbox) s += " --sandbox-referee";
  if (o.seed_line != "auto") s += " --seed-line " + o.seed_line;
  return s;
}

bool PrepareThroughReferee(const RunOptions& o, const std::string& command, Prepared& p,
                           std::ostream& err) {
  const RefereeRunOptions& r = o.through;
  const auto usage = [&](const std::string& message) {
    Usage(err, command, message);
    return false;
  };
  const auto protocol = harness::ProtocolFromName(r.protocol);
  if (!protocol)
    return usage("--protocol: '" + r.protocol + "' is not a protocol (bots or cg-runner)");
  const bool runner = *protocol == harness::RefereeProtocol::kRunner;
  const auto seed_line = harness::SeedLineFromName(r.seed_line);
  if (!seed_line) return usage("--seed-line: '" + r.seed_line + "' is not auto, always or never");
  if (*seed_line != harness::SeedLine::kAuto && !runner)
    return usage(
        "--seed-line: the runner protocol's ###Seed line; a referee that launches its bots "
        "takes its seed in its command ({seed}); --seed-line is for --protocol cg-runner");
  if (r.players && !runner)
    return usage(
        "--players: a referee that launches its bots has as many players as its "
        "command names ({bot0}, {bot1}, ...); --players is for --protocol cg-runner");
  // Nothing the user gave is dropped unsaid (arbiter.cli.bad-input).
  if (!o.rules.empty())
    return usage(
        "--rule needs arbiter's engine of the game; through a referee, the referee "
        "plays its own rules (give them in its command)");
  if (o.ready_ms && r.ready_line.empty())
    return usage(
        "--ready-ms: a game played through its referee has no handshake unless "
        "--ready-line gives it");
  if (r.ready_line.find_first_of("\r\n") != std::string::npos)
    return usage("--ready-line: one line, without a newline");
  std::string error;
  auto tmpl = harness::RefereeTemplate::Parse(r.referee, *protocol, -1, error);
  if (!tmpl) return usage(error);
  if (const std::string why = harness::StartProblem(tmpl->argv(), "the referee"); !why.empty())
    return usage("--referee: " + why);
  harness::RefereeDriverConfig d;
  d.players = runner ? r.players.value_or(2) : tmpl->seats();
  d.referee = std::move(*tmpl);
  d.seed_line = *seed_line;
  d.env.inherit = true;  // the organiser's program: it runs as they would run it
  if (const GameInfo* known = FindGame(o.game))
    d.concede_answers.assign(known->concede_answers.begin(), known->concede_answers.end());
  if (!runner) {
    d.probe_executable = harness::ProbeBesideSelf(error);
    if (d.probe_executable.empty())
      return usage("arbiter's relay for the referee's bots: " + error);
  }
  p.profile = &RefereeProfiles().front();
  if (!o.profile.empty()) {
    p.profile = nullptr;
    std::string known;
    for (const Profile& t : RefereeProfiles()) {
      known += " " + std::string(t.name);
      if (t.name == o.profile) p.profile = &t;
    }
    if (!p.profile)
      return usage("--profile: unknown profile '" + o.profile +
                   "' for a game through its referee (known:" + known + ")");
  }
  harness::SessionConfig& c = p.config;
  c.ready_ms = 0;  // no handshake arbiter knows, unless the user gives it
  if (!r.ready_line.empty()) {
    c.ready_line = r.ready_line;
    c.ready_ms = o.ready_ms.value_or(1000);
  }
  if (const std::string e = ConfigureBots(o, *p.profile, c, err); !e.empty()) return usage(e);
  const auto reg = nlohmann::json::parse(report::RegisterJson("arbiter"));
  p.catalog = harness::CatalogFromRegister(reg, "referee_run_checks");
  for (const auto& check : reg["referee_run_checks"])
    p.checks.push_back(*p.catalog.Find(check["id"]));
  if (r.sandbox) {  // arbiter.process.contained
    if (const std::string e = ConfigureRefereeContainment(d.containment); !e.empty())
      return usage(e);
    p.referee_contained = true;
  }
  p.referee = std::move(d);
  p.not_checked = kNotChecked;
  if (const GameInfo* g = FindGame(o.game)) {
    err << "arbiter " << command << ": note: with --referee, arbiter plays " << g->name
        << " through that referee alone; without it, on its own engine\n";
  } else if (const std::string near = NearestGame(o.game); !near.empty()) {
    err << "arbiter " << command << ": note: arbiter has no engine for '" << o.game
        << "' (did you mean " << near << "?); it checks through the referee alone\n";
  }
  return true;
}

}  // namespace arbiter::cli

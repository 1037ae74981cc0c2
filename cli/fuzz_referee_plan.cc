// PlanFuzzReferee (fuzz_referee_plan.h): the options of `arbiter
// fuzz-referee` checked once, into what the run plays. Every problem is a
// usage error (exit 2) before any game (arbiter.cli.bad-input).
#include "cli/fuzz_referee_plan.h"

#include <filesystem>
#include <map>
#include <thread>

#include "cli/input_files.h"
#include "core/parse.h"
#include "process/command_line.h"
#include "process/start_check.h"
#include "referee/probe_hub.h"
#include "referee/referee_template.h"
#include "report/registers.h"

namespace arbiter::cli {
namespace {

const std::string kCmd = "fuzz-referee";

// The referee's config from the options: its own limits (none by default:
// a JVM referee must start as it would on the organiser's machine), the
// game's time, the template; "" or the usage error.
std::string Configure(const FuzzRefereeOptions& o, const Prepared& p,
                      harness::RefereeFuzzConfig& config) {
  config.game = p.game;
  config.rules = p.rules;
  config.told_apart = std::make_shared<std::atomic<uint64_t>>(0);  // arbiter.referee.edges
  config.referee_action_ms = p.config.action_ms;
  config.limits = harness::Limits{};
  config.limits.memory_mb = o.referee_memory_mb;
  config.limits.cpu_seconds = o.referee_cpu_seconds;
  config.limits.file_size_mb = 0;
  config.limits.open_files = 0;
  config.env = p.config.env;
  // The organiser's program runs as they would run it (their HOME and
  // environment), unless they ask for it contained (arbiter.process.contained).
  config.env.inherit = !o.sandbox_referee;
  if (o.sandbox_referee) {  // arbiter.process.contained
    if (const std::string e = ConfigureRefereeContainment(config.containment); !e.empty()) return e;
  }
  std::string error;
  const auto given = GivenTimeLimit(o, error);
  if (!error.empty()) return error;
  if (o.games < 1 || o.games > kMaxGames)
    return "--games must be between 1 and " + std::to_string(kMaxGames);
  config.game_time_limit =
      given.value_or(std::chrono::milliseconds(static_cast<long long>(kDefaultGameSeconds * 1000)));
  return "";
}

// --replay: the reproducer's answers as the one game; "" or the usage error.
std::string PlanReplay(const FuzzRefereeOptions& o, harness::FuzzPlan& plan) {
  std::string text, error;
  if (!ReadInputFile("--replay file", o.replay_path, text, error)) return error;
  if (const std::string deep = JsonTooDeep("--replay file", o.replay_path, text); !deep.empty())
    return deep;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const std::exception& e) {
    return "'" + o.replay_path + "' is not valid JSON: " + e.what();
  }
  if (!doc.is_object() || !doc.contains("actions") || !doc["actions"].is_array())
    return "'" + o.replay_path + "': field 'actions' must be an array of strings";
  harness::RefereeGamePlan game;
  game.seed = o.seed;
  game.fuzz_after_script = false;
  game.late_turn = o.late_turn;
  game.kill_turn = o.kill_turn;
  game.stall_turn = o.stall_turn;
  for (const auto& a : doc["actions"]) {
    if (!a.is_string()) return "'" + o.replay_path + "': every action must be a string";
    game.script.push_back(a.get<std::string>());
  }
  if (doc.contains("expect") && !doc["expect"].is_object())
    return "'" + o.replay_path + "': field 'expect' must be an object";
  plan.replay_doc = std::move(doc);
  plan.games.emplace_back("replay", game);
  return "";
}

// The games of the run, of --match, or of --shard; "" or the usage error.
std::string PlanGames(const FuzzRefereeOptions& o, harness::FuzzPlan& plan) {
  int first = 0, last = o.games;
  if (!o.expect.empty() && o.match.empty())
    return "--expect " + o.expect + ": give the game to play with --match";
  if (!o.match.empty()) {
    std::string error;
    first = GameIndexOfMatch(o.match, error);
    if (first < 0) return error;
    last = first + 1;
  }
  std::pair<int, int> shard = {0, 1};
  if (!o.shard.empty()) {
    std::string error;
    const auto parsed = ParseShard(o.shard, error);
    if (!parsed) return error;
    if (!o.match.empty()) return "--shard and --match: give one";
    if (parsed->first >= o.games)
      return "--shard " + o.shard + ": the run has only " + std::to_string(o.games) +
             " games, none for this shard";
    shard = *parsed;
  }
  for (int g = first; g < last; ++g) {
    if (g % shard.second != shard.first) continue;  // another shard's game
    harness::RefereeGamePlan game =
        harness::PlanGame(o.seed, g, plan.prepared.game->referee_fuzzing->steered_families);
    // The runner answers every turn, one line each.
    if (plan.runner) game.late_turn = game.kill_turn = game.stall_turn = game.double_turn = -1;
    plan.games.emplace_back("game-" + std::to_string(g + 1), game);
  }
  return "";
}

}  // namespace

int PlanFuzzReferee(const FuzzRefereeOptions& o, harness::FuzzPlan& plan, std::ostream& err) {
  if (o.referee.empty()) return Usage(err, kCmd, "--referee 'COMMAND TEMPLATE' is required");
  plan.runner = o.protocol == "cg-runner";
  if (!plan.runner && o.protocol != "bots")
    return Usage(err, kCmd,
                 "--protocol: '" + o.protocol + "' is not a protocol (bots or cg-runner)");
  if (!Prepare(o, kCmd, plan.prepared, err)) return 2;
  const Prepared& p = plan.prepared;
  if (!p.game->referee_fuzzing)
    return Usage(err, kCmd,
                 "the game '" + o.game +
                     "' offers no referee fuzzing (engine/core/game.h, "
                     "RefereeFuzzing): fuzz-referee cannot compare its referees");
  harness::RefereeFuzzConfig& config = plan.config;
  if (const std::string e = Configure(o, p, config); !e.empty()) return Usage(err, kCmd, e);
  plan.prepared.referee_contained = config.containment.sandbox;
  std::string error;
  const int players = p.game->new_game(0, p.rules, error)->num_players();
  auto referee = harness::RefereeTemplate::Parse(
      o.referee,
      plan.runner ? harness::RefereeProtocol::kRunner : harness::RefereeProtocol::kLaunchesBots,
      players, error);
  if (!referee) return Usage(err, kCmd, error);
  config.referee = std::move(*referee);
  const auto seed_line = harness::SeedLineFromName(o.seed_line);
  if (!seed_line)
    return Usage(err, kCmd, "--seed-line: '" + o.seed_line + "' is not auto, always or never");
  if (*seed_line != harness::SeedLine::kAuto && !plan.runner)
    return Usage(err, kCmd,
                 "--seed-line: the runner protocol's ###Seed line; a referee that launches its "
                 "bots takes its seed in its command ({seed}); --seed-line is for --protocol "
                 "cg-runner");
  config.seed_line = *seed_line;
  plan.players = players;
  if (!CheckOutputFiles(OutputFiles(o), config.referee.argv(), kCmd, err)) return 2;
  // A referee the system cannot start is the set-up, said once with a hint
  // (arbiter.cli.bad-input), not a finding of every game.
  if (const std::string why = harness::StartProblem(config.referee.argv(), "the referee");
      !why.empty())
    return Usage(err, kCmd, why);
  if (plan.runner && (o.late_turn >= 0 || o.kill_turn >= 0 || o.stall_turn >= 0))
    return Usage(err, kCmd,
                 "--late-turn, --kill-turn and --stall-turn need --protocol bots (a cg-runner "
                 "referee times its bots itself)");
  if (!plan.runner) {
    config.probe_executable = harness::ProbeBesideSelf(error);
    if (config.probe_executable.empty()) return Usage(err, kCmd, error);
  }
  plan.game_register = nlohmann::json::parse(report::RegisterJson(p.game->name));
  config.readings = harness::Readings(p.game->name);
  // A profile of a real server asks for that server's readings exactly: a
  // referee that reads a rule otherwise differs from it (a failure naming the
  // reading), as under --strict-readings.
  config.adopt_readings = !o.strict_readings && p.profile->server.empty();
  // The user's own --rule options are not readings to explain; a profile's
  // are (its server's: a referee reading one otherwise is told so).
  for (const std::string& kv : o.rules) config.fixed_rules.push_back(kv.substr(0, kv.find('=')));
  if (!o.replay_path.empty() && !o.shard.empty())
    return Usage(err, kCmd, "--shard and --replay: give one (a replay is one game)");
  if (const std::string e = o.replay_path.empty() ? PlanGames(o, plan) : PlanReplay(o, plan);
      !e.empty())
    return Usage(err, kCmd, e);
  // The reproducer folder, up front: a path that is a file, or a folder that
  // cannot be made, is an error before any game.
  if (const std::string e = MakeFolder(o.repro_dir, "--repro-dir", &plan.made_repro_dir);
      !e.empty())
    return Usage(err, kCmd, e);
  if (!PrepareTranscriptsDir(o, kCmd, err)) return 2;
  plan.jobs =
      o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  plan.settings = FuzzSettingsOf(o, err);
  // What every reproduce command needs besides the seed: the referee, the
  // protocol, everything that changes its games (timing, limits), and the
  // rules, readings adopted so far included (arbiter.check.reproduce).
  plan.settings.same_referee = [&o, profile = p.profile,
                                runner = plan.runner](const harness::Rules& rules) {
    std::string s =
        " --profile " + std::string(profile->name) + " --referee " + harness::QuoteArg(o.referee);
    if (runner) s += " --protocol cg-runner";
    s += RefereeLimitsText(o);
    if (o.strict_readings) s += " --strict-readings";
    // The bots' limits are not the referee's (it gets its own).
    return s + ResultOptions(o, *profile, rules, /*bot_limits=*/false);
  };
  return 0;
}

}  // namespace arbiter::cli

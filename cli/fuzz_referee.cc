// `arbiter fuzz-referee` (fuzz_referee.h): plans seeded games (swarm testing:
// each game enables a random subset of answer families; half of them steer
// toward rule edges; some make a bot answer late or die), runs them through
// the referee, shrinks each new divergence, writes its reproducer, and
// reports once per root cause.
#include "cli/fuzz_referee.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "checks/silence.h"
#include "cli/fuzz_referee_bare.h"
#include "cli/fuzz_referee_run.h"
#include "cli/option_checks.h"
#include "cli/run_common.h"
#include "cli/run_options.h"
#include "process/interrupt.h"
#include "referee/cg_runner.h"
#include "referee/referee_fuzz.h"
#include "report/rule_options.h"

namespace arbiter::cli {

using harness::Finding;
using harness::RefereeGamePlan;
using harness::RefereeGameResult;

harness::MatchResult MatchOf(const std::string& id, const RefereeGamePlan& plan,
                             const RefereeGameResult& r) {
  harness::MatchResult m;
  m.id = id;
  m.seed = plan.seed;
  m.description =
      "referee seed " + std::to_string(plan.seed) + ", swarm 0x" +
      [&] {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(plan.swarm));
        return std::string(buf);
      }() +
      (plan.targeted ? ", targeted" : "") +
      (plan.late_turn >= 0 ? ", late answer on turn " + std::to_string(plan.late_turn) : "") +
      (plan.kill_turn >= 0 ? ", bot killed on turn " + std::to_string(plan.kill_turn) : "") +
      (plan.stall_turn >= 0
           ? ", partial stderr line and silence on turn " + std::to_string(plan.stall_turn)
           : "") +
      (plan.double_turn >= 0
           ? ", two lines in one answer on turn " + std::to_string(plan.double_turn)
           : "");
  m.initial_state = r.stand_in ? "" : r.scenario;  // a stand-in's is arbiter's guess
  for (size_t i = 0; i < r.history.size(); ++i) {
    harness::TurnRecord t;
    t.turn = r.history[i].turn;
    t.player = r.history[i].player;
    t.input = i < r.inputs.size() ? r.inputs[i] : "";
    t.answer = r.history[i].answer;
    t.silent = r.history[i].silent;
    t.events = r.history[i].events;
    m.turns.push_back(std::move(t));
  }
  if (r.divergence && r.divergence_turn >= 0 &&
      (m.turns.empty() || m.turns.back().turn < r.divergence_turn)) {
    // The diverging message: sent by the referee, never answered.
    harness::TurnRecord t;
    t.turn = r.divergence_turn;
    t.player = r.divergence_seat;
    t.input = r.actual_text;
    t.silent = true;
    m.turns.push_back(std::move(t));
  }
  m.turns_played = static_cast<int>(r.history.size());
  m.messages_compared = r.compared;
  m.messages_alone = r.checked_alone;
  m.chance_learnt = r.chance_learnt;
  for (const harness::RefereeFault& f : r.faults) m.unknowable |= f.check == "referee.unknowable";
  m.game_over = r.game_over;
  m.winner = r.winner;
  return m;
}

// The readings of the game's ambiguous rules (arbiter.referee.readings):
// every value of every rule option its register's decisions name, the
// default and each alternative, except those of the harness (the timing
// profile) and ranges.
std::vector<harness::RuleReading> Readings(std::string_view game) {
  std::vector<harness::RuleReading> out;
  for (const report::RuleOption& o : report::RuleOptionsOf(game)) {
    if (o.value.empty() || o.value.find("..") != std::string::npos) continue;
    out.push_back({o.key, o.value, o.clause,
                   o.is_default ? "the text's reading, arbiter's default" : o.meaning,
                   o.is_default});
  }
  return out;
}

// Whether the run adopts a reading a game adopted (arbiter.referee.readings),
// given the readings it adopted so far ("key=value"): yes when it has no
// other value of the option, or when the game was played under that value
// and showed it wrong (then `narrowed` is that "key=value", which the
// reading replaces). A game that started before the run adopted its value
// shows nothing against it: the run keeps it.
bool AdoptableForRun(const std::vector<std::string>& adopted, const harness::ReadingFound& reading,
                     std::string& narrowed) {
  const std::string key = reading.reading.key + "=";
  for (const std::string& a : adopted) {
    if (a.rfind(key, 0) != 0 || a == key + reading.reading.value) continue;
    if (a.substr(key.size()) != reading.from) return false;
    narrowed = a;
  }
  return true;
}

// A reproducer's replay (arbiter.referee.compared): "" when the divergence
// the reproducer records ("expect") showed again; else why not, naming the
// referee's draw when it drew another start than the one recorded (the
// reproducer's own fields, as learnt from the witness game).
namespace {

std::string Capped(std::string s) {
  if (s.size() > 100) s = s.substr(0, 97) + "...";
  return s;
}

}  // namespace

std::string NotReproduced(const nlohmann::json& doc, const RefereeGameResult& r) {
  const auto expect = doc.find("expect");
  if (expect == doc.end() || !expect->is_object()) return "";
  const std::string signature = expect->value("signature", "");
  for (const std::string& seen : harness::Signatures(r))
    if (seen == signature) return "";
  const std::string what = "the divergence it records (" + expect->value("clause", "") + ", turn " +
                           std::to_string(expect->value("turn", -1)) + ")";
  if (r.stand_in || r.scenario.empty())
    return what + " was not seen: the referee drew a start arbiter could not learn this time";
  const auto now = nlohmann::json::parse(r.scenario, nullptr, false);
  if (now.is_object())
    for (const auto& [key, recorded] : doc.items()) {
      if (key == "actions" || key == "expect" || key == "game" || key == "rules") continue;
      const auto drawn = now.find(key);
      if (drawn != now.end() && *drawn != recorded)
        return what + " was not seen: the referee drew another '" + key + "' (recorded " +
               Capped(recorded.dump()) + ", drawn " + Capped(drawn->dump()) +
               "); it draws its game from a source of its own";
    }
  return what + " was not seen with these answers";
}

namespace {

std::string Slug(const std::string& s) {
  std::string out;
  for (char c : s) out += isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

}  // namespace

// Writes the reproducer of the divergence `shown` (a game whose start is
// known) into `dir`, numbered after `number` (which counts it) and never over a file that exists (a
// reproducer being replayed, or an earlier run's): its start, its answers,
// and what its replay must show again (`expect`, for --replay). Its path.
std::string WriteReproducer(const std::string& dir, int& number, const RefereeGameResult& shown,
                            const std::vector<std::string>& script, const std::string& signature,
                            const std::string& clause) {
  ::mkdir(dir.c_str(), 0755);
  std::string file;
  std::error_code ec;
  do {
    file = dir + "/" + std::to_string(++number) + "-" + Slug(clause) + ".json";
  } while (std::filesystem::exists(file, ec));
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(shown.scenario);
  doc["actions"] = script;
  doc["expect"] = {{"signature", signature},
                   {"clause", clause},
                   {"turn", shown.divergence_turn},
                   {"seat", shown.divergence_seat},
                   {"field", shown.divergence->field}};
  std::ofstream(file) << doc.dump(1) << "\n";
  return file;
}

// arbiter.referee.load: the finding of a bot the referee stopped though
// arbiter answered it (a divergence of kind "stopped"), turned from a
// divergence into what the re-runs and the scheduler say; returns its cause,
// under which every such stop of the run is one entry.
std::string StopFinding(const harness::CheckCatalog& catalog, Finding& f,
                        const RefereeGameResult& shown, bool reproduced, int confirm_runs,
                        int repeats, int limit_ms) {
  harness::StopEvidence e;
  if (!shown.stopped_by_referee.empty()) e = shown.stopped_by_referee.front().evidence;
  const bool busy = harness::JudgeUnrepeatedStop(e, limit_ms) == harness::StopVerdict::kBusyMachine;
  if (reproduced && !busy) return "stopped|arbiter.referee.load";
  const std::string again =
      confirm_runs == 0 ? "; the referee draws its own games, so re-runs could not confirm it"
      : repeats > 0
          ? "; the same answers, re-run " + std::to_string(confirm_runs) +
                " time(s), were stopped again only " + std::to_string(repeats) + " time(s)"
          : "; the same answers, re-run " + std::to_string(confirm_runs) +
                " time(s), were taken in time";
  const std::string what = shown.divergence ? shown.divergence->message : std::string("a stop");
  f.clause = "arbiter.referee.load";
  if (reproduced) {
    // Repeated, but each time on a busy machine: the load may have made
    // every run miss the referee's limit. Said, never a rule failure.
    f.check = "referee.undecided";
    f.severity = catalog.Require(f.check).severity;
    f.message =
        "the same answers, re-run, were stopped again, but the machine was too busy for "
        "the referee's " +
        std::to_string(limit_ms) + " ms limit (" + harness::LoadFigures(e) + "): " + what +
        "; undecided between a referee that stops bots answering in time and the "
        "machine's load, so not a rule failure";
    f.advice = "run it again on a quieter machine, or with fewer --jobs, to decide";
    return "referee.undecided";
  }
  if (busy) {
    f.check = "referee.busy";
    f.severity = catalog.Require(f.check).severity;
    f.message = "the machine was too busy for the referee's " + std::to_string(limit_ms) +
                " ms limit (" + harness::LoadFigures(e) + "): " + what + again +
                "; not a rule bug, and the rest of the game was compared with that bot stopped";
    f.advice = "run with fewer --jobs or on a quieter machine, or give the referee a longer limit";
    return "referee.busy";
  }
  f.check = "referee.flaky";
  f.severity = catalog.Require(f.check).severity;
  f.message = "a stop the same answers do not repeat, on a machine that was not busy (" +
              harness::LoadFigures(e) + "; a race in the referee's timing?): " + what + again;
  return "referee.flaky|stopped";
}

std::optional<std::chrono::milliseconds> GivenTimeLimit(const FuzzRefereeOptions& o,
                                                        std::string& error) {
  if (!o.time_limit) return std::nullopt;
  // main.cc bounds it on the command line too; the negated test also
  // refuses NaN.
  if (!(*o.time_limit >= kMinGameSeconds && *o.time_limit <= kMaxGameSeconds)) {
    error = "--time-limit must be between 0.001 and 86400 (seconds)";
    return std::nullopt;
  }
  return std::chrono::milliseconds(static_cast<long long>(*o.time_limit * 1000));
}

std::string RefereeLimitsText(const FuzzRefereeOptions& o) {
  std::string s;
  if (o.time_limit) {
    std::ostringstream t;
    t << *o.time_limit;
    s += " --time-limit " + t.str();
  }
  if (o.referee_memory_mb) s += " --referee-memory-mb " + std::to_string(o.referee_memory_mb);
  if (o.referee_cpu_seconds) s += " --referee-cpu-seconds " + std::to_string(o.referee_cpu_seconds);
  if (o.sandbox_referee) s += " --sandbox-referee";
  if (o.seed_line != "auto") s += " --seed-line " + o.seed_line;
  return s;
}

int RunFuzzReferee(const FuzzRefereeOptions& o, std::ostream& out, std::ostream& err,
                   const FuzzEnvFactory& make_env) {
  // The real world unless a test hands its fakes.
  const FuzzEnvFactory envs =
      make_env ? make_env : [](harness::EventLoop& loop) { return harness::MakeRealEnv(loop); };
  if (WithoutEngine(o)) {
    auto loop = std::make_shared<harness::EventLoop>();
    return RunBareFuzzReferee(o, out, err, [=] { return envs(*loop); });
  }
  if (!o.seed_bot.empty() || o.players || !o.answers.empty() || !o.seed_answers.empty())
    return Usage(err, "fuzz-referee",
                 "--seed-bot, --seed-answers, --players and --answers are for a game arbiter "
                 "has no engine "
                 "for; on " +
                     o.game + "'s engine arbiter chooses every answer itself");
  FuzzPlan plan;
  if (const int status = PlanFuzzReferee(o, plan, err); status != 0) return status;
  if (plan.runner && !harness::Interrupted()) {  // arbiter.referee.runner-protocol
    harness::EventLoop loop;
    plan.prepared.referee_start =
        harness::ResolveRunnerSeedLine(*envs(loop), plan.config, plan.players, o.seed);
  }
  FuzzRun run(o, plan, err, envs);
  if (!run.Play()) return 2;
  if (plan.made_repro_dir) {
    std::error_code ec;
    std::filesystem::remove(o.repro_dir, ec);  // only when still empty
  }
  return Finish(o, run.report(), out, err);
}

// The `fuzz-referee` subcommand and its options, into `o`.
CLI::App* AddFuzzRefereeCommand(CLI::App& app, FuzzRefereeOptions& o) {
  auto* c = app.add_subcommand(
      "fuzz-referee", "Differential testing of a referee that launches bots: --referee 'TEMPLATE'");
  AddRunOptions(*c, o);
  c->add_option("--referee", o.referee,
                "The referee's command line; {bot0}..{bot3} become probe bot commands, "
                "{seed} the game's seed");
  c->add_option("--protocol", o.protocol,
                "How the referee talks: bots (it launches {bot0}..{botN}, arbiter's "
                "probes) or cg-runner (CodinGame's ###Input/###Output on its own "
                "stdin and stdout)")
      ->default_val("bots");
  c->add_option("--games", o.games, "Number of games (at most " + std::to_string(kMaxGames) + ")")
      ->default_val(20)
      ->check(IntIn(1, kMaxGames));
  c->add_option("--time-limit", o.time_limit,
                "Seconds allowed per game (default 30; for a game arbiter has no engine for, "
                "none: a referee silent for 10 s hangs all the same)")
      ->check(SecondsIn(kMinGameSeconds, kMaxGameSeconds));
  c->add_option("--replay", o.replay_path, "Replay the answers of a reproducer scenario");
  c->add_option("--late-turn", o.late_turn, "With --replay: answer this turn too late")
      ->check(IntIn(-1, 1000000));
  c->add_option("--kill-turn", o.kill_turn, "With --replay: kill the bot on this turn")
      ->check(IntIn(-1, 1000000));
  c->add_option("--stall-turn", o.stall_turn,
                "With --replay: on this turn the bot writes a partial stderr line and stops "
                "answering")
      ->check(IntIn(-1, 1000000));
  c->add_option("--repro-dir", o.repro_dir, "Where reproducers are written")
      ->default_val("arbiter-repro");
  c->add_flag("!--no-shrink", o.shrink, "Do not shrink divergences");
  c->add_option("--shrink-runs", o.shrink_runs, "Referee runs allowed per shrink")
      ->default_val(150)
      ->check(IntIn(0, 1000000));
  c->add_option("--referee-memory-mb", o.referee_memory_mb,
                "Resident-memory limit of the referee's process tree, probes included "
                "(0: none, the default; --memory-mb is for bots only)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  c->add_flag("--sandbox-referee", o.sandbox_referee, kSandboxRefereeHelp);
  c->add_option("--referee-cpu-seconds", o.referee_cpu_seconds,
                "CPU-time limit of each referee process (0: none, the default)")
      ->default_val(0)
      ->check(IntIn(0, 1 << 20));
  c->add_option("--jobs", o.jobs,
                "Games played at once, each on a thread with its own event loop; the report "
                "is the same for a given seed whatever the number (default: one per core)")
      ->check(IntIn(1, 256));
  c->add_option("--shard", o.shard,
                "Play only shard I of N of the games (I/N: every Nth from the Ith), for "
                "one job of N; arbiter merge-reports combines their --json reports");
  c->add_option("--match", o.match,
                "Play only this game of the run (game-N, as the reports name it; "
                "reproduce commands use it)");
  c->add_option("--expect", o.expect,
                "With --match or --replay: the referee fault (referee.crash, ...) the game "
                "is to show again; reproduce commands use it. Not shown: NOT REPRODUCED, "
                "exit 2");
  c->add_option("--seed-bot", o.seed_bot,
                "A game arbiter has no engine for: the bot in every seat, whose answers the "
                "referee is given, a few of them broken (garbage, empty, huge, late, missing, "
                "a crash, ...)");
  c->add_option("--seed-answers", o.seed_answers,
                "A game arbiter has no engine for, with --match: the seed bot's answers as a "
                "finding recorded them (FILE.answers.json), played back instead of the seed "
                "bot; reproduce commands use it");
  c->add_option("--players", o.players,
                "A game arbiter has no engine for, --protocol cg-runner: the players (default 2)")
      ->check(IntIn(2, 8));
  c->add_option("--seed-line", o.seed_line, kSeedLineHelp)
      ->check(CLI::IsMember({"auto", "always", "never"}));
  c->add_option("--answers", o.answers,
                "A game arbiter has no engine for, with --match: the answers to mutate, "
                "REQUEST:FAMILY,... ('none' for the seed bot's own); reproduce commands use it");
  c->add_flag("--strict-readings", o.strict_readings,
              "Report a divergence that another reading of an ambiguous rule explains "
              "as a failure, instead of a note adopted for the rest of the run");

  return c;
}

}  // namespace arbiter::cli

// `arbiter fuzz-referee` (fuzz_referee.h): plans seeded games (swarm testing:
// each game enables a random subset of answer families; half of them steer
// toward rule edges; some make a bot answer late or die), runs them through
// the referee, shrinks each new divergence, writes its reproducer, and
// reports once per root cause.
#include "fuzz_referee.h"

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "cg_runner.h"
#include "checks/silence.h"
#include "command_line.h"
#include "core/parse.h"
#include "game_pool.h"
#include "input_files.h"
#include "interrupt.h"
#include "option_checks.h"
#include "probe_hub.h"
#include "referee_fuzz.h"
#include "registers.h"
#include "run_common.h"
#include "run_options.h"

namespace arbiter::cli {
namespace {

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
std::vector<harness::RuleReading> Readings(const nlohmann::json& reg) {
  std::vector<harness::RuleReading> out;
  for (harness::RuleReading r : RuleOptionsOf(reg)) {
    if (r.value.empty() || r.value.find("..") != std::string::npos) continue;
    if (r.is_default) r.meaning = "the text's reading, arbiter's default";
    out.push_back(std::move(r));
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
std::string Capped(std::string s) {
  if (s.size() > 100) s = s.substr(0, 97) + "...";
  return s;
}

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

std::string Slug(const std::string& s) {
  std::string out;
  for (char c : s) out += isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

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

}  // namespace

// arbiter.referee.load: the finding of a bot the referee stopped though
// arbiter answered it (a divergence of kind "stopped"), turned from a
// divergence into what the re-runs and the scheduler say; returns its cause,
// under which every such stop of the run is one entry.
std::string StopFinding(Finding& f, const RefereeGameResult& shown, bool reproduced,
                        int confirm_runs, int limit_ms) {
  if (reproduced) return "stopped|arbiter.referee.load";
  harness::StopEvidence e;
  if (!shown.stopped_by_referee.empty()) e = shown.stopped_by_referee.front().evidence;
  const std::string again =
      confirm_runs > 0 ? "; the same answers, re-run " + std::to_string(confirm_runs) +
                             " time(s), were taken in time"
                       : "; the referee draws its own games, so re-runs could not confirm it";
  const std::string what = shown.divergence ? shown.divergence->message : std::string("a stop");
  f.clause = "arbiter.referee.load";
  if (harness::JudgeUnrepeatedStop(e, limit_ms) == harness::StopVerdict::kBusyMachine) {
    f.check = "referee.busy";
    f.severity = harness::Severity::kInfo;
    f.message = "the machine was too busy for the referee's " + std::to_string(limit_ms) +
                " ms limit: " + what + again +
                "; not a rule bug, and the rest of the game was compared with that bot stopped";
    f.advice = "run with fewer --jobs or on a quieter machine, or give the referee a longer limit";
    return "referee.busy";
  }
  f.check = "referee.flaky";
  f.severity = harness::Severity::kWarn;
  f.message =
      "a stop the same answers do not repeat, on a machine that was not busy (a race in "
      "the referee's timing?): " +
      what + again;
  return "referee.flaky|stopped";
}

int RunFuzzReferee(const FuzzRefereeOptions& o, std::ostream& out, std::ostream& err) {
  const std::string cmd = "fuzz-referee";
  if (o.referee.empty()) return Usage(err, cmd, "--referee 'COMMAND TEMPLATE' is required");
  const bool runner = o.protocol == "cg-runner";
  if (!runner && o.protocol != "bots")
    return Usage(err, cmd,
                 "--protocol: '" + o.protocol + "' is not a protocol (bots or cg-runner)");
  Prepared p;
  if (!Prepare(o, cmd, p, err)) return 2;
  harness::RefereeFuzzConfig config;
  config.game = p.game;
  config.rules = p.rules;
  config.referee_action_ms = p.config.action_ms;
  // The bot limits are for bots; the referee (and the probes it starts) has
  // its own, none by default: a JVM referee must start as it would on the
  // organiser's machine.
  config.limits = harness::Limits{};
  config.limits.memory_mb = o.referee_memory_mb;
  config.limits.cpu_seconds = o.referee_cpu_seconds;
  config.limits.file_size_mb = 0;
  config.limits.open_files = 0;
  config.env = p.config.env;
  // main.cc bounds these on the command line too (arbiter.cli.bad-input);
  // the negated test also refuses NaN.
  if (!(o.time_limit >= kMinGameSeconds && o.time_limit <= kMaxGameSeconds))
    return Usage(err, cmd, "--time-limit must be between 0.001 and 86400 (seconds)");
  if (o.games < 1 || o.games > kMaxGames)
    return Usage(err, cmd, "--games must be between 1 and " + std::to_string(kMaxGames));
  config.game_time_limit = std::chrono::milliseconds(static_cast<long long>(o.time_limit * 1000));
  std::string error;
  if (!harness::SplitCommand(o.referee, config.referee_template, error))
    return Usage(err, cmd, "--referee: " + error);
  if (!CheckOutputFiles(OutputFiles(o), config.referee_template, cmd, err)) return 2;
  const int players = p.game->new_game(0, p.rules, error)->num_players();
  // Every placeholder must be known, and each bot's used once: an unknown
  // one ({SEED}, {bot4}) would reach the referee as text (arbiter.cli.bad-input).
  {
    std::map<std::string, int> uses;
    for (const std::string& a : config.referee_template) {
      for (size_t at = a.find('{'); at != std::string::npos; at = a.find('{', at + 1)) {
        const size_t end = a.find('}', at);
        if (end == std::string::npos) break;
        const std::string key = a.substr(at, end - at + 1);
        bool known = key == "{seed}";
        for (int s = 0; s < players; ++s) known = known || key == "{bot" + std::to_string(s) + "}";
        if (!known)
          return Usage(err, cmd,
                       "--referee: unknown placeholder " + key +
                           " (known: {seed} and {bot0} to {bot" + std::to_string(players - 1) +
                           "})");
        if (key != "{seed}" && ++uses[key] > 1)
          return Usage(err, cmd, "--referee: " + key + " appears twice; each bot is started once");
      }
    }
  }
  for (int s = 0; s < players; ++s) {
    const std::string key = "{bot" + std::to_string(s) + "}";
    bool found = false;
    for (const auto& a : config.referee_template) found = found || a.find(key) != std::string::npos;
    if (runner && found)
      return Usage(err, cmd,
                   "--referee: a cg-runner referee launches no bot (arbiter plays every seat "
                   "on the referee's stdin and stdout), so " +
                       key + " makes no sense; remove it");
    if (!runner && !found)
      return Usage(err, cmd, "--referee: the template has no " + key + " placeholder");
  }
  if (runner && (o.late_turn >= 0 || o.kill_turn >= 0 || o.stall_turn >= 0))
    return Usage(err, cmd,
                 "--late-turn, --kill-turn and --stall-turn need --protocol bots (a cg-runner "
                 "referee times its bots itself)");
  if (!runner) {
    config.probe_executable = harness::ProbeBesideSelf(error);
    if (config.probe_executable.empty()) return Usage(err, cmd, error);
  }
  // The games run on worker threads (--jobs) under `config`, which no one
  // changes while they run; shrinking runs here, on this thread's loop, under
  // the rules of the run so far (the user's and the readings adopted).
  harness::EventLoop loop;
  std::vector<std::pair<std::string, std::string>> run_rules;
  harness::RefereeFuzzConfig shrink_config;
  const harness::GameRunner run_game = [&](const RefereeGamePlan& plan) {
    return runner ? harness::RunCgRunnerGame(loop, shrink_config, plan)
                  : harness::RunRefereeGame(loop, shrink_config, plan);
  };
  const auto game_reg = nlohmann::json::parse(report::RegisterJson(p.game->name));
  config.readings = Readings(game_reg);
  // A profile of a real server asks for that server's readings exactly: a
  // referee that reads a rule otherwise differs from it (a failure naming the
  // reading), as under --strict-readings.
  config.adopt_readings = !o.strict_readings && p.profile->server.empty();
  // The user's own --rule options are not readings to explain; a profile's
  // are (its server's: a referee reading one otherwise is told so).
  for (const std::string& kv : o.rules) config.fixed_rules.push_back(kv.substr(0, kv.find('=')));
  // What every reproducer needs besides the seed: the referee, the protocol,
  // everything that changes its games (timing, limits), and the rules,
  // readings adopted so far included (arbiter.check.reproduce).
  auto same_referee = [&] {
    std::string s =
        " --profile " + std::string(p.profile->name) + " --referee " + harness::QuoteArg(o.referee);
    if (runner) s += " --protocol cg-runner";
    if (o.time_limit != FuzzRefereeOptions{}.time_limit) {
      std::ostringstream t;
      t << o.time_limit;
      s += " --time-limit " + t.str();
    }
    if (o.referee_memory_mb) s += " --referee-memory-mb " + std::to_string(o.referee_memory_mb);
    if (o.referee_cpu_seconds)
      s += " --referee-cpu-seconds " + std::to_string(o.referee_cpu_seconds);
    if (o.strict_readings) s += " --strict-readings";
    // The bots' limits are not the referee's (it gets its own, above).
    return s + ResultOptions(o, *p.profile, run_rules, /*bot_limits=*/false);
  };

  std::vector<std::pair<std::string, RefereeGamePlan>> plans;
  nlohmann::json replay_doc;  // --replay: the reproducer, with what it expects
  if (!o.replay_path.empty() && !o.shard.empty())
    return Usage(err, cmd, "--shard and --replay: give one (a replay is one game)");
  if (!o.replay_path.empty()) {
    std::string text;
    if (!ReadInputFile("--replay file", o.replay_path, text, error)) return Usage(err, cmd, error);
    if (const std::string deep = JsonTooDeep("--replay file", o.replay_path, text); !deep.empty())
      return Usage(err, cmd, deep);
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
      return Usage(err, cmd, "'" + o.replay_path + "' is not valid JSON: " + e.what());
    }
    if (!doc.is_object() || !doc.contains("actions") || !doc["actions"].is_array())
      return Usage(err, cmd,
                   "'" + o.replay_path + "': field 'actions' must be an array of strings");
    RefereeGamePlan plan;
    plan.seed = o.seed;
    plan.fuzz_after_script = false;
    plan.late_turn = o.late_turn;
    plan.kill_turn = o.kill_turn;
    plan.stall_turn = o.stall_turn;
    for (const auto& a : doc["actions"]) {
      if (!a.is_string())
        return Usage(err, cmd, "'" + o.replay_path + "': every action must be a string");
      plan.script.push_back(a.get<std::string>());
    }
    if (doc.contains("expect") && !doc["expect"].is_object())
      return Usage(err, cmd, "'" + o.replay_path + "': field 'expect' must be an object");
    replay_doc = std::move(doc);
    plans.emplace_back("replay", plan);
  } else {
    int first = 0, last = o.games;
    if (!o.expect.empty() && o.match.empty())
      return Usage(err, cmd, "--expect " + o.expect + ": give the game to play with --match");
    if (!o.match.empty()) {
      const auto n = o.match.rfind("game-", 0) == 0
                         ? ParseCanonicalInt(std::string_view(o.match).substr(5))
                         : std::nullopt;
      if (!n || *n < 1 || *n > kMaxGames)
        return Usage(err, cmd,
                     "--match: '" + o.match + "' is not a game of the run (game-1 to game-" +
                         std::to_string(kMaxGames) + ")");
      first = static_cast<int>(*n) - 1, last = first + 1;
    }
    std::pair<int, int> shard = {0, 1};
    if (!o.shard.empty()) {
      std::string error;
      const auto parsed = ParseShard(o.shard, error);
      if (!parsed) return Usage(err, cmd, error);
      if (!o.match.empty()) return Usage(err, cmd, "--shard and --match: give one");
      if (parsed->first >= o.games)
        return Usage(err, cmd,
                     "--shard " + o.shard + ": the run has only " + std::to_string(o.games) +
                         " games, none for this shard");
      shard = *parsed;
    }
    for (int g = first; g < last; ++g) {
      if (g % shard.second != shard.first) continue;  // another shard's game
      RefereeGamePlan plan = harness::PlanGame(o.seed, g, p.game->steered_families);
      // The runner answers every turn, one line each.
      if (runner) plan.late_turn = plan.kill_turn = plan.stall_turn = plan.double_turn = -1;
      plans.emplace_back("game-" + std::to_string(g + 1), plan);
    }
  }

  const auto arbiter_reg = nlohmann::json::parse(report::RegisterJson("arbiter"));
  const harness::CheckCatalog catalog = harness::CatalogFromRegister(arbiter_reg);
  report::RunReport rep = NewReport(o, p, cmd);
  rep.checks.clear();
  for (const auto& c : arbiter_reg["checks"]) rep.checks.push_back(*catalog.Find(c["id"]));
  for (const auto& c : game_reg["clauses"]) {
    rep.checks.push_back({c["id"], c["id"], harness::Severity::kFail, c["summary"]});
  }
  // Root cause -> (match, finding) of its first report.
  std::map<std::string, std::pair<size_t, size_t>> by_cause;
  auto known = [&](const std::string& cause) -> Finding* {
    const auto it = by_cause.find(cause);
    return it == by_cause.end() ? nullptr
                                : &rep.matches[it->second.first].findings[it->second.second];
  };
  // Adds a match with its findings (each with its root cause) to the report.
  auto add_match = [&](harness::MatchResult m,
                       std::vector<std::pair<std::string, Finding>> findings) {
    for (auto& [cause, f] : findings) {
      by_cause[cause] = {rep.matches.size(), m.findings.size()};
      m.findings.push_back(std::move(f));
    }
    WriteTranscript(o, rep, m, err);
    rep.Add(std::move(m));
  };
  // The reproducer folder, up front: a path that is a file, or a folder that
  // cannot be made, is an error before any game (removed again if unused).
  bool made_repro_dir = false;
  {
    std::error_code ec;
    if (std::filesystem::exists(o.repro_dir, ec) && !std::filesystem::is_directory(o.repro_dir, ec))
      return Usage(err, cmd, "--repro-dir '" + o.repro_dir + "' is not a folder");
    if (!std::filesystem::exists(o.repro_dir, ec)) {
      if (!std::filesystem::create_directories(o.repro_dir, ec) || ec)
        return Usage(err, cmd,
                     "--repro-dir '" + o.repro_dir + "' cannot be created: " + ec.message());
      made_repro_dir = true;
    }
  }
  if (!PrepareTranscriptsDir(o, cmd, err)) return 2;
  // The options that play game `id` of this run again.
  auto this_game = [&](const std::string& id) {
    if (!o.replay_path.empty()) {
      std::string s =
          " --seed " + std::to_string(o.seed) + " --replay " + harness::QuoteArg(o.replay_path);
      if (o.late_turn >= 0) s += " --late-turn " + std::to_string(o.late_turn);
      if (o.kill_turn >= 0) s += " --kill-turn " + std::to_string(o.kill_turn);
      if (o.stall_turn >= 0) s += " --stall-turn " + std::to_string(o.stall_turn);
      return s;
    }
    return " --seed " + std::to_string(o.seed) + " --match " + id;
  };
  int repro_count = 0;
  Progress progress(o.quiet, err, "fuzz-referee", static_cast<long long>(plans.size()));
  auto tick = progress.Callback();
  run_rules = config.rules;
  shrink_config = config;
  const int jobs =
      o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const auto play = [&](harness::EventLoop& game_loop, size_t index) {
    return runner ? harness::RunCgRunnerGame(game_loop, config, plans[index].second)
                  : harness::RunRefereeGame(game_loop, config, plans[index].second);
  };
  std::string arbiter_error;
  uint64_t families_played = 0;  // the swarm bits of the games played
  const auto run_start = std::chrono::steady_clock::now();
  // Each game's result, in plan order (harness/referee/game_pool.h).
  const auto consume = [&](size_t index, RefereeGameResult r) {
    const std::string& id = plans[index].first;
    const RefereeGamePlan& plan = plans[index].second;
    if (tick) tick(id, 0);
    if (r.interrupted) {  // an abandoned game says nothing about the referee
      rep.skipped.push_back(id);
      return;
    }
    if (plan.fuzz_after_script) families_played |= plan.swarm;
    if (id == "replay") rep.not_reproduced = NotReproduced(replay_doc, r);
    if (!o.expect.empty() && std::none_of(r.faults.begin(), r.faults.end(),
                                          [&](const auto& f) { return f.check == o.expect; }))
      rep.not_reproduced = "the " + o.expect + " it reproduces was not seen in " + id +
                           " this time (a referee that draws its own game may play another)";
    std::vector<std::pair<std::string, Finding>> found;
    // The readings the game adopted: a note each, once, and the run's rules
    // from now on (arbiter.referee.readings).
    for (const harness::ReadingFound& reading : r.readings) {
      const std::string rule = reading.reading.key + "=" + reading.reading.value;
      const std::string cause = "reading " + rule;
      // The game again under the run's readings before this one: it shows it.
      const std::string reproduce =
          Self() + " fuzz-referee --game " + o.game + same_referee() + this_game(id);
      std::string narrowed;  // the run's value of the option this one replaces
      const bool adopt = AdoptableForRun(rep.readings, reading, narrowed);
      if (!narrowed.empty()) {
        if (Finding* before = known("reading " + narrowed))
          before->advice = "narrowed later in the run to --rule " + rule +
                           ", which a game played under it showed (" + id + ")";
        std::erase(rep.readings, narrowed);
      }
      if (adopt &&
          std::find(rep.readings.begin(), rep.readings.end(), rule) == rep.readings.end()) {
        harness::Adopt(run_rules, reading.reading);
        shrink_config.rules = run_rules;
        rep.readings.push_back(rule);
      }
      const std::string advice =
          adopt ? "adopted for the rest of the run, so that a real bug behind it still shows; "
                  "--strict-readings reports it as a failure instead"
                : "not adopted for the run, which had adopted another value of " +
                      reading.reading.key + " that this game was not played under";
      if (Finding* seen = known(cause)) {
        ++seen->occurrences;
        if (adopt) seen->advice = advice;
        continue;
      }
      const Divergence& d = reading.divergence;
      Finding f;
      f.check = "referee.reading";
      f.clause = reading.reading.clause;
      f.severity = harness::Severity::kInfo;
      f.match = id;
      f.seed = plan.seed;
      f.seat = reading.seat;
      f.turn = reading.turn;
      std::string meaning = reading.reading.meaning;
      while (!meaning.empty() && (meaning.back() == '.' || meaning.back() == ' '))
        meaning.pop_back();
      f.message = "the referee follows another reading of " + reading.reading.clause + ": " +
                  meaning + " (--rule " + rule + "); under the text's reading " + d.field +
                  " was expected " + d.expected + " and the referee sent " + d.actual +
                  ", and under this one every message of the game matches";
      if (d.kind == "variant-shown")  // arbiter.referee.variant
        f.message = "the referee plays " + reading.reading.key + " " + reading.reading.value +
                    ": its first message shows " + d.actual + " (--rule " + rule +
                    "); its games are played under it";
      f.advice = advice;
      f.reproduce = reproduce;
      found.emplace_back(cause, std::move(f));
    }
    // The shrunk reproducers' games, each with its finding.
    std::vector<std::pair<harness::MatchResult, std::vector<std::pair<std::string, Finding>>>>
        shrunk;
    auto seen_now = [&](const std::string& cause) {
      for (auto& [c, f] : found)
        if (c == cause) return &f;
      for (auto& [m, fs] : shrunk)
        for (auto& [c, f] : fs)
          if (c == cause) return &f;
      return static_cast<Finding*>(nullptr);
    };
    // The finding of a cause reported before: in an earlier game, or in this one.
    auto seen = [&](const std::string& cause) {
      Finding* f = known(cause);
      return f ? f : seen_now(cause);
    };
    for (const harness::RefereeFault& fault : r.faults) {
      if (fault.check == "arbiter.error") {
        if (arbiter_error.empty()) arbiter_error = fault.message;
        return;
      }
      const std::string cause = fault.check;
      if (Finding* earlier = seen(cause)) {
        ++earlier->occurrences;
        continue;
      }
      Finding f;
      f.check = fault.check;
      if (const auto* info = catalog.Find(fault.check))
        f.clause = info->clause, f.severity = info->severity;
      f.match = id;
      f.seed = plan.seed;
      f.turn = fault.turn;
      f.message = fault.message;
      f.stderr_tail = harness::LastLines(r.referee_stderr, 10);
      f.received = EscapeBytes(r.referee_stdout.substr(0, 300));
      f.reproduce = Self() + " fuzz-referee --game " + o.game + same_referee() + this_game(id);
      // A failure's command says what it reproduces: never a silent PASS.
      if (f.severity == harness::Severity::kFail) f.reproduce += " --expect " + fault.check;
      found.emplace_back(cause, std::move(f));
    }
    // Every divergence of the game (the first, then those seen after the
    // reference re-synchronised: arbiter.referee.resync), each of its own
    // cause shrunk and reported on its own.
    int shrunk_count = 0;
    for (std::string cause : harness::Signatures(r)) {
      if (Finding* earlier = seen(cause)) {
        ++earlier->occurrences;
      } else {
        const RefereeGameResult focus = harness::Focus(r, cause);
        RefereeGameResult shown = focus;
        std::vector<std::string> script(focus.answers.begin(), focus.answers.end());
        int runs = 0;
        bool reproduced = false;
        std::vector<bool> neutral;  // answers shrinking made neutral
        bool nondeterministic = false, flaky = false;
        int confirm_runs = 0;
        if (o.shrink && o.replay_path.empty()) {
          const harness::ShrinkResult s =
              harness::Shrink(run_game, shrink_config, plan, focus, o.shrink_runs);
          runs = s.runs;
          reproduced = s.reproduced;
          nondeterministic = s.nondeterministic;
          confirm_runs = s.confirm_runs;
          flaky = !s.reproduced && !s.nondeterministic && !harness::Interrupted();
          if (s.reproduced) {
            shown = s.game;
            script = s.script;
            neutral = s.neutral;
          }
          // The same turn read under the readings adopted since: its cause
          // is that reading's, perhaps one reported already.
          if (s.reproduced && s.signature != cause) {
            cause = s.signature;
            if (Finding* earlier = seen(cause)) {
              ++earlier->occurrences;
              continue;
            }
          }
        }
        script.resize(std::min<size_t>(script.size(), shown.divergence_turn + 1));
        const Divergence& d = *shown.divergence;
        Finding f;
        f.check = "referee.divergence";
        f.clause = d.clauses.empty() ? "" : d.clauses.front();
        f.severity = harness::Severity::kFail;
        // The finding belongs to the game it is shown in: the shrunk one when
        // shrinking reproduced it (its own match, so that the replay's turns
        // are the reproducer's), else the original.
        const std::string shrunk_id =
            id + "-shrunk" + (shrunk_count > 0 ? "-" + std::to_string(shrunk_count + 1) : "");
        f.match = reproduced ? shrunk_id : id;
        f.seed = plan.seed;
        f.seat = shown.divergence_seat;
        f.turn = shown.divergence_turn;
        f.message = d.message + ": " + d.field + " expected " + d.expected + ", the referee sent " +
                    d.actual;
        if (d.clauses.size() > 1) {
          f.message += " (clauses:";
          for (const auto& c : d.clauses) f.message += " " + c;
          f.message += ")";
        }
        f.received = EscapeBytes(shown.actual_text);
        f.input = shown.expected_text;  // what the reference engine would have sent
        f.stderr_tail = harness::LastLines(shown.referee_stderr, 10);
        // The reproducer: a scenario for `arbiter simulate` with the answers.
        const std::string file =
            shown.scenario.empty()
                ? std::string()
                : WriteReproducer(o.repro_dir, repro_count, shown, script, cause, f.clause);
        int nontrivial = 0;
        for (size_t i = 0; i < script.size(); ++i)
          nontrivial += !(i < neutral.size() && neutral[i]) &&
                        (p.game->neutral_answer || script[i] != p.game->ok_answer);
        f.advice =
            "the divergence needs " + std::to_string(nontrivial) + " non-trivial answer(s) over " +
            std::to_string(script.size()) + " turns" +
            (o.shrink && o.replay_path.empty()
                 ? (reproduced ? " (shrunk in " + std::to_string(runs) + " referee runs)"
                    : nondeterministic
                        ? " (not shrunk: re-run with the same seed, the referee started another "
                          "game; the whole witness game is the reproducer)"
                        : " (not shrunk: the same answers did not show it again in " +
                              std::to_string(confirm_runs) + " re-runs)")
                 : "") +
            (file.empty() || shown.stand_in
                 ? ""
                 : "; the reference's view: " + Self() + " simulate --transcript " + file);
        f.reproduce = Self() + " fuzz-referee --game " + o.game + same_referee() + " --seed " +
                      std::to_string(plan.seed) + (file.empty() ? "" : " --replay " + file);
        if (shown.divergence_turn > plan.late_turn && plan.late_turn >= 0)
          f.reproduce += " --late-turn " + std::to_string(plan.late_turn);
        if (shown.divergence_turn > plan.kill_turn && plan.kill_turn >= 0)
          f.reproduce += " --kill-turn " + std::to_string(plan.kill_turn);
        if (shown.divergence_turn > plan.stall_turn && plan.stall_turn >= 0)
          f.reproduce += " --stall-turn " + std::to_string(plan.stall_turn);
        f.reproduce += "   # referee command: " + harness::QuoteCommand(shown.argv);
        // A divergence the same answers do not show again is not a rule bug
        // to report as one (arbiter.referee.replayable): a warning.
        if (flaky) {
          f.check = "referee.flaky";
          f.severity = harness::Severity::kWarn;
          f.message = "seen once, not again in " + std::to_string(confirm_runs) +
                      " re-runs of the same answers with the same seed: " + f.message;
        }
        if (nondeterministic && !known("referee.nondeterministic")) {
          Finding n;
          n.check = "referee.nondeterministic";
          if (const auto* info = catalog.Find(n.check))
            n.clause = info->clause, n.severity = info->severity;
          n.match = id;
          n.seed = plan.seed;
          n.message =
              "re-run with the same seed and the same answers, the referee sent another first "
              "message: it draws its game from a source of its own, so a finding that depends "
              "on its draw is not shrunk and keeps its whole witness game";
          n.advice = "draw the game from {seed} to make the referee's findings shrinkable";
          n.reproduce = Self() + " fuzz-referee --game " + o.game + same_referee() + this_game(id);
          found.emplace_back("referee.nondeterministic", std::move(n));
        }
        // A bot the referee stopped: the machine's load, a race, or a
        // referee that stops bots answering in time (arbiter.referee.load).
        if (d.kind == "stopped") {
          cause = StopFinding(f, shown, reproduced, confirm_runs, shrink_config.referee_action_ms);
          if (Finding* earlier = seen(cause)) {
            ++earlier->occurrences;
            continue;
          }
        }
        if (reproduced) {
          ++shrunk_count;
          harness::MatchResult m = MatchOf(shrunk_id, plan, shown);
          m.shrunk_from = id;
          m.description =
              "the shrunk reproducer of " + id + " (" + std::to_string(script.size()) + " turns)";
          std::vector<std::pair<std::string, Finding>> one;
          one.emplace_back(cause, std::move(f));
          shrunk.emplace_back(std::move(m), std::move(one));
        } else {
          found.emplace_back(cause, std::move(f));
        }
      }
    }
    harness::MatchResult played = MatchOf(id, plan, r);
    played.finished_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - run_start)
                             .count();
    add_match(std::move(played), std::move(found));
    for (auto& [m, fs] : shrunk) add_match(std::move(m), std::move(fs));
    progress.Finished(static_cast<int>(by_cause.size()));
  };
  harness::PlayGames(jobs, plans.size(), play, consume);
  if (o.replay_path.empty()) {
    const auto& names = p.game->answer_families;
    for (size_t f = 0; f < names.size(); ++f)
      (families_played >> f & 1 ? rep.families_tried : rep.families_not_tried)
          .emplace_back(names[f]);
  }
  if (!arbiter_error.empty()) {
    progress.Clear();
    err << "arbiter fuzz-referee: " << arbiter_error << "\n";
    return 2;
  }
  rep.interrupt_signal = harness::InterruptSignal();
  rep.memory_limits = config.limits.memory_mb > 0 ? "referee resident memory limit " +
                                                        std::to_string(config.limits.memory_mb) +
                                                        " MB (--referee-memory-mb)"
                                                  : "no referee memory limit";
  progress.Clear();
  if (made_repro_dir) {
    std::error_code ec;
    std::filesystem::remove(o.repro_dir, ec);  // only when still empty
  }
  return Finish(o, rep, out, err);
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
  c->add_option("--time-limit", o.time_limit, "Seconds allowed per game")
      ->default_val(30)
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
  c->add_flag("--strict-readings", o.strict_readings,
              "Report a divergence that another reading of an ambiguous rule explains "
              "as a failure, instead of a note adopted for the rest of the run");

  return c;
}

}  // namespace arbiter::cli

// `arbiter check-bot` (see check_bot.h): the matches it runs, in order:
//   game-1..game-N  seeded short games, the bot in seat (i-1) % players,
//                   against the game's hostile built-in players in rotating
//                   combinations, and for a game whose register lists
//                   "check_variants" (rule sets, e.g. Wondev Woman's leagues)
//                   each in turn, once per seat;
//   whole-seat<K>   per seat (and variant: whole-seat0-league2), one game to
//                   the game's own end against the game's whole-game player,
//                   which never attacks, pushes or ends the game, so that the
//                   bot plays every one of its turns under the real limits
//                   (arbiter.check.whole-games);
//   edge-<name>     the game's edge states (core/game.h EdgeCase) under the
//                   user's rules, each given to a fresh bot after its
//                   handshake, then a few more turns; with the variant sweep,
//                   each variant's own, as edge-<name>-<variant> (e.g.
//                   edge-no-legal-action-league2);
//   ...-run<k>      with --depth N (N > 1): N times the games, and each edge
//                   state played on to the game's end N-1 more times with
//                   other opponents' seeds, steering play through the rare
//                   states instead of hoping random games reach them.
// Before them, the harness measures its own round-trip overhead with the
// built-in echo bot, and reports it with the results. Every match runs
// (--fail-fast stops at the first failing one), and the report states the
// run's coverage (arbiter.check.coverage).
#include "cli/check_bot.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "checks/confirm.h"
#include "cli/option_checks.h"
#include "cli/referee_run.h"
#include "cli/run_common.h"
#include "cli/run_options.h"
#include "core/game.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "process/play_in_order.h"
#include "process/start_check.h"

namespace arbiter::cli {
namespace {

// The opponents of game i (0-based), by seat order after removing the bot.
std::vector<std::string> Opponents(const GameInfo& game, int i) {
  const auto& p = game.policies;  // e.g. random, hunter, idle
  std::vector<std::string> sets[4] = {{"hunter", "random", "idle"},
                                      {"random", "hunter", "idle"},
                                      {"idle", "hunter", "random"},
                                      {"random", "random", "hunter"}};
  std::vector<std::string> out;
  for (const std::string& name : sets[i % 4]) {
    bool known = false;
    for (std::string_view k : p) known = known || k == name;
    out.push_back(known ? name : std::string(p.front()));
  }
  return out;
}

// "league=2" for people; "league2" for match ids.
std::string VariantText(const RuleList& variant) {
  std::string text;
  for (const auto& [key, value] : variant) text += (text.empty() ? "" : ", ") + key + "=" + value;
  return text;
}
std::string VariantId(const RuleList& variant) {
  std::string id;
  for (const auto& [key, value] : variant)
    for (char c : key + value)
      if (std::isalnum(static_cast<unsigned char>(c))) id += c;
  return id;
}

// Every option that changes what a match does, so that the command replays
// it: timing, limits, environment, rules (the user's and the match's
// variant's), depth. `games` is the count the match's id was numbered in.
std::string Reproduce(const CheckBotOptions& o, const Prepared& p, int games,
                      const std::string& match, const RuleList& variant, int depth) {
  std::string cmd =
      Self() + " check-bot --game " + o.game + " --profile " + std::string(p.profile->name);
  RuleList rules = p.rules;
  rules.insert(rules.end(), variant.begin(), variant.end());
  cmd += ResultOptions(o, *p.profile, rules);
  if (depth > 1) cmd += " --depth " + std::to_string(depth);
  cmd += " --seed " + std::to_string(o.seed) + " --games " + std::to_string(games) + " --match " +
         match + " -- " + harness::QuoteCommand(o.bot);
  return cmd;
}

// Writes the whole input stream of every finding on a turn to `dir`
// (<match>.seat<k>.turn<t>.in) and names the file in the finding; a finding
// whose file cannot be written keeps its input in the report only.
void WriteInputFiles(report::RunReport& rep, const std::string& dir, std::ostream& err) {
  bool warned = false, made = false;
  for (harness::MatchResult& m : rep.matches) {
    for (harness::Finding& f : m.findings) {
      if (f.input_stream.empty() || f.severity == harness::Severity::kInfo) continue;
      if (!made) {
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        made = true;
      }
      const std::string path =
          (std::filesystem::path(dir) /
           (m.id + ".seat" + std::to_string(f.seat) + ".turn" + std::to_string(f.turn) + ".in"))
              .string();
      std::ofstream out(path, std::ios::binary);
      out << f.input_stream;
      out.close();
      if (out) {
        f.input_file = path;
      } else if (!warned) {
        err << "arbiter check-bot: cannot write the input of a finding to '" << path
            << "': " << std::strerror(errno) << "\n";
        warned = true;
      }
    }
  }
}

// A copy of a match not yet played, to play it again.
harness::MatchSpec CopyOf(const harness::MatchSpec& m) {
  harness::MatchSpec c;
  c.id = m.id;
  c.description = m.description;
  // An engine's match is copied; a referee's game starts anew.
  if (const auto* engine = dynamic_cast<const harness::EngineSide*>(m.side.get()))
    c.side = engine->Copy();
  c.kind = m.kind;
  c.seats = m.seats;
  c.opponents = m.opponents;
  c.seed = m.seed;
  c.policy_seed = m.policy_seed;
  c.max_turns = m.max_turns;
  c.reproduce = m.reproduce;
  c.variant = m.variant;
  c.deciding = m.deciding;
  return c;
}

// An --opponent's own misbehaviour (its crash, its lateness, the referee
// putting it out) is not the bot's (arbiter.referee-run.evidence): each of
// its findings becomes opponent.finding, a note naming it, and its seat is
// not counted as the bot's coverage.
void AsOpponents(harness::MatchResult& r, const std::vector<std::string>& opponents,
                 const harness::CheckCatalog& catalog) {
  const auto opponent = [&](int seat) -> const std::string* {
    if (seat < 0 || seat >= static_cast<int>(opponents.size()) || opponents[seat].empty())
      return nullptr;
    return &opponents[seat];
  };
  for (harness::Finding& f : r.findings) {
    const std::string* text = opponent(f.seat);
    if (!text) continue;
    f.message = "the opponent in seat " + std::to_string(f.seat) + " (" + *text +
                "), not the bot: " + f.check + ": " + f.message;
    f.form = *text + ": " + f.check + ", " + f.form;  // which opponent, and what it did
    // Its clause and severity are the register's (referee_run_checks).
    const harness::Finding stamp = harness::NewFinding(catalog, "opponent.finding");
    f.check = stamp.check;
    f.clause = stamp.clause;
    f.severity = stamp.severity;
    f.advice.clear();
  }
  std::erase_if(r.seat_plays,
                [&](const harness::SeatPlay& play) { return opponent(play.seat) != nullptr; });
  // The bot's answer times alone: each latency is a turn's elapsed time.
  std::vector<double> own;
  size_t timed = 0;
  for (const harness::TurnRecord& t : r.turns) {
    if (!t.elapsed_ms) continue;
    ++timed;
    if (!opponent(t.player)) own.push_back(*t.elapsed_ms);
  }
  if (timed == r.latencies_ms.size()) r.latencies_ms = std::move(own);
}

// A run's time FAIL, confirmed by one more run of the match (the same seed)
// before it is said (arbiter.timing.confirm); `run` as it is otherwise.
harness::MatchResult Confirmed(harness::Env& env, harness::MatchResult run,
                               const harness::MatchSpec& spec, const Prepared& p,
                               const harness::Progress& progress) {
  if (!harness::TimeVerdictToConfirm(run) || run.interrupted || harness::Interrupted()) return run;
  harness::MatchResult again = PlayMatch(env, CopyOf(spec), p, progress);
  AsOpponents(again, spec.opponents, p.catalog);
  if (again.interrupted) return run;
  return harness::ConfirmTimeVerdict(p.catalog, std::move(run), std::move(again));
}

// Plays a match; when only the machine's load made an answer late
// (timing.inconclusive) and nothing else failed, plays it once more, the
// same seed, and the second run decides (arbiter.timing.load). When the
// second run is clean, the first run's findings stay as notes. A time FAIL
// of either run is confirmed by one more run before it is said.
harness::MatchResult PlayDecided(harness::Env& env, harness::MatchSpec m, const Prepared& p,
                                 const harness::Progress& progress) {
  const harness::MatchSpec spec = CopyOf(m);
  harness::MatchResult first = PlayMatch(env, std::move(m), p, progress);
  AsOpponents(first, spec.opponents, p.catalog);
  if (first.interrupted || harness::Interrupted()) return first;
  if (harness::TimeVerdictToConfirm(first))
    return Confirmed(env, std::move(first), spec, p, progress);
  bool failed = false;
  for (const auto& f : first.findings) failed = failed || f.severity == harness::Severity::kFail;
  if (!first.timing_inconclusive || failed) return first;
  // The deciding run says itself what it leaves undecided (a WARN).
  harness::MatchSpec deciding = CopyOf(spec);
  deciding.deciding = true;
  harness::MatchResult replay = PlayMatch(env, CopyOf(deciding), p, progress);
  AsOpponents(replay, spec.opponents, p.catalog);
  if (replay.interrupted) return first;
  harness::MatchResult second = Confirmed(env, std::move(replay), deciding, p, progress);
  if (second.replayed.empty())
    second.replayed = "played again: the first run had an answer made late by the machine's load";
  // Undecided again, the deciding run's findings say why they are a WARN
  // where a quieter run gives a NOTE (arbiter.timing.load).
  if (second.timing_inconclusive) return second;
  for (harness::Finding f : first.findings) {
    if (f.check != "timing.inconclusive") continue;
    f.severity = harness::Severity::kInfo;
    f.message += "; the second run of the match decided it: NOTE, not WARN";
    second.findings.push_back(std::move(f));
  }
  return second;
}

// The run's matches, before --shard and --match narrow them, and the
// (variant, seat) pairs they cover (arbiter.check.coverage).
struct MatchPlan {
  std::vector<harness::MatchSpec> matches;
  std::vector<std::pair<std::string, int>> seats;
};

// What every way of building matches shares: the options, the prepared
// game, the variants swept and the counts reproduce commands are written in.
struct PlanContext {
  const CheckBotOptions& o;
  const Prepared& p;
  std::vector<RuleList> variants;
  int players = 0, depth = 1, base_games = 0, games = 0;
  bool sweep = false;
  RuleList RulesOf(const RuleList& variant) const {
    RuleList rules = p.rules;
    rules.insert(rules.end(), variant.begin(), variant.end());
    return rules;
  }
  std::string ReproduceOf(const std::string& id, const RuleList& variant) const {
    return Reproduce(o, p, o.games.value_or(base_games), id, variant, depth);
  }
};

// game-1..game-N: short games against hostile built-in players.
bool AddSeededGames(const PlanContext& c, MatchPlan& plan, std::string& error) {
  const GameInfo& game = *c.p.game;
  for (int i = 0; i < c.games; ++i) {
    harness::MatchSpec m;
    m.id = "game-" + std::to_string(i + 1);
    m.seed = c.o.seed + i;
    const RuleList& variant = c.variants[(i / c.players) % c.variants.size()];
    m.side = harness::EngineSide::Of(game.new_game(*m.seed, c.RulesOf(variant), error));
    if (!m.side) return false;
    const int seat = i % c.players;
    const auto opponents = Opponents(game, i);
    m.seats.resize(c.players);
    m.variant = VariantText(variant);
    std::string desc = "seed " + std::to_string(*m.seed);
    if (!m.variant.empty()) desc += ", " + m.variant;
    desc += ", bot in seat " + std::to_string(seat);
    for (int s = 0, k = 0; s < c.players; ++s) {
      if (s == seat) {
        m.seats[s].argv = c.o.bot;
      } else {
        m.seats[s].policy = opponents[k++ % opponents.size()];
        desc += ", " + m.seats[s].policy + " in seat " + std::to_string(s);
      }
    }
    m.description = desc;
    m.policy_seed = *m.seed;
    m.reproduce = c.ReproduceOf(m.id, variant);
    plan.matches.push_back(std::move(m));
  }
  return true;
}

// whole-seat<K>[-<variant>]: per variant and seat, one game to the game's
// own end against players that keep it alive (arbiter.check.whole-games).
bool AddWholeGames(const PlanContext& c, MatchPlan& plan, std::string& error) {
  const GameInfo& game = *c.p.game;
  for (const RuleList& variant : c.variants) {
    for (int seat = 0; seat < c.players; ++seat) {
      harness::MatchSpec m;
      const std::string plain = "whole-seat" + std::to_string(seat);
      m.id = plain + (c.sweep ? "-" + VariantId(variant) : "");
      m.kind = "whole";
      m.seed = c.o.seed + static_cast<uint64_t>(seat);
      m.side = harness::EngineSide::Of(game.new_game(*m.seed, c.RulesOf(variant), error));
      if (!m.side) return false;
      m.variant = VariantText(variant);
      m.seats.resize(c.players, harness::Seat{{}, std::string(game.whole_game_policy)});
      m.seats[seat] = harness::Seat{c.o.bot, ""};
      m.description = "a whole game to its end, seed " + std::to_string(*m.seed) +
                      (m.variant.empty() ? "" : ", " + m.variant) + ", bot in seat " +
                      std::to_string(seat) + ", " + std::string(game.whole_game_policy) +
                      " players (never attack, never end the game) in the other seats";
      m.policy_seed = *m.seed;
      m.reproduce = c.ReproduceOf(plain, variant);
      plan.matches.push_back(std::move(m));
    }
  }
  return true;
}

// edge-<name>[-<variant>][-run<k>]: the edge states of the rules each
// variant plays under: a bot is given only states its league can reach
// (arbiter.check.edge-states).
void AddEdgeStates(const PlanContext& c, MatchPlan& plan) {
  const GameInfo& game = *c.p.game;
  for (const RuleList& variant : c.variants) {
    const std::string suffix = c.sweep ? "-" + VariantId(variant) : "";
    for (EdgeCase& e : game.edge_cases(c.RulesOf(variant))) {
      for (int run = 1; run <= c.depth; ++run) {
        harness::MatchSpec m;
        const std::string run_part = run > 1 ? "-run" + std::to_string(run) : "";
        // The id under the variant's rules given alone, which the reproduce
        // command names with --rule VARIANT --match.
        const std::string plain = "edge-" + e.name + run_part;
        m.id = "edge-" + e.name + suffix + run_part;
        m.kind = "edge";
        m.variant = VariantText(variant);
        m.description = e.description + " (" + e.clause + ")";
        if (!m.variant.empty()) m.description += ", " + m.variant;
        m.side = harness::EngineSide::Of(run < c.depth ? e.state->Clone() : std::move(e.state));
        const int n = m.side->num_players();
        m.seats.resize(n, harness::Seat{{}, std::string(game.policies.front())});
        m.seats[e.seat].argv = c.o.bot;
        // The edge turn and two more rounds; the deeper runs play on to the
        // end against the other built-in players.
        m.max_turns = run == 1 ? 3 * n : 0;
        if (run > 1) {
          const auto opponents = Opponents(game, run);
          for (int s = 0, k = 0; s < n; ++s)
            if (s != e.seat) m.seats[s].policy = opponents[k++ % opponents.size()];
          m.description += ", played to the end";
        }
        m.policy_seed = c.o.seed + static_cast<uint64_t>(run - 1);
        m.reproduce = c.ReproduceOf(plain, variant);
        plan.matches.push_back(std::move(m));
      }
    }
  }
}

// Through a real referee with no engine (arbiter.referee-run.framing):
// game-1..game-N, each played to the referee's end, the bot in seat
// (i-1) % players and the other seats the --opponent commands in turn, or
// copies of the bot. N: --games, else two per seat.
bool BuildRefereePlan(const CheckBotOptions& o, const Prepared& p, MatchPlan& plan,
                      std::ostream& err) {
  const int players = p.referee->players;
  std::vector<std::vector<std::string>> opponents;
  for (const std::string& text : o.through.opponents) {
    std::vector<std::string> argv;
    std::string error;
    if (!harness::SplitCommand(text, argv, error))
      return Usage(err, "check-bot", "--opponent '" + text + "': " + error) == 0;
    if (const std::string why = harness::StartProblem(argv, "the opponent"); !why.empty())
      return Usage(err, "check-bot", "--opponent '" + text + "': " + why) == 0;
    opponents.push_back(std::move(argv));
  }
  if (o.depth > 1)
    return Usage(err, "check-bot",
                 "--depth plays the edge states deeper; a game through its "
                 "referee has none (give more --games)") == 0;
  const int games = o.games.value_or(2 * players);
  for (int i = 0; i < games; ++i) {
    harness::MatchSpec m;
    m.id = "game-" + std::to_string(i + 1);
    m.kind = "whole";
    m.seed = o.seed + static_cast<uint64_t>(i);
    const int seat = i % players;
    m.description = "seed " + std::to_string(*m.seed) + " through the referee, bot in seat " +
                    std::to_string(seat);
    for (int s = 0, k = 0; s < players; ++s) {
      if (s == seat || opponents.empty()) {
        m.seats.push_back(harness::Seat{o.bot, ""});
        m.opponents.emplace_back();
      } else {
        const std::string& text = o.through.opponents[k % opponents.size()];
        m.seats.push_back(harness::Seat{opponents[k++ % opponents.size()], ""});
        m.opponents.push_back(text);
        m.description += ", " + text + " in seat " + std::to_string(s);
      }
    }
    if (opponents.empty()) m.description += ", copies of it in the other seats";
    m.policy_seed = *m.seed;
    m.max_turns = o.turns.value_or(0);
    m.reproduce = Self() + " check-bot --game " + o.game + " --profile " +
                  std::string(p.profile->name) + ResultOptions(o, *p.profile, {}) +
                  RefereeOptionsText(o.through) + " --seed " + std::to_string(o.seed) +
                  " --games " + std::to_string(games) + " --match " + m.id + " -- " +
                  harness::QuoteCommand(o.bot);
    plan.matches.push_back(std::move(m));
  }
  for (int seat = 0; seat < players; ++seat) plan.seats.emplace_back("", seat);
  return true;
}

// Every match of the run in order, and the seats it covers; false and `err`
// written on a usage error.
bool BuildPlan(const CheckBotOptions& o, const Prepared& p, MatchPlan& plan, std::ostream& err) {
  PlanContext c{o, p, p.check_variants};
  // The rule variants the games cycle through, unless the user set one of
  // their rules (then every game uses the user's rules alone).
  for (const auto& variant : p.check_variants)
    for (const auto& [key, value] : variant)
      for (const auto& [user_key, user_value] : p.rules)
        if (key == user_key) c.variants.clear();
  if (c.variants.empty()) c.variants.push_back({});
  std::string error;
  c.players = p.game->new_game(o.seed, p.rules, error)->num_players();
  c.depth = std::max(1, o.depth);
  c.sweep = c.variants.size() > 1;
  c.base_games = o.games.value_or(c.sweep ? static_cast<int>(c.variants.size()) * c.players : 4);
  c.games = c.base_games * c.depth;
  if (!AddSeededGames(c, plan, error) || (o.whole_games && !AddWholeGames(c, plan, error))) {
    Usage(err, "check-bot", "rule variant: " + error);
    return false;
  }
  if (o.edge_cases && p.game->edge_cases) AddEdgeStates(c, plan);
  for (const RuleList& variant : c.variants)
    for (int seat = 0; seat < c.players; ++seat)
      plan.seats.emplace_back(VariantText(variant), seat);
  if (o.turns)
    for (harness::MatchSpec& m : plan.matches)
      m.max_turns = m.max_turns == 0 ? *o.turns : std::min(m.max_turns, *o.turns);
  return true;
}

// --shard and --match: the matches of this job; false and `err` written when
// none is left or the options conflict.
bool Narrow(const CheckBotOptions& o, std::vector<harness::MatchSpec>& matches, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    Usage(err, "check-bot", message);
    return false;
  };
  if (!o.shard.empty()) {
    std::string error;
    const auto shard = ParseShard(o.shard, error);
    if (!shard) return fail(error);
    if (!o.match.empty()) return fail("--shard and --match: give one");
    std::vector<harness::MatchSpec> mine;
    for (size_t i = 0; i < matches.size(); ++i)
      if (static_cast<int>(i % shard->second) == shard->first)
        mine.push_back(std::move(matches[i]));
    if (mine.empty())
      return fail("--shard " + o.shard + ": the run has only " + std::to_string(matches.size()) +
                  " matches, none for this shard");
    matches = std::move(mine);
  }
  if (!o.match.empty()) {
    std::string ids;
    std::vector<harness::MatchSpec> only;
    for (auto& m : matches) {
      ids += " " + m.id;
      if (m.id == o.match) only.push_back(std::move(m));
    }
    if (only.empty()) return fail("--match: no match '" + o.match + "' (there are:" + ids + ")");
    matches = std::move(only);
  }
  return true;
}

// Plays the matches, --jobs at once, into `rep` in the run's order; a match
// not started because arbiter was interrupted (or, with --fail-fast, after a
// failing one) is listed as skipped.
void PlayAll(const CheckBotOptions& o, const Prepared& p, std::vector<harness::MatchSpec>& matches,
             harness::RunProgress& progress, report::RunReport& rep, std::ostream& err,
             const EnvFactory& make_env) {
  // --jobs N plays N matches at once, each worker with an Env of its own;
  // the results come back in the run's order (arbiter.run.split).
  const int jobs = std::max(1, o.jobs);
  const harness::Progress callback = progress.Callback();  // safe from any worker
  std::vector<std::string> ids;
  for (const auto& m : matches) ids.push_back(m.id);
  struct Worker {
    std::unique_ptr<harness::Env> env;
  };
  using Played = std::optional<harness::MatchResult>;
  int found = 0;
  FirstTurnEnds first_turn_ends;  // arbiter.referee-run.framing
  const size_t consumed = harness::PlayInOrder<Worker, Played>(
      jobs, matches.size(),
      [&](Worker& w, size_t i) -> Played {
        if (harness::Interrupted()) return std::nullopt;  // start nothing more
        if (!w.env) w.env = make_env();
        return PlayDecided(*w.env, std::move(matches[i]), p, callback);
      },
      [&](size_t i, Played r) {
        if (!r) {
          rep.skipped.push_back(ids[i]);
          return true;
        }
        bool failed = false;
        for (const auto& f : r->findings) failed = failed || f.severity == harness::Severity::kFail;
        found += static_cast<int>(r->findings.size());
        WriteLog(o, rep, *r, err);  // before a passing match's transcript is dropped
        WriteTranscript(o, rep, *r, err);
        first_turn_ends.Count(*r);
        rep.Add(std::move(*r));
        progress.Finished(found);
        return !failed || !o.fail_fast;
      });
  for (size_t j = consumed; j < matches.size(); ++j) rep.skipped.push_back(ids[j]);
  if (!harness::Interrupted()) first_turn_ends.Judge(p, rep);
}

}  // namespace

int RunCheckBot(const CheckBotOptions& o, std::ostream& out, std::ostream& err,
                const EnvFactory& env_factory) {
  const EnvFactory make_env = env_factory ? env_factory : [] { return harness::MakeRealEnv(); };
  if (o.bot.empty()) return Usage(err, "check-bot", "give the bot's command after '--'");
  // Bounded so that a typo fails here, not after gigabytes (arbiter.cli.bad-input).
  if (o.games && (*o.games < 0 || *o.games > kMaxGames))
    return Usage(err, "check-bot", "--games must be between 0 and " + std::to_string(kMaxGames));
  if (o.games && static_cast<long long>(*o.games) * std::max(1, o.depth) > kMaxGames)
    return Usage(err, "check-bot",
                 "--games times --depth must be at most " + std::to_string(kMaxGames));
  if (o.fail_fast && o.keep_going)
    return Usage(err, "check-bot", "--fail-fast and --keep-going: give one");
  Prepared p;
  if (!Prepare(o, "check-bot", p, err)) return 2;
  if (!CheckOutputFiles(OutputFiles(o), o.bot, "check-bot", err)) return 2;
  MatchPlan plan;
  if (!(p.referee ? BuildRefereePlan(o, p, plan, err) : BuildPlan(o, p, plan, err))) return 2;
  // A run that checks nothing must not say PASS (arbiter.cli.exit-status).
  if (plan.matches.empty())
    return Usage(err, "check-bot",
                 "nothing to check: --games 0, --no-whole-games and no edge state "
                 "(--no-edge-cases, or the game has none) leave no match to run");
  // A bot the system cannot execute is the set-up, not a finding.
  if (const std::string why = harness::StartProblem(o.bot, "the bot"); !why.empty())
    return Usage(err, "check-bot", why);
  if (!Narrow(o, plan.matches, err)) return 2;
  if (!PrepareLogDir(o, "check-bot", err) || !PrepareTranscriptsDir(o, "check-bot", err)) return 2;
  ResolveRefereeStart(*make_env(), p, o.seed);
  report::RunReport rep = NewReport(o, p, "check-bot");
  rep.bot = o.bot;
  rep.planned_seats = plan.seats;
  harness::RunProgress progress(o.quiet, err, "check-bot",
                                static_cast<long long>(plan.matches.size()), "matches");
  if (o.calibrate && !harness::Interrupted()) rep.calibration = Calibrate(*make_env(), p.config);
  PlayAll(o, p, plan.matches, progress, rep, err, make_env);
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  WriteInputFiles(rep, o.repro_dir, err);
  NoteUnrepeatable(p, rep);
  return Finish(o, rep, out, err);
}

// The `check-bot` subcommand and its options, into `o`.
CLI::App* AddCheckBotCommand(CLI::App& app, CheckBotOptions& o) {
  auto* c = app.add_subcommand(
      "check-bot",
      "Check a bot against the protocol: arbiter check-bot [options] -- BOT [ARGS...]");
  AddRunOptions(*c, o);
  c->add_option("--games", o.games,
                "Number of short games against hostile players (default 4; for a game with "
                "rule variants, one per variant and seat, e.g. 8 for Wondev Woman's four "
                "leagues; at most " +
                    std::to_string(kMaxGames) +
                    "); the whole games, one per seat and variant, come on top")
      ->check(IntIn(0, kMaxGames));
  c->add_flag("--keep-going", o.keep_going,
              "Run every match even after a failing one (the default)");
  c->add_flag("--fail-fast", o.fail_fast, "Stop at the first failing match");
  c->add_flag("!--no-whole-games", o.whole_games,
              "Skip the whole games (one per seat and variant, played to the game's end); "
              "the verdict says when no game of a seat then reaches its end");
  c->add_option("--turns", o.turns,
                "Stop every match after this many turns (the verdict says when no seat "
                "then reaches a game's end)")
      ->check(IntIn(1, 1000000));
  c->add_option("--match", o.match, "Run only this match (game-2, edge-stunned, ...)");
  c->add_option("--shard", o.shard,
                "Run only shard I of N of the matches (I/N: every Nth from the Ith), for "
                "one job of N; arbiter merge-reports combines their --json reports");
  c->add_option("--jobs", o.jobs,
                "Matches played at once; the report is in the run's order whatever the "
                "number (default 1: bots that share cores can make each other late)")
      ->default_val(1)
      ->check(IntIn(1, 64));
  c->add_flag("!--no-edge-cases", o.edge_cases, "Skip the edge states");
  c->add_flag("!--no-calibration", o.calibrate, "Skip the harness self-calibration");
  c->add_option("--depth", o.depth,
                "Search harder: N times the games, and each edge state played on to the "
                "game's end N-1 more times (1-20)")
      ->default_val(1)
      ->check(IntIn(1, 20));
  c->add_option("--repro-dir", o.repro_dir,
                "Where the whole input stream of each finding is written, to pipe into the bot")
      ->default_val("arbiter-repro");
  AddRefereeRunOptions(*c, o.through, true);
  c->add_option("bot", o.bot, "The bot's command and arguments, after '--'");

  return c;
}

// The hidden `echo-bot` subcommand: the calibration bot.
CLI::App* AddEchoBotCommand(CLI::App& app) {
  auto* c = app.add_subcommand("echo-bot", "");
  c->group("");
  return c;
}

}  // namespace arbiter::cli

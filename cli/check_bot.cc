// `arbiter check-bot` (see check_bot.h): the matches it runs, in order:
//   game-1..game-N  seeded full games, the bot in seat (i-1) % players, against
//                   the game's built-in players in rotating combinations, and
//                   for a game whose register lists "check_variants" (rule
//                   sets, e.g. Wondev Woman's leagues) each in turn, once
//                   per seat;
//   edge-<name>     the game's edge states (core/game.h EdgeCase), each given
//                   to a fresh bot after its handshake, then a few more turns.
// Before them, the harness measures its own round-trip overhead with the
// built-in echo bot, and reports it with the results.
#include "check_bot.h"

#include <unistd.h>

#include <fstream>
#include <iostream>

#include "command_line.h"
#include "core/game.h"
#include "interrupt.h"
#include "run_common.h"

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

std::string Reproduce(const CheckBotOptions& o, const Prepared& p, int games,
                      const std::string& match) {
  std::string cmd =
      "arbiter check-bot --game " + o.game + " --profile " + std::string(p.profile->name);
  if (o.ready_ms) cmd += " --ready-ms " + std::to_string(*o.ready_ms);
  if (o.action_ms) cmd += " --action-ms " + std::to_string(*o.action_ms);
  for (const std::string& r : o.rules) cmd += " --rule " + harness::QuoteArg(r);
  cmd += " --seed " + std::to_string(o.seed) + " --games " + std::to_string(games) + " --match " +
         match + " -- " + harness::QuoteCommand(o.bot);
  return cmd;
}

// A copy of a match not yet played, to play it again.
harness::MatchSpec CopyOf(const harness::MatchSpec& m) {
  harness::MatchSpec c;
  c.id = m.id;
  c.description = m.description;
  c.state = m.state->Clone();
  c.seats = m.seats;
  c.seed = m.seed;
  c.policy_seed = m.policy_seed;
  c.max_turns = m.max_turns;
  c.reproduce = m.reproduce;
  return c;
}

// Plays a match; when only the machine's load made an answer late
// (timing.inconclusive) and nothing else failed, plays it once more, the
// same seed, and the second run decides (arbiter.timing.load). When the
// second run is clean, the first run's findings stay as notes.
harness::MatchResult PlayDecided(harness::Env& env, harness::MatchSpec m, const Prepared& p,
                                 const harness::Progress& progress) {
  harness::MatchSpec again = CopyOf(m);
  harness::MatchResult first = harness::RunMatch(env, std::move(m), p.config, p.catalog, progress);
  bool failed = false;
  for (const auto& f : first.findings) failed = failed || f.severity == harness::Severity::kFail;
  if (!first.timing_inconclusive || failed || first.interrupted || harness::Interrupted())
    return first;
  harness::MatchResult second =
      harness::RunMatch(env, std::move(again), p.config, p.catalog, progress);
  if (second.interrupted) return first;
  second.replayed = "played again: the first run had an answer made late by the machine's load";
  if (!second.timing_inconclusive) {
    for (harness::Finding f : first.findings) {
      if (f.check != "timing.inconclusive") continue;
      f.severity = harness::Severity::kInfo;
      f.message += "; the second run of the match decided it";
      second.findings.push_back(std::move(f));
    }
  }
  return second;
}

}  // namespace

int RunCheckBot(const CheckBotOptions& o, std::ostream& out, std::ostream& err) {
  if (o.bot.empty()) return Usage(err, "check-bot", "give the bot's command after '--'");
  if (o.games && *o.games < 0) return Usage(err, "check-bot", "--games must be 0 or more");
  Prepared p;
  if (!Prepare(o, "check-bot", p, err)) return 2;
  const GameInfo& game = *p.game;
  // The rule variants the games cycle through, unless the user set one of
  // their rules (then every game uses the user's rules alone).
  std::vector<std::vector<std::pair<std::string, std::string>>> variants = p.check_variants;
  for (const auto& variant : p.check_variants)
    for (const auto& [key, value] : variant)
      for (const auto& [user_key, user_value] : p.rules)
        if (key == user_key) variants.clear();
  if (variants.empty()) variants.push_back({});
  std::string error;
  const int players = game.new_game(o.seed, p.rules, error)->num_players();
  const int games =
      o.games.value_or(variants.size() > 1 ? static_cast<int>(variants.size()) * players : 4);
  std::vector<harness::MatchSpec> matches;
  for (int i = 0; i < games; ++i) {
    harness::MatchSpec m;
    m.id = "game-" + std::to_string(i + 1);
    m.seed = o.seed + i;
    const auto& variant = variants[(i / players) % variants.size()];
    auto rules = p.rules;
    rules.insert(rules.end(), variant.begin(), variant.end());
    m.state = game.new_game(*m.seed, rules, error);
    if (!m.state) return Usage(err, "check-bot", "rule variant: " + error);
    const int seat = i % players;
    const auto opponents = Opponents(game, i);
    m.seats.resize(players);
    std::string desc = "seed " + std::to_string(*m.seed);
    for (const auto& [key, value] : variant) desc += ", " + key + "=" + value;
    desc += ", bot in seat " + std::to_string(seat);
    for (int s = 0, k = 0; s < players; ++s) {
      if (s == seat) {
        m.seats[s].argv = o.bot;
      } else {
        m.seats[s].policy = opponents[k++ % opponents.size()];
        desc += ", " + m.seats[s].policy + " in seat " + std::to_string(s);
      }
    }
    m.description = desc;
    m.policy_seed = *m.seed;
    matches.push_back(std::move(m));
  }
  if (o.edge_cases && game.edge_cases) {
    for (EdgeCase& e : game.edge_cases()) {
      harness::MatchSpec m;
      m.id = "edge-" + e.name;
      m.description = e.description + " (" + e.clause + ")";
      m.state = std::move(e.state);
      const int players = m.state->num_players();
      m.seats.resize(players, harness::Seat{{}, std::string(game.policies.front())});
      m.seats[e.seat].argv = o.bot;
      m.max_turns = 3 * players;  // the edge turn, then two more rounds
      m.policy_seed = o.seed;
      matches.push_back(std::move(m));
    }
  }
  if (!o.match.empty()) {
    std::string ids;
    std::vector<harness::MatchSpec> only;
    for (auto& m : matches) {
      ids += " " + m.id;
      if (m.id == o.match) only.push_back(std::move(m));
    }
    if (only.empty())
      return Usage(err, "check-bot", "--match: no match '" + o.match + "' (there are:" + ids + ")");
    matches = std::move(only);
  }
  for (auto& m : matches) m.reproduce = Reproduce(o, p, games, m.id);

  report::RunReport rep = NewReport(o, p, "check-bot");
  rep.bot = o.bot;
  auto env = harness::MakeRealEnv();
  Progress progress(o.quiet, err);
  if (o.calibrate && !harness::Interrupted()) rep.calibration = Calibrate(*env, p.config);
  for (size_t i = 0; i < matches.size(); ++i) {
    if (harness::Interrupted()) {  // start nothing more
      for (size_t j = i; j < matches.size(); ++j) rep.skipped.push_back(matches[j].id);
      break;
    }
    rep.matches.push_back(PlayDecided(*env, std::move(matches[i]), p, progress.Callback()));
    bool failed = false;
    for (const auto& f : rep.matches.back().findings)
      failed = failed || f.severity == harness::Severity::kFail;
    if (failed && !o.keep_going) {
      for (size_t j = i + 1; j < matches.size(); ++j) rep.skipped.push_back(matches[j].id);
      break;
    }
  }
  rep.interrupt_signal = harness::InterruptSignal();
  progress.Clear();
  return Finish(o, rep, out, err);
}

}  // namespace arbiter::cli

// What the session tests ask of a match result: the jc2015 check catalog
// (and that of a game through a real referee),
// the first finding of a check, and the list of checks for failure messages.
#pragma once

#include <string>

#include "checks/findings.h"
#include "checks/session.h"
#include "core/game.h"
#include "report/registers.h"
#include "testing/fake_env.h"

namespace arbiter::harness::testing {

inline const CheckCatalog& Jc2015Catalog() {
  static const CheckCatalog catalog =
      CatalogFromRegister(nlohmann::json::parse(report::RegisterJson("jc2015")));
  return catalog;
}

// The checks of a game played through a real referee, with no engine.
inline const CheckCatalog& RunCatalog() {
  static const CheckCatalog catalog = CatalogFromRegister(
      nlohmann::json::parse(report::RegisterJson("arbiter")), "referee_run_checks");
  return catalog;
}

// A 40-turn jc2015 match of seed 1: the bot (scripted by `script`) in seat
// 0, idle built-in players elsewhere, READY and 100 ms limits unless `cfg`
// says otherwise for the rest.
// The match of PlayJc2015, for tests that play it under their own config.
inline MatchSpec Jc2015Match(int seat = 0) {
  MatchSpec spec;
  spec.id = "game-1";
  std::string error;
  spec.side = EngineSide::Of(FindGame("jc2015")->new_game(1, {}, error));
  spec.seats.resize(4, Seat{{}, "idle"});
  spec.seats[seat].argv = {"./bot"};
  spec.seed = 1;
  spec.max_turns = 40;
  spec.reproduce = "arbiter check-bot --match game-1 -- ./bot";
  return spec;
}

inline MatchResult PlayJc2015(FakeEnv& env, FakeScript script, SessionConfig cfg = {}) {
  cfg.ready_line = "READY";
  cfg.first_action_ms = cfg.action_ms = 100;
  env.scripts.push_back(std::move(script));
  return RunMatch(env, Jc2015Match(), cfg, Jc2015Catalog());
}

inline const Finding* Find(const MatchResult& r, const std::string& check) {
  for (const Finding& f : r.findings)
    if (f.check == check) return &f;
  return nullptr;
}

inline std::string Checks(const MatchResult& r) {
  std::string out;
  for (const Finding& f : r.findings) out += f.check + " ";
  return out;
}

}  // namespace arbiter::harness::testing

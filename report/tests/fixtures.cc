// The report fixtures (fixtures.h). Games are played by the jc2015 engine
// through the uniform API, with fixed seeds, policies and times.
#include "report/tests/fixtures.h"

#include "core/check.h"
#include "core/game.h"
#include "core/parse.h"
#include "core/rng.h"
#include "report/registers.h"
#include "report/spec_report.h"

namespace arbiter::report::testing {
namespace {

const GameInfo& Jc2015() { return *FindGame("jc2015"); }

RunReport Header(const std::string& tool) {
  RunReport r;
  r.tool = tool;
  r.game = "jc2015";
  r.profile = "ja";
  r.ready_ms = 1000;
  r.first_action_ms = 100;
  r.action_ms = 100;
  r.seed = 7;
  return r;
}

// Plays `turns` turns of seed `seed`, seat 0 with the hunter policy, and records them
// as the bot in seat 0 saw them (the other seats play at random).
harness::MatchResult Play(const std::string& id, uint64_t seed, int turns) {
  std::string error;
  auto state = Jc2015().new_game(seed, {}, error);
  harness::MatchResult m;
  m.id = id;
  m.description = "full game, seed " + std::to_string(seed) + ", bot in seat 0";
  m.seed = seed;
  m.initial_state = state->Serialize();
  Rng rng(seed);
  for (int t = 0; t < turns && !state->IsTerminal(); ++t) {
    harness::TurnRecord rec;
    rec.turn = state->turn();
    rec.player = state->current_player();
    if (state->CurrentPlayerReceivesInput()) rec.input = state->InputText(rec.player);
    rec.answer = *state->BuiltinAnswer(rec.player == 0 ? "hunter" : "random", rng);
    if (rec.player == 0) {
      rec.elapsed_ms = 3.0 + (t * 7 % 23) * 0.5;  // fixed, spread for the histogram
      m.latencies_ms.push_back(*rec.elapsed_ms);
    }
    rec.events = state->ApplyLine(rec.answer);
    m.turns.push_back(std::move(rec));
  }
  m.turns_played = static_cast<int>(m.turns.size());
  m.game_over = state->IsTerminal();
  m.winner = state->Winner();
  return m;
}

harness::CheckInfo Check(const harness::CheckCatalog& catalog, const std::string& id) {
  return *catalog.Find(id);
}

}  // namespace

RunReport ThirtyIdenticalWarningsReport() {
  RunReport r = Header("check-bot");
  r.bot = {"./my-bot"};
  r.command = "arbiter check-bot --seed 7 --games 32 -- ./my-bot";
  const auto reg = nlohmann::json::parse(RegisterJson("jc2015"));
  const harness::CheckCatalog catalog = harness::CatalogFromRegister(reg);
  for (const auto& c : reg["checks"]) r.checks.push_back(Check(catalog, c["id"]));
  for (int g = 1; g <= 32; ++g) {
    const std::string id = "game-" + std::to_string(g);
    harness::MatchResult m = Play(id, 6 + g, 12);
    size_t own = 0;
    while (own < m.turns.size() && (m.turns[own].player != 0 || m.turns[own].input.empty())) ++own;
    ARBITER_CHECK(own < m.turns.size(), "the fixture game has no turn of seat 0");
    harness::Finding f;
    f.match = id;
    f.seed = 6 + g;
    f.seat = 0;
    f.turn = m.turns[own].turn;
    f.reproduce = "arbiter check-bot --seed 7 --games 32 --match " + id + " -- ./my-bot";
    if (g <= 30) {  // the same warning everywhere, after a long input
      f.check = "action.whitespace";
      f.form = "around the answer";
      f.severity = harness::Severity::kWarn;
      f.message = "the answer \"u\" is lowercase; the letter is read as U on turn " +
                  std::to_string(f.turn);
      f.received = "u\\n";
      f.input = m.turns[own].input;
      for (int k = 0; k < 40; ++k) f.input += "debug line " + std::to_string(k) + "\n";
      f.input_file = "arbiter-repro/" + id + ".seat0.turn" + std::to_string(f.turn) + ".in";
      f.advice = "print the letter in upper case";
    } else if (g == 31) {
      f.check = "process.no-exit-on-eof";
      f.form = "at the end of the game";
      f.severity = harness::Severity::kInfo;
      f.message = "the bot did not exit within 1000 ms of its input ending; it was terminated";
    } else {
      f.check = "process.crash";
      f.form = "exited before the game ended";
      f.message = "the bot exited with status 3 on turn " + std::to_string(f.turn);
      f.stderr_tail = "Traceback (most recent call last):\nIndexError: list index out of range";
    }
    f.clause = catalog.Find(f.check)->clause;
    m.findings.push_back(f);
    m.seat_plays = {{0, 3, 250, false}};
    r.matches.push_back(std::move(m));
  }
  r.planned_seats = {{"", 0}};
  FillClausesFromChecks(r, {reg, nlohmann::json::parse(RegisterJson("arbiter"))});
  return r;
}

RunReport FailingCheckBotReport() {
  RunReport r = Header("check-bot");
  r.bot = {"./my-bot", "--fast"};
  r.command = "arbiter check-bot --seed 7 -- ./my-bot --fast";
  const auto reg = nlohmann::json::parse(RegisterJson("jc2015"));
  const harness::CheckCatalog catalog = harness::CatalogFromRegister(reg);
  for (const auto& c : reg["checks"]) r.checks.push_back(Check(catalog, c["id"]));
  r.calibration = Calibration{200, 0.05, 0.12, 0.3};
  harness::MatchResult m = Play("game-1", 7, 80);
  // The bot's own turns (seat 0): the findings are on its 2nd, 4th and 10th.
  std::vector<size_t> own;
  for (size_t i = 0; i < m.turns.size(); ++i)
    if (m.turns[i].player == 0 && !m.turns[i].input.empty()) own.push_back(i);
  ARBITER_CHECK(own.size() >= 10, "the fixture game is too short");
  const size_t i_bad = own[9], i_late = own[3], i_ws = own[1];
  m.turns[i_bad].answer = "X";
  m.turns[i_bad].stderr_lines = "thinking...\nchose X\n";
  harness::Finding bad;
  bad.check = "action.invalid";
  bad.clause = catalog.Find("action.invalid")->clause;
  bad.match = "game-1";
  bad.seed = 7;
  bad.seat = 0;
  bad.turn = m.turns[i_bad].turn;
  bad.message = "the answer \"X\" is not one of U, R, D, L, A, N";
  bad.received = "X\\n";
  bad.input = m.turns[i_bad].input;
  bad.stderr_tail = "thinking...\nchose X";
  bad.advice = "print exactly one command letter per turn";
  bad.reproduce = "arbiter check-bot --seed 7 --match game-1 -- ./my-bot --fast";
  m.findings.push_back(bad);
  harness::Finding late = bad;
  late.check = "action.deadline";
  late.clause = catalog.Find("action.deadline")->clause;
  late.turn = m.turns[i_late].turn;
  late.elapsed_ms = 131.5;
  late.limit_ms = 100;
  late.message = "answered after 131.5 ms; the limit is 100 ms";
  late.received = "U\\n";
  late.input = m.turns[i_late].input;
  late.advice = "answer sooner: the limit counts from the last byte of the input";
  m.findings.push_back(late);
  harness::Finding ws = bad;
  ws.check = "action.whitespace";
  ws.clause = catalog.Find("action.whitespace")->clause;
  ws.severity = harness::Severity::kWarn;
  ws.turn = m.turns[i_ws].turn;
  ws.message = "the answer \"N\\r\" has whitespace around the command";
  ws.received = "N\\r\\n";
  ws.input = m.turns[i_ws].input;
  ws.advice = "print the letter alone";
  ws.occurrences = 3;
  m.findings.push_back(ws);
  m.usage = {{0, 41 * 1024 + 307, 2140.0}};
  // The bot in seat 0 played 20 of its own turns and failed there: the run,
  // stopped at that failing match (--fail-fast), covers no seat to an end.
  m.seat_plays = {{0, 20, 250, false}};
  r.matches.push_back(std::move(m));
  r.planned_seats = {{"", 0}, {"", 1}, {"", 2}, {"", 3}};
  r.skipped = {"game-2", "game-3", "game-4"};
  r.environment = {"PATH=/usr/bin:/bin", "HOME=(a fresh empty folder per bot, removed after it)",
                   "TMPDIR=(HOME)/tmp", "LANG=C.UTF-8"};
  r.memory_limits = "resident memory limit 2048 MB per bot (--memory-mb), CPU time 120 s";
  FillClausesFromChecks(r, {reg, nlohmann::json::parse(RegisterJson("arbiter"))});
  return r;
}

RunReport RefereeDivergenceReport() {
  RunReport r = Header("fuzz-referee");
  r.command = "arbiter fuzz-referee --seed 7 --referee './referee {bot0} {bot1} {bot2} {bot3}'";
  const auto arbiter_reg = nlohmann::json::parse(RegisterJson("arbiter"));
  const auto game_reg = nlohmann::json::parse(RegisterJson("jc2015"));
  const harness::CheckCatalog catalog = harness::CatalogFromRegister(arbiter_reg);
  for (const auto& c : arbiter_reg["checks"]) r.checks.push_back(Check(catalog, c["id"]));
  for (const auto& c : game_reg["clauses"])
    r.checks.push_back({c["id"], c["id"], harness::Severity::kFail, c["summary"]});
  harness::MatchResult m = Play("game-1", 11, 24);
  for (auto& t : m.turns) t.elapsed_ms.reset();
  m.latencies_ms.clear();
  m.description = "referee seed 11, swarm 0x2f, targeted";
  // The referee's message on the last turn with an input: block B[2][3] off.
  while (!m.turns.empty() && m.turns.back().input.empty()) m.turns.pop_back();
  ARBITER_CHECK(m.turns.size() > 10, "the fixture game is too short");
  m.turns_played = static_cast<int>(m.turns.size());
  m.messages_compared = m.turns_played;
  harness::TurnRecord& last = m.turns.back();
  std::string expected = last.input;
  std::string actual = expected;
  size_t line_start = 0;
  for (int i = 0; i < 4; ++i) line_start = actual.find('\n', line_start) + 1;  // id, T, B[0], B[1]
  const size_t field = line_start + 6;                                         // B[2][3]
  actual.replace(field, 1, actual[field] == '0' ? "2" : "0");
  last.input = actual;
  harness::Finding d;
  d.check = "referee.divergence";
  d.clause = "jc2015.fall.timing";
  d.match = "game-1";
  d.seed = 11;
  d.seat = last.player;
  d.turn = last.turn;
  d.message = "a block timer differs: B[2][3] expected " + std::string(1, expected[field]) +
              ", the referee sent " + std::string(1, actual[field]);
  d.received = EscapeBytes(actual);
  d.input = expected;
  d.advice =
      "the divergence needs 3 non-trivial answer(s) over 24 turns (shrunk in 17 referee runs)";
  d.reproduce =
      "arbiter fuzz-referee --seed 11 --referee './referee {bot0} {bot1} {bot2} {bot3}' "
      "--replay arbiter-repro/1-jc2015-fall-timing.json";
  m.findings.push_back(d);
  r.matches.push_back(std::move(m));
  // arbiter.referee.edges: one clause exercised, one partly, one never.
  r.rule_edges = {{"jc2015.attack.line", {"attack-stops-at-scheduled", "attack-own-block"}, {}},
                  {"jc2015.attack.stun", {"stunned-may-move"}, {"stun-one-turn-short"}},
                  {"jc2015.end.turn-limit", {}, {"extra-last-turn"}}};
  r.rule_edge_games = 1;
  FillClausesFromChecks(r, {game_reg, arbiter_reg});
  return r;
}

RunReport SpecReportWithResults() {
  const auto reg = nlohmann::json::parse(RegisterJson("jc2015"));
  TestResults results;
  results.tests["Move.AfterAMoveThePlayerFacesTheDirectionItMoved"] = {"pass", ""};
  results.tests["Attack.AnAttackSchedulesEveryBlockAheadToTheEdgeButNotItsOwnBlock"] = {
      "fail",
      "attack_test.cc:42: Expected equality of these values:\n  B[2][3]\n    Which is: 0\n  3"};
  results.files = {"build/test-results.xml"};
  RunReport r = BuildSpecReport(reg, results);
  r.command = "arbiter spec --game jc2015 --results build/test-results.xml";
  return r;
}

RunReport PassingPlayReport() {
  RunReport r = FailingCheckBotReport();
  r.tool = "play";
  r.command = "arbiter play --seed 7 --games 1 --bot ./my-bot --bot builtin:idle";
  r.keep_passing_replays = true;
  harness::MatchResult passing = r.matches.front();
  passing.findings.clear();
  r.matches.clear();
  r.Add(passing);
  r.standings = {{"./my-bot --fast", 1, 0, 0, 0}, {"builtin:idle", 0, 0, 1, 0}};
  return r;
}

}  // namespace arbiter::report::testing

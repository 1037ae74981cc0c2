// What fuzz-referee makes of one game's result (fuzz_findings.h): its
// record as a match, a reading a game adopted taken for the run, a
// reproducer written and replayed, a stop judged by the machine's load, and
// a divergence in words.
#include "referee/fuzz_findings.h"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "checks/silence.h"
#include "referee/explanation.h"

namespace arbiter::harness {

MatchResult MatchOf(const std::string& id, const RefereeGamePlan& plan,
                    const RefereeGameResult& r) {
  MatchResult m;
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
    TurnRecord t;
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
    TurnRecord t;
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
  for (const RefereeFault& f : r.faults) m.unknowable |= f.check == "referee.unknowable";
  m.game_over = r.game_over;
  m.winner = r.winner;
  return m;
}

bool AdoptableForRun(const std::vector<std::string>& adopted, const ReadingFound& reading,
                     std::string& narrowed) {
  const std::string key = reading.reading.key + "=";
  for (const std::string& a : adopted) {
    if (a.rfind(key, 0) != 0 || a == key + reading.reading.value) continue;
    if (a.substr(key.size()) != reading.from) return false;
    narrowed = a;
  }
  return true;
}

namespace {

// A recorded or drawn value, short enough for a sentence.
std::string Capped(std::string s) {
  if (s.size() > 100) s = s.substr(0, 97) + "...";
  return s;
}

}  // namespace

std::string NotReproduced(const nlohmann::json& doc, const RefereeGameResult& r) {
  const auto expect = doc.find("expect");
  if (expect == doc.end() || !expect->is_object()) return "";
  const std::string signature = expect->value("signature", "");
  for (const std::string& seen : Signatures(r))
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

std::string StopFinding(const CheckCatalog& catalog, Finding& f, const RefereeGameResult& shown,
                        bool reproduced, int confirm_runs, int repeats, int limit_ms) {
  StopEvidence e;
  if (!shown.stopped_by_referee.empty()) e = shown.stopped_by_referee.front().evidence;
  const bool busy = JudgeUnrepeatedStop(e, limit_ms) == StopVerdict::kBusyMachine;
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
        std::to_string(limit_ms) + " ms limit (" + LoadFigures(e) + "): " + what +
        "; undecided between a referee that stops bots answering in time and the "
        "machine's load, so not a rule failure";
    f.advice = "run it again on a quieter machine, or with fewer --jobs, to decide";
    return "referee.undecided";
  }
  if (busy) {
    f.check = "referee.busy";
    f.severity = catalog.Require(f.check).severity;
    f.message = "the machine was too busy for the referee's " + std::to_string(limit_ms) +
                " ms limit (" + LoadFigures(e) + "): " + what + again +
                "; not a rule bug, and the rest of the game was compared with that bot stopped";
    f.advice = "run with fewer --jobs or on a quieter machine, or give the referee a longer limit";
    return "referee.busy";
  }
  f.check = "referee.flaky";
  f.severity = catalog.Require(f.check).severity;
  f.message = "a stop the same answers do not repeat, on a machine that was not busy (" +
              LoadFigures(e) + "; a race in the referee's timing?): " + what + again;
  return "referee.flaky|stopped";
}

std::string DivergenceField(const Divergence& d) {
  return d.field + " expected " + d.expected + ", the referee sent " + d.actual;
}

std::string DivergenceSentence(const Divergence& d) {
  const std::string shown = DivergenceField(d);
  if (!d.deviation.empty()) return d.message + ": " + shown;  // its words, and what showed it
  std::string out = d.message + ": " + shown;
  if (d.changes_tried > 0)
    out += "; no single rule change arbiter tried (" + std::to_string(d.changes_tried) +
           " readings and deviations) explains it";
  // The likeliest few, not every rule the game played: the finding's clause
  // is the first.
  constexpr size_t kShown = 3;
  if (d.clauses.size() > 1) {
    out += " (clauses, most likely first:";
    for (size_t i = 0; i < d.clauses.size() && i < kShown; ++i) out += " " + d.clauses[i];
    if (d.clauses.size() > kShown)
      out += "; " + std::to_string(d.clauses.size() - kShown) + " more the game played";
    out += ")";
  }
  return out;
}

}  // namespace arbiter::harness

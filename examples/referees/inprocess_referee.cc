// libjc2015_referee.so: the JavaChallenge2015 referee in-process, behind the
// C ABI of harness/arbiter_referee.h. A host (a referee tester, a contest
// server, a binding in another language) dlopens it and drives the game turn
// by turn, owning the bots and the clock itself.
//
// It is arbiter's engine built with the test mutants (arbiter_engine_mutants),
// so that a mutant can be chosen: the scenario's rule "mutant" or, when the
// scenario names none, the environment variable ARBITER_REFEREE_MUTANT. With
// neither it is the conformant engine. The library exports only the
// arbiter_referee_* functions; the engine inside it is hidden (see
// examples/CMakeLists.txt), so a host may itself link arbiter's production
// engine without the two ever meeting.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "arbiter_referee.h"
#include "core/game.h"

struct arbiter_referee {
  std::unique_ptr<arbiter::GameState> state;
};

namespace {

constexpr char kMutantVariable[] = "ARBITER_REFEREE_MUTANT";

// snprintf-like: at most cap - 1 bytes and a NUL; returns the full length.
size_t CopyOut(const std::string& text, char* buf, size_t cap) {
  if (buf && cap > 0) {
    const size_t n = std::min(text.size(), cap - 1);
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
  }
  return text.size();
}

arbiter_referee* Fail(const std::string& message, char* error, size_t error_cap) {
  CopyOut("arbiter_referee_create: " + message, error, error_cap);
  return nullptr;
}

arbiter_referee* Create(const char* scenario_json, char* error, size_t error_cap) {
  if (!scenario_json) return Fail("the scenario is NULL", error, error_cap);
  nlohmann::json doc = nlohmann::json::parse(scenario_json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Fail("the scenario is not valid JSON", error, error_cap);
  if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_string())
    return Fail("the scenario needs \"game\": \"jc2015\"", error, error_cap);
  const std::string name = doc["game"].get<std::string>();
  const arbiter::GameInfo* game = arbiter::FindGame(name);
  if (!game) return Fail("unknown game '" + name + "'", error, error_cap);
  arbiter::ScenarioOptions options;
  const char* env = std::getenv(kMutantVariable);
  const bool scenario_names_mutant =
      doc.contains("rules") && doc["rules"].is_object() && doc["rules"].contains("mutant");
  if (env && *env && !scenario_names_mutant) options.rules.emplace_back("mutant", env);
  arbiter::ScenarioError why;
  std::optional<arbiter::Scenario> scenario = game->load_scenario(doc, options, why);
  if (!scenario) {
    const std::string field = why.field == "--rule mutant" ? std::string(kMutantVariable)
                                                           : "scenario field '" + why.field + "'";
    return Fail(field + ": " + why.message, error, error_cap);
  }
  auto referee = std::make_unique<arbiter_referee>();
  referee->state = std::move(scenario->initial);
  for (const std::string& line : scenario->actions) {
    if (referee->state->IsTerminal()) break;
    referee->state->ApplyLine(line);
  }
  CopyOut("", error, error_cap);
  return referee.release();
}

}  // namespace

// No exception may cross the C boundary: every entry point catches them all.
extern "C" {

arbiter_referee* arbiter_referee_create(const char* scenario_json, char* error, size_t error_cap) {
  try {
    return Create(scenario_json, error, error_cap);
  } catch (const std::exception& e) {
    return Fail(e.what(), error, error_cap);
  } catch (...) {
    return Fail("unexpected error", error, error_cap);
  }
}

int arbiter_referee_current_player(const arbiter_referee* r) {
  if (!r || r->state->IsTerminal()) return -1;
  return r->state->current_player();
}

int arbiter_referee_receives_input(const arbiter_referee* r) {
  return r && r->state->CurrentPlayerReceivesInput() ? 1 : 0;
}

size_t arbiter_referee_input(const arbiter_referee* r, int player, char* buf, size_t cap) {
  try {
    if (!r || player < 0 || player >= r->state->num_players()) return CopyOut("", buf, cap);
    return CopyOut(r->state->InputText(player), buf, cap);
  } catch (...) {
    return CopyOut("", buf, cap);
  }
}

void arbiter_referee_apply(arbiter_referee* r, const char* line) {
  if (!r || r->state->IsTerminal()) return;
  try {
    if (line)
      r->state->ApplyLine(line);
    else
      r->state->ApplySilence();
  } catch (...) {
    // Only allocation can throw, while describing a turn already played.
  }
}

int arbiter_referee_is_over(const arbiter_referee* r) {
  return r && r->state->IsTerminal() ? 1 : 0;
}

int arbiter_referee_winner(const arbiter_referee* r) { return r ? r->state->Winner() : -1; }

void arbiter_referee_destroy(arbiter_referee* r) { delete r; }

}  // extern "C"

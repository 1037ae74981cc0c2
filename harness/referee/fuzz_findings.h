// What fuzz-referee makes of one game's result, whichever run played it (a
// referee on an engine, or without one): the game's record as a match, a
// reading a game adopted taken for the whole run, a reproducer written and
// its replay judged, a bot the referee stopped judged by the machine's load,
// and a divergence said in words. Plain values in, a finding or a file out:
// the runs of `arbiter fuzz-referee` (cli/) only decide when to call them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checks/findings.h"
#include "checks/session.h"
#include "referee/explanation.h"
#include "referee/referee_fuzz.h"

namespace arbiter::harness {

// Game `id` of plan `plan` as a match of the report: its seed, what the plan
// did to it, its turns (with the diverging message, never answered), and
// how it ended.
MatchResult MatchOf(const std::string& id, const RefereeGamePlan& plan, const RefereeGameResult& r);

// Whether the run adopts a reading a game adopted (arbiter.referee.readings),
// given the readings it adopted so far ("key=value"): yes when it has no
// other value of the option, or when the game was played under that value
// and showed it wrong (then `narrowed` is that "key=value", which the
// reading replaces). A game that started before the run adopted its value
// shows nothing against it: the run keeps it.
bool AdoptableForRun(const std::vector<std::string>& adopted, const ReadingFound& reading,
                     std::string& narrowed);

// A reproducer's replay (arbiter.referee.compared): "" when the divergence
// the reproducer `doc` records ("expect") showed again in `r`; else why
// not, naming the referee's draw when it drew another start than the one
// recorded.
std::string NotReproduced(const nlohmann::json& doc, const RefereeGameResult& r);

// Writes the reproducer of the divergence `shown` (a game whose start is
// known) into `dir`, numbered after `number` (which counts it) and never
// over a file that exists: its start, its answers, and what its replay must
// show again (`expect`, for --replay). Its path.
std::string WriteReproducer(const std::string& dir, int& number, const RefereeGameResult& shown,
                            const std::vector<std::string>& script, const std::string& signature,
                            const std::string& clause);

// arbiter.referee.load: the finding `f` of a bot the referee stopped though
// arbiter answered it (a divergence of kind "stopped"), turned into what the
// re-runs (`confirm_runs` of them, `repeats` showing the stop again) and the
// scheduler say; returns its cause, under which every such stop of the run
// is one entry. Severities are `catalog`'s (the arbiter register's "checks").
std::string StopFinding(const CheckCatalog& catalog, Finding& f, const RefereeGameResult& shown,
                        bool reproduced, int confirm_runs, int repeats, int limit_ms);

// "board expected ..., the referee sent ...": the first differing field.
std::string DivergenceField(const Divergence& d);
// The finding's sentence: the deviation's words when one explains the
// divergence; else the field, and when the game's catalogue was tried, that
// no single rule change of it explains it, with its likeliest clauses.
std::string DivergenceSentence(const Divergence& d);

}  // namespace arbiter::harness

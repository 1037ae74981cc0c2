// Differential testing of a black-box referee that launches bots (the
// engine of `arbiter fuzz-referee`). Arbiter runs the referee with a probe in
// every bot seat, takes as the reference arbiter's own seeded state when the
// first message shows it (else learns the initial state from that message),
// then predicts every message each bot receives with the reference engine and
// compares it, field by field (reference_side.h, shared with the runner
// protocol's driver); it chooses every answer itself (seeded), so a
// game can be replayed from its answers, and a divergence can be shrunk by
// re-running the referee with fewer non-trivial answers (delta debugging).
// When the referee has exited and printed the conventional "RESULT <winner>
// ..." line on stdout (the winner's player index, -1 for a draw), the winner
// must be the reference's; a referee with no RESULT line is not checked there.
// Referee misbehaviour (a crash, a hang, garbage, a bot never started) is a
// fault in the result, never an exception or a hang of arbiter.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/silence.h"
#include "core/game.h"
#include "process/bot_process.h"
#include "referee/referee_template.h"
#include "referee/seed_line_mode.h"

namespace arbiter::harness {

// A reading of an ambiguous rule: a value of one of the game's rule options
// other than the one in use (the alternatives of its register's decision).
struct RuleReading {
  std::string key, value;   // "stun_count", "own-turns"
  std::string clause;       // the clause whose decision the option is
  std::string meaning;      // the value's meaning, for people
  bool is_default = false;  // the value arbiter plays when the option is not set
  // A deviation of the game's catalogue (arbiter.referee.deviations), not a
  // reading: `key` is kDeviationRule, `value` every deviation adopted with
  // this one, and `deviation` its own name. A referee bug, never adopted
  // for the run.
  std::string deviation = {};
  // A deviation that replaces this one the game adopted (it named an
  // earlier divergence of the game, which `deviation` explains as well):
  // one bug, named otherwise, not a second one.
  std::string instead_of = {};
};

// A deviation's finding in its words (arbiter.referee.deviations): what the
// referee does, what the rules say, the rule option that replays `replays`
// (kWholeGame for one game), then, after kShowedAs, what showed it (when
// known; Divergence::showed keeps it apart, so nothing reads it back out of
// the words).
inline constexpr std::string_view kShowedAs = "; it showed as: ";
inline constexpr std::string_view kWholeGame = "every message of the game";
std::string DeviationMessage(const Deviation& dev, std::string_view replays,
                             std::string_view showed);
// Deviations a finding cannot tell from the bug it names, in words: "the
// referee ... (--rule deviation=a); or ... (--rule deviation=b)", the first
// `by_name` of them, then "; and N more of the catalogue".
std::string DeviationsInWords(const std::vector<const Deviation*>& devs, size_t by_name);

// Sets the reading's option in `rules`, replacing every value given before.
inline void Adopt(RuleList& rules, const RuleReading& reading) {
  bool set = false;
  for (auto& [key, value] : rules)
    if (key == reading.key) value = reading.value, set = true;
  if (!set) rules.emplace_back(reading.key, reading.value);
}

// A divergence a reading explains: under the rules before it, the referee's
// message differed (`divergence`); replaying the game's answers under the
// reading, every message the referee sent so far is the reference's.
struct ReadingFound {
  RuleReading reading;
  int turn = -1, seat = -1;
  Divergence divergence;
  // The option's value the game was played under before ("": unset, the
  // text's reading): a run narrows an adopted value only on evidence
  // against it, a game that was played under it.
  std::string from = {};
};

struct RefereeFuzzConfig {
  const GameInfo* game = nullptr;
  // The referee's command, checked (arbiter.referee.template): {bot0}..
  // {botN-1} and {seed} for a referee that launches bots, none but {seed}
  // for a runner-protocol referee.
  RefereeTemplate referee;
  std::vector<std::pair<std::string, std::string>> rules;
  std::chrono::milliseconds game_time_limit{30000};
  int referee_action_ms = 100;  // the referee's per-answer limit, for late answers
  std::string probe_executable;
  Limits limits;            // of the referee's process tree (its bots, arbiter's probes, included)
  Environment env;          // of the referee
  Containment containment;  // the referee's: none unless asked (--sandbox-referee)
  // The runner protocol's "###Seed N" before "###Start P" (seed_line.h):
  // resolved before the games (ResolveRunnerSeedLine).
  SeedLine seed_line = SeedLine::kAuto;
  // The readings a divergence is tried against (arbiter.referee.readings):
  // when one explains it, the game goes on under that reading (adopted) or,
  // with adopt_readings false (--strict-readings), the divergence stands and
  // names the reading.
  std::vector<RuleReading> readings;
  bool adopt_readings = true;
  // Rule options the user set (--rule): never replaced by another reading,
  // since the user said how the referee reads them.
  std::vector<std::string> fixed_rules;
  // Hangs the run has seen, each waited for in full once: a referee that
  // hangs when a bot stalls, or that makes no progress in a game. Later games
  // wait for the same hang only briefly (arbiter.referee.completes). Shared
  // by every game of a run (and its copies), whatever thread plays it.
  struct KnownHangs {
    std::atomic<bool> stall{false}, progress{false};
  };
  std::shared_ptr<KnownHangs> known_hangs = std::make_shared<KnownHangs>();
  // arbiter.referee.edges: the deviations of the game's catalogue some game
  // of the run told apart from the rules (bit i + 1: entry i), shared like
  // known_hangs. A game that ends with every message explained replays
  // itself under each deviation not in here; one under which a message
  // would have differed joins it. nullptr: not measured (a shrink's runs).
  std::shared_ptr<std::atomic<uint64_t>> told_apart = nullptr;
};

struct RefereeGamePlan {
  uint64_t seed = 0;                // substituted for {seed}
  std::vector<std::string> script;  // the answer on each global turn
  bool fuzz_after_script = true;    // then fuzzing answers; otherwise the game's ok_answer
  uint64_t swarm = 0x3f;            // the answer families enabled (RefereeFuzzing::fuzz_answer)
  bool targeted = false;
  uint64_t rng_seed = 0;
  int late_turn = -1;  // on this turn, answer after the referee's limit (it must time out)
  int kill_turn = -1;  // on this turn, kill the bot instead of answering
  // On this turn, the bot writes a line to its stderr without its newline
  // and then never answers again (the referee must stop it and play on).
  int stall_turn = -1;
  // On this turn, the answer is two lines in one write (a game whose
  // register has a reading for extra lines: jc2015.protocol.action.extra-lines).
  int double_turn = -1;
  // Stop the game at a divergence of this signature (Signature): shrinking a
  // divergence that came after a re-synchronisation.
  std::string stop_at;
};

// The plan of game `index` (0, 1, ...) of a fuzzing run from `base_seed`, as
// `arbiter fuzz-referee --seed base_seed` plays them: placement seed
// base_seed + index; swarm testing (each of the six commands enabled with
// probability 3/4, at least one; lowercase, garbage and padding 1/4 each);
// targeted half of the time; a late answer and a killed bot each in 1/6 of
// the games, on a turn in [4, 124). Game i < 9 always enables family i, so
// that every family of every game is tried in the first games of a run.
// Games with neither: game 4k + 2 answers two lines in one write once, on a
// turn in [2, 42), and game 4k + 4 writes a partial stderr line and stalls
// on a turn in [4, 64) (drawn from a stream of their own, so that the rest
// of every plan stays as it was). A family of `steered_families`
// (RefereeFuzzing::steered_families) is enabled in game i = its bit and in one game
// in ten of the others; such a game has no late, killed, stalled or doubled
// answer.
RefereeGamePlan PlanGame(uint64_t base_seed, int index, uint64_t steered_families = 0);

struct RefereeFault {
  std::string check;  // referee.crash, referee.hang, referee.garbage, referee.bot-not-started,
                      // referee.exec-failed
  std::string message;
  int turn = -1;
};

// arbiter.referee.load: a bot the referee stopped though arbiter had
// answered it, and the scheduler's evidence (checks/silence.h).
struct BotStopped {
  int seat = -1, turn = -1;
  StopEvidence evidence;
};

// A divergence seen after the reference was re-synchronised to the state the
// referee showed (arbiter.referee.resync): what RefereeGameResult holds for
// its first divergence.
struct LaterDivergence {
  Divergence divergence;
  int turn = -1, seat = -1;
  std::string expected_text, actual_text;
};

// How long a referee that plays may be silent mid-game: twenty answer
// limits, at least 2 s. A hang the run has seen already is waited for only
// this long; a game the per-game limit cut is a hang only when its referee
// was silent this long before the cut (GameCutFault).
std::chrono::milliseconds KnownProgressPatience(int action_ms);

class Env;
class ReferenceSide;
// The game `side` follows, as the per-game limit cut it (GameCutFault):
// `since_message`, since the referee's last message (none: none came);
// `wait_start_ns`, arbiter's thread's wait for a CPU at the game's start,
// when `sched_valid`.
GameCut CutGame(Env& env, const RefereeFuzzConfig& config, const ReferenceSide& side,
                std::optional<std::chrono::duration<double, std::milli>> since_message,
                bool sched_valid, uint64_t wait_start_ns);

struct RefereeGameResult {
  std::vector<std::string> argv;  // the referee command as run
  std::optional<Divergence> divergence;
  int divergence_turn = -1;
  int divergence_seat = -1;
  std::string expected_text, actual_text;
  std::vector<std::string> answers;  // per global turn played (ok_answer when silent)
  std::vector<TurnLog> history;
  std::vector<std::string> inputs;  // per global turn: the text the player was sent
  std::string scenario;             // the initial state as a scenario (JSON), once learnt
  std::vector<RefereeFault> faults;
  std::string referee_stdout, referee_stderr;
  std::string referee_containment;  // RefereeOutcome::containment
  std::optional<int> exit_code, term_signal;
  bool game_over = false;
  int winner = -1;
  bool interrupted = false;            // arbiter was interrupted: nothing in here is a finding
  std::vector<ReadingFound> readings;  // adopted during the game, in order
  // After the first divergence, when the game's messages show its whole state
  // (Resync::state_from_message), the reference follows the referee's state
  // and the game goes on: every later divergence of another signature, in
  // order.
  std::vector<LaterDivergence> later;
  int resyncs = 0;  // how many times the reference took the referee's state
  // The first message hid what arbiter cannot learn: each message was
  // checked on its own against a stand-in (arbiter.referee.unknowable).
  bool stand_in = false;
  // What the game compared (arbiter.referee.compared): the referee's
  // messages compared with a reference that follows the game, and those
  // only checked on their own against a stand-in (stand_in).
  int compared = 0;
  int checked_alone = 0;
  // Outcomes of chance no message had shown yet, learnt from the message
  // that showed them (arbiter.referee.chance).
  int chance_learnt = 0;
  // Bots the referee stopped though arbiter answered them, in order
  // (arbiter.referee.load); each is also a divergence of kind "stopped".
  std::vector<BotStopped> stopped_by_referee;
  // arbiter.referee.deviations: per deviation adopted in the game (by name),
  // every deviation under which the game's messages matched as well, itself
  // first: what the game's evidence cannot tell apart (a scoring bug and an
  // end bug both show only at the end). The run keeps the ones every game
  // of a finding allows.
  std::map<std::string, std::vector<std::string>> deviation_alternatives;
  // arbiter.referee.edges: the deviations this game told apart from the
  // rules that no game had before it (RefereeFuzzConfig::told_apart).
  uint64_t told_apart = 0;
  // Whether the game was replayed under the deviations: followed to its
  // end, every divergence explained. Else it told apart only those it adopted.
  bool edges_measured = false;
};

// The signatures of every divergence of a result, the first one first.
std::vector<std::string> Signatures(const RefereeGameResult& r);
// The result as if the divergence of signature `signature` were its first:
// that one in `divergence` and its fields (the game is otherwise the same).
RefereeGameResult Focus(RefereeGameResult r, const std::string& signature);

// One game of `plan` against config.referee, on `env`: real processes
// (MakeRealEnv), or the fakes of harness/testing. The one fuzz game
// (fuzz_game.h) under the referee's protocol: RunRefereeGame for a referee
// that launches its bots, RunCgRunnerGame (cg_runner.h) for the runner
// protocol.
RefereeGameResult RunFuzzGame(Env& env, const RefereeFuzzConfig& config,
                              const RefereeGamePlan& plan);
// The same on real processes, on `loop` (fuzz_real_env.cc).
RefereeGameResult RunFuzzGame(EventLoop& loop, const RefereeFuzzConfig& config,
                              const RefereeGamePlan& plan);
// One game of `plan` against the bot-launching referee config.referee (a
// fault, arbiter.error, for any other).
RefereeGameResult RunRefereeGame(Env& env, const RefereeFuzzConfig& config,
                                 const RefereeGamePlan& plan);

// The identity of a divergence for deduplication and shrinking.
std::string Signature(const Divergence& d);

// In a plan's script: the game's neutral answer on that turn
// (RefereeFuzzing::neutral_answer), whatever the state then is.
inline constexpr std::string_view kNeutralAnswer = "\x01neutral";

// The harmless answer, one rule for shrinking, the reference side and the
// reports: a game with a neutral answer puts kNeutralAnswer in a script,
// which the reference side resolves on its turn (the state decides what is
// harmless: Wondev Woman's first listed action); any other game puts its
// ok_answer, harmless on every turn.
std::string HarmlessInScript(const GameInfo& game);
// Whether an answer of a script is the harmless one: not a non-trivial
// answer of a reproducer.
bool IsHarmlessInScript(const GameInfo& game, std::string_view answer);

struct ShrinkResult {
  std::vector<std::string> script;  // the minimal answers, up to the divergence
  std::vector<bool> neutral;        // per answer: a neutral one, put there by shrinking
  RefereeGameResult game;           // the run of that script
  int runs = 0;
  bool reproduced = false;  // the original divergence was seen again
  // Not reproduced because the referee's first message differed on a re-run
  // with the same seed: it draws its start from a source of its own.
  bool nondeterministic = false;
  int confirm_runs = 0;  // re-runs of the original answers made to see it again
  int repeats = 0;       // of those, the ones that did
  // The signature of the divergence shrunk: the original's, or what the same
  // turn shows under the readings the run adopted after the game was played.
  std::string signature;
  // Every signature the reproducer's run showed, in order: a later
  // divergence whose reproducer still shows the game's first one is its
  // symptom, not a bug of its own (arbiter.referee.deviations).
  std::vector<std::string> shown = {};
};

// Plays one game of a plan against the referee under test: RunFuzzGame on
// an Env.
using GameRunner = std::function<RefereeGameResult(const RefereeGamePlan&)>;

// Delta debugging over the answers of a diverging game: replaces as many
// answers as possible by the game's ok_answer while the referee still shows a
// divergence with the same signature (that of `failing.divergence`; call it
// on a Focus for a later one). At most `max_runs` referee runs, each through
// `run`.
ShrinkResult Shrink(const GameRunner& run, const RefereeFuzzConfig& config,
                    const RefereeGamePlan& plan, const RefereeGameResult& failing, int max_runs);
// The same with RunFuzzGame on real processes (fuzz_real_env.cc).
ShrinkResult Shrink(EventLoop& loop, const RefereeFuzzConfig& config, const RefereeGamePlan& plan,
                    const RefereeGameResult& failing, int max_runs);

}  // namespace arbiter::harness

// BareRun (bare_run.h): plays the games of fuzz-referee
// without an engine and judges the referee on what needs no rules
// (arbiter.referee-fuzz.answers): each fault one finding, kept under the key
// of its bug and shrunk to the fewest mutated answers that show it again;
// the same game played twice from its seed and answers; every game ranked.
#include "runs/bare_run.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "core/parse.h"
#include "process/command_line.h"
#include "process/interrupt.h"
#include "referee/recorded_answers.h"
#include "report/registers.h"
#include "runs/run_progress.h"

namespace arbiter::harness {
namespace {

// The error a referee's stderr names first ("IndexError",
// "java.lang.ArrayIndexOutOfBoundsException"); "" when none.
std::string ErrorNamed(const std::string& tail) {
  const auto word_end = [&](size_t at) {
    while (at < tail.size() && (std::isalnum(static_cast<unsigned char>(tail[at])) ||
                                tail[at] == '.' || tail[at] == '_' || tail[at] == '$'))
      ++at;
    return at;
  };
  for (size_t at = 0; at < tail.size();) {
    const size_t start = at, end = word_end(at);
    const std::string word = tail.substr(start, end - start);
    if (word.size() > 5 && (word.ends_with("Error") || word.ends_with("Exception"))) return word;
    at = end == start ? end + 1 : end;
  }
  return "";
}

// `runner`: a runner-protocol referee, whose game ends at ###End:
// cg-brutaltester, the protocol's reference, destroys it there, so one that
// does not exit after it loses no game (a note, Tally), where a referee that
// launches its bots ends its game by exiting (arbiter.referee.completes).
std::optional<BareFault> FaultOf(const Played& g, bool runner) {
  const RefereeOutcome& o = g.r.outcome;
  BareFault f;
  if (!o.fault_check.empty()) {
    f = {o.fault_check, o.fault_check, o.fault};
  } else if (o.exit_hung && !runner) {
    f = {"referee.hang", "referee.hang|end", "the referee " + o.exit_text};
  } else if (!o.leftovers.empty()) {
    f = {"referee.leftover", "referee.leftover", LeftoversText(o)};
  } else {
    return std::nullopt;
  }
  // A JVM whose main thread died while another thread keeps it alive: the
  // referee crashed, though its process did not exit (its trace says so).
  if (f.check == "referee.hang" && !o.exit_hung &&
      o.stderr_tail.find("Exception in thread \"main\"") != std::string::npos) {
    f.check = f.key = "referee.crash";
    f.text = "the referee's main thread died and its process stayed, silent: " + f.text;
  }
  if (f.check == "referee.crash") f.key += "|" + ErrorNamed(o.stderr_tail);
  return f;
}

// "the answer to request 12 (player 1) sent as an empty line"; the seed
// bot's own answers when `at` is empty.
std::string Answers(const std::map<int, AnswerFamily>& at) {
  if (at.empty()) return "the seed bot's own answers, none mutated";
  std::string s;
  for (const auto& [request, family] : at)
    s += (s.empty() ? "" : ", ") + std::string("request ") + std::to_string(request) +
         " answered with " + std::string(FamilyWords(family));
  return s;
}

std::map<int, AnswerFamily> AppliedOf(const Played& g) {
  std::map<int, AnswerFamily> at;
  for (const auto& m : g.r.outcome.mutated) at[m.request] = m.family;
  return at;
}

// Where two plays of one game parted: the first turn whose player or input
// differs, after the same answers; -1 when they did not, or when the seed
// bot answered otherwise first (its own randomness decides nothing here).
int Parted(const MatchResult& a, const MatchResult& b) {
  const size_t n = std::min(a.turns.size(), b.turns.size());
  for (size_t i = 0; i < n; ++i) {
    const TurnRecord &x = a.turns[i], &y = b.turns[i];
    if (x.player != y.player || x.input != y.input) return static_cast<int>(i);
    if (x.answer != y.answer) return -1;
  }
  return a.turns.size() == b.turns.size() ? -1 : static_cast<int>(n);
}

// The first line (from 0) where two inputs differ.
size_t DifferingLine(const std::string& a, const std::string& b) {
  const std::vector<std::string_view> x = SplitOn(a, '\n'), y = SplitOn(b, '\n');
  size_t i = 0;
  while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
  return i;
}

// Line `n` (from 0) of `text`, quoted.
std::string LineOf(const std::string& text, size_t n) {
  const std::vector<std::string_view> lines = SplitOn(text, '\n');
  if (n >= lines.size()) return "(none)";
  return "'" + EscapeBytes(lines[n].substr(0, 120)) + "'";
}

}  // namespace

BareRun::BareRun(const BarePlan& plan, report::RunReport rep, std::ostream& err, Env& env)
    : o_(plan.settings),
      plan_(plan),
      games_(plan.games),
      err_(err),
      env_(env),
      rep_(std::move(rep)) {
  const auto reg = nlohmann::json::parse(report::RegisterJson("arbiter"));
  catalog_ = CatalogFromRegister(reg, "referee_fuzz_checks");
  rep_.checks.clear();
  for (const auto& c : reg["referee_fuzz_checks"]) rep_.checks.push_back(*catalog_.Find(c["id"]));
  rep_.not_checked =
      "the rules (no engine): the referee's messages, its judgement of answers and its "
      "rankings are not compared with a reference";
  if (!plan.seeded)
    rep_.not_checked += "; whether it plays the same game again (its command takes no {seed})";
}

bool BareRun::PlayGame(size_t i, RunProgress& progress) {
  if (auto tick = progress.Callback()) tick(games_[i].id, 0);
  played_.push_back(PlayBareGame(env_, plan_, games_[i]));
  if (played_.back().m.interrupted || Interrupted()) {
    rep_.skipped.push_back(games_[i].id);
    played_.pop_back();
    return false;
  }
  const RefereeOutcome& o = played_.back().r.outcome;
  if (o.ended) longest_ = std::max(longest_, o.requests);
  reached_ = std::max(reached_, o.requests);
  if (played_.back().r.recording_ended && rep_.not_checked.find("ran out") == std::string::npos)
    rep_.not_checked += "; that " + games_[i].id +
                        " is the game recorded: the recorded answers ran out before its end (the "
                        "referee played another game from them, drawn from its clock?), and the "
                        "seats then answered empty lines";

  retired_.push_back(false);
  Judge(i);
  Determinism(i);
  Tally(i);
  Retire(i);
  progress.Finished(static_cast<int>(bugs_.size()));
  return true;
}

void BareRun::Recordings() {
  int n = 0;
  const std::string seed_bot = " --seed-bot " + QuoteArg(o_.seed_bot);
  for (const std::string& key : order_) {
    Finding& f = bugs_.at(key).finding;
    const auto& answers = bugs_.at(key).answers;
    ++n;
    if (o_.seed_answers.empty() && !answers.empty() && !bugs_.at(key).live) {
      const std::string path =
          WriteRecordedAnswers(o_.repro_dir, f.match + "-" + std::to_string(n), o_.game, answers);
      const size_t at = f.reproduce.find(seed_bot);
      if (!path.empty() && at != std::string::npos)
        f.reproduce.replace(at, seed_bot.size(), " --seed-answers " + QuoteArg(path));
    }
    if (f.reproduce.find(" --expect ") == std::string::npos) f.reproduce += " --expect " + f.check;
  }
  // --expect: the check the game was to show again (a reproduce command's).
  if (!o_.expect.empty() && !Interrupted() &&
      std::none_of(order_.begin(), order_.end(),
                   [&](const std::string& k) { return bugs_.at(k).finding.check == o_.expect; }))
    rep_.not_reproduced = "the " + o_.expect + " it reproduces was not seen in " + o_.match +
                          " this time" +
                          (o_.seed_answers.empty() ? std::string() : " with the recorded answers") +
                          " (a referee that draws its own game may play another)";
}

void BareRun::Fit(AnswerFuzzPlan& plan) const {
  if (longest_ < 3) return;  // nothing seen yet, or games too short to move into
  std::map<int, AnswerFamily> fitted;
  for (const auto& [request, family] : plan.at)
    fitted.emplace(request < longest_ ? request : 1 + (request - 1) % (longest_ - 1), family);
  plan.at = std::move(fitted);
}

void BareRun::Deliver(RunProgress& progress) {
  if (!o_.answers.empty() || !o_.match.empty()) return;  // one game's answers, as given
  // A referee whose games never reached a request can be given nothing:
  // the verdict says so, and no game more is played for it.
  if (reached_ < 1) return;
  for (int f = 0; f < kAnswerFamilies && !Interrupted(); ++f) {
    const auto family = static_cast<AnswerFamily>(f);
    if (plan_.runner && !RunnerCanSend(family)) continue;
    for (int attempt = 0; attempt < 2 && !(tried_ >> f & 1); ++attempt) {
      BareGame game;
      const size_t index = games_.size();
      game.id = "game-" + std::to_string(index + 1);
      game.seed = o_.seed + index;
      game.fuzz = PlanAnswerFuzz(o_.seed, static_cast<int>(index), plan_.runner);
      game.fuzz.at = {{attempt == 0 ? 2 : 1, family}};
      Fit(game.fuzz);
      games_.push_back(std::move(game));
      progress.Plan(1);
      if (!PlayGame(index, progress)) return;
    }
  }
}

void BareRun::Play() {
  RunProgress progress(o_.quiet, err_, "fuzz-referee", static_cast<long long>(games_.size()));
  bool played = true;
  for (size_t i = 0; i < plan_.games.size() && played && !Interrupted(); ++i) {
    played = PlayGame(i, progress);
  }
  if (played) Deliver(progress);
  progress.Clear();
  Rankings();
  Recordings();  // every finding's, the rankings' too
  Families();
  if (plan_.seeded && replays_ == 0 && !played_.empty())
    rep_.not_checked +=
        "; whether it plays the same game again (no game came to its end without a timed "
        "answer, to be played twice)";
  for (const std::string& key : order_) {
    Bug& bug = bugs_.at(key);
    if (!bug.confirmed) {  // a warning: arbiter could not show it again
      bug.finding.severity = Severity::kWarn;
      bug.finding.message += bug.unconfirmed;
    }
    bug.finding.cause = key;  // what merge-reports counts it under
    played_[bug.match].m.findings.push_back(bug.finding);
  }
  for (size_t i = 0; i < played_.size(); ++i)
    if (!retired_[i]) rep_.Add(std::move(played_[i].m));
  rep_.interrupt_signal = InterruptSignal();
}

Finding BareRun::New(const std::string& check, const Played& game, std::string message,
                     std::optional<int> turn) {
  Finding f = NewFinding(catalog_, check);
  f.match = game.m.id;
  f.seed = game.m.seed;
  f.turn = turn.value_or(game.r.last_turn);
  for (const TurnRecord& t : game.m.turns)
    if (t.turn == f.turn) {
      f.seat = t.player, f.input = t.input;
      if (!t.answer.empty()) f.received = EscapeBytes(t.answer.substr(0, 200)) + "\\n";
    }
  // The broken answer that request was given, when it was one.
  for (const auto& mutated : game.r.outcome.mutated)
    if (mutated.request == f.turn) {
      message += " (request " + std::to_string(f.turn) + " was given " +
                 std::string(FamilyWords(mutated.family)) +
                 (mutated.bytes.empty() ? std::string()
                                        : ": '" + EscapeBytes(mutated.bytes.substr(0, 80)) + "'") +
                 ")";
      if (!mutated.bytes.empty()) f.received = EscapeBytes(mutated.bytes);
    }
  f.message = std::move(message);
  f.stderr_tail = game.r.outcome.stderr_tail;
  f.advice = "the referee's command: " + QuoteCommand(game.r.argv);
  f.reproduce = game.reproduce;
  return f;
}

Finding BareRun::FaultFinding(const BareFault& fault, const Played& game) {
  const std::string tail = game.r.outcome.stderr_tail;
  const bool after_game = fault.check == "referee.leftover";
  Finding f = New(fault.check, game,
                  fault.text + (tail.empty() || after_game
                                    ? ""
                                    : "; its stderr: '" + EscapeBytes(KeyLines(tail)) + "'"));
  if (after_game) f.turn = f.seat = -1, f.input.clear();  // of no turn or seat
  if (!game.r.outcome.containment.empty())                // arbiter.process.contained
    f.advice = game.r.outcome.containment + "; " + f.advice;
  return f;
}

// A game stopped short, or a referee that did not exit: one finding per bug.
// A bug its first game did not show again is shrunk from its next games (at
// most three), and the first that shows it again becomes its witness.
void BareRun::Judge(size_t index) {
  const Played& g = played_[index];
  // Played back from answers that ran out: what followed is the empty lines
  // arbiter gave, not a referee fault.
  if (g.r.recording_ended) return;
  const std::optional<BareFault> fault = FaultOf(g, plan_.runner);
  if (!fault) return;
  const auto known = bugs_.find(fault->key);
  if (known != bugs_.end()) {
    Bug& bug = known->second;
    ++bug.finding.occurrences;
    if ((bug.confirmed && !bug.relayed_extra) || bug.tries >= 3) return;
    ++bug.tries;
    Finding f = FaultFinding(*fault, g);
    std::vector<std::vector<std::string>> answers = g.answers;
    bool live = false;
    const auto at = Shrink(*fault, g, f, answers, live);
    if (!at || (bug.confirmed && RelayedExtra(*at))) return;
    f.occurrences = bug.finding.occurrences;
    bug = {std::move(f), index, true, "", bug.tries, RelayedExtra(*at), std::move(answers), live};
    return;
  }
  Bug bug{FaultFinding(*fault, g), index, true, "", 1, false, g.answers};
  if (const auto at = Shrink(*fault, g, bug.finding, bug.answers, bug.live)) {
    bug.relayed_extra = RelayedExtra(*at);
  } else {
    bug.confirmed = false;
    bug.unconfirmed = "; not shown again when its game was played again from its seed with " +
                      Answers(AppliedOf(g)) +
                      " (the referee's own timing, or a draw from its clock)";
  }
  bugs_[fault->key] = std::move(bug);
  order_.push_back(fault->key);
}

// Whether the answers include a relayed extra line (a launching referee's
// protocol only).
bool BareRun::RelayedExtra(const std::map<int, AnswerFamily>& at) const {
  if (plan_.runner) return false;
  for (const auto& [request, family] : at)
    if (family == AnswerFamily::kExtra) return true;
  return false;
}

// The fewest mutated answers that show the fault again: none, then each
// one the game applied alone (first at the game's first fuzzed request),
// then all of them (delta debugging over at most three answers).
std::optional<std::map<int, AnswerFamily>> BareRun::Shrink(
    const BareFault& fault, const Played& witness, Finding& f,
    std::vector<std::vector<std::string>>& answers, bool& live) {
  const std::map<int, AnswerFamily> applied = AppliedOf(witness);
  if (!o_.shrink || o_.shrink_runs == 0) {  // the whole game is its reproducer
    f.message += "; shown by " + Answers(applied) + " (not shrunk: --no-shrink)";
    return applied;
  }
  // Each answer alone is first tried at the game's first request a fuzz
  // plan mutates: a smaller cause, and one that a referee drawing another
  // game from its clock still reaches, where a late request may lie past
  // the end of the game it draws (arbiter.referee-fuzz.answers).
  constexpr int kFirstFuzzed = 1;
  std::vector<std::map<int, AnswerFamily>> tries = {{}};
  for (const auto& [request, family] : applied) {
    if (request > kFirstFuzzed) tries.push_back({{kFirstFuzzed, family}});
    tries.push_back({{request, family}});
  }
  if (applied.size() > 1) tries.push_back(applied);
  const BareGame* game = nullptr;
  for (const BareGame& g : games_)
    if (g.id == witness.m.id) game = &g;
  // With the seed bot's recorded answers first (what it said, not what it
  // says now); a referee that draws another game from them (its clock) is
  // then tried with the seed bot itself, which answers the game it is in.
  std::vector<std::pair<std::map<int, AnswerFamily>, bool>> runs;
  for (const auto& at : tries) runs.emplace_back(at, true);
  if (o_.seed_answers.empty())
    for (const auto& at : tries) runs.emplace_back(at, false);
  for (const auto& [at, recorded] : runs) {
    if (Interrupted() || !game) return std::nullopt;
    BareGame again = *game;
    again.fuzz.at = at;
    if (recorded) again.recorded = witness.answers;
    const Played shown = PlayBareGame(env_, plan_, again);
    if (shown.r.recording_ended) continue;  // another game: it shows nothing
    const std::optional<BareFault> same = FaultOf(shown, plan_.runner);
    if (!same || same->key != fault.key) continue;
    // Played back, it must show the fault twice: a referee that draws its
    // game may have drawn a game that shows it once by chance.
    if (recorded) {
      const Played twice = PlayBareGame(env_, plan_, again);
      const std::optional<BareFault> still = FaultOf(twice, plan_.runner);
      if (twice.r.recording_ended || !still || still->key != fault.key) continue;
    }
    // The end of a game is not an answer's doing; a crash or a hang in it is.
    const bool answers_matter = !at.empty() && fault.key != "referee.hang|end";
    f.message += "; shown again by " + Answers(at) +
                 (answers_matter ? ": a referee must survive any answer a bot can send" : "");
    f.reproduce = shown.reproduce;
    answers = shown.answers;
    live = !recorded;
    if (!recorded)
      f.message +=
          " (with the seed bot playing again: from its recorded answers the referee "
          "played another game)";
    return at;
  }
  return std::nullopt;
}

// The same seed and answers, played twice, must be the same game
// (arbiter.referee.replayable): a game of the first few that came to its
// end, with no answer whose effect depends on the referee's clock.
void BareRun::Determinism(size_t index) {
  const Played& g = played_[index];
  // A game that came to its end, even if the referee then did not exit.
  if (!plan_.seeded || replays_ >= 3 || !g.r.outcome.ended || g.m.turns.empty()) return;
  for (const auto& m : g.r.outcome.mutated)
    if (IsTimed(m.family)) return;
  ++replays_;
  BareGame same = games_[index];
  same.recorded = g.answers;  // the same answers: the seed bot's of the first play
  const Played again = PlayBareGame(env_, plan_, same);
  if (again.m.interrupted || bugs_.count("referee.nondeterministic")) return;
  const int at = Parted(g.m, again.m);
  if (at < 0) return;
  const auto input_of = [&](const MatchResult& m) {
    return at < static_cast<int>(m.turns.size()) ? m.turns[at].input : std::string();
  };
  const size_t line = DifferingLine(input_of(g.m), input_of(again.m));
  const auto turn_of = [&](const MatchResult& m) -> std::string {
    if (at >= static_cast<int>(m.turns.size())) return "nothing: the game had ended";
    return "player " + std::to_string(m.turns[at].player) + " line " + std::to_string(line + 1) +
           " " + LineOf(m.turns[at].input, line);
  };
  Finding f = New("referee.nondeterministic", g,
                  "the same seed (" + std::to_string(*g.m.seed) +
                      ") and the same answers gave "
                      "another game: on request " +
                      std::to_string(at) + " the first play sent " + turn_of(g.m) +
                      ", the second " + turn_of(again.m),
                  at);  // the request it cites, its input, not the game's last
  f.reproduce = again.reproduce;
  if (at == 0) {  // the start differs before any answer: the answers play no part
    f.reproduce = f.reproduce.substr(0, f.reproduce.rfind(" --answers ")) + " --answers none";
  } else {  // after answers: the referee's clock (a timeout under load) can part them
    f.severity = Severity::kWarn;
    f.message +=
        "; the games parted after the same answers, which a referee's own timing "
        "can do on a busy machine";
  }
  bugs_["referee.nondeterministic"] = {std::move(f), index, true, "", 0, false, g.answers};
  order_.push_back("referee.nondeterministic");
}

void BareRun::Tally(size_t index) {
  const RefereeOutcome& o = played_[index].r.outcome;
  for (const auto& m : o.mutated) tried_ |= 1u << static_cast<int>(m.family);
  if (!o.ended) return;
  if (o.ranking) {
    ++ranked_;
    if (!played_[index].misranked.empty()) misranked_.push_back(index);
  } else {
    unranked_.push_back(index);
  }
  if (!o.exit_clean && (!o.exit_hung || plan_.runner) && !o.exit_text.empty())
    exits_.push_back(index);
}

// A game no finding can name any more goes into the report now (a passing
// one is folded there), so that a long run holds only its witnesses.
void BareRun::Retire(size_t index) {
  for (const auto& [key, bug] : bugs_)
    if (bug.match == index) return;
  if ((!unranked_.empty() && unranked_.front() == index) ||
      (!exits_.empty() && exits_.front() == index) ||
      (!misranked_.empty() && misranked_.front() == index))
    return;
  rep_.Add(std::move(played_[index].m));
  played_[index] = Played{};
  retired_[index] = true;
}

// Every game a referee ends is ranked (arbiter.referee-fuzz.answers), and
// ranked as the referee judged it (a winner it had put out is a warning); its
// exit after the game is a note.
void BareRun::Rankings() {
  // Of a whole game: no turn, seat or request's broken answer to name.
  const auto add = [&](const std::string& check, size_t i, std::string message, int count) {
    Finding f = New(check, played_[i], std::move(message), -1);
    f.occurrences = count;
    bugs_[check] = {std::move(f), i, true, "", 0, false, played_[i].answers};
    order_.push_back(check);
  };
  const RefereeDriverConfig& referee = *plan_.p.referee;
  const bool sdk = LaunchedLikeTheCgSdk(referee.referee.argv(), referee.referee.seats());
  if (!unranked_.empty())
    add(ranked_ > 0 ? "referee.unranked" : "referee.no-result", unranked_.front(),
        "the referee ended " + std::to_string(unranked_.size()) +
            " game(s) with no ranking (no RESULT line, no JSON line with \"ranks\"" +
            (sdk ? ", no scores one a line at its end, as a CodinGame SDK referee prints them"
                 : "") +
            ", on its stdout)" +
            (ranked_ > 0 ? " though it ranked " + std::to_string(ranked_) + " other(s)"
                         : ": arbiter cannot say who won"),
        static_cast<int>(unranked_.size()));
  if (!misranked_.empty())
    add("referee.ranking", misranked_.front(), played_[misranked_.front()].misranked,
        static_cast<int>(misranked_.size()));
  if (!exits_.empty()) {
    const RefereeOutcome& first = played_[exits_.front()].r.outcome;
    add("referee.exit", exits_.front(),
        plan_.runner ? RunnerExitAfterEndText(first)
                     : "the referee " + first.exit_text + " after its game's end",
        static_cast<int>(exits_.size()));
  }
}

void BareRun::Families() {
  uint32_t planned = 0;
  for (const BareGame& g : games_)
    for (const auto& [request, family] : g.fuzz.at) planned |= 1u << static_cast<int>(family);
  for (int f = 0; f < kAnswerFamilies; ++f) {
    const auto family = static_cast<AnswerFamily>(f);
    if (plan_.runner && !RunnerCanSend(family)) continue;
    if (tried_ >> f & 1) {
      rep_.families_tried.emplace_back(FamilyName(family));
    } else if (o_.answers.empty() || (planned >> f & 1)) {
      rep_.families_not_tried.emplace_back(FamilyName(family));
    }
  }
}

}  // namespace arbiter::harness

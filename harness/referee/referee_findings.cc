// RunRefereeMatch (referee_match.h): a match through a real referee, then
// the findings of what the referee said and did (arbiter.referee-run.evidence).
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <map>

#include "checks/findings.h"
#include "core/parse.h"
#include "referee/referee_match.h"

namespace arbiter::harness {
namespace {

// The referee's stderr, quoted on a finding.
std::string Quote(const std::string& line) { return "'" + EscapeBytes(line.substr(0, 300)) + "'"; }

// The bot's record of turn `turn` when it asked `seat`, else its last turn
// before it; nullptr when none.
const TurnRecord* TurnOf(const MatchResult& m, int seat, int turn) {
  const TurnRecord* best = nullptr;
  for (const TurnRecord& t : m.turns)
    if (t.player == seat && t.turn <= turn && !t.input.empty()) best = &t;
  return best;
}

// The first failing finding of `seat` at or before `turn` (-1: any turn).
Finding* FailOf(MatchResult& m, int seat, int turn) {
  for (Finding& f : m.findings)
    if (f.seat == seat && f.severity == Severity::kFail && (turn < 0 || f.turn <= turn)) return &f;
  return nullptr;
}

}  // namespace

std::string KeyLines(const std::string& tail) {
  std::vector<std::string_view> lines = SplitOn(tail, '\n');
  if (lines.size() > 1 && lines.back().empty()) lines.pop_back();  // the final newline
  for (const std::string_view l : lines) {
    if (l.find("Exception") == std::string::npos && l.find("Error") == std::string::npos &&
        l.find("Traceback") == std::string::npos)
      continue;
    if (l.starts_with("###")) continue;  // the runner protocol's "###Error p": about a bot
    return std::string(l) + (l == lines.back() ? "" : " ... " + std::string(lines.back()));
  }
  return LastLines(tail, 3);
}

namespace {

class RefereeFindings {
 public:
  RefereeFindings(MatchResult& m, const RefereeRecord& r, const CheckCatalog& c,
                  const std::string& reproduce, const SessionConfig& session,
                  const std::vector<std::string>& concede_answers)
      : m_(m),
        r_(r),
        catalog_(c),
        reproduce_(reproduce),
        session_(session),
        concede_answers_(concede_answers) {}

  void Add() {
    for (const RefereeRecord::Said& s : r_.said)
      if (!OutOfStep(s)) Said(s);
    if (out_of_step_) {
      Withdraw();
    } else {
      for (const SeatPlay& p : m_.seat_plays) Dropped(p.seat);
    }
    Outcome();
  }

 private:
  // A finding made in `form` (Finding::form), or the seat's earlier one of
  // `check` counted once more.
  Finding& New(const std::string& check, std::string form, int seat, int turn,
               std::string message) {
    for (Finding& f : m_.findings)
      if (f.check == check && f.seat == seat) {
        ++f.occurrences;
        return f;
      }
    Finding f = NewFinding(catalog_, check);
    f.match = m_.id;
    f.seed = m_.seed;
    f.seat = seat;
    f.turn = turn;
    // The bot's own turn beside the game's: its turns sent up to this one.
    if (seat >= 0 && turn >= 0)
      for (const TurnRecord& t : m_.turns)
        f.own_turn += t.player == seat && t.turn <= turn && !t.input.empty();
    f.message = std::move(message);
    f.form = std::move(form);
    f.reproduce = reproduce_;
    if (const TurnRecord* t = seat >= 0 ? TurnOf(m_, seat, turn) : nullptr) {
      f.input = t->input;
      // What the seat's bot was sent up to that turn: it replays the
      // bot's side without the referee (check-bot's input files).
      for (const TurnRecord& u : m_.turns)
        if (u.player == seat && u.turn <= t->turn) f.input_stream += u.input;
      if (!t->answer.empty()) f.received = EscapeBytes(t->answer.substr(0, 200)) + "\\n";
      if (t->elapsed_ms) f.elapsed_ms = t->elapsed_ms;
    }
    m_.findings.push_back(std::move(f));
    return m_.findings.back();
  }

  // The seat a complaint is about: the one it names, or the one asked on its
  // turn when it quotes that seat's answer; -1 if neither.
  int SeatOf(const RefereeRecord::Said& s) const {
    if (s.said.seat >= 0) return s.said.seat;
    const TurnRecord* t = s.asked >= 0 ? TurnOf(m_, s.asked, s.turn) : nullptr;
    if (!t || t->answer.size() < 2) return -1;
    const std::string& line = s.said.line;
    for (const std::string& q : {"'" + t->answer + "'", "\"" + t->answer + "\""})
      if (line.find(q) != std::string::npos) return s.asked;
    return -1;
  }

  void Said(const RefereeRecord::Said& s) {
    const int seat = SeatOf(s);
    if (seat < 0) return;  // evidence on its turn only
    // What arbiter already found: the referee's words about the seat, a
    // complaint or not ("Player 0 crashed"), are its evidence.
    if (Finding* f = FailOf(m_, seat, s.turn); f || s.stopped) {
      if (!f) f = FailOf(m_, seat, -1);
      if (f && quoted_[f - m_.findings.data()] < kQuoted) {
        f->message += "; the referee said: " + Quote(s.said.line);
        ++quoted_[f - m_.findings.data()];
      }
      return;
    }
    if (s.said.kind == RefereeSaid::kOther) return;
    // A referee that stopped the game short: its last words are its own
    // trouble (a traceback quoting the answer), said on referee.stopped.
    if (!r_.outcome.fault_check.empty() && s.turn >= r_.last_turn) return;
    if (s.said.kind == RefereeSaid::kRejected) {
      New("action.rejected", "in its own words", seat, s.turn,
          "the referee rejected the bot's answer, in its own words: " + Quote(s.said.line));
      return;
    }
    const TurnRecord* t = TurnOf(m_, seat, s.turn);
    const std::string when =
        t && t->elapsed_ms ? "its answer came after " + Fmt(*t->elapsed_ms) + " ms" : "";
    // Thrown out for time, though its answer came in time, and not because
    // the referee's clock ran while arbiter relayed another seat: the
    // referee waited for more than the bot gave.
    if (t && ThrownOut(seat, s.turn) && !r_.queued_turns.count(t->turn)) {
      const size_t lines = std::count(t->answer.begin(), t->answer.end(), '\n') + 1;
      New("action.rejected", "out for time, in time by arbiter's clock", seat, s.turn,
          "the referee threw the bot out for time, in its own words: " + Quote(s.said.line) +
              "; arbiter measured " + when + " (" + std::to_string(lines) +
              " line(s)), within its own limit of " + std::to_string(session_.action_ms) +
              " ms: the referee waited for more than the bot printed (a line per unit? a "
              "newline?), or its own limit is tighter than arbiter's (give it with "
              "--action-ms)");
      return;
    }
    Finding& f =
        New("action.referee-timeout", when.empty() ? "no late answer" : "in time", seat, s.turn,
            "the referee said " + Quote(s.said.line) + ", but arbiter measured " +
                (when.empty() ? std::string("no late answer") : when) + ", within its limit of " +
                std::to_string(session_.action_ms) +
                " ms: the referee's own limit may be tighter (give it with "
                "--action-ms), or the machine's load or the relay made it late");
    f.limit_ms = session_.action_ms;
  }

  // Whether `seat` ever sent `text` (within one of its answers).
  bool BotSent(int seat, std::string_view text) const {
    for (const TurnRecord& t : m_.turns)
      if ((seat < 0 || t.player == seat) && t.answer.find(text) != std::string::npos) return true;
    return false;
  }

  // A complaint quoting a line arbiter wrote to the referee before the game
  // (the runner protocol's "###Start 2") that the bot never sent: the
  // referee read arbiter's own line as an answer, so arbiter is out of step
  // with it, not the bot (arbiter.referee-run.framing). One finding a match.
  bool OutOfStep(const RefereeRecord::Said& s) {
    if (s.said.kind == RefereeSaid::kOther) return false;
    for (const std::string_view line : SplitOn(r_.start_text, '\n')) {
      if (line.empty() || s.said.line.find(line) == std::string::npos) continue;
      if (BotSent(s.said.seat, line)) continue;
      if (out_of_step_) return true;
      out_of_step_ = true;
      std::string wrote;
      for (const std::string_view l : SplitOn(r_.start_text, '\n'))
        if (!l.empty()) wrote += (wrote.empty() ? "'" : " and '") + std::string(l) + "'";
      const int seat = s.said.seat;
      const TurnRecord* t = seat >= 0 ? TurnOf(m_, seat, s.turn) : nullptr;
      std::string message =
          "arbiter is out of step with the referee, not the bot: before the game arbiter wrote " +
          wrote + ", and the referee quotes '" + std::string(line) + "', which no bot sent, in " +
          Quote(s.said.line);
      if (t && !t->answer.empty())
        message +=
            "; player " + std::to_string(seat) + "'s answer was " + Quote(t->answer.substr(0, 120));
      Finding& f = New("referee.out-of-step", "quotes arbiter's line", -1, s.turn, message);
      f.advice = r_.start_text.find("###Seed") != std::string::npos
                     ? "the referee reads one line before its game, whatever it says, as its "
                       "start: give --seed-line never ('###Start P' alone, cg-brutaltester's "
                       "default)"
                     : "the referee frames the runner protocol otherwise than arbiter (and "
                       "cg-brutaltester): what it read is not the bot's";
      return true;
    }
    return false;
  }

  // A game arbiter was out of step in says nothing of the bot: its findings
  // on the bot are withdrawn, and the out-of-step finding says how many.
  void Withdraw() {
    int withdrawn = 0;
    std::vector<Finding> kept;
    for (Finding& f : m_.findings) {
      if (f.seat >= 0) {
        ++withdrawn;
        continue;
      }
      kept.push_back(std::move(f));
    }
    m_.findings = std::move(kept);
    for (Finding& f : m_.findings)
      if (f.check == "referee.out-of-step")
        f.message += "; no verdict on the bot from this game" +
                     (withdrawn ? " (" + std::to_string(withdrawn) + " finding(s) on it withdrawn)"
                                : std::string());
    for (SeatPlay& p : m_.seat_plays) p.to_end = false;
  }

  // A seat the referee stopped asking before the game's end without a
  // word, while the game went on with the others to its end (Code4Life's
  // referee drops a player whose move it rejects, silently): the referee's
  // judgement of the bot, at its last turn (arbiter.referee-run.evidence).
  // With two players a game that goes on for the other alone is the
  // referee putting the bot out, a FAIL; with more, the rules may have put
  // it out (it lost), a warning.
  void Dropped(int seat) {
    const RefereeOutcome& o = r_.outcome;
    if (!o.ended || !o.fault_check.empty()) return;
    const TurnRecord* last = nullptr;
    for (const TurnRecord& t : m_.turns)
      if (t.player == seat && !t.input.empty()) last = &t;
    if (!last) return;
    // It conceded (ACCEPT-DEFEAT): the rules put it out, as it asked.
    const size_t from = last->answer.find_first_not_of(" \t\r");
    const size_t to = last->answer.find_last_not_of(" \t\r");
    const std::string said =
        from == std::string::npos ? "" : last->answer.substr(from, to - from + 1);
    for (const std::string& concede : concede_answers_)
      if (said == concede) return;
    // Another seat asked twice since: a whole round went by without it
    // (the last round of a game ends with the others' turns).
    std::map<int, int> since;
    int later = 0;
    for (const TurnRecord& t : m_.turns)
      if (t.turn > last->turn && t.player != seat && !t.input.empty()) {
        ++later;
        ++since[t.player];
      }
    int most = 0;
    for (const auto& [s, n] : since) most = std::max(most, n);
    if (most < 2) return;
    for (const Finding& f : m_.findings)
      if (f.seat == seat && f.severity != Severity::kInfo) return;  // already said, or arbiter's
    for (SeatPlay& p : m_.seat_plays)
      if (p.seat == seat) p.to_end = false;
    const bool two = m_.seat_plays.size() == 2;
    Finding& f = New(
        "action.dropped", two ? "two players" : "more players", seat, last->turn,
        "the referee stopped asking player " + std::to_string(seat) + " after turn " +
            std::to_string(last->turn) +
            (last->answer.empty() ? std::string()
                                  : " (its answer " + Quote(last->answer.substr(0, 120)) + ")") +
            ", without a word, and played " + std::to_string(later) +
            " more turn(s) with the other player(s) to the game's end: " +
            (two ? "with two players, that is the referee putting the bot out (an "
                   "answer it judged invalid, or late by its own clock)"
                 : "the referee put the bot out, or the rules did (it lost)"));
    if (!two) f.severity = Severity::kWarn;
  }

  bool ThrownOut(int seat, int turn) const {
    const RefereeOutcome& o = r_.outcome;
    if (seat < static_cast<int>(o.errors.size()) && o.errors[seat] != 0) return true;
    for (const auto& [s, t] : r_.closed)
      if (s == seat && t >= turn) return true;
    if (!o.ended) return false;  // cut short: "never asked again" says nothing
    bool later_other = false;
    for (const TurnRecord& t : m_.turns) {
      if (t.turn <= turn || t.input.empty()) continue;
      if (t.player == seat) return false;
      later_other = true;
    }
    return later_other;
  }

  void Outcome() {
    const RefereeOutcome& o = r_.outcome;
    const std::string tail =
        o.stderr_tail.empty() ? "" : "; its stderr: " + Quote(KeyLines(o.stderr_tail));
    if (!o.fault_check.empty()) {
      m_.game_over = false;
      for (SeatPlay& p : m_.seat_plays) p.to_end = false;
      std::string last;
      for (const TurnRecord& t : m_.turns)
        if (t.turn == r_.last_turn && !t.answer.empty())
          last = " after player " + std::to_string(t.player) + "'s answer " +
                 Quote(t.answer.substr(0, 80));
      Finding& f = New("referee.stopped", "stopped: " + o.fault_check, -1, r_.last_turn,
                       "the referee stopped the game short (" + o.fault_check + ")" + last + ": " +
                           o.fault + tail +
                           "; a referee must survive any answer, and without an engine arbiter "
                           "cannot tell whether the bot's was valid");
      f.advice = "the referee's command: " + QuoteArgs(r_.argv);
      if (!o.containment.empty()) f.advice = o.containment + "; " + f.advice;
    } else if (!o.exit_text.empty() && !o.exit_clean) {
      New("referee.exit", "after its game's end", -1, -1,
          "the referee " + o.exit_text + " after its game's end (its ranking: " +
              (o.result_line.empty() ? std::string("none") : Quote(o.result_line)) + ")" + tail);
    }
    if (!o.leftovers.empty()) New("referee.leftover", "left running", -1, -1, LeftoversText(o));
    RankedFirstThoughOut();
  }

  // A referee that ranks first, alone, a player it said it put out (its
  // own stderr, "###Error p ...") contradicts itself: said, quoting both
  // (arbiter.referee-run.evidence). Its ranking stands as the referee's.
  void RankedFirstThoughOut() {
    const RefereeOutcome& o = r_.outcome;
    if (out_of_step_ || !o.ended || !o.ranking || o.ranking->empty() ||
        o.ranking->front().size() != 1)
      return;
    const int first = o.ranking->front().front();
    for (const RefereeRecord::Said& s : r_.said) {
      if (s.said.kind != RefereeSaid::kRejected || SeatOf(s) != first) continue;
      New("referee.ranking", "first though put out", -1, s.turn,
          "the referee ranked player " + std::to_string(first) + " first (" + Quote(o.result_line) +
              ") though it had put it out: " + Quote(s.said.line) +
              "; a win table built on its rankings credits that player with the game");
      return;
    }
  }

  static std::string Fmt(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", ms);
    return buf;
  }
  static std::string QuoteArgs(const std::vector<std::string>& argv) {
    std::string s;
    for (const std::string& a : argv) s += (s.empty() ? "" : " ") + a;
    return s;
  }

  static constexpr int kQuoted = 3;
  MatchResult& m_;
  const RefereeRecord& r_;
  const CheckCatalog& catalog_;
  const std::string& reproduce_;
  const SessionConfig& session_;
  const std::vector<std::string>& concede_answers_;
  std::map<std::ptrdiff_t, int> quoted_;  // referee lines quoted per finding
  bool out_of_step_ = false;              // a referee.out-of-step finding was made
};

}  // namespace

MatchResult RunRefereeMatch(Env& env, MatchSpec spec, const SessionConfig& session,
                            const RefereeDriverConfig& config, const CheckCatalog& catalog,
                            const Progress& progress, RefereeRecord* record_out) {
  auto record = std::make_shared<RefereeRecord>();
  spec.side = std::make_unique<RefereeState>(env, config, spec.seed.value_or(0), record);
  const std::string reproduce = spec.reproduce;
  MatchResult m = RunMatch(env, std::move(spec), session, catalog, progress);
  RefereeFindings(m, *record, catalog, reproduce, session, config.concede_answers).Add();
  if (record_out) *record_out = *record;
  return m;
}

}  // namespace arbiter::harness

// Wondev Woman behind the uniform game API: the GameState adapter, the
// registration, and the events of a turn as sentences citing their clauses.
#include "wondev/game.h"

#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_adapters.h"
#include "core/parse.h"
#include "wondev/codec.h"
#include "wondev/invariants.h"
#include "wondev/maps.h"
#include "wondev/policies.h"
#include "wondev/serialize.h"

namespace arbiter::wondev {
namespace {

// The word of `line` that breaks the grammar, said so that a beginner sees
// what to change (wondev.protocol.action.grammar): the command, the unit
// index, or a direction (lower case named as such); its rule, which of
// these it is.
Refusal GrammarProblem(std::string_view line) {
  std::vector<std::string> words;
  size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    size_t end = at;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    if (end > at) words.emplace_back(line.substr(at, end - at));
    at = end;
  }
  const std::string generic =
      "an answer is MOVE&BUILD, PUSH&BUILD (from league 2) or ACCEPT-DEFEAT with its unit index "
      "and directions";
  if (words.empty()) return {generic, "the answer"};
  const std::string keyword = AsciiUpper(words[0]);
  if (keyword == "ACCEPT-DEFEAT") return {generic, "the answer"};
  if (keyword != "MOVE&BUILD" && keyword != "PUSH&BUILD")
    return {"'" + words[0].substr(0, 40) + "' is not a command: " + generic, "the command"};
  if (words.size() != 4)
    return {keyword + " takes three words after it, a unit index and two directions (" +
                std::to_string(words.size() - 1) + " given)",
            "the number of words"};
  if (words[1] != "0" && words[1] != "1")
    return {"the unit index '" + words[1].substr(0, 20) + "' is not 0 or 1", "the unit index",
            true};
  for (size_t i = 2; i < 4; ++i) {
    if (DirFromName(words[i])) continue;
    const std::string upper = AsciiUpper(words[i]);
    if (DirFromName(upper))
      return {"the direction '" + words[i] + "' is in lower case: directions are upper case ('" +
                  upper + "')",
              "a direction in lower case", true};
    return {
        "'" + words[i].substr(0, 20) + "' is not a direction: one of N, NE, E, SE, S, SW, W, NW",
        "a direction", true};
  }
  return {generic, "the answer"};
}

class WondevState final : public GameState {
 public:
  explicit WondevState(const State& s) : s_(s) {}
  int num_players() const override { return kNumPlayers; }
  int turn() const override { return s_.turn(); }
  int current_player() const override { return s_.current_player(); }
  bool CurrentPlayerReceivesInput() const override { return s_.CurrentPlayerReceivesInput(); }
  std::string InputText(int player) const override { return FormatInput(s_, player); }
  std::string InitText(int /*player*/) const override { return FormatInit(s_); }
  std::vector<Event> ApplyLine(std::string_view line) override {
    const TurnEvents ev = s_.Apply(ReadAnswer(line, s_.rules()));
    return DescribeEvents(s_, ev);
  }
  // A silent player that had no legal action: the turn also cites
  // wondev.turn.no-legal-action, which the harness reports under the check of
  // that clause (action.no-legal-silence) instead of a deadline.
  std::vector<Event> ApplySilence() override {
    const int player = s_.current_player();
    const bool none = !s_.out(player) && s_.LegalActions().empty();
    std::vector<Event> events = DescribeEvents(s_, s_.ApplySilence());
    if (none)
      events.insert(events.begin() + 1,
                    {"no-legal-action", "wondev.turn.no-legal-action",
                     "player " + std::to_string(player) +
                         " had no legal action and printed no line (it must still print one)"});
    return events;
  }
  std::vector<Misreading> Misreadings(std::string_view line) const override;
  bool IsTerminal() const override { return s_.IsTerminal(); }
  int Winner() const override { return s_.Winner(); }
  std::string Serialize() const override { return wondev::Serialize(s_); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<WondevState>(s_); }
  std::optional<std::string> BuiltinAnswer(std::string_view policy, Rng& rng) const override {
    const auto p = PolicyFromName(policy);
    if (!p) return std::nullopt;
    return ChooseAnswer(*p, s_, rng);
  }
  // wondev.protocol.input.legal: the actions the input lists, then
  // ACCEPT-DEFEAT (wondev.protocol.action.grammar), legal on every turn.
  std::vector<std::string> LegalAnswers() const override {
    if (s_.IsTerminal()) return {};
    std::vector<std::string> out;
    for (const Action& a : s_.LegalActions()) out.push_back(ActionText(a));
    out.push_back("ACCEPT-DEFEAT");
    return out;
  }
  // wondev.protocol.action.grammar (kInvalid), .legal (kIllegal), .whitespace.
  // With no legal action any line of the grammar is as good as another: the
  // player is out (or passes) whatever it prints (wondev.turn.no-legal-action).
  // An answer the text refuses but CodinGame's referee reads
  // (wondev.protocol.action.grammar, "the real server's reading") is
  // kServerAccepts, judged as the line ServerReading gives.
  AnswerVerdict ClassifyAnswer(std::string_view line) const override {
    const AnswerVerdict verdict = ClassifyText(line);
    if (verdict != AnswerVerdict::kInvalid) return verdict;
    const auto read = ServerReading(line);
    if (!read) return verdict;
    const AnswerVerdict server = ClassifyText(*read);
    return server == AnswerVerdict::kIllegal || server == AnswerVerdict::kInvalid
               ? server
               : AnswerVerdict::kServerAccepts;
  }
  bool CurrentPlayerHasLegalAction() const override { return !s_.LegalActions().empty(); }
  int TurnLimit() const override {
    return kNumPlayers * s_.rules().max_rounds;
  }  // wondev.end.rounds
  Refusal RejectionReason(std::string_view answer) const override {
    const std::string line = CasedAnswer(answer, s_.rules());
    for (const ActionParsing parsing : {ActionParsing::kExact, ActionParsing::kTrimmed}) {
      const Answer a = ParseAnswer(line, parsing);
      if (a.kind != Answer::kAction) continue;
      Refusal r;
      r.reason = s_.WhyIllegal(a.action, &r.rule);
      return r;
    }
    Refusal r = GrammarProblem(line);
    r.reason += " (wondev.protocol.action.grammar)";
    r.rule = "wondev.protocol.action.grammar: " + r.rule;
    return r;
  }
  // CodinGame's Wondev Woman referee matches the action keyword without
  // regard to case: "move&build 0 N S" plays MOVE&BUILD 0 N S there. Under
  // keyword_case=any the rules read it so too: not a server's reading then.
  std::optional<std::string> ServerReading(std::string_view line) const override {
    if (s_.rules().keyword_case == KeywordCase::kAny) return std::nullopt;
    return KeywordInUpperCase(line);
  }
  const State& state() const { return s_; }

 private:
  AnswerVerdict ClassifyText(std::string_view answer) const {
    const std::string line = CasedAnswer(answer, s_.rules());
    const bool none = s_.LegalActions().empty();
    auto legal = [&](const Answer& a) {
      return a.kind == Answer::kAcceptDefeat || none || s_.IsLegal(a.action);
    };
    for (const ActionParsing parsing : {ActionParsing::kExact, ActionParsing::kTrimmed}) {
      const Answer a = ParseAnswer(line, parsing);
      if (a.kind == Answer::kInvalid) continue;
      if (!legal(a)) return AnswerVerdict::kIllegal;
      return parsing == ActionParsing::kExact ? AnswerVerdict::kValid : AnswerVerdict::kWhitespace;
    }
    return AnswerVerdict::kInvalid;
  }

  State s_;
};

std::string Cell(Pos p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

std::string EndClause(const State& s) {
  if (s.out(0) && s.out(1)) return "wondev.end.both-out";
  if (s.rules().first_climb_wins() && s.score(0) + s.score(1) > 0) return "wondev.score.league0";
  if (s.out(0) || s.out(1)) {
    if (s.turn() < kNumPlayers * s.rules().max_rounds) return "wondev.end.leader-alone";
  }
  return "wondev.end.rounds";
}

// Shrinking's harmless answer: the first listed action (ACCEPT-DEFEAT would
// put the player out); ACCEPT-DEFEAT only when nothing is listed.
std::string NeutralAnswer(const GameState& gs) {
  const auto* s = dynamic_cast<const WondevState*>(&gs);
  if (!s) return "ACCEPT-DEFEAT";
  Rng rng(0);
  return ChooseAnswer(Policy::kFirst, s->state(), rng);
}

}  // namespace

const RefereeFuzzing kRefereeFuzzing = {
    .frame_message = &FrameMessage,
    .state_from_first_message = &StateFromFirstMessage,
    .state_from_first_messages = &StateFromFirstMessages,
    .rule_shown = &RuleShownBy,
    .scenario_of = &ScenarioOf,
    .compare = &CompareMessage,
    .fuzz_answer = &FuzzAnswer,
    .answer_families = {"legal action", "any action", "ACCEPT-DEFEAT", "garbage", "padded",
                        "message", "other case", "unit or direction out of range"},
    .neutral_answer = &NeutralAnswer,
};

const Resync kResync = {
    .state_from_message = &StateFromMessage,
    .resync_keeps_hidden_parts = true,  // the scores and who is out
    .stand_in_from_message = &StandInFromMessage,
};

// arbiter.referee.edges: pushes come with league 2, the fog of war with
// league 3, points with league 1 (wondev.league); below, no game shows
// their deviations.
std::string DeviationOutOfPlay(const Deviation& deviation, const RuleList& pairs) {
  Rules rules;
  std::string error;
  if (!RulesFrom(pairs, rules, error)) return {};
  const std::string_view clause = deviation.clause;
  const std::string league = "league " + std::to_string(rules.league);
  if (clause.starts_with("wondev.push.") && !rules.pushes()) return league + " has no pushes";
  if (clause.starts_with("wondev.fog.") && !rules.fog()) return league + " has no fog of war";
  // wondev.score.league0: the first unit on level 3 wins; no points are counted.
  if (clause == "wondev.score.climb" && rules.first_climb_wins()) return league + " has no points";
  return {};
}

const GameInfo kGameInfo = {
    .name = "wondev",
    .title = "Wondev Woman",
    .policies = {"greedy", "random", "first", "passive"},
    .load_scenario = &LoadScenario,
    .new_game = &NewGame,
    .deserialize = &DeserializeWith<&Deserialize, &Wrap>,
    .check_invariants = &CheckWith<&StateOf, &CheckInvariants>,
    .check_step = [](const GameState& before, std::string_view line, bool silent) -> std::string {
      const State* b = StateOf(before);
      if (!b) return "not a Wondev Woman state";
      State after = *b;
      const TurnEvents ev =
          silent ? after.ApplySilence() : after.Apply(ReadAnswer(line, b->rules()));
      return CheckTransition(*b, ev, after);
    },
    .ready_line = std::nullopt,
    .profiles = {std::begin(kProfiles), std::end(kProfiles)},
    .edge_cases = &EdgeCases,
    .ok_answer = "ACCEPT-DEFEAT",
    .concede_answers = {"ACCEPT-DEFEAT"},
    .referee_fuzzing = &kRefereeFuzzing,
    .resync = &kResync,
    .fuzz_start = &FuzzStart,
    .board_view = &BoardView,
    .deviations = Deviations(),
    .deviation_out_of_play = &DeviationOutOfPlay,
};

std::unique_ptr<GameState> Wrap(const State& state) { return std::make_unique<WondevState>(state); }

// A referee indexing both players' units as the input lists them (own, then
// the opponent's) plays unit index k >= unitsPerPlayer with the opponent's
// unit k - unitsPerPlayer (wondev.league.units): the action as the mover's
// own on a state whose units are swapped, the mover scoring what it climbs.
//
// A referee that leaves out one legality check plays the action regardless:
// a push of the player's own unit (wondev.push.target), a pushed unit sent
// more than one level up (wondev.push.destination), a move more than one
// level up (wondev.move.climb). Only when that check alone refuses it.
namespace {

State PlayedRegardless(const State& s, const Action& a) {
  const int me = s.current_player();
  Units units = s.units();
  Map map = s.map();
  std::array<int, kNumPlayers> score = {s.score(0), s.score(1)};
  const Pos t = Step(units[me][a.unit], a.d1);
  Pos build = t;
  if (a.type == ActionType::kMoveBuild) {
    units[me][a.unit] = t;
    if (s.Height(t) == kScoreHeight) ++score[me];
    build = Step(t, a.d2);
  } else {
    for (int q = 0; q < kNumPlayers; ++q)
      for (int i = 0; i < s.units_per_player(); ++i)
        if (units[q][i] == t && !(q == me && i == a.unit)) units[q][i] = Step(t, a.d2);
  }
  bool occupied = false;  // wondev.fog.build: a unit on B cancels the build
  for (int q = 0; q < kNumPlayers; ++q)
    for (int i = 0; i < s.units_per_player(); ++i) occupied = occupied || units[q][i] == build;
  if (!occupied || a.type == ActionType::kPushBuild) ++map.height[build.y * map.size + build.x];
  return State::FromParts(map, units, s.rules(), s.turn() + 1, score, {s.out(0), s.out(1)});
}

}  // namespace

std::optional<LeftOut> LeftOutCheck(const State& s, const Action& a) {
  const int me = s.current_player();
  const Pos from = s.unit(me, a.unit), t = Step(from, a.d1);
  if (!s.Playable(t)) return std::nullopt;
  if (a.type == ActionType::kMoveBuild) {
    const Pos b = Step(t, a.d2);
    if (s.OwnerAt(t) >= 0 || s.Height(t) <= s.Height(from) + 1 || !s.Playable(b))
      return std::nullopt;
    return LeftOut{"wondev.move.climb", "as a move more than one level up", "climb-any"};
  }
  if (!s.rules().pushes()) return std::nullopt;
  const int turn = (static_cast<int>(a.d2) - static_cast<int>(a.d1) + kDirs) % kDirs;
  const Pos p = Step(t, a.d2);
  if ((turn != 0 && turn != 1 && turn != kDirs - 1) || !s.Playable(p) || s.OwnerAt(p) >= 0)
    return std::nullopt;
  const bool own = s.OwnerAt(t) == me, climbs = s.Height(p) > s.Height(t) + 1;
  if (own && !climbs)
    return LeftOut{"wondev.push.target", "as a push of the player's own unit", {}};
  if (s.OwnerAt(t) == 1 - me && climbs)
    return LeftOut{"wondev.push.destination", "as a push sending the unit more than one level up",
                   "push-climb-any"};
  return std::nullopt;
}

std::vector<Misreading> WondevState::Misreadings(std::string_view line) const {
  std::vector<Misreading> out;
  const Answer a = ReadAnswer(line, s_.rules());
  const int per = s_.units_per_player();
  if (s_.IsTerminal() || a.kind != Answer::kAction) return out;
  if (a.action.unit >= 0 && a.action.unit < per) {
    if (const auto left_out = LeftOutCheck(s_, a.action))
      out.push_back({left_out->how, left_out->clause, Wrap(PlayedRegardless(s_, a.action)), false,
                     left_out->deviation});
    return out;
  }
  if (a.action.unit < per || a.action.unit >= 2 * per) return out;
  const int me = s_.current_player();
  const auto swap = [&](const State& s) {
    Units units = s.units();
    std::swap(units[me], units[1 - me]);
    return State::FromParts(s.map(), units, s.rules(), s.turn(), {s.score(0), s.score(1)},
                            {s.out(0), s.out(1)});
  };
  State played = swap(s_);
  Answer theirs = a;
  theirs.action.unit -= per;
  played.Apply(theirs);
  if (played.out(me)) return out;  // not a legal action of that unit either
  out.push_back({"as an action of the opponent's unit " + std::to_string(theirs.action.unit) +
                     " (unit indexes counted over both players' units)",
                 "wondev.league.units", Wrap(swap(played))});
  return out;
}

const State* StateOf(const GameState& state) {
  const auto* s = dynamic_cast<const WondevState*>(&state);
  return s ? &s->state() : nullptr;
}

bool RulesFrom(const RuleList& pairs, Rules& rules, std::string& error) {
  for (const auto& [key, value] : pairs) {
    error = SetRule(rules, key, value);
    if (!error.empty()) return false;
  }
  return true;
}

std::unique_ptr<GameState> NewGame(uint64_t seed,
                                   const std::vector<std::pair<std::string, std::string>>& rules,
                                   std::string& error) {
  Rules r;
  if (!RulesFrom(rules, r, error)) return nullptr;
  return Wrap(NewState(seed, r));
}

std::vector<Event> DescribeEvents(const State& after, const TurnEvents& ev) {
  std::vector<Event> out;
  const std::string who = "player " + std::to_string(ev.player);
  const std::string text = ActionText(ev.action);
  switch (ev.result) {
    case Result::kMoved:
    case Result::kBuildCancelled:
      out.push_back({"move", "wondev.move.neighbour",
                     who + " " + text + ": unit " + std::to_string(ev.action.unit) + " moved " +
                         Cell(ev.from) + " -> " + Cell(ev.to)});
      if (ev.scored)
        out.push_back(
            {"score", "wondev.score.climb",
             who + " scored on level 3 (score " + std::to_string(after.score(ev.player)) + ")"});
      if (ev.result == Result::kMoved)
        out.push_back({"build", "wondev.build.height",
                       "built on " + Cell(ev.build) + ", now height " +
                           std::to_string(after.Height(ev.build))});
      else
        out.push_back(
            {"build-cancelled", "wondev.fog.build",
             "the build on " + Cell(ev.build) + " hit an unseen enemy and was cancelled"});
      break;
    case Result::kPushed:
      out.push_back({"push", "wondev.push.build",
                     who + " " + text + ": pushed the enemy " + Cell(ev.from) + " -> " +
                         Cell(ev.to) + " and built on " + Cell(ev.build) + ", now height " +
                         std::to_string(after.Height(ev.build))});
      break;
    case Result::kPushCancelled:
      out.push_back({"push-cancelled", "wondev.fog.push",
                     who + " " + text + ": an unseen unit stands on " + Cell(ev.to) +
                         "; nothing moved or was built"});
      break;
    case Result::kAcceptedDefeat:
      out.push_back({"out", "wondev.out.accept-defeat", who + " accepted defeat and is out"});
      break;
    case Result::kIllegal:
      out.push_back({"invalid", "wondev.out.invalid",
                     who + " answered an invalid or illegal action and is out"});
      break;
    case Result::kNoLegalOut:
      out.push_back(
          {"out", "wondev.turn.no-legal-action", who + " had no legal action and is out"});
      break;
    case Result::kNoLegalPass:
      out.push_back(
          {"pass", "wondev.turn.no-legal-action", who + " had no legal action; its turn passes"});
      break;
    case Result::kTimeout:
      out.push_back({"silent", "wondev.out.timeout", who + " gave no answer and is out"});
      break;
    case Result::kNotInGame:
      out.push_back({"absent", "wondev.out.turns", who + " is out; its turn passes"});
      break;
  }
  if (ev.removed)
    out.push_back({"removed", "wondev.build.height", Cell(ev.build) + " reached height 4"});
  if (ev.game_over) {
    const int w = after.Winner();
    out.push_back({"end", w >= 0 ? "wondev.end.winner" : EndClause(after),
                   (w >= 0 ? "player " + std::to_string(w) + " wins " : std::string("draw ")) +
                       std::to_string(after.score(0)) + "-" + std::to_string(after.score(1)) +
                       " (" + EndClause(after) + ")"});
  }
  return out;
}

}  // namespace arbiter::wondev

// What the referee fuzzer needs to know about wondev: where a message to a bot
// ends (the initialisation lines travel with a player's first turn input), how
// to learn the initial state from the first message, and how to compare a
// message with the reference: a table of its fields, each with the clauses it
// proves and how it is compared, walked in the order of the message's lines.
// The answers the fuzzer sends are chosen in fuzz_answer.cc.
#include <algorithm>

#include "wondev/codec.h"
#include "wondev/game.h"
#include "wondev/maps.h"

namespace arbiter::wondev {
namespace {

Divergence Make(std::string field, std::string kind, std::string expected, std::string actual,
                std::vector<std::string> clauses, std::string message) {
  return {std::move(field),  std::move(kind),    std::move(expected),
          std::move(actual), std::move(clauses), std::move(message)};
}

// The length of the "size\nunits\n" prefix of a first message, or 0.
size_t InitLength(std::string_view bytes) {
  if (bytes.size() < 4 || bytes[1] != '\n' || bytes[3] != '\n') return 0;
  return (bytes[0] >= '5' && bytes[0] <= '7' && (bytes[2] == '1' || bytes[2] == '2')) ? 4 : 0;
}

std::string P(Pos p) { return std::to_string(p.x) + " " + std::to_string(p.y); }

// What the last turn with events did, the silent turns of a player that is
// out skipped: its last event but for the score, removal and end notes that
// may follow it (a move's turn is "move", then "build" or "build-cancelled"),
// or nullptr.
const Event* LastEvent(const std::vector<TurnLog>& history) {
  for (auto t = history.rbegin(); t != history.rend(); ++t) {
    // The turns of a player that is out pass in silence and change nothing.
    if (t->events.empty() || (t->silent && t->events.front().kind == "absent")) continue;
    for (auto e = t->events.rbegin(); e != t->events.rend(); ++e)
      if (e->kind != "score" && e->kind != "removed" && e->kind != "end") return &*e;
    return &t->events.front();
  }
  return nullptr;
}

// The clause an action the referee listed but the reference does not breaks.
std::string WhyIllegal(const State& s, const Action& a) {
  const int me = s.current_player();
  if (a.unit >= s.units_per_player()) return "wondev.league.units";
  const Pos from = s.unit(me, a.unit), t = Step(from, a.d1);
  if (!s.Playable(t)) return "wondev.move.removed";
  if (a.type == ActionType::kPushBuild) {
    if (!s.rules().pushes()) return "wondev.push.target";
    if (s.OwnerAt(t) != 1 - me) return "wondev.push.target";
    return "wondev.push.destination";
  }
  if (s.OwnerAt(t) >= 0) return "wondev.move.occupied";
  if (s.Height(t) > s.Height(from) + 1) return "wondev.move.climb";
  return "wondev.build.adjacent";
}

}  // namespace

size_t FrameMessage(std::string_view bytes) {
  size_t pos = InitLength(bytes);
  auto line = [&](std::string_view& out) {
    const size_t nl = bytes.find('\n', pos);
    if (nl == std::string_view::npos) return false;
    out = bytes.substr(pos, nl - pos);
    pos = nl + 1;
    return true;
  };
  std::string_view l;
  if (!line(l)) return 0;
  const size_t n = l.size();
  if (n < kMinSize || n > kMaxSize) return pos;  // not a row: hand it over as it is
  for (size_t y = 1; y < n; ++y)
    if (!line(l)) return 0;
  for (int k = 0;; ++k) {
    if (!line(l)) return 0;
    if (l.find(' ') == std::string_view::npos) break;
    if (k == 2 * kMaxUnits) return pos;
  }
  const auto count = ParseCanonicalInt(l);
  if (!count || *count < 0 || *count > kMaxLegalActions) return pos;
  for (long long i = 0; i < *count; ++i)
    if (!line(l)) return 0;
  return pos;
}

namespace {

// What a turn input shows, parsed: the rules, the view and the map it draws.
// False, with `why`, when it is not a turn input of these rules.
bool ReadView(std::string_view message, const RuleList& rules, Rules& r, InputView& v, Map& map,
              Divergence& why, const char* which) {
  if (std::string err; !RulesFrom(rules, r, err)) {
    why = Make("rules", "rules", "", err, {}, err);
    return false;
  }
  const auto parsed = ParseInput(message.substr(InitLength(message)));
  if (!parsed.ok()) {
    why = Make("format", "format", "a turn input", EscapeBytes(message.substr(0, 120)),
               {"wondev.protocol.input.format"},
               std::string(which) + " is not a turn input: " + parsed.error().ToString());
    return false;
  }
  v = parsed.value();
  if (static_cast<int>(v.mine.size()) != r.units_per_player()) {
    why = Make("unitsPerPlayer", "setup", std::to_string(r.units_per_player()),
               std::to_string(v.mine.size()), {"wondev.league.units"},
               "the referee plays another number of units than the league's");
    return false;
  }
  map.size = v.size;
  map.height.fill(kHole);
  for (int y = 0; y < v.size; ++y)
    for (int x = 0; x < v.size; ++x)
      map.height[y * v.size + x] =
          v.rows[y][x] == '.' ? kHole : static_cast<int8_t>(v.rows[y][x] - '0');
  return true;
}

}  // namespace

std::unique_ptr<GameState> StateFromFirstMessage(std::string_view message, const RuleList& rules,
                                                 Divergence& why) {
  Rules r;
  InputView v;
  Map map;
  if (!ReadView(message, rules, r, v, map, why, "the first message")) return nullptr;
  Units units{};
  for (size_t i = 0; i < v.mine.size(); ++i) {
    if (v.theirs[i].x < 0) {
      why = Make("opponent unit " + std::to_string(i), "unlearnable", "a visible unit", "-1 -1",
                 {"wondev.fog.visibility"},
                 "the initial state cannot be learnt: an opponent unit is hidden by the fog");
      return nullptr;
    }
    units[0][i] = v.mine[i];
    units[1][i] = v.theirs[i];
  }
  if (std::string err = ValidateUnits(map, units, r.units_per_player()); !err.empty()) {
    why = Make("units", "setup", "distinct playable cells", err, {"wondev.setup.units"}, err);
    return nullptr;
  }
  return Wrap(State::Initial(map, units, r));
}

// arbiter.referee.chance: under the fog, the first message of each player
// shows the map and that player's own units; an opponent unit it hides
// stands two cells or more from the player's units (wondev.fog.visibility),
// so the first player's first turn cannot have pushed it (a push acts next
// to the pusher), and the second player's first message shows where it
// started. The map is the first message's (the second one shows it after a
// build). Visible units are taken from the first message.
std::unique_ptr<GameState> StateFromFirstMessages(
    std::span<const std::pair<int, std::string>> firsts, const RuleList& rules, Divergence& why) {
  if (firsts.size() < 2 || firsts[0].first == firsts[1].first || firsts[0].first < 0 ||
      firsts[0].first >= kNumPlayers || firsts[1].first < 0 || firsts[1].first >= kNumPlayers) {
    why = Make("start", "unlearnable", "a first message from each player", "one",
               {"wondev.fog.visibility"}, "the start cannot be learnt from one player's view");
    return nullptr;
  }
  Rules r;
  InputView first, second;
  Map map, later_map;
  if (!ReadView(firsts[0].second, rules, r, first, map, why, "the first message") ||
      !ReadView(firsts[1].second, rules, r, second, later_map, why,
                "the second player's first message"))
    return nullptr;
  if (first.size != second.size) {
    why = Make("size", "setup", std::to_string(first.size), std::to_string(second.size),
               {"wondev.grid.square"}, "the two players' first messages show grids of two sizes");
    return nullptr;
  }
  const int a = firsts[0].first, b = firsts[1].first;
  Units units{};
  for (size_t i = 0; i < first.mine.size(); ++i) {
    units[a][i] = first.mine[i];
    units[b][i] = first.theirs[i].x >= 0 ? first.theirs[i] : second.mine[i];
    // Hidden at the start: out of sight of every unit of the first player.
    // Else something moved it before its own player's first turn (a referee
    // that lets one player move the other's units): no start explains both.
    for (size_t j = 0; j < first.mine.size() && first.theirs[i].x < 0; ++j)
      if (Chebyshev(first.mine[j], units[b][i]) <= 1) {
        why = Make("opponent unit " + std::to_string(i), "unlearnable",
                   "out of sight of player " + std::to_string(a), P(units[b][i]),
                   {"wondev.fog.visibility"},
                   "the start cannot be learnt: player " + std::to_string(b) +
                       "'s first message shows its unit " + std::to_string(i) + " next to player " +
                       std::to_string(a) + "'s units, where the first message showed none");
        return nullptr;
      }
  }
  if (std::string err = ValidateUnits(map, units, r.units_per_player()); !err.empty()) {
    why = Make("units", "setup", "distinct playable cells", err, {"wondev.setup.units"}, err);
    return nullptr;
  }
  if (a != 0) {
    why = Make("recipient", "unlearnable", "player 0 first", "player " + std::to_string(a),
               {"wondev.turn.order"}, "the first message went to player " + std::to_string(a));
    return nullptr;
  }
  return Wrap(State::Initial(map, units, r));
}

// arbiter.referee.variant: the league a first message shows. One unit each
// is league 0 or 1 (they differ only in how a game ends: league 1 is taken);
// two units with one hidden is league 3 (the fog); two units all in sight,
// one of them two cells or more from every unit of the player, is league 2
// (under the fog it would be hidden). Otherwise the rules' league stands:
// also where one unit is hidden and another in sight although far, which no
// league shows (a fog that sees too far: the comparison and its
// explanation tell).
std::optional<RuleShown> RuleShownBy(std::string_view message, const RuleList& rules) {
  Rules r;
  std::string err;
  if (!RulesFrom(rules, r, err)) return std::nullopt;
  const auto parsed = ParseInput(message.substr(InitLength(message)));
  if (!parsed.ok()) return std::nullopt;
  const InputView& v = parsed.value();
  const int units = static_cast<int>(v.mine.size());
  bool hidden = false, far_in_sight = false;
  for (const Pos& p : v.theirs) {
    hidden = hidden || p.x < 0;
    bool near = false;
    for (const Pos& m : v.mine) near = near || (p.x >= 0 && Chebyshev(p, m) <= 1);
    far_in_sight = far_in_sight || (p.x >= 0 && !near);
  }
  int league = r.league;
  std::string why;
  if (units == 1 && r.units_per_player() != 1) {
    league = 1, why = "1 unit per player (leagues 0 and 1; 1 is taken)";
  } else if (units == 2 && hidden && !r.fog()) {
    league = 3, why = "2 units per player, the opponent's hidden by the fog of war";
  } else if (units == 2 && far_in_sight && !hidden && r.league != 2) {
    league = 2, why = "2 units per player, the opponent's in sight although far: no fog";
  } else if (units == 2 && r.units_per_player() != 2) {
    league = 3, why = "2 units per player, none hidden yet (leagues 2 and 3; 3 is taken)";
  }
  if (league == r.league) return std::nullopt;
  return RuleShown{"league", std::to_string(league), "wondev.league.units", why};
}

// arbiter.referee.resync: the map and every unit as the message shows them,
// at the reference's turn, with the reference's scores and out players
// (which no message shows). Not under a fog hiding a unit, and only when the
// actions the message lists are that state's own.
std::unique_ptr<GameState> StateFromMessage(std::string_view message, int seat,
                                            const GameState& reference, const RuleList& rules,
                                            std::string& why) {
  const State* ref = StateOf(reference);
  Rules r;
  InputView v;
  Map map;
  Divergence bad;
  if (!ref || seat != ref->current_player() ||
      !ReadView(message, rules, r, v, map, bad, "the message")) {
    why = ref ? bad.message : "not a wondev reference";
    return nullptr;
  }
  // Who is out is not shown: the reference's guess may be the difference
  // itself (an answer it refused and the referee played).
  if (ref->out(0) || ref->out(1)) {
    why = "a player is out, which no message shows";
    return nullptr;
  }
  Units units{};
  for (size_t i = 0; i < v.mine.size(); ++i) {
    if (v.theirs[i].x < 0) {
      why = "the fog hides an opponent unit";
      return nullptr;
    }
    units[seat][i] = v.mine[i];
    units[1 - seat][i] = v.theirs[i];
  }
  if (std::string err = ValidateUnits(map, units, r.units_per_player()); !err.empty()) {
    why = err;
    return nullptr;
  }
  const State s = State::FromParts(map, units, r, ref->turn(), {ref->score(0), ref->score(1)},
                                   {ref->out(0), ref->out(1)});
  if (s.IsTerminal()) {
    why = "the state it shows is the end of the game";
    return nullptr;
  }
  std::vector<std::string> listed = v.actions, own = ViewFor(s, seat).actions;
  std::sort(listed.begin(), listed.end());
  std::sort(own.begin(), own.end());
  // A referee that sends no list at all tells nothing by it.
  if (!listed.empty() && listed != own) {
    why = "the actions it lists are not those of the state it shows";
    return nullptr;
  }
  return Wrap(s);
}

// arbiter.referee.unknowable: a unit hidden by the fog stands at Chebyshev
// distance 2 or more from every unit of the player (wondev.fog.visibility),
// so it blocks none of its moves (their destinations are next to it) and no
// build or push destination (the fog lets those through: wondev.fog.build,
// wondev.fog.push). Any such cell shows the player the same input.
std::unique_ptr<GameState> StandInFromMessage(std::string_view message, int seat, int turn,
                                              const RuleList& rules, Divergence& why) {
  Rules r;
  InputView v;
  Map map;
  if (seat < 0 || seat >= kNumPlayers || !ReadView(message, rules, r, v, map, why, "the message"))
    return nullptr;
  Units units{};
  for (size_t i = 0; i < v.mine.size(); ++i) {
    units[seat][i] = v.mine[i];
    units[1 - seat][i] = v.theirs[i];
  }
  for (size_t i = 0; i < v.theirs.size(); ++i) {
    if (v.theirs[i].x >= 0) continue;
    Pos& hidden = units[1 - seat][i];
    for (int y = 0; y < map.size && hidden.x < 0; ++y)
      for (int x = 0; x < map.size && hidden.x < 0; ++x) {
        const Pos c{static_cast<int8_t>(x), static_cast<int8_t>(y)};
        const int h = map.at(x, y);
        bool ok = h != kHole && h < kRemovedHeight;
        for (int q = 0; q < kNumPlayers && ok; ++q)
          for (size_t j = 0; j < v.mine.size() && ok; ++j)
            if (units[q][j] == c || (q == seat && Chebyshev(units[q][j], c) <= 1)) ok = false;
        if (ok) hidden = c;
      }
  }
  if (std::string err = ValidateUnits(map, units, r.units_per_player()); !err.empty()) {
    why = Make("units", "setup", "distinct playable cells", err, {"wondev.setup.units"}, err);
    return nullptr;
  }
  if (turn % kNumPlayers != seat) ++turn;
  return Wrap(State::FromParts(map, units, r, turn, {0, 0}, {false, false}));
}

namespace {

// The player whose turn it is has no legal action: the rules still send it
// its turn (wondev.turn.no-legal-action), which a referee that puts it out
// without one skips; what a divergence then says of it.
bool OwedATurnWithoutLegalAction(const State& ref) {
  return !ref.IsTerminal() && ref.LegalActions().empty();
}
constexpr std::string_view kStillSentItsTurn =
    "has no legal action: the rules still send it its turn input (legalActions 0), and whatever "
    "it prints then puts it out";

// The referee ended the game where the reference goes on: why it goes on,
// in plain words, its clause first.
Divergence EndedEarly(const State& ref) {
  std::vector<std::string> clauses = {"wondev.end.rounds", "wondev.end.leader-alone",
                                      "wondev.end.both-out"};
  std::string message = "the referee ended the game with both players in and " +
                        std::to_string(kNumPlayers * ref.rules().max_rounds - ref.turn()) +
                        " turns left";
  if (ref.out(0) != ref.out(1)) {
    const int out = ref.out(0) ? 0 : 1, left = 1 - out;
    clauses = {"wondev.end.leader-alone", "wondev.end.rounds", "wondev.end.both-out"};
    message = "the referee ended the game when player " + std::to_string(out) +
              " was out, although player " + std::to_string(left) + " (" +
              std::to_string(ref.score(left)) + " points) does not lead it (" +
              std::to_string(ref.score(out)) + "): the player left plays on";
  }
  if (OwedATurnWithoutLegalAction(ref)) {  // a referee that skips it ends the game there
    clauses.insert(clauses.begin(), "wondev.turn.no-legal-action");
    message += "; player " + std::to_string(ref.current_player()) + ", whose turn it was, " +
               std::string(kStillSentItsTurn);
  }
  return Make("end", "end", "the game goes on (turn " + std::to_string(ref.turn()) + ")",
              "the referee ended the game", clauses, message);
}

// The referee went on after the reference's game ended.
Divergence WentOnAfterEnd(const State& ref, int seat) {
  // The rule that ended the reference's game first: three referees that
  // go on past three different ends are three findings.
  std::vector<std::string> clauses = {"wondev.end.leader-alone", "wondev.end.rounds",
                                      "wondev.end.both-out"};
  std::string why = "wondev.end.rounds";
  if (ref.out(0) && ref.out(1)) {
    why = "wondev.end.both-out";
  } else if (ref.rules().first_climb_wins() && ref.score(0) + ref.score(1) > 0) {
    why = "wondev.score.league0";
  } else if (ref.out(0) || ref.out(1)) {
    why = "wondev.end.leader-alone";
  }
  clauses.erase(std::remove(clauses.begin(), clauses.end(), why), clauses.end());
  clauses.insert(clauses.begin(), why);
  std::string message = "the referee went on after the end of the game (" + why + ")";
  if (why == "wondev.end.leader-alone") {
    const int out = ref.out(0) ? 0 : 1;
    message = "the referee went on when player " + std::to_string(out) + " was out and player " +
              std::to_string(1 - out) + " led (" + std::to_string(ref.score(1 - out)) +
              " points to " + std::to_string(ref.score(out)) + "): the game ends there";
  }
  return Make("end", "end", "no more input", "input for player " + std::to_string(seat), clauses,
              message);
}

// Every field of turn input `a` that differs from `e`, the grid's cells
// first, for the message: the first names the cause, the others are listed
// after it.
std::vector<std::string> DifferingFields(const InputView& e, const InputView& a) {
  std::vector<std::string> differing;
  if (a.size != e.size) {
    differing.push_back("size");
  } else {
    for (int y = 0; y < e.size; ++y)
      for (int x = 0; x < e.size; ++x)
        if (e.rows[y][x] != a.rows[y][x])
          differing.push_back("rows[" + std::to_string(y) + "][" + std::to_string(x) + "]");
  }
  if (a.mine.size() == e.mine.size()) {
    for (int side = 0; side < 2; ++side)
      for (size_t i = 0; i < e.mine.size(); ++i)
        if ((side ? e.theirs[i] : e.mine[i]) != (side ? a.theirs[i] : a.mine[i]))
          differing.push_back(std::string(side ? "opponent" : "own") + " unit " +
                              std::to_string(i));
  } else {
    differing.push_back("units");
  }
  {
    std::vector<std::string> se = e.actions, sa = a.actions;
    std::sort(se.begin(), se.end());
    std::sort(sa.begin(), sa.end());
    if (se != sa) differing.push_back("legal actions");
  }
  return differing;
}

// The referee sent input to a player whose turn it is not. When the player
// whose turn it is has no legal action, the referee skipped it: the rules
// still send it its turn (wondev.turn.no-legal-action), and that is what
// the finding says first.
Divergence WrongRecipient(const State& ref, int seat) {
  const std::string expected = "input for player " + std::to_string(ref.current_player());
  const std::string actual = "input for player " + std::to_string(seat);
  if (OwedATurnWithoutLegalAction(ref))
    return Make("recipient", "recipient", expected, actual,
                {"wondev.turn.no-legal-action", "wondev.turn.order", "wondev.out.turns"},
                "the referee skipped player " + std::to_string(ref.current_player()) + ", who " +
                    std::string(kStillSentItsTurn));
  return Make("recipient", "recipient", expected, actual, {"wondev.turn.order", "wondev.out.turns"},
              "the referee sent input to the wrong player");
}

// The initialisation lines go with a player's first turn input, and only
// with it (wondev.protocol.init).
std::optional<Divergence> CompareInit(const State& ref, const std::vector<TurnLog>& history,
                                      std::string_view actual, int seat) {
  bool first = true;
  for (const TurnLog& t : history) first = first && t.player != seat;
  const size_t init = InitLength(actual);
  if (first && actual.substr(0, init) != FormatInit(ref))
    return Make("init", "init", EscapeBytes(FormatInit(ref)), EscapeBytes(actual.substr(0, 8)),
                {"wondev.protocol.init"}, "the initialisation input is missing or wrong");
  if (!first && init > 0)
    return Make("init", "init", "no initialisation input", EscapeBytes(actual.substr(0, init)),
                {"wondev.protocol.init"}, "the initialisation input was sent again");
  return std::nullopt;
}

// A well-formed turn input compared with the reference's: `a` the message's,
// `e` the reference's, both texts, what the last turn with events did, the
// legal actions of each sorted, and every field that differs.
struct Compared {
  const State& ref;
  const InputView& a;
  const InputView& e;
  std::string_view expected, text;
  std::string last_kind;
  std::vector<std::string> listed, legal;  // a's and e's actions, sorted
  std::vector<std::string> differing;
};

struct FieldCheck;
using FieldCompare = std::optional<Divergence> (*)(const Compared&, const FieldCheck&);

// One row of the table of fields: the field of the turn input, the kind of
// its divergence, the clauses of the register it proves (the one a
// difference points to first), whether a difference is in the listing only,
// not the state (Divergence::listing_only), and how it is compared.
struct FieldCheck {
  std::string field;
  std::string kind;
  std::vector<std::string> clauses;
  bool listing_only;
  FieldCompare compare;
};

// A divergence of `check` on `field` (the check's, or one cell or unit of
// it), the other differing fields listed after it.
Divergence Found(const Compared& c, const FieldCheck& check, std::string field,
                 std::vector<std::string> clauses, std::string expected, std::string actual,
                 std::string message) {
  std::string also;
  int listed = 0;
  for (const std::string& f : c.differing) {
    if (f == field) continue;
    if (++listed > 8) {
      also += ", ...";
      break;
    }
    also += (also.empty() ? "" : ", ") + f;
  }
  if (!also.empty()) message += " (also differing: " + also + ")";
  Divergence d = Make(std::move(field), check.kind, std::move(expected), std::move(actual),
                      std::move(clauses), std::move(message));
  d.listing_only = check.listing_only;
  return d;
}

// The same on the check's own field, with its own clauses.
Divergence Found(const Compared& c, const FieldCheck& check, std::string expected,
                 std::string actual, std::string message) {
  return Found(c, check, check.field, check.clauses, std::move(expected), std::move(actual),
               std::move(message));
}

std::optional<Divergence> CompareSize(const Compared& c, const FieldCheck& check) {
  if (c.a.size == c.e.size) return std::nullopt;
  return Found(c, check, std::to_string(c.e.size), std::to_string(c.a.size),
               "the grid has another size");
}

// Removed cells drawn as holes, and the listing, differ; nothing else: the
// message shows the reference's state, drawn otherwise (listing_only).
bool OnlyDrawnOtherwise(const InputView& e, const InputView& a) {
  bool only_drawn = a.mine == e.mine && a.theirs == e.theirs;
  for (int y = 0; y < e.size; ++y)
    for (int x = 0; x < e.size; ++x)
      only_drawn = only_drawn &&
                   (e.rows[y][x] == a.rows[y][x] || (e.rows[y][x] == '4' && a.rows[y][x] == '.'));
  return only_drawn;
}

// What a cell that differs points to: a removed cell drawn as a hole, a
// build the fog cancelled, a push's build, or else the row's own clauses.
std::vector<std::string> CellClauses(char ce, char ca, const std::string& last_kind,
                                     const FieldCheck& check) {
  if (ce == '4' && ca == '.') return {"wondev.grid.cells", "wondev.build.height"};
  if (last_kind == "build-cancelled") return {"wondev.fog.build"};
  if (last_kind == "push" || last_kind == "push-cancelled")
    return {"wondev.push.build", "wondev.fog.push"};
  return check.clauses;
}

std::optional<Divergence> CompareCells(const Compared& c, const FieldCheck& check) {
  for (int y = 0; y < c.e.size; ++y)
    for (int x = 0; x < c.e.size; ++x) {
      const char ce = c.e.rows[y][x], ca = c.a.rows[y][x];
      if (ce == ca) continue;
      Divergence d =
          Found(c, check, check.field + "[" + std::to_string(y) + "][" + std::to_string(x) + "]",
                CellClauses(ce, ca, c.last_kind, check), std::string(1, ce), std::string(1, ca),
                "cell (" + std::to_string(x) + "," + std::to_string(y) + ") differs");
      d.listing_only = OnlyDrawnOtherwise(c.e, c.a);
      return d;
    }
  return std::nullopt;
}

std::optional<Divergence> CompareUnitCount(const Compared& c, const FieldCheck& check) {
  if (c.a.mine.size() == c.e.mine.size()) return std::nullopt;
  return Found(c, check, std::to_string(c.e.mine.size()), std::to_string(c.a.mine.size()),
               "another number of units");
}

// What a unit that stands elsewhere points to: the fog showing or hiding
// it, a push the fog cancelled, a push, or else the units' own clauses.
std::vector<std::string> UnitClauses(Pos pe, Pos pa, const std::string& last_kind,
                                     const FieldCheck& check) {
  if ((pe.x < 0) != (pa.x < 0)) return {"wondev.fog.visibility"};
  if (last_kind == "push-cancelled") return {"wondev.fog.push"};
  if (last_kind == "push") return {"wondev.push.build", "wondev.push.destination"};
  return check.clauses;
}

// The units of one side (InputView::mine or ::theirs), in order.
std::optional<Divergence> CompareUnits(const Compared& c, const FieldCheck& check,
                                       std::vector<Pos> InputView::*side) {
  for (size_t i = 0; i < c.e.mine.size(); ++i) {
    const Pos pe = (c.e.*side)[i], pa = (c.a.*side)[i];
    if (pe == pa) continue;
    const std::string who = check.field + " " + std::to_string(i);
    return Found(c, check, who, UnitClauses(pe, pa, c.last_kind, check), P(pe), P(pa),
                 who + " stands elsewhere");
  }
  return std::nullopt;
}

std::optional<Divergence> CompareOwnUnits(const Compared& c, const FieldCheck& check) {
  return CompareUnits(c, check, &InputView::mine);
}

std::optional<Divergence> CompareOpponentUnits(const Compared& c, const FieldCheck& check) {
  return CompareUnits(c, check, &InputView::theirs);
}

// In plain words: no list at all is not one missing action.
std::optional<Divergence> CompareNoList(const Compared& c, const FieldCheck& check) {
  if (!c.listed.empty() || c.legal.empty()) return std::nullopt;
  return Found(c, check, std::to_string(c.legal.size()) + " legal actions",
               "an empty list (legalActions 0)",
               "the referee sent no legal-action list although the player has " +
                   std::to_string(c.legal.size()) + " legal actions");
}

std::optional<Divergence> CompareListForNone(const Compared& c, const FieldCheck& check) {
  if (!c.legal.empty() || c.listed.empty()) return std::nullopt;
  return Found(c, check, "an empty list (legalActions 0)",
               std::to_string(c.listed.size()) + " actions",
               "the referee lists actions for a player that has no legal action");
}

std::optional<Divergence> CompareOrder(const Compared& c, const FieldCheck& check) {
  if (c.listed != c.legal) return std::nullopt;
  return Found(c, check, "sorted by text", "another order",
               "the legal actions are listed in another order");
}

// An action listed that the rules forbid, with the clause it breaks first.
std::optional<Divergence> CompareExtraAction(const Compared& c, const FieldCheck& check) {
  for (const std::string& x : c.listed) {
    if (std::binary_search(c.legal.begin(), c.legal.end(), x)) continue;
    std::vector<std::string> clauses = {
        WhyIllegal(c.ref, ParseAnswer(x, ActionParsing::kExact).action)};
    clauses.insert(clauses.end(), check.clauses.begin(), check.clauses.end());
    return Found(c, check, check.field, std::move(clauses), "not listed", x,
                 "the referee lists an action the rules forbid");
  }
  return std::nullopt;
}

// A legal action not listed: a push's destination or a move's climb first.
std::optional<Divergence> CompareMissingAction(const Compared& c, const FieldCheck& check) {
  for (const std::string& x : c.legal) {
    if (std::binary_search(c.listed.begin(), c.listed.end(), x)) continue;
    std::vector<std::string> clauses = {x.rfind("PUSH", 0) == 0 ? "wondev.push.destination"
                                                                : "wondev.move.climb"};
    clauses.insert(clauses.end(), check.clauses.begin(), check.clauses.end());
    return Found(c, check, check.field, std::move(clauses), x, "not listed",
                 "the referee omits a legal action");
  }
  return std::nullopt;
}

// Every field is the reference's (or an action is listed twice), the text
// is not.
std::optional<Divergence> CompareLayout(const Compared& c, const FieldCheck& check) {
  return Found(c, check, EscapeBytes(c.expected), EscapeBytes(c.text),
               "the message differs in its layout");
}

// The fields of a turn input in the order of its lines, each with the
// clauses it proves: the first that differs is the divergence. From the
// legal actions on, the state is the reference's: only the list differs.
// The layout comes last: the text differs where no field does.
const std::vector<FieldCheck>& FieldChecks() {
  static const std::vector<FieldCheck> checks = {
      {"size", "size", {"wondev.grid.square"}, false, &CompareSize},
      {"rows", "cell", {"wondev.build.height", "wondev.build.adjacent"}, false, &CompareCells},
      {"units", "units", {"wondev.league.units"}, false, &CompareUnitCount},
      {"own unit",
       "position",
       {"wondev.move.neighbour", "wondev.push.build"},
       false,
       &CompareOwnUnits},
      {"opponent unit",
       "position",
       {"wondev.move.neighbour", "wondev.push.build"},
       false,
       &CompareOpponentUnits},
      {"legal actions", "no-legal-list", {"wondev.protocol.input.legal"}, true, &CompareNoList},
      {"legal actions",
       "extra-action",
       {"wondev.turn.no-legal-action", "wondev.protocol.input.legal"},
       true,
       &CompareListForNone},
      {"legal actions", "order", {"wondev.protocol.input.legal"}, true, &CompareOrder},
      {"legal actions", "extra-action", {"wondev.protocol.input.legal"}, true, &CompareExtraAction},
      {"legal actions",
       "missing-action",
       {"wondev.fog.build", "wondev.protocol.input.legal"},
       true,
       &CompareMissingAction},
      {"text", "format", {"wondev.protocol.input.format"}, false, &CompareLayout},
  };
  return checks;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Walks the table of fields over a well-formed turn input.
std::optional<Divergence> CompareFields(const State& ref, const std::vector<TurnLog>& history,
                                        const InputView& a, const InputView& e,
                                        std::string_view expected, std::string_view text) {
  const Event* last = LastEvent(history);
  const Compared c{ref,
                   a,
                   e,
                   expected,
                   text,
                   last ? last->kind : "",
                   Sorted(a.actions),
                   Sorted(e.actions),
                   DifferingFields(e, a)};
  for (const FieldCheck& check : FieldChecks())
    if (auto d = check.compare(c, check)) return d;
  return std::nullopt;
}

}  // namespace

std::optional<Divergence> CompareMessage(const GameState& reference,
                                         const std::vector<TurnLog>& history,
                                         std::string_view actual, int seat) {
  const State& ref = *StateOf(reference);
  if (seat < 0) return ref.IsTerminal() ? std::nullopt : std::optional(EndedEarly(ref));
  if (ref.IsTerminal()) return WentOnAfterEnd(ref, seat);
  if (seat != ref.current_player()) return WrongRecipient(ref, seat);
  if (auto d = CompareInit(ref, history, actual, seat)) return d;
  const std::string_view text = actual.substr(InitLength(actual));
  const std::string expected = FormatInput(ref, seat);
  if (text == expected) return std::nullopt;
  const auto parsed = ParseInput(text);
  if (!parsed.ok())
    return Make("format", "format", EscapeBytes(expected), EscapeBytes(text.substr(0, 300)),
                {"wondev.protocol.input.format"},
                "the message is not a well-formed turn input: " + parsed.error().ToString());
  return CompareFields(ref, history, parsed.value(), ViewFor(ref, seat), expected, text);
}

}  // namespace arbiter::wondev

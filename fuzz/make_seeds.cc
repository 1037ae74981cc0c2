// make_seeds: writes the jc2015 seed corpora of the fuzz targets from the
// golden playthroughs (spec-tests/jc2015/golden/*.txt);
// spec-tests/jc2015/make-seeds runs it and names the files by their sha1.
// Deterministic: the same goldens give the same seeds.
//
//   make_seeds <out-dir> <golden.txt>...
// writes <out-dir>/<target>/<n> for game_walk (jc2015's golden games, beside
// the seeds make_walk_seeds writes for every game), engine_step, model_diff,
// input_parser, action_parser and line_framer. Every game and state seed is
// decoded again with the targets' own decoder (game_walk_input.h,
// jc2015_game_input.h, jc2015_state_input.h) and must read back as written.
#include <fuzzer/FuzzedDataProvider.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/parse.h"
#include "fuzz/game_walk_input.h"
#include "fuzz/jc2015_game_input.h"
#include "fuzz/jc2015_state_input.h"
#include "jc2015/codec.h"
#include "jc2015/game.h"

namespace {

using namespace arbiter::jc2015;

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "make_seeds: %s\n", what.c_str());
  std::exit(1);
}

struct Golden {
  nlohmann::json scenario;
  std::vector<std::string> inputs;   // every turn input, "...EOD\n"
  std::vector<std::string> answers;  // one per global turn, unescaped
};

Golden Read(const std::string& path) {
  std::ifstream in(path);
  if (!in) Fail("cannot read " + path);
  Golden g;
  std::string line, input;
  while (std::getline(in, line)) {
    if (line.rfind("# scenario ", 0) == 0) {
      g.scenario = nlohmann::json::parse(line.substr(11));
    } else if (line.rfind("> ", 0) == 0 || line == ">") {
      auto answer = arbiter::UnescapeBytes(line.size() > 2 ? line.substr(2) : "");
      if (!answer) Fail(path + ": bad answer line " + line);
      g.answers.push_back(*answer);
    } else if (!line.empty() && line[0] != '#') {
      input += line + "\n";
      if (line == "EOD") {
        g.inputs.push_back(input);
        input.clear();
      }
    }
  }
  if (g.scenario.is_null()) Fail(path + ": no '# scenario' line");
  return g;
}

class Out {
 public:
  explicit Out(std::string dir) : dir_(std::move(dir)) {}
  void Write(const std::string& target, const std::string& bytes) {
    const std::string d = dir_ + "/" + target;
    mkdir(d.c_str(), 0755);
    std::ofstream(d + "/" + std::to_string(count_++), std::ios::binary) << bytes;
  }

 private:
  std::string dir_;
  int count_ = 0;
};

std::array<int8_t, kNumBlocks> BlocksOf(const State& s) {
  std::array<int8_t, kNumBlocks> blocks{};
  for (int i = 0; i < kNumBlocks; ++i) blocks[i] = static_cast<int8_t>(s.block_at(i));
  return blocks;
}

std::array<Player, kNumPlayers> PlayersOf(const State& s) {
  std::array<Player, kNumPlayers> players{};
  for (int p = 0; p < kNumPlayers; ++p) players[p] = s.player(p);
  return players;
}

std::string CheckedEncoding(const fuzz::GameInput& g) {
  const std::string bytes = fuzz::EncodeGameInput(g);
  FuzzedDataProvider in(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  const fuzz::GameInput back = fuzz::ConsumeGameInput(in);
  bool same = back.explicit_placement == g.explicit_placement && back.rules == g.rules &&
              back.actions == g.actions;
  if (g.explicit_placement) {
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 3; ++j) same = same && back.squares[i][j] == g.squares[i][j];
  } else {
    same = same && back.seed == g.seed;
  }
  if (!same) Fail("a game seed does not decode as encoded");
  return bytes;
}

// engine_step's input for `state` followed by the answers from `next` on.
std::string CheckedStateEncoding(const State& state, const std::string& next) {
  fuzz::StateInput g;
  g.rules = state.rules();
  g.turn = state.turn();
  g.blocks = BlocksOf(state);
  g.players = PlayersOf(state);
  g.actions = next.substr(0, fuzz::kMaxStepActions);
  const std::string bytes = fuzz::EncodeStateInput(g);
  FuzzedDataProvider in(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  const fuzz::StateInput back = fuzz::ConsumeStateInput(in);
  if (!(back.ToState() == state) || back.actions != g.actions)
    Fail("a state seed does not decode as encoded");
  return bytes;
}

// The index of key=value among the values of the register's rule options.
uint8_t RuleValueIndex(const std::vector<arbiter::fuzz::RuleValue>& values, const std::string& key,
                       const std::string& value) {
  for (size_t i = 0; i < values.size() && i < 256; ++i)
    if (values[i].key == key && values[i].value == value) return static_cast<uint8_t>(i);
  Fail("rule " + key + "=" + value + " is no value of the register's options");
}

// game_walk's input for a golden game (format: game_walk_input.h): its
// profile, its rules as values of the register's options, its placement
// (explicit ones through fuzz_start, fuzz_start.cc) and its first answers as
// turn bytes: each answer the legal answer it is read as, an answer read as
// no command a fuzzing answer of the family "garbage". With `turn_limit`, a
// short turn limit through fuzz_start. Checked: the walk starts from the
// golden's start and decodes as written.
std::string WalkSeed(const nlohmann::json& scenario, const std::vector<std::string>& answers,
                     int turn_limit) {
  namespace af = arbiter::fuzz;
  const auto& games = arbiter::AllGames();
  af::WalkInput w;
  while (w.game < games.size() && games[w.game] != &kGameInfo) ++w.game;
  const std::string profile = scenario.value("profile", "");
  arbiter::ScenarioOptions options;  // the golden game under its profile's rules
  for (size_t i = 0; i < kGameInfo.profiles.size() && !profile.empty(); ++i) {
    if (kGameInfo.profiles[i].name != profile) continue;
    w.rule_set = static_cast<uint8_t>(i + 1);
    for (const auto& [key, value] : kGameInfo.profiles[i].rules)
      options.profile_rules.emplace_back(key, value);
  }
  arbiter::ScenarioError scenario_error;
  const auto golden = kGameInfo.load_scenario(scenario, options, scenario_error);
  if (!golden) Fail("a golden scenario: " + scenario_error.field + ": " + scenario_error.message);
  const State& initial = *StateOf(*golden->initial);
  const std::vector<af::RuleValue> values = af::RuleValuesOf(kGameInfo);
  const nlohmann::json golden_rules = scenario.value("rules", nlohmann::json::object());
  for (const auto& [key, value] : golden_rules.items())
    w.options.push_back(
        {RuleValueIndex(values, key, value.is_string() ? value.get<std::string>() : value.dump()),
         0});
  if (w.options.size() > af::kMaxRuleOptions) Fail("a golden game sets too many rules");
  w.seed = scenario.value("seed", uint64_t{0});
  if (!scenario.contains("seed")) {
    w.game_start = true;
    w.start[0] |= 1;
    for (int p = 0; p < kNumPlayers; ++p) {
      w.start[1 + 3 * p] = static_cast<uint8_t>(initial.player(p).row + 1);
      w.start[2 + 3 * p] = static_cast<uint8_t>(initial.player(p).col + 1);
      w.start[3 + 3 * p] = static_cast<uint8_t>(initial.player(p).dir);
    }
  }
  if (turn_limit > 0) {
    w.game_start = true;
    w.start[0] |= 2;
    w.start[13] = static_cast<uint8_t>(turn_limit - 1);
  }
  const auto& families = kGameInfo.referee_fuzzing->answer_families;
  const auto garbage = std::find(families.begin(), families.end(), "garbage") - families.begin();
  std::unique_ptr<arbiter::GameState> gs = Wrap(initial);
  for (size_t t = 0; t < answers.size() && t < 64 && !gs->IsTerminal(); ++t) {
    const Action a = ParseAction(answers[t], initial.rules().action_parsing);
    const std::vector<std::string> legal = gs->LegalAnswers();
    const auto at = std::find(legal.begin(), legal.end(), std::string(1, ActionLetter(a)));
    w.turns.push_back(static_cast<char>(
        a == Action::kInvalid || at == legal.end() ? 180 + 2 * garbage : at - legal.begin()));
    gs->ApplyLine(answers[t]);
  }
  const std::string bytes = af::EncodeWalkInput(w);
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  if (!(af::ConsumeWalkInput({data, bytes.size()}) == w)) Fail("a walk seed does not decode");
  std::string error;
  const arbiter::RuleList rules = af::RulesOf(kGameInfo, values, w);
  auto start = kGameInfo.new_game(w.seed, rules, error);
  if (start && w.game_start) start = kGameInfo.fuzz_start(w.seed, w.start, rules);
  if (!start) Fail("a walk seed's start is refused: " + error);
  if (turn_limit == 0 && start->Serialize() != Wrap(initial)->Serialize())
    Fail("a walk seed does not start from its golden game's start");
  return bytes;
}

// line_framer_fuzzer's header (see line_framer_fuzzer.cc).
std::string FramerSeed(size_t max_line, size_t max_queued, const std::vector<size_t>& chunks,
                       const std::string& payload) {
  fuzz::TailWriter w;
  w.Int(static_cast<int>(max_line), 0, 32);
  w.Int(static_cast<int>(max_queued), 1, 16);
  w.Int(static_cast<int>(chunks.size()), 0, 32);
  for (size_t c : chunks) w.Int(static_cast<int>(c), 0, 64);
  return w.Finish(payload);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) Fail("usage: make_seeds <out-dir> <golden.txt>...");
  Out out(argv[1]);
  std::set<std::string> lines = {"U",         "R",    "D",  "L",   "A",
                                 "N",         "",     " U", "A\r", "\tN \r",
                                 "u",         "X",    "UR", "NN",  std::string("\0L", 2),
                                 "\x01R\x20", "\xa0U"};
  for (int i = 2; i < argc; ++i) {
    const Golden golden = Read(argv[i]);
    arbiter::ScenarioError error;
    const auto scenario = kGameInfo.load_scenario(golden.scenario, {}, error);
    if (!scenario) Fail(std::string(argv[i]) + ": " + error.field + ": " + error.message);
    const State& initial = *StateOf(*scenario->initial);

    fuzz::GameInput game;
    game.rules = initial.rules();
    if (golden.scenario.contains("seed")) {
      game.seed = golden.scenario["seed"].get<uint64_t>();
    } else {
      game.explicit_placement = true;
      for (int p = 0; p < kNumPlayers; ++p) {
        game.squares[p][0] = initial.player(p).row;
        game.squares[p][1] = initial.player(p).col;
        game.squares[p][2] = static_cast<int>(initial.player(p).dir);
      }
    }
    for (const std::string& a : golden.answers) {
      game.actions += fuzz::ByteOfAction(ParseAction(a, game.rules.action_parsing));
      lines.insert(a);
    }
    out.Write("model_diff", CheckedEncoding(game));
    fuzz::GameInput opening = game;  // the first 16 turns under a short turn limit
    opening.actions.resize(std::min<size_t>(opening.actions.size(), 16));
    opening.rules.turn_limit = 12;
    out.Write("model_diff", CheckedEncoding(opening));
    out.Write("game_walk", WalkSeed(golden.scenario, golden.answers, 0));
    const std::vector<std::string> first(
        golden.answers.begin(),
        golden.answers.begin() + std::min<size_t>(golden.answers.size(), 16));
    out.Write("game_walk", WalkSeed(golden.scenario, first, 12));

    // engine_step: the states of the game at turns 0, 3, 6, ... (every tenth
    // after turn 30) and the one before its last answer, each with the next
    // answers; and the state at turn 8 under turn limit 12, which ends there.
    State state = initial;
    for (size_t t = 0; t < game.actions.size() && !state.IsTerminal(); ++t) {
      const std::string next = game.actions.substr(t);
      if ((t < 30 ? t % 3 == 0 : t % 10 == 0) || t + 1 == game.actions.size())
        out.Write("engine_step", CheckedStateEncoding(state, next));
      if (t == 8) {
        Rules short_game = state.rules();
        short_game.turn_limit = 12;
        out.Write("engine_step",
                  CheckedStateEncoding(
                      State::FromParts(short_game, state.turn(), BlocksOf(state), PlayersOf(state)),
                      next));
      }
      state.Apply(fuzz::ActionOfByte(static_cast<uint8_t>(game.actions[t])));
    }

    const size_t n = golden.inputs.size();
    for (size_t t = 0; t < n; ++t)
      if (t < 3 || t % 10 == 0 || t + 1 == n) out.Write("input_parser", golden.inputs[t]);

    std::string transcript;  // what a bot would read, with its answers in between
    for (size_t t = 0; t < n && t < 4; ++t)
      transcript += golden.inputs[t] + (t < golden.answers.size() ? golden.answers[t] : "") + "\n";
    out.Write("line_framer", FramerSeed(32, 16, {64}, transcript));
    out.Write("line_framer", FramerSeed(8, 4, {1, 3, 7}, transcript));
    out.Write("line_framer", FramerSeed(0, 1, {0, 5}, transcript + "READY"));
  }
  for (const std::string& line : lines) out.Write("action_parser", line);
  return 0;
}

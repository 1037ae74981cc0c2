// Golden playthroughs: each transcript in golden/ (listed in golden/MANIFEST
// with the `arbiter simulate` arguments that made it) is replayed from its
// scenario header and its answer lines ("> ...") and must come out byte for
// byte the same. A rule change shows up as a readable diff of these files;
// regenerate them with scripts/regen-golden and review the diff.
//
// Independently of the engine, every transcript played under deal=next-turn
// is also followed board by board with the model of model.h: each board must
// show the positions the rules give, keep every tile the rules keep, and the
// RESULT line must name the winner and turn count the rules give.
#include "spec-tests/common/golden.h"

#include <sstream>

#include "core/parse.h"
#include "spec-tests/common/spec_test.h"
#include "spec-tests/island/builders.h"
#include "spec-tests/island/model.h"

namespace arbiter::island {
namespace {

using namespace testing;

const std::string kGoldenDir = std::string(ARBITER_SOURCE_DIR) + "/spec-tests/island/golden";

struct Transcript {
  nlohmann::json header;             // the scenario, without actions
  std::vector<std::string> boards;   // one per turn played
  std::vector<std::string> answers;  // unescaped
  std::vector<std::string> events;   // "# kind clause: detail" lines
  int result_winner = -2, result_turns = -1;
  std::string error;
};

Transcript ParseTranscript(const std::string& text) {
  Transcript t;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# scenario ", 0) == 0) {
      t.header = nlohmann::json::parse(line.substr(11));
    } else if (line.rfind("# ", 0) == 0) {
      t.events.push_back(line);
    } else if (line.rfind("> ", 0) == 0) {
      const auto answer = UnescapeBytes(line.substr(2));
      if (!answer) t.error = "bad escape in answer line '" + line + "'";
      t.answers.push_back(answer.value_or(""));
    } else if (line.rfind("RESULT ", 0) == 0) {
      std::istringstream r(line.substr(7));
      r >> t.result_winner >> t.result_turns;
    } else {
      t.boards.push_back(line + "\n");
    }
  }
  if (t.header.is_null()) t.error = "no '# scenario' header";
  return t;
}

SPEC_TEST(Golden, EveryGoldenPlaythroughReplaysByteForByte, "island.turn.order",
          "island.board.format", "island.tiles.random") {
  const auto files = spec::GoldenFiles(kGoldenDir);
  ASSERT_GE(files.size(), 4u) << "golden playthroughs missing in " << kGoldenDir;
  for (const std::string& name : files) {
    const std::string golden = spec::ReadFile(kGoldenDir + "/" + name);
    const Transcript t = ParseTranscript(golden);
    ASSERT_EQ(t.error, "") << name;
    std::string error;
    const std::string replay = spec::ReplayGolden(golden, error);
    ASSERT_EQ(error, "") << name;
    EXPECT_EQ(replay, golden) << name << " differs: run scripts/regen-golden and review the diff";
  }
}

// Follows a transcript with the model; returns the first disagreement.
std::string FollowWithTheModel(const Transcript& t) {
  Model m;
  const nlohmann::json& h = t.header;
  if (h.contains("rules"))
    for (const auto& [key, value] : h["rules"].items()) {
      const std::string err =
          SetRule(m.rules, key, value.is_string() ? value.get<std::string>() : value.dump());
      if (!err.empty()) return err;
    }
  if (h.contains("turn")) m.turn = h["turn"].get<int>();
  if (h.contains("shuffles"))
    m.shuffles = {h["shuffles"][0].get<int>(), h["shuffles"][1].get<int>()};
  if (h.contains("positions")) m.pos = {h["positions"][0].get<int>(), h["positions"][1].get<int>()};
  if (h.contains("tiles"))
    for (int p = 0; p < 2; ++p) {
      const std::string tiles = h["tiles"][p].get<std::string>();
      for (int k = 0; k < kHandSize; ++k) m.hand[p][k] = tiles[k] == '?' ? 0 : tiles[k] - '0';
    }
  // A hand that is not given (a seeded start) is learnt from its first board.
  if (t.boards.size() != t.answers.size()) return "not one board per answer";
  for (size_t i = 0; i < t.boards.size(); ++i) {
    const std::string where = "turn " + std::to_string(m.turn) + ": ";
    if (m.over) return where + "the game went on after its end";
    Board b;
    std::string error;
    if (!ParseBoard(t.boards[i], b, error)) return where + error;
    const int p = m.Player();
    if (b.player != p) return where + "the board is for the wrong player";
    if (b.pos[0] != m.pos[0] || b.pos[1] != m.pos[1])
      return where + "the board shows " + std::to_string(b.pos[0]) + "," +
             std::to_string(b.pos[1]) + ", the rules give " + std::to_string(m.pos[0]) + "," +
             std::to_string(m.pos[1]);
    for (int k = 0; k < kHandSize; ++k) {
      if (m.hand[p][k] != 0 && m.hand[p][k] != b.tiles[k])
        return where + "tile slot " + std::to_string(k) + " changed though it was not used";
      m.hand[p][k] = b.tiles[k];
    }
    const Answer a = ParseAnswer(t.answers[i], m.rules);
    if (a.ok)
      ModelPlay(m, a.move);
    else
      ModelDisqualify(m);
    // Under deal=next-turn the other player's empty slots are dealt at its
    // board, which the next iteration learns.
  }
  if (!m.over) return "the transcript ends before the game does";
  if (t.result_winner != m.winner || t.result_turns != m.turn)
    return "RESULT " + std::to_string(t.result_winner) + " " + std::to_string(t.result_turns) +
           ", the rules give " + std::to_string(m.winner) + " " + std::to_string(m.turn);
  return "";
}

SPEC_TEST(Golden, EveryBoardOfTheGoldenPlaythroughsFollowsFromTheRules, "island.move.forward",
          "island.retreat", "island.defence.count", "island.defence.knockback",
          "island.defence.full", "island.tiles.replace", "island.tiles.deal", "island.end.winner") {
  int followed = 0;
  for (const std::string& name : spec::GoldenFiles(kGoldenDir)) {
    const Transcript t = ParseTranscript(spec::ReadFile(kGoldenDir + "/" + name));
    ASSERT_EQ(t.error, "") << name;
    if (t.header.contains("rules") && t.header["rules"].value("deal", "") == "immediate") continue;
    EXPECT_EQ(FollowWithTheModel(t), "") << name;
    ++followed;
  }
  EXPECT_GE(followed, 3);
}

SPEC_TEST(Golden, TheScriptedGoldenShowsEveryKindOfAttackAndAFall, "island.defence.full",
          "island.defence.knockback", "island.edge.knocked") {
  const Transcript t = ParseTranscript(spec::ReadFile(kGoldenDir + "/attacks-and-falls.txt"));
  ASSERT_EQ(t.error, "");
  std::string all;
  for (const std::string& e : t.events) all += e + "\n";
  EXPECT_NE(all.find("# attack island.defence.full:"), std::string::npos) << all;
  EXPECT_NE(all.find("# attack island.defence.knockback:"), std::string::npos) << all;
  EXPECT_NE(all.find("# fall island.edge.knocked:"), std::string::npos) << all;
}

}  // namespace
}  // namespace arbiter::island

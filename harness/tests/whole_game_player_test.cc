// The player each game seats around the bot in check-bot's whole games
// (GameInfo::whole_game_policy, arbiter.check.whole-games), proved over
// every registered game: it answers only valid lines, and it keeps the game
// alive, so that a bot that only plays on reaches the game's own end.
#include <gtest/gtest.h>

#include <string>

#include "core/game.h"
#include "core/rng.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter {
namespace {

// The bot's stand-in: the game's harmless answer (never ends the game).
std::string PlayOn(const GameInfo& game, const GameState& s) {
  const RefereeFuzzing* fuzzing = game.referee_fuzzing;  // optional: null in a game without it
  return fuzzing && fuzzing->neutral_answer ? fuzzing->neutral_answer(s)
                                            : std::string(game.ok_answer);
}

SPEC_TEST(WholeGames, TheWholeGamePlayerOfEveryGameAnswersOnlyValidLines,
          "arbiter.check.whole-games") {
  for (const GameInfo* game : AllGames()) {
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      std::string error;
      auto s = game->new_game(seed, {}, error);
      ASSERT_TRUE(s) << game->name << ": " << error;
      Rng rng(seed);
      int answers = 0;
      while (!s->IsTerminal()) {
        const auto line = s->BuiltinAnswer(game->whole_game_policy, rng);
        ASSERT_TRUE(line) << game->name << " has no player '" << game->whole_game_policy << "'";
        EXPECT_EQ(s->ClassifyAnswer(*line), AnswerVerdict::kValid)
            << game->name << " seed " << seed << " turn " << s->turn() << ": " << *line;
        s->ApplyLine(*line);
        ++answers;
      }
      EXPECT_GT(answers, 0) << game->name;
    }
  }
}

// jc2015 and Save The Island reach their turn limit when nobody attacks;
// Wondev Woman ends where the board fills up and nobody can move.
SPEC_TEST(WholeGames, ABotThatPlaysOnAgainstTheWholeGamePlayersPlaysEveryOneOfItsTurns,
          "arbiter.check.whole-games", "jc2015.end.turn-limit", "island.end.limit") {
  for (const GameInfo* game : AllGames()) {
    const bool to_limit = game->name != "wondev";
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      std::string error;
      auto s = game->new_game(seed, {}, error);
      ASSERT_TRUE(s) << error;
      const int bot = static_cast<int>(seed % s->num_players());
      Rng rng(seed);
      int own_turns = 0;
      while (!s->IsTerminal()) {
        if (s->current_player() == bot && s->CurrentPlayerReceivesInput()) {
          ++own_turns;
          s->ApplyLine(PlayOn(*game, *s));
        } else {
          s->ApplyLine(*s->BuiltinAnswer(game->whole_game_policy, rng));
        }
      }
      const int n = s->num_players(), limit = s->TurnLimit();
      ASSERT_GT(limit, 0) << game->name;
      if (to_limit) {
        EXPECT_EQ(s->turn(), limit) << game->name << " seed " << seed;
        EXPECT_EQ(own_turns, (limit - bot + n - 1) / n) << game->name << " seed " << seed;
      } else {
        EXPECT_GT(own_turns, 20) << game->name << " seed " << seed;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter

// Spec tests of the board a bot is sent (island.board.*): its exact bytes,
// who receives it, and the strict parser that reads other referees' boards.
#include "spec-tests/island/builders.h"
#include "spec-tests/common/spec_test.h"

namespace arbiter::island {
namespace {

using namespace testing;

SPEC_TEST(Board, TheSeedsExampleBoardIsPrintedByteForByte, "island.board.format",
          "island.board.player", "island.board.tiles", "island.board.island") {
  // "1;42143;000100020000000": player 1 holds 4 2 1 4 3, stands on 3, player
  // 2 on 7, distance 4.
  const State s = Make({3, 7}, "42143", "11111");
  EXPECT_EQ(FormatBoard(s, 0), "1;42143;000100020000000\n");
  EXPECT_EQ(s.distance(), 4);
}

SPEC_TEST(Board, PlayerTwoSeesTheSameIslandNotMirrored, "island.board.island",
          "island.board.player") {
  const State s = Make({3, 7}, "42143", "23132", 1);
  EXPECT_EQ(FormatBoard(s, 1), "2;23132;000100020000000\n");
  const State edge = Make({0, 1}, "11111", "44444", 1);
  EXPECT_EQ(FormatBoard(edge, 1), "2;44444;120000000000000\n");
}

SPEC_TEST(Board, OnlyThePlayerToMoveIsSentABoardAndNothingElseIsEverSent,
          "island.board.recipient", "island.board.player", "island.turn.order") {
  const GameInfo* game = FindGame("island");
  ASSERT_NE(game, nullptr);
  EXPECT_FALSE(game->ready_line.has_value());  // no READY
  std::string error;
  auto g = game->new_game(3, {}, error);
  ASSERT_TRUE(g) << error;
  EXPECT_EQ(g->InitText(0), "");
  EXPECT_EQ(g->InitText(1), "");
  Rng rng(3);
  int turns = 0;
  while (!g->IsTerminal()) {
    const int p = g->current_player();
    EXPECT_EQ(p, turns % 2);
    EXPECT_TRUE(g->CurrentPlayerReceivesInput());
    const std::string board = g->InputText(p);
    // One line: the recipient's number, and no other newline.
    EXPECT_EQ(board.size(), 24u) << board;
    EXPECT_EQ(board.find('\n'), 23u) << board;
    EXPECT_EQ(board[0], static_cast<char>('1' + p)) << board;
    g->ApplyLine(*g->BuiltinAnswer("random", rng));
    ++turns;
  }
  EXPECT_FALSE(g->CurrentPlayerReceivesInput());  // no end message
  EXPECT_GT(turns, 0);
}

SPEC_TEST(Board, ThePlayerToMoveNeverSeesAnEmptySlot, "island.board.tiles", "island.tiles.deal") {
  State s = Make({3, 9}, "12341", "23412");
  Play(s, "shuffle");  // every slot of player 1 empty until its next board
  Play(s, "move;2");
  const std::string board = FormatBoard(s, 0);
  for (int i = 0; i < kHandSize; ++i) EXPECT_TRUE(board[2 + i] >= '1' && board[2 + i] <= '4') << board;
}

SPEC_TEST(BoardParser, ReadsExactlyTheBoardFormat, "island.board.format", "island.board.player",
          "island.board.tiles", "island.board.island") {
  Board b;
  std::string error;
  for (const char* good : {"1;42143;000100020000000\n", "1;42143;000100020000000"}) {
    ASSERT_TRUE(ParseBoard(good, b, error)) << error;
    EXPECT_EQ(b.player, 0);
    EXPECT_EQ(b.tiles, (std::array<int, 5>{4, 2, 1, 4, 3}));
    EXPECT_EQ(b.pos, (std::array<int, 2>{3, 7}));
  }
  ASSERT_TRUE(ParseBoard("2;11114;000000000000012\n", b, error)) << error;
  EXPECT_EQ(b.player, 1);
  EXPECT_EQ(b.pos, (std::array<int, 2>{13, 14}));
  for (const char* bad : {
           "3;42143;000100020000000\n",    // no player 3
           "0;42143;000100020000000\n",    // nor 0
           "1;42153;000100020000000\n",    // a tile 5
           "1;42103;000100020000000\n",    // a tile 0
           "1;4214;000100020000000\n",     // four tiles
           "1;421434;00100020000000\n",    // six tiles
           "1;42143;00010002000000\n",     // 14 cells
           "1;42143;0001000200000000\n",   // 16 cells
           "1,42143,000100020000000\n",    // commas
           "1;42143;000110020000000\n",    // two players 1
           "1;42143;000100000000000\n",    // no player 2
           "1;42143;000100030000000\n",    // a cell 3
           "1;42143;000100020000000\r\n",  // a CR
           " 1;42143;000100020000000\n",   // a blank
           "1;42143;000100020000000\n\n",  // an empty line after
           "",
       })
    EXPECT_FALSE(ParseBoard(bad, b, error)) << bad;
}

}  // namespace
}  // namespace arbiter::island

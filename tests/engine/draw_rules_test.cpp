// Draw rules in the search: stalemate, 50 moves, repetition, and RULES 4.11's conversion of
// a draw into a win for the first king promoter.
#include "engine_test_util.h"

namespace evo::test {
namespace {

// RULES 4.11: with the 50-move count at 99, any quiet move draws; a draw is a win for
// White, the first king promoter, though Black has far more material.
TEST(DrawRulesTest, FiftyMoveDrawIsAWinForTheFirstKingPromoter) {
    Position pos = load("promoteking", "k7/8/8/8/8/8/qr6/6C1 w - - 99 80 w,0");
    engine::SearchResult r = search_depth(pos, 4);
    ASSERT_TRUE(r.score.is_mate()) << engine::uci_score(r.score);
    EXPECT_EQ(r.score.value, 1);
    EXPECT_TRUE(is_capture(pos, r.best_move) == false);
}

// RULES 1.2: the same position without a king promotion is just a draw.
TEST(DrawRulesTest, FiftyMoveDrawIsADrawOtherwise) {
    Position pos = load("chess", "k7/8/8/8/8/8/qr6/6K1 w - - 99 80");
    engine::SearchResult r = search_depth(pos, 4);
    EXPECT_FALSE(r.score.is_mate());
    EXPECT_EQ(r.score.value, 0);
}

// RULES 4.11: Black, not the promoter, must avoid the draw, and loses when it cannot.
TEST(DrawRulesTest, FiftyMoveDrawLosesForTheOtherSide) {
    Position pos = load("promoteking", "k7/8/8/8/8/8/qr6/6C1 b - - 99 80 w,0");
    engine::SearchResult r = search_depth(pos, 4);
    ASSERT_TRUE(r.score.is_mate()) << engine::uci_score(r.score);
    EXPECT_LT(r.score.value, 0);
}

// RULES 1.2: a stalemated side has no move; the search answers none.
TEST(DrawRulesTest, StalemateHasNoBestMove) {
    // Black to move is stalemated: there is no move to answer.
    Position pos = load("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine::SearchResult r = search_depth(pos, 3);
    EXPECT_TRUE(r.best_move.is_none());
}

// RULES 1.2: threefold repetition counts the game's history before the root: a queen
// down, Black takes the draw by repeating the start position a third time.
TEST(DrawRulesTest, ThreefoldRepetitionWithGameHistory) {
    Game game(load("chess", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"})
        ASSERT_TRUE(game.play(m).ok());
    engine::Engine engine;
    engine::Limits limits;
    limits.depth = 6;
    engine::SearchResult r = engine.search(game, limits);
    EXPECT_EQ(to_uci(game.position(), r.best_move), "f6g8");
    EXPECT_FALSE(r.score.is_mate());
    EXPECT_EQ(r.score.value, 0);
}

} // namespace
} // namespace evo::test

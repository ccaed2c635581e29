// RULES 4: Promote King Chess.
#include "core/game.h"
#include "test_util.h"

namespace evo {
namespace {

using test::fen_after;
using test::has_move;
using test::load;
using test::moves_from;
using Set = std::set<std::string>;

// RULES 4.1: queen moves, knight jumps, and two-square leaps over anything to empty squares.
TEST(PromoteKing, Rules_4_1_CthulhuMoves) {
    Position open = load("promoteking", "4k3/8/8/8/3C4/8/8/8 w - - 0 1 w,0");
    // Queen and knight moves (leaps coincide with queen moves here), but not d7 and d8 next
    // to the black king.
    EXPECT_EQ(moves_from(open, "d4").size(), 27u + 8u - 2u);
    Position blocked = load("promoteking", "4k3/8/3n4/3P4/3C4/8/8/8 w - - 0 1 w,0");
    EXPECT_FALSE(has_move(blocked, "d4d6")); // the leap never captures
    Position over = load("promoteking", "6k1/8/8/3P4/3C4/8/8/8 w - - 0 1 w,0");
    EXPECT_TRUE(has_move(over, "d4d6")); // leaps over its own pawn
    EXPECT_EQ(test::san_of(over, "d4d6"), "Cd6");
}

// RULES 4.1: the leap neither attacks nor gives check; Cthulhu is royal.
TEST(PromoteKing, Rules_4_1_LeapDoesNotAttack) {
    Position pos = load("promoteking", "8/8/5k2/4N3/3C4/8/8/8 b - - 0 1 w,0");
    EXPECT_FALSE(pos.in_check());
    // Queen-line and knight checks are checks; Cthulhu must escape them.
    Position checked = load("promoteking", "4k3/8/8/8/3C3r/8/8/8 w - - 0 1 w,0");
    EXPECT_TRUE(checked.in_check());
    EXPECT_FALSE(has_move(checked, "d4e4")); // stays on the rook's rank
}

// RULES 4.2: a king reaching its last rank becomes Cthulhu at once.
TEST(PromoteKing, Rules_4_2_KingBecomesCthulhu) {
    Position pos = load("promoteking", "8/3K4/8/8/8/8/8/k7 w - - 0 1 -,0");
    EXPECT_EQ(test::san_of(pos, "d7d8"), "Kd8=C");
    EXPECT_EQ(fen_after(pos, "d7d8"), "3C4/8/8/8/8/8/8/k7 b - - 1 1 w,0");
    // The first promoter stays the first.
    Position second = load("promoteking", "8/3K4/8/8/8/8/8/c7 w - - 0 1 b,0");
    EXPECT_EQ(fen_after(second, "d7d8"), "3C4/8/8/8/8/8/8/c7 b - - 1 1 b,0");
    // Not in chess.
    Position chess = load("chess", "8/3K4/8/8/8/8/8/k7 w - - 0 1");
    EXPECT_EQ(fen_after(chess, "d7d8"), "3K4/8/8/8/8/8/8/k7 b - - 1 1");
}

// RULES 4.3: Cthulhu's queen moves may not cross a square where it would be in check...
TEST(PromoteKing, Rules_4_3_NoPassingThroughCheck) {
    Position pos = load("promoteking", "5k2/8/8/8/8/8/7r/C7 w - - 0 1 w,0");
    EXPECT_FALSE(has_move(pos, "a1a2")); // into check
    EXPECT_TRUE(has_move(pos, "a1a3"));  // a leap crosses nothing
    EXPECT_FALSE(has_move(pos, "a1a4")); // crosses a2, attacked by the rook
    EXPECT_TRUE(has_move(pos, "a1g1"));  // crosses nothing attacked
    // A two-square capture is a queen move, so it may not cross check either.
    Position capture = load("promoteking", "5k2/8/8/8/8/n7/7r/C7 w - - 0 1 w,0");
    EXPECT_FALSE(has_move(capture, "a1a3"));
}

// ...unless it would give check itself from that square (by queen line or knight jump).
TEST(PromoteKing, Rules_4_3_CrossingWhileGivingCheck) {
    Position gives = load("promoteking", "5k2/8/8/8/8/1r6/8/C7 w - - 0 1 w,0");
    EXPECT_TRUE(has_move(gives, "a1a5"));  // on a3 it would check f8 along a3-f8
    EXPECT_FALSE(has_move(gives, "a1a3")); // but it may not stop there
    Position no_check = load("promoteking", "6k1/8/8/8/8/1r6/8/C7 w - - 0 1 w,0");
    EXPECT_FALSE(has_move(no_check, "a1a5"));
    EXPECT_TRUE(has_move(no_check, "a1b3")); // a knight jump crosses nothing... and captures
}

// RULES 4.4: promotion to pawn, knight, bishop, rook or queen of either colour; a choice of
// the other colour that would check the own king is illegal.
TEST(PromoteKing, Rules_4_4_PromotionChoices) {
    Position pos = load("promoteking", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 -,0");
    EXPECT_EQ(moves_from(pos, "b7"), (Set{"b7b8p", "b7b8n", "b7b8b", "b7b8r", "b7b8q", "b7b8~p",
                                          "b7b8~n", "b7b8~b", "b7b8~r", "b7b8~q"}));
    Position file = load("promoteking", "4k3/1P6/8/8/8/8/8/1K6 w - - 0 1 -,0");
    EXPECT_EQ(moves_from(file, "b7"),
              (Set{"b7b8p", "b7b8n", "b7b8b", "b7b8r", "b7b8q", "b7b8~p", "b7b8~n", "b7b8~b"}));
    EXPECT_EQ(test::san_of(pos, "b7b8~q"), "b8=~Q");
    EXPECT_EQ(test::san_of(pos, "b7b8p"), "b8=P");
    // A promotion into the other colour is counted (4.12); keeping the pawn is not.
    EXPECT_EQ(fen_after(pos, "b7b8~n"), "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1 -,1");
    EXPECT_EQ(fen_after(pos, "b7b8p"), "1P2k3/8/8/8/8/8/8/4K3 b - - 0 1 -,0");
}

// RULES 4.4: a pawn kept on the last rank never moves on; one of the other colour moves the
// other way.
TEST(PromoteKing, Rules_4_4_PawnsOfEitherColourOnBackRanks) {
    Position kept = load("promoteking", "1P2k3/8/8/8/8/8/8/4K3 w - - 0 1 -,0");
    EXPECT_TRUE(moves_from(kept, "b8").empty());
    Position other = load("promoteking", "k3p3/8/8/8/8/8/8/4K3 b - - 0 1 -,1");
    EXPECT_EQ(moves_from(other, "e8"), (Set{"e8e7"}));
}

// RULES 4.5: any pawn on its second rank may double-step, wherever it came from, and en
// passant applies to it.
TEST(PromoteKing, Rules_4_5_SecondRankDoubleStep) {
    Position first_rank = load("promoteking", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1 -,1");
    EXPECT_EQ(moves_from(first_rank, "a1"), (Set{"a1a2"}));
    Position second_rank = load("promoteking", "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 -,1");
    EXPECT_EQ(moves_from(second_rank, "a2"), (Set{"a2a3", "a2a4"}));
    std::string after = fen_after(second_rank, "a2a4");
    EXPECT_EQ(after, "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1 -,1");
    Position black = load("promoteking", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -,0");
    (void)black;
    Position reversed = load("promoteking", "4k3/p7/8/8/8/8/8/4K3 b - - 0 1 -,0");
    EXPECT_EQ(moves_from(reversed, "a7"), (Set{"a7a6", "a7a5"}));
}

// RULES 4.6: a non-promoted king on its second rank may step two squares forward.
TEST(PromoteKing, Rules_4_6_KingDoubleStep) {
    Position pos = load("promoteking", "4k3/8/8/8/8/8/4K3/8 w - - 0 1 -,0");
    EXPECT_TRUE(has_move(pos, "e2e4"));
    EXPECT_EQ(test::san_of(pos, "e2e4"), "Ke4");
    // Never capturable, so the writer gives no en-passant square.
    EXPECT_EQ(fen_after(pos, "e2e4"), "4k3/8/8/8/4K3/8/8/8 b - - 1 1 -,0");
    // Illegal when an enemy pawn covers the square passed over...
    EXPECT_FALSE(has_move(load("promoteking", "4k3/8/8/8/3p4/8/4K3/8 w - - 0 1 -,0"), "e2e4"));
    // ...but other attacks on it do not matter.
    EXPECT_TRUE(has_move(load("promoteking", "4k3/8/8/8/8/r7/4K3/8 w - - 0 1 -,0"), "e2e4"));
    // Not out of check, not into check, not over or onto an occupied square.
    EXPECT_FALSE(has_move(load("promoteking", "4k3/8/8/8/8/8/r3K3/8 w - - 0 1 -,0"), "e2e4"));
    EXPECT_FALSE(has_move(load("promoteking", "4k3/1b6/8/8/8/8/4K3/8 w - - 0 1 -,0"), "e2e4"));
    EXPECT_FALSE(has_move(load("promoteking", "4k3/8/8/8/8/4n3/4K3/8 w - - 0 1 -,0"), "e2e4"));
    // Only from the second rank, and not in chess.
    EXPECT_FALSE(has_move(load("promoteking", "4k3/8/8/8/8/4K3/8/8 w - - 0 1 -,0"), "e3e5"));
    EXPECT_FALSE(has_move(load("chess", "4k3/8/8/8/8/8/4K3/8 w - - 0 1"), "e2e4"));
}

// RULES 4.7: a non-promoted king captures en passant like a pawn; the step onto that square
// is always the capture.
TEST(PromoteKing, Rules_4_7_KingEnPassant) {
    Position pos = load("promoteking", "4k3/8/8/3pK3/8/8/8/8 w - d6 0 2 -,0");
    EXPECT_TRUE(has_move(pos, "e5d6"));
    EXPECT_EQ(test::san_of(pos, "e5d6"), "Kxd6");
    EXPECT_EQ(fen_after(pos, "e5d6"), "4k3/8/3K4/8/8/8/8/8 b - - 0 2 -,0");
    // Where the capture would leave the king in check, there is no plain step instead.
    Position pinned = load("promoteking", "4k3/8/8/3pK3/8/8/8/3r4 w - d6 0 2 -,0");
    EXPECT_FALSE(has_move(pinned, "e5d6"));
    // Without a double step just made, the step is an ordinary move.
    EXPECT_TRUE(has_move(load("promoteking", "4k3/8/8/3pK3/8/8/8/3r4 w - - 0 2 -,0"), "e5d6"));
}

// RULES 4.8: the king may follow its pawn's single step onto the square it left.
TEST(PromoteKing, Rules_4_8_KingFollowsPawn) {
    Position pos = load("promoteking", "4k3/8/8/8/8/8/4P3/4K3 w U - 0 1 -,0");
    EXPECT_TRUE(has_move(pos, "e1e2"));
    EXPECT_EQ(test::san_of(pos, "e1e2"), "Ke2");
    EXPECT_EQ(fen_after(pos, "e1e2"), "4k3/8/8/8/8/4P3/4K3/8 b - - 0 1 -,0");
    // With a last-rank promotion the choice is kept; choices that check the king are illegal.
    Position promo = load("promoteking", "k7/4P3/4K3/8/8/8/8/8 w - - 0 1 -,0");
    EXPECT_EQ(moves_from(promo, "e6e7"), (Set{"e6e7/e8p", "e6e7/e8n", "e6e7/e8b", "e6e7/e8r",
                                              "e6e7/e8q", "e6e7/e8~p", "e6e7/e8~n", "e6e7/e8~b"}));
    EXPECT_EQ(test::san_of(promo, "e6e7/e8~n"), "Ke7/e8=~N");
    EXPECT_EQ(fen_after(promo, "e6e7/e8n"), "k3N3/4K3/8/8/8/8/8/8 b - - 0 1 -,0");
    // Legality is checked after both steps.
    Position exposed = load("promoteking", "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1 -,0");
    EXPECT_FALSE(has_move(exposed, "e1e2"));
    // Not after a double step or a capture, and not in chess.
    EXPECT_FALSE(has_move(load("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e1e2"));
}

// RULES 4.9: a pawn promoting to a rook on its unmoved king's file gives vertical castling.
TEST(PromoteKing, Rules_4_9_VerticalCastling) {
    Position promote = load("promoteking", "8/4P2k/8/8/8/8/8/4K3 w U - 0 1 -,0");
    EXPECT_EQ(fen_after(promote, "e7e8r"), "4R3/7k/8/8/8/8/8/4K3 b V - 0 1 -,0");
    Position pos = load("promoteking", "4R3/7k/8/8/8/8/8/4K3 w V - 0 1 -,0");
    EXPECT_TRUE(has_move(pos, "e1e3"));
    EXPECT_EQ(test::san_of(pos, "e1e3"), "0-0-0-0-0-0");
    EXPECT_EQ(fen_after(pos, "e1e3"), "8/7k/8/8/8/4K3/4R3/8 b - - 1 1 -,0");
    // Not through or onto an attacked square, not with anything between.
    EXPECT_FALSE(has_move(load("promoteking", "4R3/7k/8/2b5/8/8/8/4K3 w V - 0 1 -,0"), "e1e3"));
    EXPECT_FALSE(has_move(load("promoteking", "4R3/7k/8/8/8/8/r7/4K3 w V - 0 1 -,0"), "e1e3"));
    EXPECT_FALSE(has_move(load("promoteking", "4R3/7k/4N3/8/8/8/8/4K3 w V - 0 1 -,0"), "e1e3"));
    // A moved king gets no right.
    EXPECT_EQ(fen_after(load("promoteking", "8/4P2k/8/8/8/8/8/4K3 w - - 0 1 -,0"), "e7e8r"),
              "4R3/7k/8/8/8/8/8/4K3 b - - 0 1 -,0");
}

// RULES 4.10: a rook of the other colour on that colour's corner gives an ordinary right.
TEST(PromoteKing, Rules_4_10_CastlingFromPromotedRooks) {
    Position pos = load("promoteking", "4k3/8/8/8/8/8/7p/4K3 b U - 0 1 -,0");
    EXPECT_EQ(fen_after(pos, "h2h1~r"), "4k3/8/8/8/8/8/8/4K2R w K - 0 2 -,1");
    Position other = load("promoteking", "4k3/8/8/8/8/8/6p1/4K3 b U - 0 1 -,0");
    EXPECT_EQ(fen_after(other, "g2g1~r"), "4k3/8/8/8/8/8/8/4K1R1 w U - 0 2 -,1");
    Position castle = load("promoteking", "4k3/8/8/8/8/8/8/4K2R w K - 0 2 -,1");
    EXPECT_TRUE(has_move(castle, "e1g1"));
}

// RULES 4.11/4.12: see game_test.cpp.

} // namespace
} // namespace evo

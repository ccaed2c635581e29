// RULES 2: EvoChess.
#include "core/game.h"
#include "test_util.h"

namespace evo {
namespace {

using test::fen_after;
using test::has_move;
using test::load;
using test::moves_from;

// RULES 2.1
TEST(EvoChess, Rules_2_1_StartPositionHasPawnsAndKingsOnly) {
    Position pos = Position::start(*find_variant("evochess"));
    EXPECT_EQ(pos.fen(), "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(test::uci_moves(pos).size(), 18u);
}

// RULES 2.1: no castling ever, even with rooks on their squares and castling letters.
TEST(EvoChess, Rules_2_1_NoCastling) {
    Position pos = load("evochess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_FALSE(has_move(pos, "e1g1"));
    EXPECT_FALSE(has_move(pos, "e1c1"));
    EXPECT_EQ(pos.castling(), 0);
}

// RULES 2.2/2.3: a pawn move counts in p; the third earns a minor right.
TEST(EvoChess, Rules_2_3_PawnMovesCount) {
    Position pos = load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "e2e4"),
              "4k3/pppppppp/8/8/4P3/8/PPPP1PPP/4K3 b - - 0 1 1,0,0,0/0,0,0,0");
    Position two = load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(two, "e2e4"),
              "4k3/pppppppp/8/8/4P3/8/PPPP1PPP/4K3 b - - 0 1 0,1,0,0/0,0,0,0");
    // King moves do not count.
    EXPECT_EQ(fen_after(two, "e1d1"),
              "4k3/pppppppp/8/8/8/8/PPPPPPPP/3K4 b - - 1 1 2,0,0,0/0,0,0,0");
}

// RULES 2.3: captures of pieces count in c, captures of pawns and en passant do not.
TEST(EvoChess, Rules_2_3_OnlyPieceCapturesCount) {
    Position pos = load("evochess", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "e4d5"), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1 1,0,1,0/0,0,0,0");
    Position pawn = load("evochess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pawn, "e4d5"), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1 1,0,0,0/0,0,0,0");
    Position ep = load("evochess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 0,0,1,0/0,0,0,0");
    EXPECT_EQ(fen_after(ep, "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 1,0,1,0/0,0,0,0");
    // A king's capture of a piece counts too; the second earns a rook right.
    Position king = load("evochess", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 0,0,1,0/0,0,0,0");
    EXPECT_EQ(fen_after(king, "e1d2"), "4k3/8/8/8/8/8/3K4/8 b - - 0 1 0,0,0,1/0,0,0,0");
}

// RULES 2.3/2.4: the right earned by a move can be spent at its end, on the pawn that moved.
TEST(EvoChess, Rules_2_4_MinorPromotionOfTheMovingPawn) {
    Position pos = load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "e2"),
              (std::set<std::string>{"e2e3", "e2e3b", "e2e3n", "e2e4", "e2e4b", "e2e4n"}));
    EXPECT_EQ(fen_after(pos, "e2e4n"),
              "4k3/pppppppp/8/8/4N3/8/PPPP1PPP/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
    // Without a right, no choice.
    Position none = load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 1,0,0,0/0,0,0,0");
    EXPECT_EQ(moves_from(none, "e2"), (std::set<std::string>{"e2e3", "e2e4"}));
    // A held right can be used by any later pawn move, but never by a non-pawn move.
    Position held = load("evochess", "4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    EXPECT_TRUE(has_move(held, "e2e3b"));
    EXPECT_FALSE(has_move(held, "c3d5b"));
    EXPECT_EQ(fen_after(held, "e2e3b"), "4k3/8/8/8/8/2N1B3/8/4K3 b - - 0 1 1,0,0,0/0,0,0,0");
}

// RULES 2.5: any own knight or bishop, the mover or another, may become a rook.
TEST(EvoChess, Rules_2_5_RookPromotionOfAnyMinor) {
    Position pos = load("evochess", "4k3/8/8/8/8/2N5/4P3/4KB2 w - - 0 1 0,0,0,1/0,0,0,0");
    EXPECT_TRUE(has_move(pos, "c3d5r"));    // the knight that moves
    EXPECT_TRUE(has_move(pos, "c3d5/f1r")); // another minor
    EXPECT_TRUE(has_move(pos, "e1d1/c3r")); // after a king move
    EXPECT_TRUE(has_move(pos, "e2e4/c3r")); // after a pawn move
    EXPECT_FALSE(has_move(pos, "e2e4r"));   // never the pawn itself in evochess
    EXPECT_EQ(fen_after(pos, "e1d1/c3r"), "4k3/8/8/8/8/2R5/4P3/3K1B2 b - - 1 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(test::san_of(pos, "c3d5r"), "Nd5=R");
    EXPECT_EQ(test::san_of(pos, "c3d5/f1r"), "Nd5/Bf1=R");
}

// RULES 2.5/2.6: a move that earns both rights still allows one promotion only.
TEST(EvoChess, Rules_2_6_OnePromotionPerMove) {
    Position pos = load("evochess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "d4e5"),
              (std::set<std::string>{"d4e5", "d4e5b", "d4e5n", "d4e5/c3r"}));
    // Both rights were earned; using one keeps the other (they accumulate).
    EXPECT_EQ(fen_after(pos, "d4e5n"), "4k3/8/8/4N3/8/2B5/8/4K3 b - - 0 1 0,0,0,1/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "d4e5"), "4k3/8/8/4P3/8/2B5/8/4K3 b - - 0 1 0,1,0,1/0,0,0,0");
}

// RULES 2.6: rights accumulate without limit.
TEST(EvoChess, Rules_2_6_RightsAccumulate) {
    Position pos = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 2,7,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "e2e3"), "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1 0,8,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "e2e3n"), "4k3/8/8/8/8/4N3/8/4K3 b - - 0 1 0,7,0,0/0,0,0,0");
}

// RULES 2.7: last-rank promotion is obligatory, to Q R B N only, counts in p, and excludes
// every other promotion in that move.
TEST(EvoChess, Rules_2_7_LastRankPromotion) {
    Position pos = load("evochess", "4k3/1P6/8/8/8/2N5/8/4K3 w - - 0 1 2,3,1,3/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "b7"), (std::set<std::string>{"b7b8b", "b7b8n", "b7b8q", "b7b8r"}));
    EXPECT_EQ(fen_after(pos, "b7b8q"), "1Q2k3/8/8/8/8/2N5/8/4K3 b - - 0 1 0,4,1,3/0,0,0,0");
}

// RULES 2.8: the counters are part of the position for repetition.
TEST(EvoChess, Rules_2_8_CountersInRepetitionKey) {
    Position a = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    Position b = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1,0,0,0/0,0,0,0");
    Position c = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,0,0,0/0,0,0,1");
    EXPECT_NE(a.key(), b.key());
    EXPECT_NE(a.key(), c.key());
    EXPECT_NE(b.key(), c.key());
}

// RULES 2.8: checkmate as in chess; and a bare king with a minor and a rook right is not a
// dead position (the minor may become a rook).
TEST(EvoChess, Rules_2_8_MateAndMaterial) {
    Game mate(load("evochess", "4k3/4P3/4K3/8/8/8/8/8 b - - 0 1"));
    EXPECT_EQ(mate.result().reason, EndReason::Stalemate);
    EXPECT_TRUE(
        insufficient_material(load("evochess", "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1 0,0,0,0/0,0,0,0")));
    EXPECT_FALSE(
        insufficient_material(load("evochess", "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1 0,0,0,1/0,0,0,0")));
    // Capturing the enemy bishop would earn a rook right for the own bishop.
    EXPECT_FALSE(insufficient_material(
        load("evochess", "4k3/8/8/2b5/8/8/8/2B1K3 w - - 0 1 0,0,1,0/0,0,0,0")));
    EXPECT_TRUE(insufficient_material(
        load("evochess", "4k3/8/8/2b5/8/8/8/2B1K3 w - - 0 1 0,0,0,0/0,0,0,0")));
}

} // namespace
} // namespace evo

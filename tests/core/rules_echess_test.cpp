// RULES 3: EChess, where a right lives only in the move that earned it.
#include "test_util.h"

namespace evo {
namespace {

using test::fen_after;
using test::has_move;
using test::load;
using test::moves_from;

// RULES 3.1: rights are never stored.
TEST(EChess, Rules_3_1_RightsAreNeverStored) {
    auto bad = Position::from_fen(*find_variant("echess"),
                                  "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    EXPECT_FALSE(bad.ok());
    Position pos = load("echess", "4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1 2,0,0,0/0,0,0,0");
    // The right earned and not used is lost; the counter is reset either way.
    EXPECT_EQ(fen_after(pos, "e2e3"), "4k3/8/8/8/8/2N1P3/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
    EXPECT_EQ(fen_after(pos, "e2e3b"), "4k3/8/8/8/8/2N1B3/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
}

// RULES 3.2: only the move that earned the minor right may promote, and only its pawn.
TEST(EChess, Rules_3_2_MinorRightOnlyInTheEarningMove) {
    Position earning = load("echess", "4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1 2,0,0,0/0,0,0,0");
    EXPECT_EQ(moves_from(earning, "e2"),
              (std::set<std::string>{"e2e3", "e2e3b", "e2e3n", "e2e4", "e2e4b", "e2e4n"}));
    EXPECT_FALSE(has_move(earning, "c3d5b"));
    Position not_yet = load("echess", "4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1 1,0,0,0/0,0,0,0");
    EXPECT_EQ(moves_from(not_yet, "e2"), (std::set<std::string>{"e2e3", "e2e4"}));
}

// RULES 3.3: the move that earned the rook right may turn any own minor into a rook.
TEST(EChess, Rules_3_3_RookRightForAnyMinor) {
    Position pos = load("echess", "4k3/8/8/3r4/8/2N5/8/4K2B w - - 0 1 0,0,1,0/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "c3d5"), (std::set<std::string>{"c3d5", "c3d5r", "c3d5/h1r"}));
    EXPECT_FALSE(has_move(pos, "c3e4/h1r")); // a quiet move earns nothing
    EXPECT_EQ(fen_after(pos, "c3d5/h1r"), "4k3/8/8/3N4/8/8/8/4K2R b - - 0 1 0,0,0,0/0,0,0,0");
}

// RULES 3.4: a pawn capture that earns both rights may turn that pawn straight into a rook.
TEST(EChess, Rules_3_4_DirectRookPromotion) {
    Position pos = load("echess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "d4e5"),
              (std::set<std::string>{"d4e5", "d4e5b", "d4e5n", "d4e5r", "d4e5/c3r"}));
    EXPECT_EQ(test::san_of(pos, "d4e5r"), "dxe5=R+");
    EXPECT_EQ(fen_after(pos, "d4e5r"), "4k3/8/8/4R3/8/2B5/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
    // Not in evochess.
    Position evo = load("evochess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0");
    EXPECT_FALSE(has_move(evo, "d4e5r"));
}

// RULES 3.5: a last-rank promotion excludes every other, and the rights it earned are lost.
TEST(EChess, Rules_3_5_LastRankPromotionExcludesEvolution) {
    Position pos = load("echess", "1r2k3/P7/8/8/8/2N5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0");
    EXPECT_EQ(moves_from(pos, "a7b8"), (std::set<std::string>{"a7b8b", "a7b8n", "a7b8q", "a7b8r"}));
    EXPECT_EQ(fen_after(pos, "a7b8q"), "1Q2k3/8/8/8/8/2N5/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
}

} // namespace
} // namespace evo

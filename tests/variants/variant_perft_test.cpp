// Variants with other N and K, expiring rights with direct rook promotion, and chess's start
// with evolution: perft counts worked out by hand (each case's comment gives the count), not
// copied from the program's output. RULES 2.2-2.7 and 3.1-3.5 with the file's N and K.
#include "variants_test_util.h"

namespace evo {
namespace {

const char* const LabFile = R"(
[t-evo-n2k3:evochess]
minor_right_pawn_moves = 2
rook_right_captures = 3

[t-echess-n2k1:echess]
minor_right_pawn_moves = 2
rook_right_captures = 1

[t-echess-n4k1:echess]
minor_right_pawn_moves = 4
rook_right_captures = 1

[t-evo-fullset:evochess]
start_fen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
ordinary_castling = true
)";

const Variant& lab(std::string_view name) {
    static bool loaded = variants::load_variants_text(LabFile, "lab.ini").ok();
    EXPECT_TRUE(loaded);
    const Variant* v = find_variant(name);
    EXPECT_NE(v, nullptr) << name;
    return v ? *v : chess_variant();
}

// RULES 2.2/2.3 with N = 2: White has made one pawn move (p = 1), so the next pawn move earns
// a minor right, spendable at once on that pawn (2.4). King e1: d1, f1, d2, f2 (e2 holds the
// pawn) = 4. Pawn e2: e3, e4, each plain, =N or =B = 6. Total 10. Under N = 3 the same
// counters earn nothing: 4 + 2 = 6.
// Depth 2: after each of them Black's lone king has all 5 of d8, f8, d7, e7, f7 (no white
// king, pawn, knight or bishop on e3/e4 reaches those squares): 10 x 5 = 50, and 6 x 5 = 30.
TEST(VariantPerft, Rules_2_3_MinorRightAfterTwoPawnMovesWhenN2) {
    const char* fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1,0,0,0/0,0,0,0";
    EXPECT_EQ(test::perft_of(lab("t-evo-n2k3"), fen, 1), 10u);
    EXPECT_EQ(test::perft_of(*find_variant("evochess"), fen, 1), 6u);
    EXPECT_EQ(test::perft_of(lab("t-evo-n2k3"), fen, 2), 50u);
    EXPECT_EQ(test::perft_of(*find_variant("evochess"), fen, 2), 30u);
}

// RULES 2.3/2.5 with K = 3: two piece captures made (c = 2), the third earns a rook right,
// spendable at once on any own knight or bishop, here the capturing knight itself. King e1:
// d1, d2, e2, f1, f2 (the knight on d5 covers none) = 5. Knight c3: a2, a4, b1, b5, d1, e2,
// e4, and xd5 = 8, plus Nxd5=R = 1. Total 14. With c = 1 the capture earns nothing: 13.
TEST(VariantPerft, Rules_2_5_RookRightAfterThreeCapturesWhenK3) {
    EXPECT_EQ(
        test::perft_of(lab("t-evo-n2k3"), "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1 0,0,2,0/0,0,0,0", 1),
        14u);
    EXPECT_EQ(
        test::perft_of(lab("t-evo-n2k3"), "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1 0,0,1,0/0,0,0,0", 1),
        13u);
}

// RULES 5.1: the counters run 0..N-1 and 0..K-1 for the variant's own N and K.
TEST(VariantPerft, Rules_5_1_CountersBelowTheVariantsNAndK) {
    const Variant& v = lab("t-evo-n2k3");
    EXPECT_TRUE(Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1,0,2,0/0,0,0,0").ok());
    EXPECT_FALSE(Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2,0,0,0/0,0,0,0").ok());
    EXPECT_FALSE(Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0,0,3,0/0,0,0,0").ok());
    // evochess itself accepts p = 2 (N = 3) but not c = 2 (K = 2).
    EXPECT_TRUE(Position::from_fen(*find_variant("evochess"),
                                   "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2,0,0,0/0,0,0,0")
                    .ok());
}

// RULES 3.1-3.4 with N = 2, K = 1: p = 1, so any pawn move earns the minor right, and any
// piece capture the rook right. King e1: d1, d2, e2, f1, f2 = 5 (the knight on e5 covers d3,
// f3, c4, g4, ...). Pawn d4-d5: plain, =N, =B = 3. Pawn dxe5 earns both: plain, =N, =B and
// straight to a rook (3.4) = 4; no own knight or bishop for the rook right. Total 12.
TEST(VariantPerft, Rules_3_4_DirectRookWhenN2K1) {
    EXPECT_EQ(test::perft_of(lab("t-echess-n2k1"),
                             "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 1,0,0,0/0,0,0,0", 1),
              12u);
}

// N = 4, K = 1, same board. With p = 2 the pawn's move is its third: no minor right, so no
// direct rook either; dxe5 earns the rook right, but White has no knight or bishop to spend
// it on: 5 king moves + d5 + dxe5 = 7. With p = 3 it is the fourth: as above, 12.
TEST(VariantPerft, Rules_3_4_DirectRookNeedsBothRightsWhenN4K1) {
    const Variant& v = lab("t-echess-n4k1");
    EXPECT_EQ(test::perft_of(v, "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 2,0,0,0/0,0,0,0", 1), 7u);
    EXPECT_EQ(test::perft_of(v, "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 3,0,0,0/0,0,0,0", 1), 12u);
}

// As above with a white bishop on a1: it adds b2, c3 (its own pawn on d4 stops it) = 2, and
// dxe5 may instead turn that bishop into a rook (3.3) = 1 more. 5 + 2 + 3 + 5 = 15.
TEST(VariantPerft, Rules_3_3_RookRightOnAnotherMinorWhenK1) {
    EXPECT_EQ(test::perft_of(lab("t-echess-n2k1"),
                             "4k3/8/8/4n3/3P4/8/8/B3K3 w - - 0 1 1,0,0,0/0,0,0,0", 1),
              15u);
}

// RULES 3.1: a right not used in its move is lost; the counter is reset either way.
TEST(VariantPerft, Rules_3_1_UnusedRightExpires) {
    auto pos = Position::from_fen(lab("t-echess-n2k1"),
                                  "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 1,0,0,0/0,0,0,0");
    ASSERT_TRUE(pos.ok());
    MoveList list;
    generate_legal(*pos, list);
    bool found = false;
    for (Move m : list) {
        if (m.from() != D4 || m.to() != D5 || m.promotion().any()) continue;
        StateInfo st;
        pos->do_move(m, st);
        EXPECT_EQ(pos->fen(), "4k3/8/8/3Pn3/8/8/8/4K3 b - - 0 1 0,0,0,0/0,0,0,0");
        found = true;
        break;
    }
    EXPECT_TRUE(found);
}

// Chess's start with EvoChess rights: the first minor right needs White's third pawn move
// (ply 5) and the first rook right two piece captures (White's earliest at plies 3 and 5),
// so through ply 4 it is chess: 20, 400, 8902, 197281.
TEST(VariantPerft, Rules_2_3_ChessStartWithEvolutionIsChessForFourPlies) {
    const Variant& v = lab("t-evo-fullset");
    const std::uint64_t chess[] = {20, 400, 8902, 197281};
    for (int d = 1; d <= 4; ++d) EXPECT_EQ(test::perft_of(v, v.start_fen, d), chess[d - 1]) << d;
}

// With p = 2 every pawn move earns a minor right: 16 pawn moves x (plain, =N, =B) + 4 knight
// moves = 52. With a stored rook right (r = 1) every one of the 20 moves may also turn one of
// the 4 own minors into a rook (2.5): 20 x (1 + 4) = 100.
TEST(VariantPerft, Rules_2_5_ChessStartWithRights) {
    const Variant& v = lab("t-evo-fullset");
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ";
    EXPECT_EQ(test::perft_of(v, board + "2,0,0,0/0,0,0,0", 1), 52u);
    EXPECT_EQ(test::perft_of(v, board + "0,0,0,1/0,0,0,0", 1), 100u);
}

} // namespace
} // namespace evo

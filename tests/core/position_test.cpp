// Make/unmake and the incremental key (RULES 1.2, 2.8: the key covers all position state).
#include "core/perft.h"
#include "test_util.h"

namespace evo {
namespace {

struct VerifiedPerft {
    const char* variant;
    const char* fen;
    int depth;
};

// Every node of these trees is checked: incremental key == fresh key, bitboards agree,
// listed moves == counted moves.
const VerifiedPerft Positions[] = {
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},
    {"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3},
    {"evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0", 4},
    {"evochess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0", 4},
    {"evochess", "r3k3/1P3b2/8/2n1p3/3P4/2B2N2/8/4K3 w - - 0 1 2,3,1,2/1,1,1,1", 3},
    {"echess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0", 4},
    {"echess", "4k3/2p4r/1p6/8/P2p3p/n7/8/3K4 b - - 3 18 0,0,1,0/1,0,1,0", 4},
    {"promoteking", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
    {"promoteking", "4k3/1P6/8/8/8/8/4P3/4K3 w U - 0 1 -,0", 4},
    {"promoteking", "r3k3/1P5P/8/3pK3/8/8/4P3/R7 w q d6 0 1 -,0", 3},
    {"promoteking", "4c3/8/8/8/8/1r6/8/C7 w - - 0 1 w,1", 3},
};

class VerifiedPerftTest : public ::testing::TestWithParam<VerifiedPerft> {};

TEST_P(VerifiedPerftTest, IncrementalStateMatchesFreshState) {
    const VerifiedPerft& p = GetParam();
    Position pos = test::load(p.variant, p.fen);
    PerftOptions verify;
    verify.verify_consistency = true;
    std::uint64_t checked = 0;
    EXPECT_NO_THROW(checked = perft(pos, p.depth, verify));
    EXPECT_EQ(checked, perft(pos, p.depth)) << "bulk counting disagrees with listing";
    EXPECT_EQ(pos.fen(), test::load(p.variant, p.fen).fen()) << "make/unmake did not restore";
}

INSTANTIATE_TEST_SUITE_P(Keys, VerifiedPerftTest, ::testing::ValuesIn(Positions));

TEST(Position, CopyIsIndependent) {
    Position a = Position::start(chess_variant());
    Position b = a;
    StateInfo st;
    b.do_move(*parse_uci_move(b, "e2e4"), st);
    EXPECT_NE(a.fen(), b.fen());
    EXPECT_EQ(a.fen(), Position::start(chess_variant()).fen());
}

TEST(Position, NullMoveFlipsSideAndKey) {
    Position pos = test::load("chess", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    Key before = pos.key();
    StateInfo st;
    pos.do_null_move(st);
    EXPECT_EQ(pos.side_to_move(), Black);
    EXPECT_EQ(pos.key(), pos.compute_key());
    pos.undo_null_move();
    EXPECT_EQ(pos.key(), before);
}

} // namespace
} // namespace evo

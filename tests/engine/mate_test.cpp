// The search finds forced mates, including mates that need a variant's own moves.
#include "engine_test_util.h"

namespace evo::test {
namespace {

struct MateCase {
    const char* variant;
    const char* fen;
    int moves; // mate in this many moves
};

class MateTest : public ::testing::TestWithParam<MateCase> {};

TEST_P(MateTest, FindsMateInN) {
    const MateCase& c = GetParam();
    Position pos = load(c.variant, c.fen);
    engine::SearchResult r = search_depth(pos, 2 * c.moves + 3);
    ASSERT_FALSE(r.best_move.is_none());
    EXPECT_TRUE(r.score.is_mate()) << c.fen << " score " << engine::uci_score(r.score);
    EXPECT_EQ(r.score.value, c.moves) << c.fen;
    if (c.moves == 1) {
        EXPECT_TRUE(is_checkmate_after(pos, r.best_move)) << to_uci(pos, r.best_move);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Positions, MateTest,
    ::testing::Values(
        MateCase{"chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
        MateCase{"chess", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
        MateCase{"chess", "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2},
        MateCase{"chess", "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3},
        // RULES 2.5: the knight becomes a rook as it lands, with check along the rank.
        MateCase{"evochess", "7k/2N5/6K1/8/8/8/8/8 w - - 0 1 0,0,0,1/0,0,0,0", 1},
        // RULES 4.2: the king reaching the last rank becomes Cthulhu and checks along it.
        MateCase{"promoteking", "7k/3K2pp/5N2/8/8/8/8/8 w - - 0 1 -,0", 1}));

// RULES 2.5: only the evolution mates, so the engine must see rook rights.
TEST(MateTest, RookEvolutionIsTheMate) {
    Position pos = load("evochess", "7k/2N5/6K1/8/8/8/8/8 w - - 0 1 0,0,0,1/0,0,0,0");
    engine::SearchResult r = search_depth(pos, 4);
    std::string uci = to_uci(pos, r.best_move);
    EXPECT_TRUE(uci == "c7a8r" || uci == "c7e8r") << uci;
}

// RULES 4.2: only a king move to the last rank mates.
TEST(MateTest, KingBecomingCthulhuIsTheMate) {
    Position pos = load("promoteking", "7k/3K2pp/5N2/8/8/8/8/8 w - - 0 1 -,0");
    engine::SearchResult r = search_depth(pos, 4);
    std::string uci = to_uci(pos, r.best_move);
    EXPECT_TRUE(uci == "d7c8" || uci == "d7d8" || uci == "d7e8") << uci;
}

TEST(MateTest, MatedSideReportsNegativeMate) {
    // Black's only move Kb8 allows Rh8 mate.
    Position pos = load("chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1");
    engine::SearchResult r = search_depth(pos, 6);
    EXPECT_TRUE(r.score.is_mate());
    EXPECT_EQ(r.score.value, -1);
}

} // namespace
} // namespace evo::test

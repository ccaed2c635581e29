// RULES 1.1: known perft counts of the standard test positions.
#include "core/perft.h"
#include "test_util.h"

namespace evo {
namespace {

struct KnownPerft {
    const char* name;
    const char* fen;
    int depth;
    std::uint64_t nodes;
};

const KnownPerft Known[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
     4085603},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"position4_mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5,
     15833292},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4,
     3894594},
    // Edge cases (en passant pins and checks, castling through check, promotion out of check).
    {"ep_pinned_along_rank", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 6, 2822114},
    {"illegal_ep_1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
    {"illegal_ep_2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
    {"ep_gives_check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
    {"castle_gives_check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
    {"castle_rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
    {"castle_prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
    {"promote_out_of_check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
    {"discovered_check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
    {"promote_to_give_check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
    {"underpromote_to_check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
    {"self_stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
    {"stalemate_checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
    {"double_check", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
};

class ChessPerft : public ::testing::TestWithParam<KnownPerft> {};

TEST_P(ChessPerft, MatchesKnownCount) {
    const KnownPerft& k = GetParam();
    Position pos = test::load("chess", k.fen);
    EXPECT_EQ(perft(pos, k.depth), k.nodes) << k.fen;
}

INSTANTIATE_TEST_SUITE_P(Rules_1_1, ChessPerft, ::testing::ValuesIn(Known),
                         [](const auto& info) { return std::string(info.param.name); });

} // namespace
} // namespace evo

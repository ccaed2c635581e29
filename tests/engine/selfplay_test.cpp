// Robustness (issue 3, item 5): many fast self-play games of every variant, from the start
// and from unusual positions (many held rights, Cthulhu on both sides, pawns of the other
// colour on the back ranks). Every bestmove must be legal by the rules core.
#include "engine_test_util.h"

namespace evo::test {
namespace {

struct SelfPlayCase {
    const char* variant;
    const char* fen; // empty: the start position
    int games;
    int threads;
};

void play_games(const SelfPlayCase& c, std::uint64_t seed) {
    const Variant* variant = find_variant(c.variant);
    ASSERT_NE(variant, nullptr);
    Position start = *c.fen ? load(c.variant, c.fen) : Position::start(*variant);
    std::mt19937_64 rng(seed);
    engine::Engine engine;
    ASSERT_FALSE(engine.set_option("Threads", std::to_string(c.threads)).has_value());
    ASSERT_FALSE(engine.set_option("Hash", "4").has_value());
    for (int g = 0; g < c.games; ++g) {
        engine.new_game();
        Game game(start);
        self_play(
            engine, game, rng, int(rng() % 6), 240, [&] { return 200 + rng() % 800; },
            [&](const MoveList& legal, const engine::SearchResult& r) {
                EXPECT_FALSE(r.best_move.is_none()) << game.position().fen();
                EXPECT_TRUE(legal.contains(r.best_move))
                    << "illegal bestmove in " << game.position().fen() << " (game " << g << ")";
                if (r.best_move.is_none() || !legal.contains(r.best_move)) return false;
                if (!r.ponder_move.is_none()) {
                    Position after = game.position();
                    StateInfo st;
                    after.do_move(r.best_move, st);
                    EXPECT_TRUE(is_legal(after, r.ponder_move))
                        << "illegal ponder move after " << after.fen();
                }
                return !::testing::Test::HasFailure();
            });
    }
}

class SelfPlayTest : public ::testing::TestWithParam<SelfPlayCase> {};

TEST_P(SelfPlayTest, EveryBestMoveIsLegal) {
    const SelfPlayCase& c = GetParam();
    if (c.threads == 1) EVO_SKIP_SINGLE_THREADED_UNDER_TSAN();
    play_games(c, std::hash<std::string>{}(std::string(c.variant) + c.fen));
}

INSTANTIATE_TEST_SUITE_P(
    Variants, SelfPlayTest,
    ::testing::Values(
        SelfPlayCase{"chess", "", 8, 1}, SelfPlayCase{"evochess", "", 8, 1},
        SelfPlayCase{"echess", "", 8, 1}, SelfPlayCase{"promoteking", "", 8, 1},
        // RULES 2.6: rights accumulate without limit.
        SelfPlayCase{"evochess",
                     "1n2k1b1/pppppppp/8/8/8/8/PPPPPPPP/1N2K1B1 w - - 0 1 2,3,1,4/2,4,1,2", 4, 1},
        // RULES 3.4: both rights earned at once are possible here.
        SelfPlayCase{"echess",
                     "1n2k1b1/pppppppp/8/8/8/8/PPPPPPPP/1N2K1B1 w - - 0 1 2,0,1,0/2,0,1,0", 4, 1},
        // RULES 4.1/4.4: Cthulhu on both sides, pawns of the other colour on the back ranks.
        SelfPlayCase{"promoteking", "pn2c2r/pppppppp/8/8/8/8/PPPPPPPP/PN2C2R w - - 0 1 w,2", 4, 1},
        // RULES 4.4, 4.9: pawns about to promote into either colour, castling both ways.
        SelfPlayCase{"promoteking", "r3k2r/pPp2ppp/8/8/8/8/PpP2PPP/R3K2R w KQkq - 0 1 -,0", 4, 1},
        // Lazy SMP: helper threads must not disturb the answer's legality.
        SelfPlayCase{"evochess", "", 2, 2}, SelfPlayCase{"promoteking", "", 2, 2}),
    [](const ::testing::TestParamInfo<SelfPlayCase>& info) {
        return std::string(info.param.variant) + "_" + std::to_string(info.index);
    });

} // namespace
} // namespace evo::test

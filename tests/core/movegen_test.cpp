// The tactical generator gives exactly the tactical moves of the full one, along random games
// of every variant and in positions made for its rarer cases.
#include "test_util.h"

#include "core/game.h"

#include <random>

namespace evo::test {
namespace {

std::set<std::string> tactical_of_full(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list)
        if (is_tactical(pos, m)) out.insert(to_uci(pos, m));
    return out;
}

std::set<std::string> tactical_generated(const Position& pos) {
    MoveList list;
    generate_tactical(pos, list);
    std::set<std::string> out;
    for (Move m : list) {
        EXPECT_TRUE(is_tactical(pos, m)) << pos.fen() << " " << to_uci(pos, m);
        out.insert(to_uci(pos, m));
    }
    EXPECT_EQ(out.size(), std::size_t(list.size())) << "a move twice: " << pos.fen();
    return out;
}

TEST(MovegenTest, TacticalMovesAreTheFullListsTacticalOnesAlongRandomGames) {
    std::mt19937_64 rng(5);
    int captures = 0, promotions = 0, positions = 0;
    for (const Variant* v : all_variants()) {
        for (int game = 0; game < 30; ++game) {
            Game g(*v);
            for (int ply = 0; ply < 200 && !g.result().over(); ++ply) {
                const Position& pos = g.position();
                std::set<std::string> expected = tactical_of_full(pos);
                ASSERT_EQ(tactical_generated(pos), expected) << v->name << " " << pos.fen();
                ++positions;
                MoveList list;
                generate_legal(pos, list);
                for (Move m : list) {
                    captures += is_capture(pos, m);
                    promotions += is_tactical(pos, m) && !is_capture(pos, m);
                }
                g.play(list[int(rng() % unsigned(list.size()))]);
            }
        }
    }
    EXPECT_GT(positions, 1000);
    EXPECT_GT(captures, 1000);
    EXPECT_GT(promotions, 50);
}

TEST(MovegenTest, TacticalMovesInMadePositions) {
    struct Case {
        const char* variant;
        const char* fen;
        std::set<std::string> tactical;
    };
    const Case cases[] = {
        // A push and a capture onto the last rank, each with its four promotions; no quiet move.
        {"chess",
         "1n5k/P7/8/8/8/8/8/K7 w - - 0 1",
         {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"}},
        // En passant is a capture.
        {"chess", "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1", {"e5d6"}},
        // In check: the capture of the checker and the promotions that capture it or block.
        {"chess",
         "r6K/1PP5/8/8/8/7k/8/R7 w - - 0 1",
         {"a1a8", "b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "c7c8q",
          "c7c8r", "c7c8b", "c7c8n"}},
        // Promote King Chess: the king stepping onto the last rank becomes Cthulhu.
        {"promoteking", "8/2K5/8/8/8/8/8/4k3 w - - 0 1", {"c7b8", "c7c8", "c7d8"}},
        // The king following its pawn onto the last rank promotes it, as the pawn's own push
        // does, into either colour (RULES 4.8); the king's other steps are quiet.
        {"promoteking",
         "k7/4P3/4K3/8/8/8/8/8 w - - 0 1",
         {"e6e7/e8p", "e6e7/e8~p", "e6e7/e8n", "e6e7/e8~n", "e6e7/e8b", "e6e7/e8~b", "e6e7/e8r",
          "e6e7/e8q", "e7e8p", "e7e8~p", "e7e8n", "e7e8~n", "e7e8b", "e7e8~b", "e7e8r", "e7e8q"}},
    };
    for (const Case& c : cases) {
        Position pos = load(c.variant, c.fen);
        EXPECT_EQ(tactical_generated(pos), c.tactical) << c.fen;
        EXPECT_EQ(tactical_of_full(pos), c.tactical) << c.fen;
    }
}

} // namespace
} // namespace evo::test

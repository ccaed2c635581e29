// gives_check agrees with making the move, for every variant's moves along random games, and
// its quick form (with the position's CheckInfo) with the long one.
#include "engine_test_util.h"

#include "engine/gives_check.h"

#include <random>

namespace evo::test {
namespace {

TEST(GivesCheckTest, MatchesMakingTheMove) {
    std::mt19937_64 rng(3);
    int checks = 0;
    for (const Variant* v : all_variants()) {
        for (int game = 0; game < 20; ++game) {
            Game g(*v);
            for (int ply = 0; ply < 150 && !g.result().over(); ++ply) {
                Position pos = g.position();
                MoveList list;
                generate_legal(pos, list);
                for (Move m : list) {
                    StateInfo st;
                    pos.do_move(m, st);
                    bool checks_now = pos.in_check();
                    pos.undo_move(m);
                    checks += checks_now;
                    bool exact = m.kind() == MoveKind::Normal && !m.promotion().other_color;
                    bool predicted = engine::gives_check(pos, m);
                    EXPECT_EQ(engine::gives_check(pos, m, engine::CheckInfo(pos)), predicted)
                        << "the quick answer differs: " << pos.fen() << " " << to_uci(pos, m);
                    EXPECT_TRUE(predicted || !checks_now) << pos.fen() << " " << to_uci(pos, m);
                    EXPECT_TRUE(!exact || predicted == checks_now)
                        << pos.fen() << " " << to_uci(pos, m);
                }
                g.play(list[int(rng() % unsigned(list.size()))]);
            }
        }
    }
    EXPECT_GT(checks, 100);
}

} // namespace
} // namespace evo::test

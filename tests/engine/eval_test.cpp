// The evaluation is colour-blind: a position and its colour-flipped mirror score the same
// for the side to move.
#include "engine_test_util.h"

#include "engine/bench.h"
#include "engine/eval.h"

#include <random>

namespace evo::test {
namespace {

void expect_symmetric(const Position& pos) {
    std::string flipped_fen = flip_fen(pos.fen());
    auto flipped = Position::from_fen(pos.variant(), flipped_fen);
    ASSERT_TRUE(flipped.ok()) << flipped_fen << ": " << flipped.error();
    const engine::EvalWeights& w = engine::weights_for(pos.variant());
    EXPECT_EQ(engine::evaluate(pos, w), engine::evaluate(*flipped, w))
        << pos.fen() << " vs " << flipped_fen;
}

TEST(EvalTest, SymmetricOnBenchPositions) {
    for (const auto& bp : engine::bench_positions()) expect_symmetric(load(bp.variant, bp.fen));
}

TEST(EvalTest, SymmetricAlongRandomGames) {
    std::mt19937_64 rng(7);
    for (const Variant* v : all_variants()) {
        for (int game = 0; game < 10; ++game) {
            Game g(*v);
            for (int ply = 0; ply < 120 && !g.result().over(); ++ply) {
                expect_symmetric(g.position());
                MoveList list;
                generate_legal(g.position(), list);
                g.play(list[int(rng() % unsigned(list.size()))]);
            }
        }
    }
}

// The traced evaluation (for the tuner) agrees with the fast one.
TEST(EvalTest, TraceReproducesTheEvaluation) {
    std::mt19937_64 rng(11);
    for (const Variant* v : all_variants()) {
        const engine::EvalWeights& w = engine::weights_for(*v);
        Game g(*v);
        for (int ply = 0; ply < 80 && !g.result().over(); ++ply) {
            const Position& pos = g.position();
            engine::EvalTrace trace;
            engine::Value white = engine::evaluate_traced(pos, w, trace);
            long mg = 0, eg = 0;
            for (int i = 0; i < engine::term::Count; ++i) {
                mg += long(trace.count[i]) * w[i].mg;
                eg += long(trace.count[i]) * w[i].eg;
            }
            long rebuilt =
                (mg * trace.phase + eg * (engine::MaxPhase - trace.phase)) / engine::MaxPhase +
                trace.fixed;
            EXPECT_EQ(white, rebuilt) << pos.fen();
            engine::Value fast = engine::evaluate(pos, w);
            EXPECT_EQ(pos.side_to_move() == White ? fast : -fast, white);
            MoveList list;
            generate_legal(pos, list);
            g.play(list[int(rng() % unsigned(list.size()))]);
        }
    }
}

// Evolution games open with pawns and kings only (RULES 2.1, 3.1): that is a middlegame, not
// a bare endgame, and it thins out towards one as pawns and pieces leave the board.
TEST(EvalTest, EvolutionStartIsAMiddlegame) {
    for (const char* name : {"evochess", "echess"}) {
        Position start = Position::start(*find_variant(name));
        engine::EvalTrace trace;
        engine::evaluate_traced(start, engine::weights_for(start.variant()), trace);
        EXPECT_EQ(trace.phase, engine::MaxPhase) << name;
        Position thin = load(name, "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
        engine::evaluate_traced(thin, engine::weights_for(thin.variant()), trace);
        EXPECT_LT(trace.phase, engine::MaxPhase / 4) << name;
    }
    // Chess keeps the FIDE phase: pawns alone are an endgame.
    engine::EvalTrace trace;
    Position pawns = load("chess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    engine::evaluate_traced(pawns, engine::weights_for(pawns.variant()), trace);
    EXPECT_EQ(trace.phase, 0);
}

// RULES 2.2: a held minor right is worth something to its holder.
TEST(EvalTest, HeldRightsCount) {
    Position without =
        load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    Position with = load("evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,1,0,0/0,0,0,0");
    const auto& w = engine::weights_for(without.variant());
    EXPECT_GT(engine::evaluate(with, w), engine::evaluate(without, w) + 50);
}

} // namespace
} // namespace evo::test

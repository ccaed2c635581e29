// Inference (docs/nnue.md, "Inference"): the quantised net against the float net, the AVX2
// kernels against the scalar ones, and the incrementally updated accumulators against a full
// refresh after random move sequences of every built-in variant.
#include "random_net.h"

#include "engine/nnue/accumulator.h"
#include "engine/nnue/quantised.h"

#include "core/variant.h"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>

namespace evo::nnue {
namespace {

using testing::random_move;
using testing::random_net;

// The documented tolerance: |quantised - float| in units of output (x scale = centipawns),
// at most and on average over the positions.
constexpr double Tolerance = 0.08, MeanTolerance = 0.02;

std::vector<Position> random_positions(const Variant& variant, int games, std::uint64_t seed) {
    std::vector<Position> out;
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        Position pos = Position::start(variant);
        std::deque<StateInfo> states;
        for (int ply = 0; ply < 120; ++ply) {
            Move m = random_move(pos, rng);
            if (m.is_none()) break;
            pos.do_move(m, states.emplace_back());
            out.push_back(pos);
        }
    }
    return out;
}

TEST(NnueInference, QuantisedMatchesFloatWithinTolerance) {
    for (const Variant& variant : builtin_variants()) {
        Net net = random_net(std::string(net_family(variant)), 128, 7);
        QuantisedNet q = quantise(net);
        EXPECT_EQ(q.clamped_weights, 0);
        double worst = 0, sum = 0;
        std::vector<Position> positions = random_positions(variant, 6, 11);
        for (const Position& pos : positions) {
            Color us = pos.side_to_move();
            double exact = evaluate(net, active_features(pos, us), active_features(pos, ~us));
            double quantised =
                double(evaluate_position(q, pos, kernels(SimdPath::Scalar))) / OutputDivisor;
            worst = std::max(worst, std::abs(exact - quantised));
            sum += std::abs(exact - quantised);
        }
        EXPECT_LT(worst, Tolerance) << variant.name;
        EXPECT_LT(sum / double(positions.size()), MeanTolerance) << variant.name;
        std::printf("%-12s %zu positions: |quantised - float| mean %.5f, max %.5f (x400 cp)\n",
                    std::string(variant.name).c_str(), positions.size(),
                    sum / double(positions.size()), worst);
    }
}

TEST(NnueInference, RawOutputTurnsIntoTheVariantsUnits) {
    QuantisedNet q;
    q.scale = 400.0f;
    // One unit of output at scale 400 is 4 pawns; a pawn of 387 units makes 1548 units.
    EXPECT_EQ(units_per_output(q, 387), 1548);
    EXPECT_EQ(raw_to_units(OutputDivisor, 1548), 1548);
    EXPECT_EQ(raw_to_units(-OutputDivisor / 2, 1548), -774);
}

// What datagen keeps with a file's settings: equal for the same weights, another for any change.
TEST(NnueInference, TheFingerprintFollowsTheWeights) {
    Net net = random_net("evochess", 32, 3);
    const std::uint64_t print = fingerprint(quantise(net));
    EXPECT_EQ(fingerprint(quantise(net)), print);
    Net other = net;
    other.input_weights[1000] += 0.01f;
    EXPECT_NE(fingerprint(quantise(other)), print);
    other = net;
    other.output_bias += 0.01f;
    EXPECT_NE(fingerprint(quantise(other)), print);
    other = net;
    other.family = "echess";
    EXPECT_NE(fingerprint(quantise(other)), print);
}

TEST(NnueInference, Avx2AndScalarKernelsGiveEqualResults) {
    if (!avx2_available()) GTEST_SKIP() << "this CPU has no AVX2";
    const Kernels& scalar = kernels(SimdPath::Scalar);
    const Kernels& avx2 = kernels(SimdPath::Avx2);
    ASSERT_EQ(avx2.path, SimdPath::Avx2);
    // 136 hidden units: the AVX2 loops and their scalar tail both run. Large weights make
    // the int16 accumulators wrap and the clamp bite at both ends.
    for (int hidden : {136, 128}) {
        Net net = random_net("evochess", hidden, 3);
        for (float& w : net.input_weights) w *= 6.0f;
        QuantisedNet q = quantise(net);
        for (const Variant& variant : builtin_variants()) {
            for (const Position& pos : random_positions(variant, 2, 5)) {
                std::uint16_t features[MaxActiveFeatures];
                int count = active_features(pos, pos.side_to_move(), features);
                std::vector<std::int16_t> a(static_cast<std::size_t>(hidden));
                std::vector<std::int16_t> b = a;
                refresh_accumulator(q, features, count, a.data(), scalar);
                refresh_accumulator(q, features, count, b.data(), avx2);
                ASSERT_EQ(a, b);
                scalar.sub_row(a.data(), &q.input_weights[features[0] * std::size_t(hidden)],
                               hidden);
                avx2.sub_row(b.data(), &q.input_weights[features[0] * std::size_t(hidden)], hidden);
                ASSERT_EQ(a, b);
                ASSERT_EQ(evaluate_position(q, pos, scalar), evaluate_position(q, pos, avx2));
            }
        }
    }
}

// A search's use of the stack: moves and null moves made and unmade, the position evaluated
// at some plies only (so entries are filled from their parent or refreshed), each evaluated
// entry compared with a full refresh of its position.
struct Walk {
    int evolutions = 0, promotions = 0, other_colour_promotions = 0, null_moves = 0, checked = 0;
};

// Every other game starts with pawns about to promote, so promotions (into the other colour
// in Promote King) occur.
Position walk_start(const Variant& variant, int game) {
    if (game % 2 == 0) return Position::start(variant);
    auto pos = Position::from_fen(variant, "r3k3/PP5P/8/8/8/8/p5pp/4K2R w Kq - 0 1");
    EXPECT_TRUE(pos.ok()) << pos.error();
    return *pos;
}

Walk walk_and_compare(const Variant& variant, const QuantisedNet& q, const Kernels& k,
                      std::uint64_t seed) {
    Walk walk;
    std::mt19937_64 rng(seed);
    constexpr int MaxDepth = 40;
    for (int game = 0; game < 12; ++game) {
        Position pos = walk_start(variant, game);
        AccumulatorStack stack;
        stack.reset(q, MaxDepth + 2, k);
        StateInfo states[MaxDepth + 1];
        std::vector<Move> line; // none() for a null move
        for (int step = 0; step < 400; ++step) {
            int ply = int(line.size());
            if (rng() % 10 < 7) {
                std::int64_t raw = stack.evaluate(pos, ply);
                for (Color c : {White, Black}) {
                    std::uint16_t features[MaxActiveFeatures];
                    int count = active_features(pos, c, features);
                    std::vector<std::int16_t> fresh(std::size_t(q.hidden));
                    refresh_accumulator(q, features, count, fresh.data(), k);
                    std::vector<std::int16_t> kept(stack.accumulator(ply, c),
                                                   stack.accumulator(ply, c) + q.hidden);
                    EXPECT_EQ(kept, fresh) << variant.name << " ply " << ply;
                    if (kept != fresh) return walk;
                }
                EXPECT_EQ(raw, evaluate_position(q, pos, k));
                ++walk.checked;
            }
            Move m = ply < MaxDepth && rng() % 3 != 0 ? random_move(pos, rng) : Move::none();
            bool null_move = ply < MaxDepth && m.is_none() && !pos.in_check() && rng() % 4 == 0;
            if (!m.is_none()) {
                walk.evolutions += testing::is_evolution(pos, m);
                walk.promotions += m.promotion().any();
                walk.other_colour_promotions += m.promotion().other_color;
                // As the search does (before_move), or with the parent left unfilled.
                bool fill_parent = rng() % 2;
                if (fill_parent) stack.before_move(pos, ply);
                pos.do_move(m, states[ply]);
                if (!fill_parent) stack.invalidate(ply + 1);
                line.push_back(m);
            } else if (null_move) {
                stack.before_move(pos, ply);
                pos.do_null_move(states[ply]);
                line.push_back(Move::none());
                ++walk.null_moves;
            } else if (!line.empty()) {
                Move last = line.back();
                line.pop_back();
                if (last.is_none())
                    pos.undo_null_move();
                else
                    pos.undo_move(last);
            }
        }
    }
    return walk;
}

TEST(NnueInference, IncrementalEqualsRefreshAfterRandomMovesInEveryVariant) {
    for (const Kernels* k : {&kernels(SimdPath::Scalar), &best_kernels()}) {
        for (const Variant& variant : builtin_variants()) {
            QuantisedNet q = quantise(random_net(std::string(net_family(variant)), 64, 9));
            Walk walk = walk_and_compare(variant, q, *k, 21);
            std::printf("%-12s checked %d, evolutions %d, promotions %d (other colour %d), "
                        "null moves %d\n",
                        std::string(variant.name).c_str(), walk.checked, walk.evolutions,
                        walk.promotions, walk.other_colour_promotions, walk.null_moves);
            EXPECT_GT(walk.checked, 1000) << variant.name;
            EXPECT_GT(walk.null_moves, 10) << variant.name;
            EXPECT_GT(walk.promotions, 5) << variant.name;
            if (variant.has_evolution()) {
                EXPECT_GT(walk.evolutions, 5) << variant.name;
            }
            if (variant.extra_state == ExtraState::PromoteKing) {
                EXPECT_GT(walk.other_colour_promotions, 5) << variant.name;
            }
        }
    }
}

TEST(NnueInference, TheStackFillsFromTheParentWhenItCan) {
    const Variant& variant = *find_variant("evochess");
    QuantisedNet q = quantise(random_net("evochess", 32, 1));
    AccumulatorStack stack;
    stack.reset(q, 8);
    Position pos = Position::start(variant);
    std::mt19937_64 rng(4);
    StateInfo st[3];
    // Lazily: a child of an evaluated parent is updated, one of a parent never evaluated
    // (in check, its evaluation from the table) refreshed.
    stack.evaluate(pos, 0);
    pos.do_move(random_move(pos, rng), st[0]);
    stack.invalidate(1);
    Move second = random_move(pos, rng);
    pos.do_move(second, st[1]);
    stack.invalidate(2);
    stack.evaluate(pos, 2);
    EXPECT_EQ(stack.refreshes, 2u);
    EXPECT_EQ(stack.incremental_updates, 0u);
    // As the search does it: before_move fills the parent first, so only the root refreshes.
    pos.undo_move(second);
    stack.before_move(pos, 1);
    EXPECT_EQ(stack.incremental_updates, 1u);
    pos.do_move(random_move(pos, rng), st[1]);
    stack.before_move(pos, 2);
    pos.do_move(random_move(pos, rng), st[2]);
    stack.evaluate(pos, 3);
    EXPECT_EQ(stack.refreshes, 2u);
    EXPECT_EQ(stack.incremental_updates, 3u);
}

} // namespace
} // namespace evo::nnue

// The scripted beginner (tools/beginner): greedy for the biggest unit, blind to defence,
// otherwise random.
#include "beginner_policy.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variant.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace evo::test {
namespace {

Position load(std::string_view variant, std::string_view fen) {
    auto pos = Position::from_fen(*find_variant(variant), fen);
    EXPECT_TRUE(pos.ok()) << fen;
    return *pos;
}

TEST(ScriptedBeginner, TakesTheMostValuableUnitEvenWhenItIsDefended) {
    // Nd5 can take the queen on c7 (guarded by the king on d8) or the pawn on e7; Rh1 can
    // take the knight on h8.
    Position pos = load("chess", "1n1k3n/2q1p3/8/3N4/8/8/8/4K2R w - - 0 1");
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        std::mt19937_64 rng(seed);
        EXPECT_EQ(to_uci(pos, beginner::beginner_move(pos, rng)), "d5c7") << "seed " << seed;
    }
}

TEST(ScriptedBeginner, WithNothingToTakeItPlaysVariedLegalMoves) {
    for (const Variant* v : all_variants()) {
        Position pos = Position::start(*v);
        std::set<std::string> played;
        for (std::uint64_t seed = 0; seed < 200; ++seed) {
            std::mt19937_64 rng(seed);
            Move m = beginner::beginner_move(pos, rng);
            EXPECT_TRUE(is_legal(pos, m)) << v->name;
            played.insert(to_uci(pos, m));
        }
        EXPECT_GT(played.size(), 10u) << v->name;
    }
}

TEST(ScriptedBeginner, AUnitWithManyChoicesIsNoLikelierToMove) {
    // EvoChess with rights to all three pieces: a pawn step has several choices (RULES 2.4),
    // the king's steps one each; each unit's destination is drawn first.
    Position pos = load("evochess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1,1,1,0/0,0,0,0");
    int pawn_moves = 0;
    for (std::uint64_t seed = 0; seed < 600; ++seed) {
        std::mt19937_64 rng(seed);
        if (beginner::beginner_move(pos, rng).from() == parse_square("e2")) ++pawn_moves;
    }
    // e2 has two destinations (e3, e4) of six, with three choices each: about 200 of 600,
    // where a draw over all ten moves would give about 360.
    EXPECT_GT(pawn_moves, 100);
    EXPECT_LT(pawn_moves, 260);
}

TEST(ScriptedBeginner, MatesInOneRatherThanTakingTheQueen) {
    // Ra8 mates; Bxh6 would take the queen.
    Position pos = load("chess", "6k1/5ppp/7q/8/5B2/8/8/R3K3 w - - 0 1");
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        std::mt19937_64 rng(seed);
        EXPECT_EQ(to_uci(pos, beginner::beginner_move(pos, rng)), "a1a8") << "seed " << seed;
    }
}

TEST(ScriptedBeginner, NoMoveWhenMated) {
    Position pos = load("chess", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    std::mt19937_64 rng(1);
    EXPECT_TRUE(beginner::beginner_move(pos, rng).is_none());
}

} // namespace
} // namespace evo::test

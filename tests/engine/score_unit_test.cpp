// Reported scores are in pawns of the variant (score_unit.h): the pawn of the weights each
// variant is evaluated with reads 100, in every variant, and mate scores pass unchanged.
#include "engine_test_util.h"

#include "engine/score_unit.h"

namespace evo::test {
namespace {

engine::Score centipawns(int value) {
    return {engine::Score::Kind::Centipawns, value};
}

TEST(ScoreUnitTest, ThePawnOfEveryBuiltInVariantReadsOneHundred) {
    for (const Variant& v : builtin_variants()) {
        const int pawn = engine::weights_for(v)[engine::term::Material + Pawn].mg;
        ASSERT_GT(pawn, 0) << v.name;
        EXPECT_EQ(engine::pawn_value(v), pawn) << v.name;
        EXPECT_EQ(engine::in_pawns(centipawns(pawn), v).value, 100) << v.name;
        EXPECT_EQ(engine::in_pawns(centipawns(-pawn), v).value, -100) << v.name;
        EXPECT_EQ(engine::in_pawns(centipawns(3 * pawn), v).value, 300) << v.name;
        EXPECT_EQ(engine::in_pawns(centipawns(0), v).value, 0) << v.name;
        EXPECT_FALSE(engine::in_pawns(centipawns(pawn), v).is_mate()) << v.name;
    }
}

// The variants' units differ, so one internal score reads differently: what matters is the
// pawn (an EvoChess pawn is worth several chess pawns of evaluation units).
TEST(ScoreUnitTest, TheUnitsDifferPerVariant) {
    const Variant* chess = find_variant("chess");
    const Variant* evochess = find_variant("evochess");
    ASSERT_NE(chess, nullptr);
    ASSERT_NE(evochess, nullptr);
    EXPECT_GT(engine::pawn_value(*evochess), 3 * engine::pawn_value(*chess));
    EXPECT_LT(engine::in_pawns(centipawns(300), *evochess).value,
              engine::in_pawns(centipawns(300), *chess).value / 3);
}

TEST(ScoreUnitTest, MateScoresPassUnchanged) {
    for (const Variant& v : builtin_variants())
        for (int moves : {1, 3, -1, -7}) {
            engine::Score mate{engine::Score::Kind::Mate, moves};
            engine::Score out = engine::in_pawns(mate, v);
            EXPECT_TRUE(out.is_mate()) << v.name;
            EXPECT_EQ(out.value, moves) << v.name;
        }
}

TEST(ScoreUnitTest, RoundsToNearestAlikeForBothSides) {
    EXPECT_EQ(engine::to_centipawns(387, 387), 100);
    EXPECT_EQ(engine::to_centipawns(194, 387), 50); // 50.13
    EXPECT_EQ(engine::to_centipawns(-194, 387), -50);
    EXPECT_EQ(engine::to_centipawns(2, 387), 1); // 0.52
    EXPECT_EQ(engine::to_centipawns(-2, 387), -1);
    EXPECT_EQ(engine::to_centipawns(1, 387), 0);
    EXPECT_EQ(engine::to_centipawns(82, 82), 100);
    EXPECT_EQ(engine::to_centipawns(-41, 82), -50);
}

// A variant from a file is searched with the weights weights_for gives it (the hand-set
// defaults unless tuned under its name), so its scores are read in that pawn, not in the
// pawn of the built-in variant it derives from.
TEST(ScoreUnitTest, AVariantFromAFileUsesThePawnOfItsWeights) {
    const Variant* evochess = find_variant("evochess");
    ASSERT_NE(evochess, nullptr);
    VariantDefinition definition;
    definition.rules = *evochess;
    definition.name = "score-unit-evo";
    definition.start_fen = std::string(evochess->start_fen);
    definition.display_name = "Score unit EvoChess";
    auto registered = register_variants({definition});
    ASSERT_TRUE(registered.ok()) << registered.error();
    const Variant& loaded = *registered->front();
    const engine::EvalWeights& weights = engine::weights_for(loaded);
    EXPECT_EQ(engine::pawn_value(loaded), weights[engine::term::Material + Pawn].mg);
    EXPECT_EQ(engine::in_pawns(centipawns(weights[engine::term::Material + Pawn].mg), loaded).value,
              100);
}

} // namespace
} // namespace evo::test

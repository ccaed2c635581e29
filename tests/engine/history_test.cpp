// The search's learnt tables: history saturation and the correction history's updates.
#include "engine/history.h"

#include <gtest/gtest.h>

namespace evo::test {
namespace {

using engine::correction_value;
using engine::update_correction;

TEST(HistoryTest, UpdatesSaturateAtTheMaximum) {
    std::int16_t entry = 0;
    for (int i = 0; i < 200; ++i) engine::update_history(entry, 1800);
    EXPECT_LE(entry, engine::HistoryMax);
    EXPECT_GT(entry, engine::HistoryMax * 9 / 10);
    for (int i = 0; i < 400; ++i) engine::update_history(entry, -1800);
    EXPECT_GE(entry, -engine::HistoryMax);
    EXPECT_LT(entry, -engine::HistoryMax * 9 / 10);
}

TEST(CorrectionHistoryTest, ConvergesToARepeatedError) {
    std::int16_t entry = 0;
    for (int i = 0; i < 300; ++i) update_correction(entry, -12, 10);
    EXPECT_EQ(correction_value(entry), -12);
    for (int i = 0; i < 300; ++i) update_correction(entry, 7, 10);
    EXPECT_EQ(correction_value(entry), 7);
}

TEST(CorrectionHistoryTest, NeverCorrectsMoreThanItsLimit) {
    const int limit = engine::CorrectionMax / engine::CorrectionGrain;
    std::int16_t entry = 0;
    for (int i = 0; i < 300; ++i) update_correction(entry, 5000, 30);
    EXPECT_EQ(correction_value(entry), limit);
    for (int i = 0; i < 300; ++i) update_correction(entry, -5000, 30);
    EXPECT_EQ(correction_value(entry), -limit);
}

TEST(CorrectionHistoryTest, DeeperResultsTeachMore) {
    std::int16_t shallow = 0, deep = 0;
    update_correction(shallow, 20, 1);
    update_correction(deep, 20, 12);
    EXPECT_GT(shallow, 0);
    EXPECT_GT(deep, shallow);
    // Past depth 15 the weight stops growing.
    std::int16_t deeper = 0, deepest = 0;
    update_correction(deeper, 20, 15);
    update_correction(deepest, 20, 40);
    EXPECT_EQ(deeper, deepest);
}

TEST(CorrectionHistoryTest, ThePawnEntryCountsWholeAndEachColoursUnitsHalf) {
    const int g = engine::CorrectionGrain;
    EXPECT_EQ(engine::combined_correction(std::int16_t(10 * g), 0, 0), 10);
    EXPECT_EQ(engine::combined_correction(0, std::int16_t(10 * g), 0), 5);
    EXPECT_EQ(engine::combined_correction(0, 0, std::int16_t(-10 * g)), -5);
    EXPECT_EQ(
        engine::combined_correction(std::int16_t(4 * g), std::int16_t(6 * g), std::int16_t(-2 * g)),
        6);
    // Rounded to the nearest centipawn, both ways.
    EXPECT_EQ(engine::combined_correction(std::int16_t(g / 2), 0, 0), 1);
    EXPECT_EQ(engine::combined_correction(std::int16_t(-g / 2), 0, 0), -1);
    EXPECT_EQ(engine::combined_correction(std::int16_t(g / 4), 0, 0), 0);
}

} // namespace
} // namespace evo::test

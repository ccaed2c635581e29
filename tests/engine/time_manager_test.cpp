// How long a search may think, read from the time manager's limits (no clock is watched:
// speed and timing checks live in bench/).
#include "engine/time_manager.h"

#include <gtest/gtest.h>

#include <limits>

namespace evo::engine {
namespace {

constexpr int Overhead = 10;

TEST(TimeManagerTest, MovetimeIsUsedToTheEndLessTheOverhead) {
    Limits limits;
    limits.movetime_ms = 2000;
    TimeManager tm;
    tm.start(limits, White, 0, Overhead);
    EXPECT_TRUE(tm.uses_clock());
    EXPECT_EQ(tm.maximum_ms(), 2000 - Overhead);
    // No iteration ends a fixed-time search early, however stable the best move.
    for (std::int64_t elapsed : {1, 1200, 1300, 1900, 1989})
        EXPECT_FALSE(tm.stop_after_iteration(elapsed, 1.0)) << elapsed;
}

TEST(TimeManagerTest, AClockSearchStopsBeforeAnIterationItCannotFinish) {
    Limits limits;
    limits.time_ms[White] = 60000;
    TimeManager tm;
    tm.start(limits, White, 0, Overhead);
    EXPECT_FALSE(tm.stop_after_iteration(tm.optimum_ms() / 4, 1.0));
    EXPECT_TRUE(tm.stop_after_iteration(tm.optimum_ms(), 1.0));
    // An unstable best move buys more time.
    EXPECT_FALSE(tm.stop_after_iteration(tm.optimum_ms(), 2.0));
}

TEST(TimeManagerTest, HugeClocksGiveLongThinkingNotOverflow) {
    constexpr std::int64_t Huge = std::numeric_limits<std::int64_t>::max();
    Limits limits;
    limits.time_ms[White] = Huge;
    limits.increment_ms[White] = Huge;
    limits.moves_to_go = std::numeric_limits<int>::max();
    TimeManager tm;
    tm.start(limits, White, 0, Overhead);
    EXPECT_GT(tm.optimum_ms(), 1000 * 3600);
    EXPECT_GE(tm.maximum_ms(), tm.optimum_ms());
    limits = {};
    limits.movetime_ms = Huge;
    tm.start(limits, White, 0, Overhead);
    EXPECT_GT(tm.maximum_ms(), 1000 * 3600);
}

TEST(TimeManagerTest, AFallenFlagStillGivesAPositiveLimit) {
    Limits limits;
    limits.time_ms[White] = -5000;
    limits.increment_ms[White] = -100;
    TimeManager tm;
    tm.start(limits, White, 0, Overhead);
    EXPECT_EQ(tm.optimum_ms(), 1);
    EXPECT_EQ(tm.maximum_ms(), 1);
}

TEST(TimeManagerTest, TheStretchFollowsHowSettledTheChoiceIs) {
    IterationSignals settled;
    settled.best_move_share = 0.95;
    IterationSignals contested;
    contested.best_move_share = 0.3;
    // Nearly every node below the best move: less than the optimum; few: more.
    EXPECT_LT(stretch_factor(settled), 1.0);
    EXPECT_GT(stretch_factor(contested), 1.0);
    IterationSignals changing = contested;
    changing.best_move_changes = 2;
    EXPECT_GT(stretch_factor(changing), stretch_factor(contested));
    IterationSignals falling = settled;
    falling.score_fell = true;
    EXPECT_GT(stretch_factor(falling), stretch_factor(settled));
    // Bounded both ways, whatever the signals.
    IterationSignals wild;
    wild.best_move_changes = 100;
    wild.score_fell = true;
    wild.best_move_share = -3;
    EXPECT_EQ(stretch_factor(wild), 2.5);
    wild = IterationSignals{};
    wild.best_move_share = 7;
    EXPECT_GE(stretch_factor(wild), 0.5);
}

} // namespace
} // namespace evo::engine

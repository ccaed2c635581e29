// The game's clock (record/game_clock.h): Fischer increments, and berserk, which cuts a side's
// time once and stops its increment while the other side keeps its own.
#include "app/record/game_clock.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(GameClock, ABerserkSideLosesItsPenaltyAndItsIncrementTheOtherKeepsBoth) {
    GameClock clock = GameClock::start({180'000, 2'000, std::nullopt});
    clock.go_berserk(Black, 90'000);
    EXPECT_EQ(clock.remaining_ms, (std::array<std::int64_t, 2>{180'000, 90'000}));
    EXPECT_EQ(clock.increment_of(White), 2'000);
    EXPECT_EQ(clock.increment_of(Black), 0);
    clock.on_move(White, 1'000, 0); // the first move starts the clock, charging nobody
    clock.on_move(Black, 6'000, 0); // Black used 5 s and gets nothing back
    EXPECT_EQ(clock.remaining_ms[1], 85'000);
    clock.on_move(White, 9'000, 0); // White used 3 s and gets its 2 s
    EXPECT_EQ(clock.remaining_ms[0], 179'000);
}

TEST(GameClock, ABerserkWhileTheSideRunsKeepsWhatItUsed) {
    GameClock clock = GameClock::start({60'000, 0, std::nullopt});
    clock.on_move(White, 0, 0);
    // Black thinks for 10 s, then goes berserk: half the base comes off what is left.
    clock.go_berserk(Black, 30'000);
    EXPECT_EQ(clock.remaining_at(Black, 10'000), 20'000);
    EXPECT_TRUE(clock.berserked[1]);
    // Never below a moment left: the flag falls at once rather than before the berserk.
    GameClock short_clock = GameClock::start({60'000, 0, std::nullopt});
    short_clock.remaining_ms[1] = 20'000;
    short_clock.go_berserk(Black, 30'000);
    EXPECT_EQ(short_clock.remaining_ms[1], 1);
}

} // namespace
} // namespace evo::app

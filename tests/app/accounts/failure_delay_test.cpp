// Growing delays after failed logins, on the injected clock (issue 47, M4): free tries, then a
// wait that doubles from the last failure up to a cap, and failures forgotten after a quiet
// spell or a success. Never a lock longer than the cap.
#include "app/accounts/failure_delay.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

constexpr std::int64_t second_ms = 1000;
constexpr std::int64_t minute_ms = 60 * second_ms;
const DelayRule rule{3, 1 * second_ms, 8 * second_ms, 60 * minute_ms};

TEST(FailureDelay, TheFirstFailuresCostNothingThenTheWaitDoublesUpToItsCap) {
    ManualClock clock;
    FailureDelay delay(clock, rule);
    delay.note("name:alice");
    delay.note("name:alice");
    EXPECT_EQ(delay.wait_ms("name:alice"), 0);
    std::int64_t expected[] = {1, 2, 4, 8, 8, 8};
    for (std::int64_t seconds : expected) {
        delay.note("name:alice");
        EXPECT_EQ(delay.wait_ms("name:alice"), seconds * second_ms);
        EXPECT_EQ(delay.wait_ms("name:bob"), 0);
        clock.advance(seconds * second_ms - 1);
        EXPECT_EQ(delay.wait_ms("name:alice"), 1);
        clock.advance(1);
        EXPECT_EQ(delay.wait_ms("name:alice"), 0);
    }
}

TEST(FailureDelay, AQuietSpellOrASuccessForgetsTheFailures) {
    ManualClock clock;
    FailureDelay delay(clock, rule);
    for (int i = 0; i < 10; ++i) delay.note("name:carol");
    EXPECT_EQ(delay.wait_ms("name:carol"), 8 * second_ms);
    clock.advance(60 * minute_ms);
    EXPECT_EQ(delay.wait_ms("name:carol"), 0);
    // Forgotten: the next failures are free again.
    delay.note("name:carol");
    delay.note("name:carol");
    EXPECT_EQ(delay.wait_ms("name:carol"), 0);
    delay.note("name:carol");
    EXPECT_EQ(delay.wait_ms("name:carol"), 1 * second_ms);
    delay.clear("name:carol");
    EXPECT_EQ(delay.wait_ms("name:carol"), 0);
}

TEST(FailureDelay, ManyNamesEachKeepTheirOwnCount) {
    ManualClock clock;
    FailureDelay delay(clock, rule);
    for (int i = 0; i < 20'000; ++i) delay.note("name:n" + std::to_string(i));
    clock.advance(60 * minute_ms);
    delay.note("name:dave");
    for (int i = 0; i < 3; ++i) delay.note("name:dave");
    EXPECT_EQ(delay.wait_ms("name:dave"), 2 * second_ms);
    EXPECT_EQ(delay.wait_ms("name:n5"), 0);
}

} // namespace
} // namespace evo::app

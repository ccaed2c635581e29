// The login throttle on the injected clock; issue 47 (L3): a refusal tells the real wait,
// until the oldest counted try leaves the window, not "1 s".
#include "app/accounts/login_throttle.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

constexpr std::int64_t minute_ms = 60 * 1000;

TEST(LoginThrottle, TheWaitIsUntilTheOldestCountedTryLeavesTheWindow) {
    ManualClock clock;
    LoginThrottle throttle(clock, {3, 15 * minute_ms});
    EXPECT_EQ(throttle.wait_ms("name:alice"), 0);
    throttle.note("name:alice");
    clock.advance(2 * minute_ms);
    throttle.note("name:alice");
    throttle.note("name:alice");
    EXPECT_FALSE(throttle.allows("name:alice"));
    EXPECT_EQ(throttle.wait_ms("name:alice"), 13 * minute_ms);
    EXPECT_EQ(throttle.wait_ms("name:bob"), 0);
    clock.advance(13 * minute_ms - 1);
    EXPECT_EQ(throttle.wait_ms("name:alice"), 1);
    clock.advance(1);
    EXPECT_EQ(throttle.wait_ms("name:alice"), 0);
    EXPECT_TRUE(throttle.allows("name:alice"));
}

TEST(LoginThrottle, AClearedKeyMayTryAtOnce) {
    ManualClock clock;
    LoginThrottle throttle(clock, {1, minute_ms});
    throttle.note("name:carol");
    EXPECT_EQ(throttle.wait_ms("name:carol"), minute_ms);
    throttle.clear("name:carol");
    EXPECT_EQ(throttle.wait_ms("name:carol"), 0);
}

} // namespace
} // namespace evo::app

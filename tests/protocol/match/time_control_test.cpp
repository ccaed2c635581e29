#include "protocol/match/time_control.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

TEST(TimeControl, ParsesSecondsIncrementAndMinutes) {
    auto tc = parse_time_control("10+0.1");
    ASSERT_TRUE(tc.ok());
    EXPECT_EQ(tc->base, Milliseconds(10000));
    EXPECT_EQ(tc->increment, Milliseconds(100));
    EXPECT_EQ(time_control_tag(*tc), "10+0.1");
    auto minutes = parse_time_control("1:30+1");
    ASSERT_TRUE(minutes.ok());
    EXPECT_EQ(minutes->base, Milliseconds(90000));
    EXPECT_EQ(time_control_tag(*parse_time_control("60")), "60");
}

TEST(TimeControl, RejectsNonsense) {
    for (const char* bad : {"", "abc", "0", "10+", "-5", "10+x", "1:x"})
        EXPECT_FALSE(parse_time_control(bad).ok()) << bad;
}

TEST(TimeControl, RejectsNumbersThatAreNotFiniteOrAbsurd) {
    for (const char* bad : {"inf", "nan", "-inf", "1e300", "10+inf", "10+nan", "10+1e300", "inf:00",
                            "1e300:00", "86401", "10+86401", "1441:00"})
        EXPECT_FALSE(parse_time_control(bad).ok()) << bad;
    EXPECT_TRUE(parse_time_control("86400+86400").ok());
}

TEST(TimeControl, GoCommandCarriesClocksAndLimits) {
    SearchLimits limits;
    limits.clock = TimeControl{Milliseconds(10000), Milliseconds(100)};
    EXPECT_EQ(go_command(limits, Milliseconds(9000), Milliseconds(8000)),
              "go wtime 9000 btime 8000 winc 100 binc 100");
    SearchLimits nodes;
    nodes.nodes = 5000;
    nodes.depth = 7;
    EXPECT_EQ(go_command(nodes, Milliseconds(0), Milliseconds(0)), "go nodes 5000 depth 7");
}

// Per-engine limits (`tc=`, `depth=`): each side's own increment, the mover's own limits.
TEST(TimeControl, GoCommandForSidesWithTheirOwnLimits) {
    SearchLimits slow, fast, shallow;
    slow.clock = TimeControl{Milliseconds(4000), Milliseconds(40)};
    fast.clock = TimeControl{Milliseconds(2000), Milliseconds(20)};
    shallow.depth = 3;
    EXPECT_EQ(go_command(slow, fast, true, Milliseconds(3900), Milliseconds(1900)),
              "go wtime 3900 btime 1900 winc 40 binc 20");
    EXPECT_EQ(go_command(slow, fast, false, Milliseconds(3900), Milliseconds(1900)),
              "go wtime 3900 btime 1900 winc 40 binc 20");
    // Against an engine without a clock, the mover sees its own time on both sides.
    EXPECT_EQ(go_command(slow, shallow, true, Milliseconds(3900), Milliseconds(0)),
              "go wtime 3900 btime 3900 winc 40 binc 40");
    EXPECT_EQ(go_command(slow, shallow, false, Milliseconds(3900), Milliseconds(0)), "go depth 3");
    // A fixed time a move (`movetime=`, cutechess's st=).
    SearchLimits timed;
    timed.movetime = Milliseconds(200);
    EXPECT_EQ(go_command(slow, timed, false, Milliseconds(3900), Milliseconds(0)),
              "go movetime 200");
}

} // namespace
} // namespace evo::match

// `go` arguments read into limits: numbers capped where large values mean "a lot", errors
// named where they mean nothing, and a search an error left unbounded bounded to depth 1.
#include "protocol/uci/go_command.h"

#include "engine/time_manager.h"
#include "engine/value.h"

#include <gtest/gtest.h>

namespace evo::uci {
namespace {

const Position& start() {
    static const Position pos = Position::start(chess_variant());
    return pos;
}

TEST(GoCommandTest, ReadsEveryLimit) {
    GoCommand go = parse_go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 "
                            "nodes 900 movetime 300 searchmoves e2e4 d2d4 infinite",
                            start());
    EXPECT_TRUE(go.errors.empty());
    EXPECT_EQ(*go.limits.time_ms[White], 1000);
    EXPECT_EQ(*go.limits.time_ms[Black], 2000);
    EXPECT_EQ(go.limits.increment_ms[White], 10);
    EXPECT_EQ(go.limits.increment_ms[Black], 20);
    EXPECT_EQ(*go.limits.moves_to_go, 5);
    EXPECT_EQ(*go.limits.depth, 7);
    EXPECT_EQ(*go.limits.nodes, 900u);
    EXPECT_EQ(*go.limits.movetime_ms, 300);
    EXPECT_EQ(go.limits.search_moves.size(), 2u);
    EXPECT_TRUE(go.limits.infinite);
}

TEST(GoCommandTest, LargeNumbersAreCapped) {
    EXPECT_EQ(*parse_go("mate 2000000000", start()).limits.depth, engine::MaxPly - 1);
    EXPECT_EQ(*parse_go("mate 3", start()).limits.depth, 7);
    EXPECT_EQ(*parse_go("depth 9223372036854775807", start()).limits.depth, engine::MaxPly - 1);
    GoCommand go = parse_go("wtime 9223372036854775807 winc 9223372036854775807", start());
    EXPECT_TRUE(go.errors.empty());
    EXPECT_EQ(*go.limits.time_ms[White], engine::TimeManager::MaxClockMs);
    EXPECT_EQ(go.limits.increment_ms[White], engine::TimeManager::MaxClockMs);
    EXPECT_EQ(*parse_go("wtime -50", start()).limits.time_ms[White], 0); // flag fallen
}

TEST(GoCommandTest, BadNumbersAreErrorsAndTheSearchStaysBounded) {
    for (const char* bad : {"depth", "depth x", "depth 0", "depth 99999999999999999999",
                            "movetime -1", "nodes 0", "movestogo 0", "mate -2", "winc -1"}) {
        GoCommand go = parse_go(bad, start());
        ASSERT_EQ(go.errors.size(), 2u) << bad; // the token, then "depth 1"
        EXPECT_EQ(*go.limits.depth, 1) << bad;
    }
    // A missing number leaves the next keyword to be read.
    GoCommand go = parse_go("depth movetime 50", start());
    EXPECT_EQ(go.errors.size(), 1u);
    EXPECT_EQ(*go.limits.movetime_ms, 50);
    EXPECT_FALSE(go.limits.depth);
}

TEST(GoCommandTest, PerftDepthIsChecked) {
    EXPECT_EQ(*parse_go("perft 5", start()).perft_depth, 5);
    EXPECT_EQ(*parse_go("perft 0", start()).perft_depth, 0);
    for (const char* bad : {"perft", "perft -1", "perft 21", "perft x"}) {
        GoCommand go = parse_go(bad, start());
        EXPECT_TRUE(go.perft) << bad;
        EXPECT_FALSE(go.perft_depth) << bad;
        EXPECT_FALSE(go.errors.empty()) << bad;
    }
}

} // namespace
} // namespace evo::uci

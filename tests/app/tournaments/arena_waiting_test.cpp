// Who is paired and when (docs/tournaments.md, W1-W3).
#include "app/tournaments/arena_waiting.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace evo::app {
namespace {

TEST(ArenaWaiting, TheWaitFollowsTheClock) {
    EXPECT_EQ(arena_wait_seconds({15, 0}), 8);   // ultrabullet
    EXPECT_EQ(arena_wait_seconds({30, 0}), 10);  // hyperbullet
    EXPECT_EQ(arena_wait_seconds({60, 0}), 15);  // 1+0: 12, at least 15
    EXPECT_EQ(arena_wait_seconds({180, 0}), 24); // 3+0
    EXPECT_EQ(arena_wait_seconds({300, 0}), 36); // 5+0
    EXPECT_EQ(arena_wait_seconds({600, 0}), 50); // 10+0: 66, at most 50
    EXPECT_EQ(arena_wait_seconds({180, 2}), 32); // 3+2: 260 s estimated
}

std::vector<WaitingPlayer> joined_at(const std::vector<std::int64_t>& times_ms) {
    std::vector<WaitingPlayer> players;
    for (std::size_t i = 0; i < times_ms.size(); ++i)
        players.push_back({static_cast<ArenaPlayerId>(i + 1), times_ms[i]});
    return players;
}

TEST(ArenaWaiting, PairsAfterTwoHaveWaitedLongEnough) {
    const ArenaClock three_zero{180, 0}; // 24 s
    const std::int64_t now = 1'000'000;
    const auto check = [&](const std::vector<std::int64_t>& times, bool had_pairings) {
        const auto waiting = joined_at(times);
        return arena_should_pair({waiting, now, had_pairings, std::nullopt}, three_zero);
    };
    EXPECT_FALSE(check({now - 60'000}, false)); // one alone
    EXPECT_TRUE(check({now, now}, false));      // the first wave at once
    EXPECT_FALSE(check({now, now}, true));
    EXPECT_TRUE(check({now - 24'001, now - 30'000}, true));
    EXPECT_FALSE(check({now - 24'000, now - 30'000}, true)); // exactly the wait: not yet
    EXPECT_FALSE(check({now - 60'000, now}, true));          // only one waited
}

TEST(ArenaWaiting, AtOnceAboveOneHundred) {
    const std::int64_t now = 5'000'000;
    std::vector<std::int64_t> times(101, now);
    auto waiting = joined_at(times);
    EXPECT_TRUE(arena_should_pair({waiting, now, true, std::nullopt}, {180, 0}));
    waiting.pop_back();
    EXPECT_FALSE(arena_should_pair({waiting, now, true, std::nullopt}, {180, 0}));
}

TEST(ArenaWaiting, ASmallEventPairsWhenMostActivePlayersWait) {
    const std::int64_t now = 5'000'000;
    const auto waiting = joined_at({now, now});
    EXPECT_TRUE(arena_should_pair({waiting, now, true, 3}, {180, 0}));
    EXPECT_FALSE(arena_should_pair({waiting, now, true, 4}, {180, 0}));
}

TEST(ArenaWaiting, WhenOddTheLastToComeWaits) {
    const auto odd = joined_at({300, 500, 100, 400, 200});
    const auto paired = arena_players_to_pair(odd);
    EXPECT_EQ(paired.size(), 4u);
    EXPECT_EQ(std::count(paired.begin(), paired.end(), ArenaPlayerId{2}), 0);
    EXPECT_EQ(arena_players_to_pair(joined_at({1, 2, 3, 4})).size(), 4u);
}

} // namespace
} // namespace evo::app

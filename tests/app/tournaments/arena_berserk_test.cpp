// Berserk's clock rules (docs/tournaments.md, B1-B4).
#include "app/tournaments/arena_berserk.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(ArenaBerserk, EveryClockButNoBaseWithAnIncrementAllowsIt) {
    EXPECT_TRUE(clock_allows_berserk({60, 0}));
    EXPECT_TRUE(clock_allows_berserk({180, 2}));
    EXPECT_TRUE(clock_allows_berserk({60, 5}));
    EXPECT_FALSE(clock_allows_berserk({0, 1}));
}

TEST(ArenaBerserk, HalfTheBaseNoIncrement) {
    const auto blitz = berserked_clock({180, 2});
    EXPECT_EQ(blitz.initial_ms, 90'000);
    EXPECT_EQ(blitz.increment_ms, 0);
    EXPECT_EQ(berserked_clock({45, 0}).initial_ms, 22'500);
    EXPECT_EQ(berserked_clock({120, 3}).initial_ms, 60'000); // 120 = 40 x 3: halved
}

TEST(ArenaBerserk, UnderFortyIncrementsOnlyTheIncrementGoes) {
    EXPECT_FALSE(berserk_halves_base({60, 2}));
    EXPECT_TRUE(berserk_halves_base({80, 2}));
    const auto clock = berserked_clock({60, 2});
    EXPECT_EQ(clock.initial_ms, 60'000);
    EXPECT_EQ(clock.increment_ms, 0);
}

TEST(ArenaBerserk, OnlyBeforeTheOwnFirstMoveAndOnce) {
    BerserkRequest white;
    EXPECT_FALSE(berserk_refusal(white));
    white.plies_played = 1;
    EXPECT_EQ(berserk_refusal(white), BerserkRefusal::AfterOwnMove);
    BerserkRequest black;
    black.player_is_white = false;
    EXPECT_FALSE(berserk_refusal(black));
    black.plies_played = 1;
    EXPECT_FALSE(berserk_refusal(black));
    black.plies_played = 2;
    EXPECT_EQ(berserk_refusal(black), BerserkRefusal::AfterOwnMove);
    BerserkRequest twice;
    twice.already_berserked = true;
    EXPECT_EQ(berserk_refusal(twice), BerserkRefusal::AlreadyBerserked);
    BerserkRequest not_here;
    not_here.event_allows_berserk = false;
    EXPECT_EQ(berserk_refusal(not_here), BerserkRefusal::NotInEvent);
    BerserkRequest over;
    over.game_running = false;
    EXPECT_EQ(berserk_refusal(over), BerserkRefusal::GameOver);
}

} // namespace
} // namespace evo::app

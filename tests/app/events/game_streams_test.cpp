// Issue 17: GameEvents kept an entry for every game ever watched or seated, for the life of
// the process. Now a game without a stream is forgotten once it has been unwatched for the
// time given (the service gives an hour, at least the claim wait); until then a player's
// "away" time is exact.
#include "app/common/clock.h"
#include "app/events/game_streams.h"
#include "memory_sink.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace evo::app::testing {
namespace {

constexpr std::int64_t forget_after_ms = 60000;

EventText text(const std::string& value) {
    return std::make_shared<const std::string>(value);
}

TEST(GameEventsTest, AGameIsForgottenOnceNobodyHasWatchedItForTheTimeGiven) {
    ManualClock clock;
    GameEvents events(clock, forget_after_ms);
    auto white = std::make_shared<MemorySink>();
    events.subscribe(1, White, white, text("first"));
    EXPECT_EQ(events.tracked_games(), 1u);
    clock.advance(5000);
    white->close();
    clock.advance(forget_after_ms - 1);
    events.seat_taken(2, White); // any later event lets the server forget what is due
    EXPECT_EQ(events.tracked_games(), 2u);
    // Still known: White left forget_after_ms - 1 ago, not when the process started.
    EXPECT_EQ(events.presence(1).away_since[0], clock.now_ms() - (forget_after_ms - 1));
    clock.advance(1);
    events.seat_taken(3, White);
    EXPECT_EQ(events.tracked_games(), 2u); // games 2 and 3; game 1 is gone
    clock.advance(forget_after_ms);
    events.seat_taken(4, White); // 2 and 3 were seated and never watched: gone too
    EXPECT_EQ(events.tracked_games(), 1u);
}

TEST(GameEventsTest, AGameWatchedAgainIsNotForgottenForItsEarlierIdleSpell) {
    ManualClock clock;
    GameEvents events(clock, forget_after_ms);
    auto first = std::make_shared<MemorySink>();
    events.subscribe(1, std::nullopt, first, text("first"));
    first->close();
    clock.advance(forget_after_ms / 2);
    auto second = std::make_shared<MemorySink>();
    events.subscribe(1, Black, second, text("first"));
    clock.advance(forget_after_ms);
    events.seat_taken(2, White);
    EXPECT_EQ(events.tracked_games(), 2u);
    EXPECT_EQ(events.presence(1).connected[1], true);
    second->close();
    clock.advance(forget_after_ms / 2);
    events.seat_taken(3, White);
    EXPECT_EQ(events.presence(1).away_since[1], clock.now_ms() - forget_after_ms / 2);
    clock.advance(forget_after_ms / 2);
    events.seat_taken(4, White);
    events.publish(1, text("nobody hears this"));
    EXPECT_EQ(events.presence(1).spectators, 0);
    EXPECT_EQ(events.tracked_games(), 2u); // 3 and 4; 1 and 2 are forgotten
}

} // namespace
} // namespace evo::app::testing

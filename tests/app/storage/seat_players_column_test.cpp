// The seat players' column: names, ratings and the bot mark survive a round trip; a text from
// before the bot mark reads as people; a seat without a key is not known.
#include "app/storage/seat_players_column.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(SeatPlayersColumnTest, NamesRatingsAndTheBotMarkSurviveARoundTrip) {
    SeatPlayers players;
    players[0] = SeatPlayer{"account:1", "alice", 1612.5, false, false};
    players[1] = SeatPlayer{"account:2", "EvoBot-Club", 1500.0, true, true};
    auto text = seat_players_text(players);
    ASSERT_TRUE(text);
    EXPECT_EQ(seat_players_of("account:1", "account:2", text), players);
}

TEST(SeatPlayersColumnTest, AnOlderTextReadsAsPeopleAndAKeylessSeatIsNotKnown) {
    SeatPlayers read = seat_players_of(
        "account:1", std::nullopt,
        R"([{"name":"alice","provisional":true,"rating":1500},{"name":"bob","rating":1400}])");
    ASSERT_TRUE(read[0]);
    EXPECT_EQ(read[0]->name, "alice");
    EXPECT_FALSE(read[0]->bot);
    EXPECT_FALSE(read[1]);
    EXPECT_EQ(seat_players_text({}), std::nullopt);
}

} // namespace
} // namespace evo::app

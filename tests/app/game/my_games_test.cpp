// "My games" (docs/api.md "My games", GET /api/games?scope=mine) on an injected clock: the
// online games a player sits at, those still being played first and among them those where
// it is the player's turn, then the finished ones; each with the opponent, the player's
// colour, whose turn it is and the time left.
#include "../http/api_test_server.h"
#include "../lobby/lobby_test_support.h"
#include "app/http/game_commands_json.h"
#include "app/http/game_view_json.h"

#include "app/http/lobby_json.h"
#include "app/http/stream_text.h"
#include "app/lobby/offer.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t hour_ms = 60 * 60 * 1000;

class MyGamesTest : public ::testing::Test {
  protected:
    // An online game of White against Black, three days per move (or five minutes).
    PairedGame paired(const SeatPlayer& white, const SeatPlayer& black, bool correspondence) {
        json clock = correspondence ? json{{"days_per_move", 3}}
                                    : json{{"initial_ms", 5 * 60 * 1000}, {"increment_ms", 0}};
        GameOffer offer = game_offer_of({{"variant", "chess"}, {"colour", "w"}, {"clock", clock}});
        return make_paired_game(games_, offer, white.key, Pairing{false, white, black});
    }
    std::vector<std::int64_t> ids_of(const json& games) {
        std::vector<std::int64_t> ids;
        for (const json& game : games) ids.push_back(game.at("id"));
        return ids;
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    SqliteGameRepository store_{(directory_.path() / "games.sqlite3").string()};
    GameService games_{store_, {}, clock_, stream_text()};
    SeatPlayer anna_ = seat_player("a", "Anna");
    SeatPlayer bert_ = seat_player("b", "Bert");
};

TEST_F(MyGamesTest, YourTurnFirstThenTheOtherLiveGamesThenTheFinishedOnes) {
    PairedGame finished = paired(anna_, bert_, false);
    PairedGame waiting = paired(anna_, bert_, true);
    PairedGame her_turn_black = paired(bert_, anna_, true);
    games_.play(her_turn_black.id, play_command({{"uci", "e2e4"}}),
                Actor::requester(her_turn_black.maker_token));
    games_.play(waiting.id, play_command({{"uci", "e2e4"}}), Actor::requester(waiting.maker_token));
    PairedGame her_turn_new = paired(anna_, bert_, true);
    games_.resign(finished.id, resign_command(json::object()),
                  Actor::requester(finished.maker_token)); // changed last of all
    PairedGame someone_elses = paired(bert_, seat_player("c", "Cleo"), true);
    clock_.advance(hour_ms);

    json mine = my_games_json(games_.my_games(50, 0, visitor("a")));
    EXPECT_EQ(ids_of(mine), (std::vector<std::int64_t>{her_turn_new.id, her_turn_black.id,
                                                       waiting.id, finished.id}));
    const json& black = mine[1];
    EXPECT_EQ(black.at("seat"), "b");
    EXPECT_EQ(black.at("turn"), "b");
    EXPECT_EQ(black.at("your_turn"), true);
    EXPECT_EQ(
        black.at("opponent"),
        (json{{"name", "Bert"}, {"rating", nullptr}, {"provisional", false}, {"bot", false}}));
    EXPECT_EQ(black.at("clock").at("days_per_move"), 3);
    EXPECT_EQ(black.at("clock").at("running"), "b");
    EXPECT_EQ(black.at("clock").at("b"), 3 * day_ms - hour_ms); // her time runs
    EXPECT_EQ(black.at("clock").at("w"), 3 * day_ms);
    EXPECT_EQ(mine[0].at("your_turn"), true); // before the first move, White's turn
    EXPECT_EQ(mine[0].at("turn"), "w");
    EXPECT_EQ(mine[2].at("your_turn"), false);
    EXPECT_EQ(mine[2].at("turn"), "b");
    EXPECT_EQ(mine[3].at("your_turn"), false);
    EXPECT_EQ(mine[3].at("turn"), nullptr);
    EXPECT_EQ(mine[3].at("result"), "0-1");
    EXPECT_EQ(mine[3].at("clock").at("running"), nullptr);

    // Bert sees the same games from his side, and his game with Cleo.
    json his = my_games_json(games_.my_games(50, 0, visitor("b")));
    EXPECT_EQ(ids_of(his), (std::vector<std::int64_t>{someone_elses.id, waiting.id, her_turn_new.id,
                                                      her_turn_black.id, finished.id}));
    EXPECT_EQ(his[1].at("your_turn"), true);
    EXPECT_EQ(his[1].at("opponent").at("name"), "Anna");
}

TEST_F(MyGamesTest, TheLimitAndOffsetPageThroughTheFinishedGamesOnly) {
    PairedGame first = paired(anna_, bert_, false);
    PairedGame second = paired(anna_, bert_, false);
    PairedGame live = paired(anna_, bert_, true);
    games_.resign(first.id, resign_command(json::object()), Actor::requester(first.maker_token));
    games_.resign(second.id, resign_command(json::object()), Actor::requester(second.maker_token));
    EXPECT_EQ(ids_of(my_games_json(games_.my_games(1, 0, visitor("a")))),
              (std::vector<std::int64_t>{live.id, second.id}));
    EXPECT_EQ(ids_of(my_games_json(games_.my_games(1, 1, visitor("a")))),
              (std::vector<std::int64_t>{live.id, first.id}));
}

TEST_F(MyGamesTest, ANobodyHasNoGames) {
    paired(anna_, bert_, true);
    EXPECT_TRUE(games_.my_games(50, 0, Player{}).empty());
    EXPECT_TRUE(my_games_json(games_.my_games(50, 0, visitor("z"))).empty());
}

} // namespace
} // namespace evo::app::testing

// The JSON of the player pages (docs/api.md, "Players and ratings"), as the web client reads
// it: the text of a player's page and of a leaderboard from PlayerPages' typed views, ratings
// to the hundredth, a game's missing parts null.
#include "app/http/json_answer.h"
#include "app/http/player_json.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

TEST(PlayerJson, APlayersPageHasRatingsHistoryPerVariantAndRecentGames) {
    PlayerPage page;
    page.name = "Alice";
    page.created_ms = 1764100000000;
    page.ratings = {{"evochess", 1662.3108, 290.3189, 0.0599993, 2, 1, 0, 1, 1764100300000},
                    {"chess", 1712.6, 80, 0.06, 30, 20, 3, 7, 1764100000000}};
    page.history["evochess"] = {{12, "evochess", 1500, 1662.3108, 290.3189, 1764100300000},
                                {14, "evochess", 1662.3108, 1600.004, 250, 1764100400000}};
    PlayerGame won;
    won.id = 12;
    won.variant = "evochess";
    won.colour = White;
    won.opponent = "bob";
    won.opponent_bot = true;
    won.rated = true;
    won.result = "1-0";
    won.reason = "resignation";
    won.outcome = PlayerOutcome::Win;
    won.ended = "2025-11-26T00:45:00Z";
    PlayerGame going;
    going.id = 15;
    going.variant = "chess";
    going.colour = Black;
    page.recent_games = {going, won};

    EXPECT_EQ(
        to_json_text(player_page_json(page)),
        R"({"bot":false,"created_ms":1764100000000,)"
        R"("history":{"evochess":[)"
        R"({"change":162.31,"ended_ms":1764100300000,"game_id":12,"rating":1662.31,"rd":290.32},)"
        R"({"change":-62.31,"ended_ms":1764100400000,"game_id":14,"rating":1600.0,"rd":250.0}]},)"
        R"("name":"Alice",)"
        R"("ratings":{"chess":{"draws":3,"games":30,"losses":7,"provisional":false,)"
        R"("rating":1712.6,"rd":80.0,"volatility":0.06,"wins":20},)"
        R"("evochess":{"draws":0,"games":2,"losses":1,"provisional":true,"rating":1662.31,)"
        R"("rd":290.32,"volatility":0.0599993,"wins":1}},)"
        R"("recent_games":[)"
        R"({"colour":"b","ended":null,"id":15,"opponent":null,"opponent_bot":false,)"
        R"("outcome":null,"rated":false,)"
        R"("reason":null,"result":null,"variant":"chess"},)"
        R"({"colour":"w","ended":"2025-11-26T00:45:00Z","id":12,"opponent":"bob",)"
        R"("opponent_bot":true,)"
        R"("outcome":"win","rated":true,"reason":"resignation","result":"1-0",)"
        R"("variant":"evochess"}]})");

    PlayerPage newcomer;
    newcomer.name = "carol";
    EXPECT_EQ(to_json_text(player_page_json(newcomer)),
              R"({"bot":false,"created_ms":0,"history":{},"name":"carol","ratings":{},)"
              R"("recent_games":[]})");
    newcomer.bot = true;
    EXPECT_EQ(player_page_json(newcomer).at("bot"), true);
}

TEST(PlayerJson, OutcomesAreWinDrawOrLoss) {
    PlayerGame game;
    for (auto [outcome, text] :
         {std::pair{PlayerOutcome::Win, "win"}, std::pair{PlayerOutcome::Draw, "draw"},
          std::pair{PlayerOutcome::Loss, "loss"}}) {
        game.outcome = outcome;
        EXPECT_EQ(player_game_json(game).at("outcome"), text);
    }
}

TEST(PlayerJson, ALeaderboardRanksItsPlayersUnderItsCutOff) {
    Leaderboard board;
    board.variant = "evochess";
    board.rd_at_most = 110;
    board.played_within_days = 365;
    board.players = {{1, "best", {"evochess", 1812.444, 74.1, 0.06, 31, 20, 3, 8, 0}},
                     {2, "steady", {"evochess", 1650, 90, 0.06, 12, 6, 2, 4, 0}}};
    board.bots = {{1, "EvoBot-Club", {"evochess", 1700, 60, 0.06, 40, 20, 10, 10, 0}}};
    EXPECT_EQ(to_json_text(leaderboard_json(board)),
              R"({"bots":[{"bot":true,"draws":10,"games":40,"losses":10,"name":"EvoBot-Club",)"
              R"("provisional":false,"rank":1,"rating":1700.0,"rd":60.0,"volatility":0.06,)"
              R"("wins":20}],)"
              R"("cut_off":{"played_within_days":365,"rd_at_most":110.0},)"
              R"("players":[{"bot":false,"draws":3,"games":31,"losses":8,"name":"best",)"
              R"("provisional":false,"rank":1,"rating":1812.44,"rd":74.1,"volatility":0.06,)"
              R"("wins":20},{"bot":false,"draws":2,"games":12,"losses":4,"name":"steady",)"
              R"("provisional":false,"rank":2,"rating":1650.0,"rd":90.0,"volatility":0.06,)"
              R"("wins":6}],"variant":"evochess"})");
    board.players.clear();
    board.bots.clear();
    EXPECT_EQ(to_json_text(leaderboard_json(board)),
              R"({"bots":[],"cut_off":{"played_within_days":365,"rd_at_most":110.0},)"
              R"("players":[],"variant":"evochess"})");
}

} // namespace
} // namespace evo::app::testing

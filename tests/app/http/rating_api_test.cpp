// Ratings over HTTP (docs/api.md, "Players and ratings"; docs/ratings.md): two accounts play a
// rated game from a seek to a resignation and both ratings move by exactly one Glicko-2 game
// against the initial rating; an abort before both moved, and a casual game, move nothing; the
// seek list and the game show the players' ratings; a player's page; the leaderboard's cut-off.
#include "api_test_server.h"

#include "app/accounts/service.h"
#include "app/http/stream_text.h"
#include "app/lobby/challenge_service.h"
#include "app/lobby/seek_service.h"
#include "app/ratings/player_pages.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/seek_repository.h"

#include <gtest/gtest.h>

#include <regex>

namespace evo::app::testing {
namespace {

using nlohmann::json;

// One game between two new players (1500 / 350 / 0.06, tau 0.75), worked out by the
// independent Glicko-2 of the contract checks (Glickman's steps, in Python).
constexpr double winner_rating = 1662.3108925690603;
constexpr double loser_rating = 1337.6891074309397;
constexpr double rd_after_one_game = 290.31896252204893;

class RatingApiTest : public ::testing::Test {
  protected:
    RatingApiTest()
        : database_((directory_.path() / "games.sqlite3").string()), store_(database_),
          accounts_repository_(database_), seeks_store_(database_), challenges_store_(database_),
          accounts_(accounts_repository_, clock_, cheap_passwords()),
          service_(store_, SearchFunction{}, clock_, stream_text(), service_options()),
          seeks_(seeks_store_, service_, clock_, SeekService::default_open_seeks_per_player,
                 &accounts_repository_),
          challenges_(challenges_store_, accounts_repository_, service_, clock_),
          players_(accounts_repository_, store_, clock_),
          server_(make_request_handler(service_, router()), ApiTestServer::unlimited_rate()) {
        port_ = server_.listen("127.0.0.1", 0);
        server_.start(2);
        client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    }
    ~RatingApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        service_.shutdown();
        server_.stop();
    }

    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        options.accounts_per_address = {100, 60 * 60 * 1000}; // every test's players from here
        return options;
    }
    static ServiceOptions service_options() {
        ServiceOptions options;
        options.engine_threads = 1;
        return options;
    }
    RouterOptions router() {
        RouterOptions router;
        router.accounts = &accounts_;
        router.seeks = &seeks_;
        router.players = &players_;
        router.challenges = &challenges_;
        return router;
    }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

    struct Answer {
        int status = 0;
        json body;
        std::string text;
    };

    // A request with the player's session cookie (if any) and a seat token (if any).
    Answer send(const std::string& method, const std::string& path, const json& body,
                const std::string& session = "", const std::string& seat = "") {
        httplib::Headers headers{{"Origin", origin()}};
        if (!session.empty()) headers.emplace("Cookie", "evo_session=" + session);
        if (!seat.empty()) headers.emplace("Authorization", "Bearer " + seat);
        std::string text = body.is_null() ? "" : body.dump();
        httplib::Result result =
            method == "POST"     ? client_->Post(path, headers, text, "application/json")
            : method == "DELETE" ? client_->Delete(path, headers, text, "application/json")
                                 : client_->Get(path, headers);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false), result->body};
    }

    std::string create_account(const std::string& name) {
        return create_account_session(*client_, name);
    }

    // A game from `maker`'s seek (maker White) accepted by `taker`; the seats' tokens.
    struct PairedGame {
        std::int64_t id = 0;
        std::string white_seat, black_seat;
        json state; // as the accept answered
    };
    PairedGame pair(const std::string& maker, const std::string& taker, bool rated,
                    const std::string& variant = "evochess") {
        Answer seek = send("POST", "/api/seeks",
                           {{"variant", variant}, {"rated", rated}, {"colour", "w"}}, maker);
        if (seek.status != 201) throw std::runtime_error("seek: " + seek.text);
        std::string seek_path = "/api/seeks/" + std::to_string(seek.body.at("id").get<int>());
        Answer accepted = send("POST", seek_path + "/accept", nullptr, taker);
        if (accepted.status != 201) throw std::runtime_error("accept: " + accepted.text);
        Answer mine = send("GET", seek_path, nullptr, maker);
        return {accepted.body.at("id").get<std::int64_t>(), mine.body.at("token"),
                accepted.body.at("seat").at("token"), accepted.body};
    }
    std::string game_path(const PairedGame& game, const std::string& action = "") const {
        return "/api/games/" + std::to_string(game.id) + (action.empty() ? "" : "/" + action);
    }
    void move(const PairedGame& game, const std::string& seat, const std::string& uci) {
        Answer moved = send("POST", game_path(game, "moves"), {{"uci", uci}}, "", seat);
        ASSERT_EQ(moved.status, 200) << moved.text;
    }
    json ratings_of(const std::string& session) {
        return send("GET", "/api/me", nullptr, session).body.at("ratings");
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    std::string database_;
    SqliteGameRepository store_;
    SqliteAccountRepository accounts_repository_;
    SqliteSeekRepository seeks_store_;
    SqliteChallengeRepository challenges_store_;
    AccountService accounts_;
    GameService service_;
    SeekService seeks_;
    ChallengeService challenges_;
    PlayerPages players_;
    HttpServer server_;
    int port_ = 0;
    std::unique_ptr<httplib::Client> client_;
};

TEST_F(RatingApiTest, ARatedGameEndChangesBothRatingsByOneGlicko2Game) {
    std::string alice = create_account("alice");
    std::string bob = create_account("bob");
    PairedGame game = pair(alice, bob, true);
    EXPECT_EQ(game.state["rated"], true);
    EXPECT_EQ(game.state["seat_players"]["w"]["name"], "alice");
    EXPECT_EQ(game.state["seat_players"]["b"]["name"], "bob");
    EXPECT_EQ(game.state["seat_players"]["b"]["rating"], 1500);
    EXPECT_EQ(game.state["seat_players"]["b"]["provisional"], true);
    EXPECT_FALSE(game.state.contains("rating_changes"));

    move(game, game.white_seat, "e2e4");
    move(game, game.black_seat, "e7e5");
    move(game, game.white_seat, "d2d4");
    Answer resigned = send("POST", game_path(game, "resign"), nullptr, "", game.black_seat);
    ASSERT_EQ(resigned.status, 200) << resigned.text;
    ASSERT_EQ(resigned.body["result"], "1-0");

    json white = ratings_of(alice).at("evochess");
    json black = ratings_of(bob).at("evochess");
    EXPECT_NEAR(white["rating"].get<double>(), winner_rating, 0.01);
    EXPECT_NEAR(white["rd"].get<double>(), rd_after_one_game, 0.01);
    EXPECT_NEAR(black["rating"].get<double>(), loser_rating, 0.01);
    EXPECT_NEAR(black["rd"].get<double>(), rd_after_one_game, 0.01);
    EXPECT_EQ(white["games"], 1);
    EXPECT_EQ(white["provisional"], true);

    // The result banner's numbers, on the game (and still there when read again).
    json state = send("GET", game_path(game), nullptr).body;
    ASSERT_TRUE(state.contains("rating_changes")) << state.dump();
    EXPECT_EQ(state["rating_changes"]["w"]["before"], 1500);
    EXPECT_NEAR(state["rating_changes"]["w"]["after"].get<double>(), winner_rating, 0.01);
    EXPECT_NEAR(state["rating_changes"]["w"]["change"].get<double>(), winner_rating - 1500, 0.01);
    EXPECT_NEAR(state["rating_changes"]["b"]["change"].get<double>(), loser_rating - 1500, 0.01);
    EXPECT_EQ(resigned.body["rating_changes"], state["rating_changes"]);

    // Saved again after its end (a rematch offer), the game rates nobody a second time.
    ASSERT_EQ(send("POST", game_path(game, "rematch"), nullptr, "", game.white_seat).status, 200);
    EXPECT_NEAR(ratings_of(alice)["evochess"]["rating"].get<double>(), winner_rating, 0.01);
    EXPECT_EQ(ratings_of(bob)["evochess"]["games"], 1);
}

// A rated challenge between two accounts makes a rated game, as a rated seek does.
TEST_F(RatingApiTest, ARatedChallengeMakesARatedGame) {
    std::string alice = create_account("alice");
    std::string bob = create_account("bob");
    Answer sent =
        send("POST", "/api/challenges",
             {{"to", "bob"}, {"variant", "evochess"}, {"rated", true}, {"colour", "w"}}, alice);
    ASSERT_EQ(sent.status, 201) << sent.text;
    Answer accepted =
        send("POST", "/api/challenges/" + std::to_string(sent.body["id"].get<int>()) + "/accept",
             nullptr, bob);
    ASSERT_EQ(accepted.status, 201) << accepted.text;
    EXPECT_EQ(accepted.body["rated"], true);
    EXPECT_EQ(accepted.body["seat_players"]["w"]["name"], "alice");
    EXPECT_EQ(accepted.body["seat_players"]["b"]["name"], "bob");
    EXPECT_EQ(accepted.body["seat_players"]["w"]["rating"], 1500);
}

TEST_F(RatingApiTest, ARatedGameAbortedBeforeBothMovedChangesNothing) {
    std::string alice = create_account("alice");
    std::string bob = create_account("bob");
    PairedGame game = pair(alice, bob, true);
    move(game, game.white_seat, "e2e4");
    Answer aborted = send("POST", game_path(game, "abort"), nullptr, "", game.black_seat);
    ASSERT_EQ(aborted.status, 200) << aborted.text;
    EXPECT_EQ(aborted.body["reason"], "aborted");
    EXPECT_TRUE(ratings_of(alice).empty());
    EXPECT_TRUE(ratings_of(bob).empty());
    EXPECT_FALSE(aborted.body.contains("rating_changes"));
}

TEST_F(RatingApiTest, ACasualGameChangesNoRating) {
    std::string alice = create_account("alice");
    std::string bob = create_account("bob");
    PairedGame game = pair(alice, bob, false);
    EXPECT_EQ(game.state["rated"], false);
    move(game, game.white_seat, "e2e4");
    move(game, game.black_seat, "e7e5");
    ASSERT_EQ(send("POST", game_path(game, "resign"), nullptr, "", game.white_seat).status, 200);
    EXPECT_TRUE(ratings_of(alice).empty());
    EXPECT_TRUE(ratings_of(bob).empty());
}

TEST_F(RatingApiTest, TheSeekListShowsTheMakersRating) {
    std::string alice = create_account("alice");
    auto account = accounts_repository_.find_by_name("alice");
    accounts_repository_.save_rating(account->id, {"chess", 1712.6, 80, 0.06, 30});
    ASSERT_EQ(send("POST", "/api/seeks", {{"variant", "chess"}, {"rated", true}}, alice).status,
              201);
    ASSERT_EQ(send("POST", "/api/seeks", {{"variant", "evochess"}}, alice).status, 201);
    httplib::Result me = client_->Get("/api/me");
    ASSERT_TRUE(me);
    std::string visitor = me->get_header_value("Set-Cookie");
    visitor = visitor.substr(0, visitor.find(';'));
    httplib::Result anonymous =
        client_->Post("/api/seeks", {{"Cookie", visitor}}, "{}", "application/json");
    ASSERT_TRUE(anonymous && anonymous->status == 201);
    json seeks = send("GET", "/api/seeks", nullptr).body;
    ASSERT_EQ(seeks.size(), 3u);
    EXPECT_EQ(seeks[2]["rating"], nullptr); // an anonymous visitor has no rating
    EXPECT_EQ(seeks[2]["provisional"], false);
    EXPECT_EQ(seeks[0]["rating"], 1713);
    EXPECT_EQ(seeks[0]["provisional"], false);
    EXPECT_EQ(seeks[1]["rating"], 1500); // no evochess game yet: the initial rating
    EXPECT_EQ(seeks[1]["provisional"], true);
}

TEST_F(RatingApiTest, APlayersPageShowsRatingsResultsHistoryAndRecentGames) {
    std::string alice = create_account("alice");
    std::string bob = create_account("bob");
    PairedGame rated = pair(alice, bob, true);
    move(rated, rated.white_seat, "e2e4");
    move(rated, rated.black_seat, "e7e5");
    ASSERT_EQ(send("POST", game_path(rated, "resign"), nullptr, "", rated.white_seat).status, 200);
    PairedGame casual = pair(bob, alice, false, "chess");

    Answer page = send("GET", "/api/players/ALICE", nullptr);
    ASSERT_EQ(page.status, 200) << page.text;
    EXPECT_EQ(page.body["name"], "alice");
    json evochess = page.body["ratings"]["evochess"];
    EXPECT_NEAR(evochess["rating"].get<double>(), loser_rating, 0.01);
    EXPECT_EQ(evochess["losses"], 1);
    EXPECT_EQ(evochess["wins"], 0);
    EXPECT_EQ(evochess["draws"], 0);
    ASSERT_EQ(page.body["history"]["evochess"].size(), 1u);
    EXPECT_EQ(page.body["history"]["evochess"][0]["game_id"], rated.id);
    EXPECT_NEAR(page.body["history"]["evochess"][0]["rating"].get<double>(), loser_rating, 0.01);
    EXPECT_EQ(page.body["history"]["evochess"][0]["ended_ms"], clock_.now_ms());
    json recent = page.body["recent_games"];
    ASSERT_EQ(recent.size(), 2u) << recent.dump();
    EXPECT_EQ(recent[0]["id"], casual.id); // newest first
    EXPECT_EQ(recent[0]["colour"], "b");
    EXPECT_EQ(recent[0]["rated"], false);
    EXPECT_EQ(recent[0]["outcome"], nullptr);
    EXPECT_EQ(recent[1]["id"], rated.id);
    EXPECT_EQ(recent[1]["opponent"], "bob");
    EXPECT_EQ(recent[1]["outcome"], "loss");
    EXPECT_EQ(recent[1]["rated"], true);
    EXPECT_NE(recent[1]["ended"], nullptr);
    // Nothing secret: no hash, no session, no seat token.
    EXPECT_EQ(page.text.find("argon2"), std::string::npos);
    EXPECT_EQ(page.text.find("password"), std::string::npos);
    EXPECT_EQ(page.text.find(rated.white_seat), std::string::npos);
    EXPECT_EQ(page.text.find(alice), std::string::npos);

    EXPECT_EQ(send("GET", "/api/players/nobody", nullptr).status, 404);

    // The typed page the answer is written from.
    PlayerPage view = players_.player("Alice");
    EXPECT_EQ(view.name, "alice");
    ASSERT_EQ(view.ratings.size(), 1u);
    EXPECT_EQ(view.ratings[0].variant, "evochess");
    EXPECT_EQ(view.ratings[0].losses, 1);
    ASSERT_EQ(view.history.size(), 1u);
    ASSERT_EQ(view.history.at("evochess").size(), 1u);
    EXPECT_EQ(view.history.at("evochess")[0].game_id, rated.id);
    EXPECT_NEAR(view.history.at("evochess")[0].after, loser_rating, 0.01);
    ASSERT_EQ(view.recent_games.size(), 2u);
    EXPECT_EQ(view.recent_games[0].id, casual.id);
    EXPECT_EQ(view.recent_games[0].colour, Black);
    EXPECT_EQ(view.recent_games[0].outcome, std::nullopt);
    EXPECT_EQ(view.recent_games[0].ended, std::nullopt);
    EXPECT_EQ(view.recent_games[1].colour, White);
    EXPECT_EQ(view.recent_games[1].opponent, "bob");
    EXPECT_EQ(view.recent_games[1].result, "0-1");
    EXPECT_EQ(view.recent_games[1].outcome, PlayerOutcome::Loss);
}

TEST_F(RatingApiTest, TheLeaderboardShowsSettledRatingsPlayedWithinAYear) {
    const std::int64_t day_ms = 24 * 3600 * 1000;
    std::int64_t now = clock_.now_ms();
    auto rate = [&](const std::string& name, double rating, double rd, std::int64_t last_ms) {
        create_account(name);
        auto account = accounts_repository_.find_by_name(name);
        accounts_repository_.save_rating(account->id,
                                         {"evochess", rating, rd, 0.06, 12, 6, 2, 4, last_ms});
    };
    rate("steady", 1650, 90, now - 30 * day_ms);
    rate("best", 1800, 109.5, now - day_ms);
    rate("newcomer", 1900, 150, now);           // provisional: not yet
    rate("gone", 2000, 60, now - 400 * day_ms); // no game within the year
    rate("third", 1550, 70, now - 364 * day_ms);

    Answer board = send("GET", "/api/leaderboard/evochess", nullptr);
    ASSERT_EQ(board.status, 200) << board.text;
    json players = board.body["players"];
    ASSERT_EQ(players.size(), 3u) << players.dump();
    EXPECT_EQ(players[0]["name"], "best");
    EXPECT_EQ(players[0]["rank"], 1);
    EXPECT_EQ(players[0]["rating"], 1800);
    EXPECT_EQ(players[0]["provisional"], false);
    EXPECT_EQ(players[1]["name"], "steady");
    EXPECT_EQ(players[2]["name"], "third");
    EXPECT_EQ(players[2]["wins"], 6);
    EXPECT_EQ(board.body["cut_off"]["played_within_days"], 365);

    Leaderboard view = players_.leaderboard("evochess");
    EXPECT_EQ(view.variant, "evochess");
    EXPECT_EQ(view.rd_at_most, provisional_rd_above);
    EXPECT_EQ(view.played_within_days, 365);
    ASSERT_EQ(view.players.size(), 3u);
    EXPECT_EQ(view.players[0].rank, 1);
    EXPECT_EQ(view.players[0].name, "best");
    EXPECT_EQ(view.players[0].rating.rating, 1800);
    EXPECT_EQ(view.players[2].rank, 3);
    EXPECT_EQ(view.players[2].name, "third");

    EXPECT_EQ(view.bots.size(), 0u);
    EXPECT_EQ(board.body["bots"], json::array());

    // A bot is ranked on the bots' list, apart from the people.
    ASSERT_TRUE(accounts_repository_.make_bot(accounts_repository_.find_by_name("best")->id));
    board = send("GET", "/api/leaderboard/evochess", nullptr);
    ASSERT_EQ(board.body["players"].size(), 2u) << board.text;
    EXPECT_EQ(board.body["players"][0]["name"], "steady");
    EXPECT_EQ(board.body["players"][0]["rank"], 1);
    EXPECT_EQ(board.body["players"][0]["bot"], false);
    ASSERT_EQ(board.body["bots"].size(), 1u) << board.text;
    EXPECT_EQ(board.body["bots"][0]["name"], "best");
    EXPECT_EQ(board.body["bots"][0]["rank"], 1);
    EXPECT_EQ(board.body["bots"][0]["bot"], true);
    EXPECT_EQ(send("GET", "/api/players/best", nullptr).body["bot"], true);
    EXPECT_EQ(send("GET", "/api/players/steady", nullptr).body["bot"], false);

    EXPECT_EQ(send("GET", "/api/leaderboard/chess", nullptr).body["players"], json::array());
    EXPECT_EQ(send("GET", "/api/leaderboard/nosuchvariant", nullptr).status, 404);
}

} // namespace
} // namespace evo::app::testing

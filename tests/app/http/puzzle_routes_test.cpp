// The puzzle routes over HTTP (docs/api.md, "Puzzles"; docs/puzzles.md): a choice near a
// rating (theme, exclusion, seed); the daily puzzle from the injected clock; an attempt's
// Glicko-2 rating, stored for an account (and read back by a new repository on the same file),
// returned to a visitor.
#include "../puzzles/puzzle_lines.h"
#include "api_test_server.h"

#include "app/accounts/service.h"
#include "app/http/stream_text.h"
#include "app/puzzles/service.h"
#include "app/puzzles/set.h"
#include "app/ratings/glicko2.h"
#include "app/storage/sqlite/account_repository.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class PuzzleApiTest : public ::testing::Test {
  protected:
    PuzzleApiTest()
        : database_((directory_.path() / "games.sqlite3").string()), store_(database_),
          accounts_repository_(database_), accounts_(accounts_repository_, clock_, cheap()),
          puzzle_set_(make_set()), puzzles_(puzzle_set_, clock_, &accounts_repository_),
          service_(store_, SearchFunction{}, clock_, stream_text(), {}),
          server_(make_request_handler(service_, router()), ApiTestServer::unlimited_rate()) {
        port_ = server_.listen("127.0.0.1", 0);
        server_.start(2);
        client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    }
    ~PuzzleApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        service_.shutdown();
        server_.stop();
    }

    static AccountOptions cheap() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }
    PuzzleSet make_set() {
        std::vector<std::string> lines;
        for (int rating : {800, 1000, 1200, 1400, 1600, 1800, 2000})
            lines.push_back(line(std::string("p").append(std::to_string(rating)), rating,
                                 rating >= 1600 ? std::vector<std::string>{"mate", "fork"}
                                                : std::vector<std::string>{"mate"}));
        lines.push_back(line("e1", 1500, {"mate", "rookRight"}, "evochess"));
        write_file(directory_.path() / "chess.jsonl", lines);
        std::ostringstream log;
        return load_puzzle_dir(directory_.path().string(), log);
    }
    RouterOptions router() {
        RouterOptions router;
        router.accounts = &accounts_;
        router.puzzles = &puzzles_;
        return router;
    }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

    JsonAnswer send(const std::string& method, const std::string& path, const json& body = {},
                    const std::string& session = "") {
        httplib::Headers headers{{"Origin", origin()}};
        if (!session.empty()) headers.emplace("Cookie", "evo_session=" + session);
        httplib::Result result = method == "POST"
                                     ? client_->Post(path, headers, body.dump(), "application/json")
                                     : client_->Get(path, headers);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false)};
    }
    std::string chosen(const std::string& query) {
        JsonAnswer answer = send("GET", "/api/puzzles?" + query);
        return answer.status == 200 ? answer.body.at("id").get<std::string>()
                                    : std::string("status ").append(std::to_string(answer.status));
    }
    std::string create_account(const std::string& name) {
        return create_account_session(*client_, name);
    }

    TemporaryDirectory directory_;
    ManualClock clock_{1'800'000'000'000}; // 2027-01-15T08:00:00Z
    std::string database_;
    SqliteGameRepository store_;
    SqliteAccountRepository accounts_repository_;
    AccountService accounts_;
    PuzzleSet puzzle_set_;
    PuzzleService puzzles_;
    GameService service_;
    HttpServer server_;
    int port_ = 0;
    std::unique_ptr<httplib::Client> client_;
};

TEST_F(PuzzleApiTest, ChoosesNearTheRatingByThemeExclusionAndSeed) {
    // Distances from 1450: p1400 50, p1600 150, p1200 250, p1800 350, p1000 450, p2000 550.
    EXPECT_EQ(chosen("variant=chess&rating=1450"), "p1400");
    EXPECT_EQ(chosen("variant=chess&rating=1450&seed=1"), "p1600");
    EXPECT_EQ(chosen("variant=chess&rating=1450&seed=4"), "p1000");
    EXPECT_EQ(chosen("variant=chess&rating=1450&seed=5"), "p1400"); // among the nearest five
    EXPECT_EQ(chosen("variant=chess&rating=1450&exclude=p1400,p1600"), "p1200");
    EXPECT_EQ(chosen("variant=chess&rating=1450&theme=fork"), "p1600");
    EXPECT_EQ(chosen("variant=chess&rating=1450&theme=fork&exclude=p1600,p1800,p2000"),
              "status 404");
    EXPECT_EQ(chosen("variant=chess&rating=100"), "p800");
    EXPECT_EQ(chosen("variant=evochess"), "e1");
    EXPECT_EQ(chosen("variant=shogi"), "status 404");
    EXPECT_EQ(chosen("rating=1500"), "status 400");
    EXPECT_EQ(chosen("variant=chess&rating=lots"), "status 400");

    JsonAnswer one = send("GET", "/api/puzzles/p1200");
    ASSERT_EQ(one.status, 200);
    EXPECT_EQ(one.body.at("fen"), start_fen);
    EXPECT_EQ(one.body.at("moves"), json({"f2f3", "e7e5", "g2g4", "d8h4"}));
    EXPECT_EQ(one.body.at("rating"), 1200);
    EXPECT_EQ(send("GET", "/api/puzzles/nosuch").status, 404);

    JsonAnswer themes = send("GET", "/api/puzzles/themes?variant=chess");
    ASSERT_EQ(themes.status, 200);
    EXPECT_EQ(themes.body.at("total"), 7);
    EXPECT_EQ(themes.body.at("themes"), json({{"fork", 3}, {"mate", 7}}));
}

TEST_F(PuzzleApiTest, TheDailyPuzzleIsTheSameAllDayAndMovesWithTheUtcDate) {
    JsonAnswer morning = send("GET", "/api/puzzles/daily?variant=chess");
    ASSERT_EQ(morning.status, 200);
    EXPECT_EQ(morning.body.at("date"), "2027-01-15");
    clock_.advance(15LL * 3600 * 1000); // 23:00 the same day
    JsonAnswer evening = send("GET", "/api/puzzles/daily?variant=chess");
    EXPECT_EQ(evening.body.at("date"), "2027-01-15");
    EXPECT_EQ(evening.body.at("id"), morning.body.at("id"));
    std::set<std::string> seen{morning.body.at("id").get<std::string>()};
    for (int day = 0; day < 20; ++day) {
        clock_.advance(24LL * 3600 * 1000);
        JsonAnswer next = send("GET", "/api/puzzles/daily?variant=chess");
        ASSERT_EQ(next.status, 200);
        seen.insert(next.body.at("id").get<std::string>());
    }
    EXPECT_EQ(send("GET", "/api/puzzles/daily?variant=chess").body.at("date"), "2027-02-04");
    EXPECT_GE(seen.size(), 3u); // the days do not all give one puzzle
    EXPECT_EQ(send("GET", "/api/puzzles/daily?variant=shogi").status, 404);
}

Glicko2Rating after_one(const Glicko2Rating& before, int puzzle_rating, bool solved) {
    return glicko2_update(
        before, {{{double(puzzle_rating), puzzle_opponent_rd, 0.06}, solved ? 1.0 : 0.0}});
}

TEST_F(PuzzleApiTest, AVisitorsAttemptIsComputedFromTheRatingTheyKeep) {
    JsonAnswer first = send("POST", "/api/puzzles/p1400/attempt", {{"solved", true}});
    ASSERT_EQ(first.status, 200) << first.body;
    Glicko2Rating expected = after_one(initial_rating(), 1400, true);
    EXPECT_EQ(first.body.at("stored"), false);
    EXPECT_DOUBLE_EQ(first.body.at("exact").at("rating").get<double>(), expected.rating);
    EXPECT_EQ(first.body.at("rating").at("rating"), std::lround(expected.rating));
    EXPECT_GT(expected.rating, 1500);

    JsonAnswer second = send("POST", "/api/puzzles/p1000/attempt",
                             {{"solved", false}, {"rating", first.body.at("exact")}});
    ASSERT_EQ(second.status, 200);
    Glicko2Rating then = after_one(expected, 1000, false);
    EXPECT_DOUBLE_EQ(second.body.at("exact").at("rating").get<double>(), then.rating);
    EXPECT_DOUBLE_EQ(second.body.at("exact").at("rd").get<double>(), then.rd);

    EXPECT_EQ(send("POST", "/api/puzzles/p1000/attempt", {{"solved", "yes"}}).status, 400);
    EXPECT_EQ(send("POST", "/api/puzzles/p1000/attempt",
                   {{"solved", true}, {"rating", {{"rating", 1500}}}})
                  .status,
              400);
    EXPECT_EQ(send("POST", "/api/puzzles/nosuch/attempt", {{"solved", true}}).status, 404);
    EXPECT_EQ(send("GET", "/api/puzzles/rating?variant=chess").status, 401);
}

TEST_F(PuzzleApiTest, AnAccountsPuzzleRatingIsStoredPerVariant) {
    std::string session = create_account("solver");
    JsonAnswer first = send("POST", "/api/puzzles/p1400/attempt", {{"solved", true}}, session);
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(first.body.at("stored"), true);
    Glicko2Rating one = after_one(initial_rating(), 1400, true);
    EXPECT_DOUBLE_EQ(first.body.at("exact").at("rating").get<double>(), one.rating);

    // A rating sent by the browser is ignored for an account: the stored one counts.
    JsonAnswer second =
        send("POST", "/api/puzzles/p1800/attempt",
             {{"solved", false}, {"rating", {{"rating", 3000}, {"rd", 50}, {"volatility", 0.06}}}},
             session);
    Glicko2Rating two = after_one(one, 1800, false);
    EXPECT_DOUBLE_EQ(second.body.at("exact").at("rating").get<double>(), two.rating);
    EXPECT_EQ(second.body.at("attempts"), 2);

    JsonAnswer chess = send("GET", "/api/puzzles/rating?variant=chess", {}, session);
    ASSERT_EQ(chess.status, 200);
    EXPECT_EQ(chess.body.at("rating"), std::lround(two.rating));
    EXPECT_EQ(chess.body.at("attempts"), 2);
    JsonAnswer evochess = send("GET", "/api/puzzles/rating?variant=evochess", {}, session);
    EXPECT_EQ(evochess.body.at("rating"), 1500);
    EXPECT_EQ(evochess.body.at("attempts"), 0);

    // Kept in the database: another repository on the same file reads it.
    SqliteAccountRepository reopened(database_);
    auto account = reopened.find_by_name("solver");
    ASSERT_TRUE(account);
    auto stored = reopened.puzzle_rating_of(account->id, "chess");
    ASSERT_TRUE(stored);
    EXPECT_DOUBLE_EQ(stored->rating, two.rating);
    EXPECT_EQ(stored->games, 2);
    EXPECT_EQ(stored->wins, 1);
    EXPECT_EQ(stored->losses, 1);
    EXPECT_EQ(stored->last_played_ms, clock_.now_ms());
    EXPECT_FALSE(reopened.puzzle_rating_of(account->id, "evochess"));
    // Apart from the game ratings.
    EXPECT_TRUE(reopened.ratings_of(account->id).empty());
}

// Issue 47, L4: a puzzle solved again and again moved the rating each time (a 2690 puzzle
// solved 30 times: 1500 -> 3200). Only the first attempt counts; a rating stays in 400..4000.
TEST_F(PuzzleApiTest, OnlyAnAccountsFirstAttemptAtAPuzzleCounts) {
    std::string session = create_account("repeater");
    JsonAnswer first = send("POST", "/api/puzzles/p1800/attempt", {{"solved", true}}, session);
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(first.body.at("counted"), true);
    for (int again = 0; again < 5; ++again) {
        JsonAnswer repeat = send("POST", "/api/puzzles/p1800/attempt", {{"solved", true}}, session);
        ASSERT_EQ(repeat.status, 200) << repeat.body;
        EXPECT_EQ(repeat.body.at("counted"), false);
        EXPECT_EQ(repeat.body.at("attempts"), 1);
        EXPECT_EQ(repeat.body.at("exact"), first.body.at("exact"));
        EXPECT_EQ(repeat.body.at("before"), repeat.body.at("rating"));
    }
    JsonAnswer rating = send("GET", "/api/puzzles/rating?variant=chess", {}, session);
    EXPECT_EQ(rating.body.at("attempts"), 1);
    EXPECT_DOUBLE_EQ(rating.body.at("exact").at("rating").get<double>(),
                     first.body.at("exact").at("rating").get<double>());
}

TEST_F(PuzzleApiTest, APuzzleRatingStaysWithinItsBounds) {
    JsonAnswer top =
        send("POST", "/api/puzzles/p1400/attempt",
             {{"solved", true}, {"rating", {{"rating", 4000}, {"rd", 350}, {"volatility", 0.06}}}});
    ASSERT_EQ(top.status, 200) << top.body;
    EXPECT_DOUBLE_EQ(top.body.at("exact").at("rating").get<double>(), 4000);
    JsonAnswer bottom =
        send("POST", "/api/puzzles/p1800/attempt",
             {{"solved", false}, {"rating", {{"rating", 400}, {"rd", 350}, {"volatility", 0.06}}}});
    ASSERT_EQ(bottom.status, 200) << bottom.body;
    EXPECT_DOUBLE_EQ(bottom.body.at("exact").at("rating").get<double>(), 400);
}

} // namespace
} // namespace evo::app::testing

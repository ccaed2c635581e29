// Issue 10 ("Play by link"): seats and tokens, turns, the race for one ply, clocks on an
// injected time source (nothing here sleeps), flag falls while nobody is connected and
// across a restart, offers, takebacks, rematch and the claim of victory.
#include "api_test_server.h"
#include "app/lobby/offer.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace evo::app::testing {
namespace {

using nlohmann::json;

JsonAnswer act(httplib::Client& client, const std::string& path, const json& body,
               const std::string& token) {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    auto result = client.Post(path, headers, body.dump(), "application/json");
    if (!result) throw std::runtime_error("no answer from the test server");
    return {result->status, json::parse(result->body, nullptr, false)};
}

int delete_with_token(httplib::Client& client, const std::string& path, const std::string& token) {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    auto result = client.Delete(path, headers);
    if (!result) throw std::runtime_error("no answer from the test server");
    return result->status;
}

class OnlineApiTest : public ::testing::Test {
  protected:
    TemporaryDirectory directory_;
    ManualClock clock_;
    std::unique_ptr<ApiTestServer> server_ = make_server();
    std::unique_ptr<httplib::Client> client_ = server_->client();

    std::unique_ptr<ApiTestServer> make_server() {
        ServiceOptions options;
        options.public_url = "http://chess.example.org";
        return std::make_unique<ApiTestServer>(directory_.path(), SearchFunction{}, &clock_,
                                               options);
    }
    void restart_server() {
        client_.reset();
        server_.reset();
        server_ = make_server();
        client_ = server_->client();
    }

    struct OnlineGame {
        std::string path;
        std::string white;
        std::string black;
        json state;
    };
    // An online game with both seats taken: the creator is White unless `colour` says.
    OnlineGame start(json body, const std::string& colour = "w") {
        body["online"] = true;
        body["colour"] = colour;
        JsonAnswer created = post_json(*client_, "/api/games", body);
        EXPECT_EQ(created.status, 201) << created.body.dump();
        OnlineGame game;
        game.path = "/api/games/" + std::to_string(created.body["id"].get<int>());
        std::string invite = created.body["invite"];
        std::string code = invite.substr(invite.find("invite=") + 7);
        JsonAnswer joined = post_json(*client_, game.path + "/join", {{"invite", code}});
        EXPECT_EQ(joined.status, 200) << joined.body.dump();
        std::string creator = created.body["seat"]["token"], joiner = joined.body["seat"]["token"];
        game.white = colour == "w" ? creator : joiner;
        game.black = colour == "w" ? joiner : creator;
        game.state = joined.body;
        return game;
    }
    json move(const OnlineGame& game, const std::string& uci, const std::string& token,
              int expected = 200, json extra = json::object()) {
        extra["uci"] = uci;
        JsonAnswer answer = act(*client_, game.path + "/moves", extra, token);
        EXPECT_EQ(answer.status, expected) << uci << " -> " << answer.body.dump();
        return answer.body;
    }
    json state(const OnlineGame& game) { return get_json(*client_, game.path).body; }
};

// docs/api.md, errors: a request with two faults is answered for its body first (400), then for
// its seat (401 without a token, 403 with one that holds no seat). The draw's and the
// takeback's "side" and a PATCH's fields were read after the seat until the actions became
// typed commands read at the edge (they were 401 then).
TEST_F(OnlineApiTest, ABadBodyIsRefusedBeforeAMissingOrWrongSeatToken) {
    OnlineGame game = start({{"variant", "chess"}});
    for (const char* action : {"draw", "takeback"}) {
        json bad_side = {{"action", action == std::string("draw") ? "offer" : "request"},
                         {"side", "x"}};
        EXPECT_EQ(act(*client_, game.path + "/" + action, bad_side, "").status, 400) << action;
        EXPECT_EQ(act(*client_, game.path + "/" + action, bad_side, "no-seat").status, 400)
            << action;
        bad_side.erase("side");
        EXPECT_EQ(act(*client_, game.path + "/" + action, bad_side, "").status, 401) << action;
        EXPECT_EQ(act(*client_, game.path + "/" + action, bad_side, "no-seat").status, 403)
            << action;
    }
    EXPECT_EQ(send_raw(*client_, "PATCH", game.path, R"({"players": {"w": "robot"}})").status, 400);
    EXPECT_EQ(send_raw(*client_, "PATCH", game.path, R"({"players": {"w": "engine"}})").status,
              401);
    // A seat's own token with a bad "side" (which it would not use): the body is still bad.
    EXPECT_EQ(
        act(*client_, game.path + "/draw", {{"action", "offer"}, {"side", "x"}}, game.white).status,
        400);
    // The body before the game: a game that does not exist is not looked up.
    EXPECT_EQ(
        act(*client_, "/api/games/999999/draw", {{"action", "offer"}, {"side", "x"}}, "").status,
        400);
    json after = state(game);
    EXPECT_TRUE(after["draw_offer"].is_null());
    EXPECT_TRUE(after["takeback_offer"].is_null());
}

TEST_F(OnlineApiTest, CreatorGetsASeatAndAnInviteLink) {
    JsonAnswer created = post_json(*client_, "/api/games",
                                   {{"variant", "evochess"},
                                    {"online", true},
                                    {"clock", {{"initial_ms", 300000}, {"increment_ms", 3000}}},
                                    {"colour", "b"}});
    ASSERT_EQ(created.status, 201);
    const json& game = created.body;
    EXPECT_EQ(game["seat"]["colour"], "b");
    EXPECT_GE(game["seat"]["token"].get<std::string>().size(), 32u);
    std::string prefix = "http://chess.example.org/#game=" + std::to_string(game["id"].get<int>());
    EXPECT_EQ(game["invite"].get<std::string>().rfind(prefix + "&invite=", 0), 0u);
    EXPECT_EQ(game["seat"]["link"].get<std::string>().rfind(prefix + "&seat=", 0), 0u);
    EXPECT_EQ(game["clock"], (json{{"w", 300000},
                                   {"b", 300000},
                                   {"running", nullptr},
                                   {"initial_ms", 300000},
                                   {"increment_ms", 3000},
                                   {"days_per_move", nullptr}}));
    EXPECT_EQ(game["seats"], (json{{"w", false}, {"b", true}}));
    // Nobody else sees a token: not the public state, not the list.
    JsonAnswer seen = get_json(*client_, "/api/games/" + std::to_string(game["id"].get<int>()));
    EXPECT_FALSE(seen.body.contains("seat"));
    EXPECT_EQ(seen.body.dump().find(game["seat"]["token"].get<std::string>()), std::string::npos);
}

// Issue 49: an online game by invite link exported [White "White player"]; nobody is known at
// its seats, so both are "Anonymous", as lichess names an anonymous player.
TEST_F(OnlineApiTest, AnInviteLinkGamesPgnNamesBothPlayersAnonymous) {
    OnlineGame game = start({{"variant", "chess"}});
    move(game, "e2e4", game.white);
    auto pgn = client_->Get(game.path + "/pgn");
    ASSERT_TRUE(pgn);
    ASSERT_EQ(pgn->status, 200);
    EXPECT_NE(pgn->body.find("[White \"Anonymous\"]"), std::string::npos) << pgn->body;
    EXPECT_NE(pgn->body.find("[Black \"Anonymous\"]"), std::string::npos) << pgn->body;
    EXPECT_EQ(pgn->body.find("player\"]"), std::string::npos) << pgn->body;
}

TEST_F(OnlineApiTest, TheSecondPersonTakesTheOtherSeatAndLaterOnesAreRefused) {
    OnlineGame game = start({{"variant", "chess"}});
    EXPECT_EQ(game.state["seat"]["colour"], "b");
    EXPECT_EQ(game.state["seats"], (json{{"w", true}, {"b", true}}));
    EXPECT_EQ(post_json(*client_, game.path + "/join", {{"invite", "whatever"}}).status, 409);
    JsonAnswer created = post_json(*client_, "/api/games", {{"online", true}});
    std::string path = "/api/games/" + std::to_string(created.body["id"].get<int>());
    EXPECT_EQ(post_json(*client_, path + "/join", {{"invite", "0123456789abcdef"}}).status, 403);
    EXPECT_EQ(post_json(*client_, path + "/join", json::object()).status, 403);
}

TEST_F(OnlineApiTest, OnlyASeatsHolderMovesAndOnlyOnItsTurn) {
    OnlineGame game = start({{"variant", "evochess"}});
    std::int64_t version = state(game)["version"];
    EXPECT_EQ(act(*client_, game.path + "/moves", {{"uci", "e2e4"}}, "").status, 401);
    EXPECT_EQ(act(*client_, game.path + "/moves", {{"uci", "e2e4"}}, std::string(32, 'x')).status,
              403);
    EXPECT_EQ(act(*client_, game.path + "/moves", {{"uci", "e7e5"}}, game.black).status, 409);
    EXPECT_EQ(act(*client_, game.path + "/resign", json::object(), "nope").status, 403);
    EXPECT_EQ(state(game)["version"], version); // nothing changed
    json after = move(game, "e2e4", game.white);
    EXPECT_EQ(after["seat"]["colour"], "w");
    EXPECT_EQ(after["ply"], 1);
    // The local-game routes are not a way around the seats.
    EXPECT_EQ(post_json(*client_, game.path + "/undo", json::object()).status, 401);
    EXPECT_EQ(act(*client_, game.path + "/undo", json::object(), game.white).status, 409);
    EXPECT_EQ(send_raw(*client_, "DELETE", game.path, "").status, 403);
    // A stale ply from the client is a conflict, not a move in another position.
    move(game, "e7e5", game.black, 409, {{"ply", 0}});
    move(game, "e7e5", game.black, 200, {{"ply", 1}});
}

TEST_F(OnlineApiTest, TwoMovesRacingForOnePlyOneWinsTheOther409) {
    OnlineGame game = start({{"variant", "chess"}});
    // Each round the side to move sends two pawn moves at once, on files that never meet.
    const char* files[][2] = {{"a", "h"}, {"b", "g"}, {"c", "f"}};
    for (int round = 0; round < 6; ++round) {
        bool white = round % 2 == 0;
        const std::string& token = white ? game.white : game.black;
        std::vector<int> statuses(2);
        std::vector<std::thread> racers;
        for (int i = 0; i < 2; ++i) {
            std::string file = files[round / 2][i];
            std::string uci = white ? file + "2" + file + "3" : file + "7" + file + "6";
            racers.emplace_back([&, i, uci] {
                auto client = server_->client();
                statuses[std::size_t(i)] =
                    act(*client, game.path + "/moves", {{"uci", uci}}, token).status;
            });
        }
        for (auto& racer : racers) racer.join();
        std::sort(statuses.begin(), statuses.end());
        ASSERT_EQ(statuses, (std::vector<int>{200, 409})) << "round " << round;
    }
    EXPECT_EQ(state(game)["ply"], 6);
}

TEST_F(OnlineApiTest, AClockRunsFromTheOpponentsMoveWithIncrementAndLagCredit) {
    OnlineGame game =
        start({{"variant", "chess"}, {"clock", {{"initial_ms", 60000}, {"increment_ms", 1000}}}});
    clock_.advance(5000);
    json s = move(game, "e2e4", game.white); // the first move starts Black's clock, charges none
    EXPECT_EQ(s["clock"]["w"], 60000);
    EXPECT_EQ(s["clock"]["running"], "b");
    clock_.advance(7000);
    EXPECT_EQ(state(game)["clock"]["b"], 53000);
    s = move(game, "e7e5", game.black);
    EXPECT_EQ(s["clock"]["b"], 54000); // 60 - 7 + 1
    EXPECT_EQ(s["clock"]["running"], "w");
    clock_.advance(3000);
    s = move(game, "g1f3", game.white, 200, {{"lag_ms", 300}});
    EXPECT_EQ(s["clock"]["w"], 58300); // 60 - (3 - 0.3) + 1
    clock_.advance(3000);
    s = move(game, "b8c6", game.black, 200, {{"lag_ms", 60000}});
    EXPECT_EQ(s["clock"]["b"], 54000 - 2500 + 1000); // at most 500 ms are credited
}

// Issue 17: a client that claims 500 ms of lag on every move, against one that claims none,
// the injected clock moving 500 ms for every move of either. The claim used to be credited in
// full (the liar's 10 charged moves cost it nothing); now the quota (500 ms, then 100 ms a
// move) credits it at most 500 + 9 x 100 = 1,400 ms over those moves (the test allows 1,500).
TEST_F(OnlineApiTest, ALagClaimedOnEveryMoveIsCreditedOnlyUpToTheQuota) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 10000}}}});
    const char* white_moves[] = {"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3",
                                 "g2g3", "h2h3", "a3a4", "b3b4", "c3c4"};
    const char* black_moves[] = {"a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6",
                                 "g7g6", "h7h6", "a6a5", "b6b5", "c6c5"};
    json s;
    for (int i = 0; i < 11; ++i) {
        clock_.advance(500);
        s = move(game, white_moves[i], game.white, 200, {{"lag_ms", 500}});
        clock_.advance(500);
        s = move(game, black_moves[i], game.black, 200, {{"lag_ms", 0}});
    }
    // White's first move is free; its 10 others took 5,000 ms; Black's 11 took 5,500 ms.
    std::int64_t liar = s["clock"]["w"], honest = s["clock"]["b"];
    EXPECT_EQ(honest, 10000 - 5500);
    EXPECT_LE(liar, 10000 - 5000 + 1500) << "the liar kept " << liar << " ms";
    EXPECT_GE(liar, 10000 - 5000);
}

// A move that arrives after the flag loses, whatever lag it claims: the flag is settled before
// any credit.
TEST_F(OnlineApiTest, AClaimedLagDoesNotRaiseAFallenFlag) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 2000}}}});
    move(game, "e2e4", game.white);
    clock_.advance(2100);
    move(game, "e7e5", game.black, 422, {{"lag_ms", 500}});
    EXPECT_EQ(state(game)["reason"], "time forfeit");
}

TEST_F(OnlineApiTest, TheFlagFallsWhileNobodyIsConnected) {
    OnlineGame game = start({{"variant", "evochess"}, {"clock", {{"initial_ms", 6000}}}});
    move(game, "e2e4", game.white);
    move(game, "e7e5", game.black);
    move(game, "d2d4", game.white);
    clock_.advance(5999);
    server_->service().settle_due_flags();
    EXPECT_TRUE(state(game)["result"].is_null());
    clock_.advance(1);
    server_->service().settle_due_flags();
    json s = state(game);
    EXPECT_EQ(s["result"], "1-0");
    EXPECT_EQ(s["reason"], "time forfeit");
    EXPECT_EQ(s["clock"]["b"], 0);
    EXPECT_TRUE(s["clock"]["running"].is_null());
    move(game, "a7a6", game.black, 422);
}

TEST_F(OnlineApiTest, AMoveThatComesAfterTheFlagIsRefusedAndTheFlagCounts) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 2000}}}});
    move(game, "e2e4", game.white);
    clock_.advance(2500); // no watcher runs in this test: the move itself finds the flag down
    move(game, "e7e5", game.black, 422);
    EXPECT_EQ(state(game)["result"], "1-0");
}

TEST_F(OnlineApiTest, AFlagThatFellWhileTheServerWasDownCountsAfterTheRestart) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 10000}}}});
    move(game, "e2e4", game.white);
    move(game, "e7e5", game.black);
    restart_server();
    clock_.advance(60000);
    server_->service().settle_due_flags();
    json s = state(game);
    EXPECT_EQ(s["result"], "0-1");
    EXPECT_EQ(s["reason"], "time forfeit");
    EXPECT_EQ(s["ply"], 2);
}

// Issue 17: the time the server was down is not charged to the running clock. The test
// server stops cleanly (it notes the instant), the clock moves an hour, a new one starts on
// the same database: Black has what it had when the server stopped.
TEST_F(OnlineApiTest, TheTimeTheServerWasDownIsNotCharged) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 60000}}}});
    move(game, "e2e4", game.white);
    clock_.advance(2000);
    client_.reset();
    server_.reset();
    clock_.advance(3600 * 1000); // the server is down for an hour
    server_ = make_server();
    client_ = server_->client();
    server_->service().settle_due_flags();
    json s = state(game);
    EXPECT_TRUE(s["result"].is_null()) << s["reason"];
    EXPECT_EQ(s["clock"]["b"], 58000);
    clock_.advance(1000);
    s = move(game, "e7e5", game.black);
    EXPECT_EQ(s["clock"]["b"], 57000);
}

TEST_F(OnlineApiTest, AFlagAgainstABareKingIsADraw) {
    // RULES 1.2 / docs/rules.md reading 3: Black has no mating material.
    OnlineGame game = start({{"variant", "chess"},
                             {"fen", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"},
                             {"clock", {{"initial_ms", 5000}}}});
    move(game, "e8d8", game.black);
    clock_.advance(5000);
    server_->service().settle_due_flags();
    json s = state(game);
    EXPECT_EQ(s["result"], "1/2-1/2");
    EXPECT_EQ(s["reason"], "time forfeit against insufficient material");
}

TEST_F(OnlineApiTest, InPromoteKingAFlagDrawIsWonByTheFirstKingPromoter) {
    // RULES 4.11: White promoted its king first; White's flag falls against a bare king, a
    // draw that becomes White's win; 4.12: one point plus none into the other colour.
    OnlineGame game = start({{"variant", "promoteking"},
                             {"fen", "4k3/8/8/8/3C4/8/8/8 b - - 0 1 w,0"},
                             {"clock", {{"initial_ms", 5000}}}});
    move(game, "e8f8", game.black);
    clock_.advance(5000);
    server_->service().settle_due_flags();
    json s = state(game);
    EXPECT_EQ(s["result"], "1-0");
    EXPECT_EQ(s["reason"], "time forfeit against insufficient material, won by the first king "
                           "promotion");
    EXPECT_EQ(s["points"], (json{{"w", 1}, {"b", 0}}));
}

TEST_F(OnlineApiTest, DrawOfferDeclineAndAccept) {
    OnlineGame game = start({{"variant", "chess"}});
    EXPECT_EQ(act(*client_, game.path + "/draw", {{"action", "accept"}}, game.black).status, 409);
    json s = act(*client_, game.path + "/draw", {{"action", "offer"}}, game.white).body;
    EXPECT_EQ(s["draw_offer"], "w");
    s = act(*client_, game.path + "/draw", {{"action", "decline"}}, game.black).body;
    EXPECT_TRUE(s["draw_offer"].is_null());
    act(*client_, game.path + "/draw", {{"action", "offer"}}, game.black);
    s = act(*client_, game.path + "/draw", {{"action", "accept"}}, game.white).body;
    EXPECT_EQ(s["result"], "1/2-1/2");
    EXPECT_EQ(s["reason"], "agreement");
}

TEST_F(OnlineApiTest, ATakebackTakesTheRequestersLastMoveBack) {
    OnlineGame game = start({{"variant", "chess"}});
    EXPECT_EQ(act(*client_, game.path + "/takeback", json::object(), game.black).status, 409);
    move(game, "e2e4", game.white);
    move(game, "e7e5", game.black);
    // White asks on its own turn: its move and Black's reply go back.
    json s = act(*client_, game.path + "/takeback", {{"action", "request"}}, game.white).body;
    EXPECT_EQ(s["takeback_offer"], "w");
    EXPECT_EQ(act(*client_, game.path + "/takeback", {{"action", "accept"}}, game.white).status,
              409);
    s = act(*client_, game.path + "/takeback", {{"action", "accept"}}, game.black).body;
    EXPECT_EQ(s["ply"], 0);
    EXPECT_TRUE(s["takeback_offer"].is_null());
    move(game, "d2d4", game.white);
    act(*client_, game.path + "/takeback", json::object(), game.white);
    s = act(*client_, game.path + "/takeback", {{"action", "decline"}}, game.black).body;
    EXPECT_EQ(s["ply"], 1);
}

// Issue 17: taken back to the start, no clock runs (the first move starts it again, charging
// nobody), as before the game's first move.
TEST_F(OnlineApiTest, ATakebackToTheStartStopsTheClock) {
    OnlineGame game = start({{"variant", "chess"}, {"clock", {{"initial_ms", 60000}}}});
    move(game, "e2e4", game.white);
    clock_.advance(1000);
    act(*client_, game.path + "/takeback", {{"action", "request"}}, game.white);
    json s = act(*client_, game.path + "/takeback", {{"action", "accept"}}, game.black).body;
    EXPECT_EQ(s["ply"], 0);
    EXPECT_TRUE(s["clock"]["running"].is_null());
    EXPECT_EQ(s["clock"]["b"], 59000);
    clock_.advance(70000); // longer than White's time: no flag may fall
    server_->service().settle_due_flags();
    s = state(game);
    EXPECT_TRUE(s["result"].is_null()) << s["reason"];
    EXPECT_EQ(s["clock"]["w"], 60000);
    s = move(game, "d2d4", game.white);
    EXPECT_EQ(s["clock"]["w"], 60000);
    EXPECT_EQ(s["clock"]["running"], "b");
}

// Issue 17: an offer or request that already stands is not stored or sent again.
TEST_F(OnlineApiTest, AStandingOfferRepeatedChangesNothing) {
    OnlineGame game = start({{"variant", "chess"}});
    move(game, "e2e4", game.white);
    json s = act(*client_, game.path + "/draw", {{"action", "offer"}}, game.white).body;
    std::int64_t version = s["version"];
    s = act(*client_, game.path + "/draw", {{"action", "offer"}}, game.white).body;
    EXPECT_EQ(s["draw_offer"], "w");
    EXPECT_EQ(s["version"], version);
    EXPECT_EQ(s["seat"]["colour"], "w");
    s = act(*client_, game.path + "/takeback", {{"action", "request"}}, game.white).body;
    version = s["version"];
    s = act(*client_, game.path + "/takeback", {{"action", "request"}}, game.white).body;
    EXPECT_EQ(s["takeback_offer"], "w");
    EXPECT_EQ(s["version"], version);
    act(*client_, game.path + "/resign", json::object(), game.black);
    s = act(*client_, game.path + "/rematch", json::object(), game.black).body;
    version = s["version"];
    s = act(*client_, game.path + "/rematch", json::object(), game.black).body;
    EXPECT_EQ(s["rematch_offer"], "b");
    EXPECT_EQ(s["version"], version);
    EXPECT_EQ(state(game)["version"], version);
}

TEST_F(OnlineApiTest, AbortOnlyBeforeBothHaveMoved) {
    OnlineGame game = start({{"variant", "chess"}});
    move(game, "e2e4", game.white);
    json s = act(*client_, game.path + "/abort", json::object(), game.black).body;
    EXPECT_EQ(s["result"], "*");
    EXPECT_EQ(s["reason"], "aborted");
    EXPECT_TRUE(s["legal"].empty());
    OnlineGame other = start({{"variant", "chess"}});
    move(other, "e2e4", other.white);
    move(other, "e7e5", other.black);
    EXPECT_EQ(act(*client_, other.path + "/abort", json::object(), other.white).status, 409);
}

TEST_F(OnlineApiTest, OnlyAnAbortedGameIsDeletedAndOnlyByOneOfItsPlayers) {
    OnlineGame played = start({{"variant", "chess"}});
    move(played, "e2e4", played.white);
    move(played, "e7e5", played.black);
    act(*client_, played.path + "/resign", json::object(), played.black);
    EXPECT_EQ(delete_with_token(*client_, played.path, played.white), 403); // a result is kept

    OnlineGame aborted = start({{"variant", "chess"}});
    act(*client_, aborted.path + "/abort", json::object(), aborted.white);
    EXPECT_EQ(delete_with_token(*client_, aborted.path, ""), 403);                   // a spectator
    EXPECT_EQ(delete_with_token(*client_, aborted.path, std::string(32, 'x')), 403); // no seat's
    EXPECT_EQ(get_json(*client_, aborted.path).status, 200);
    EXPECT_EQ(delete_with_token(*client_, aborted.path, aborted.black), 200);
    EXPECT_EQ(get_json(*client_, aborted.path).status, 404);
    EXPECT_EQ(delete_with_token(*client_, aborted.path, aborted.white), 404);
    EXPECT_EQ(get_json(*client_, played.path).status, 200);
}

TEST_F(OnlineApiTest, ARematchSwapsColoursAndGivesEachPlayerTheirSeat) {
    OnlineGame game = start({{"variant", "evochess"}, {"clock", {{"initial_ms", 60000}}}});
    EXPECT_EQ(act(*client_, game.path + "/rematch", json::object(), game.white).status, 409);
    act(*client_, game.path + "/resign", json::object(), game.white);
    json s = act(*client_, game.path + "/rematch", json::object(), game.white).body;
    EXPECT_EQ(s["rematch_offer"], "w");
    EXPECT_TRUE(s["rematch_id"].is_null());
    s = act(*client_, game.path + "/rematch", json::object(), game.black).body;
    ASSERT_TRUE(s["rematch_id"].is_number());
    EXPECT_EQ(s["rematch"]["seat"]["colour"], "w"); // Black of the old game plays White
    json mine = act(*client_, game.path + "/rematch", json::object(), game.white).body;
    EXPECT_EQ(mine["rematch"]["id"], s["rematch_id"]);
    EXPECT_EQ(mine["rematch"]["seat"]["colour"], "b");
    std::string path = "/api/games/" + std::to_string(s["rematch_id"].get<int>());
    json rematch = get_json(*client_, path).body;
    EXPECT_EQ(rematch["variant"], "evochess");
    EXPECT_EQ(rematch["clock"]["w"], 60000);
    EXPECT_EQ(
        act(*client_, path + "/moves", {{"uci", "e2e4"}}, s["rematch"]["seat"]["token"]).status,
        200);
}

// lichess's rule (issue 47, H2): a victory is claimed over a player who left only on their
// turn, with a real-time clock, in a game a pairing made (a seek or a challenge); never by
// correspondence, untimed or by invite link, where the view says so (claim_after_ms null).
TEST_F(OnlineApiTest, AVictoryIsClaimedOnlyOnTheAbsentPlayersTurnOfAPairedRealTimeGame) {
    GameOffer offer;
    offer.variant = "chess";
    offer.clock_initial_ms = 600000;
    offer.clock_increment_ms = 5000;
    offer.colour = ColourChoice::White;
    Pairing pairing{false, SeatPlayer{"visitor:a", "Anna", std::nullopt, false},
                    SeatPlayer{"visitor:b", "Boris", std::nullopt, false}, "seek:1"};
    PairedGame paired = make_paired_game(server_->service(), offer, "visitor:a", pairing);
    OnlineGame game{
        "/api/games/" + std::to_string(paired.id), paired.maker_token, paired.taker_token, {}};
    EXPECT_EQ(state(game)["claim_after_ms"], 30000);
    move(game, "e2e4", game.white);
    move(game, "e7e5", game.black);
    // White to move, Black gone for long: not on White's own turn.
    clock_.advance(31000);
    EXPECT_EQ(act(*client_, game.path + "/claim-victory", json::object(), game.white).status, 409);
    move(game, "g1f3", game.white);
    // Black's turn: Black never opened the game, and the wait is over.
    json s = act(*client_, game.path + "/claim-victory", json::object(), game.white).body;
    EXPECT_EQ(s["result"], "1-0");
    EXPECT_EQ(s["reason"], "opponent left");

    // By invite link, untimed or by correspondence: never, and the view says so.
    for (json clock : {json(nullptr), json{{"days_per_move", 1}}, json{{"initial_ms", 60000}}}) {
        json body = {{"variant", "chess"}};
        if (!clock.is_null()) body["clock"] = clock;
        OnlineGame invited = start(body);
        EXPECT_TRUE(state(invited)["claim_after_ms"].is_null()) << body.dump();
        move(invited, "e2e4", invited.white);
        clock_.advance(31000);
        EXPECT_EQ(
            act(*client_, invited.path + "/claim-victory", json::object(), invited.white).status,
            409)
            << body.dump();
    }
}

// The events stream: the state first, then every change with its ply and version (issue 18:
// the change, not the state); a client that comes back gets the state it missed first.
TEST_F(OnlineApiTest, EveryChangeIsPushedToTheEventsStream) {
    OnlineGame game = start({{"variant", "evochess"}});
    std::mutex mutex;
    std::condition_variable arrived;
    std::vector<json> messages;
    std::string buffer;
    std::atomic<bool> done{false};
    auto listener = server_->client();
    std::thread reader([&] {
        listener->Get(game.path + "/events", [&](const char* data, std::size_t size) {
            std::lock_guard lock(mutex);
            buffer.append(data, size);
            for (std::size_t end; (end = buffer.find("\n\n")) != std::string::npos;) {
                std::string event = buffer.substr(0, end);
                buffer.erase(0, end + 2);
                std::size_t data_at = event.find("data: ");
                if (data_at != std::string::npos &&
                    event.find("event: presence") == std::string::npos)
                    messages.push_back(json::parse(event.substr(data_at + 6)));
            }
            arrived.notify_all();
            return !done;
        });
    });
    auto wait_for = [&](std::size_t count) {
        std::unique_lock lock(mutex);
        return arrived.wait_for(lock, std::chrono::seconds(10),
                                [&] { return messages.size() >= count; });
    };
    ASSERT_TRUE(wait_for(1));
    EXPECT_EQ(messages[0]["ply"], 0);
    move(game, "e2e4", game.white);
    move(game, "e7e5", game.black);
    json offered = act(*client_, game.path + "/draw", json::object(), game.white).body;
    {
        // Changes that come together may be sent as one: wait for the last version.
        std::unique_lock lock(mutex);
        ASSERT_TRUE(arrived.wait_for(lock, std::chrono::seconds(10), [&] {
            return messages.back()["version"] == offered["version"];
        }));
        // After the whole state, each change: its moves and the fields that changed, told
        // from the version before it.
        json history = json::array();
        json draw_offer = nullptr;
        for (std::size_t i = 1; i < messages.size(); ++i) {
            EXPECT_EQ(messages[i]["previous_version"], messages[i - 1]["version"]);
            EXPECT_FALSE(messages[i]["changed"].contains("seat"));
            for (const json& played : messages[i]["moves"]) history.push_back(played["uci"]);
            if (messages[i]["changed"].contains("draw_offer"))
                draw_offer = messages[i]["changed"]["draw_offer"];
        }
        EXPECT_EQ(history, json({"e2e4", "e7e5"}));
        EXPECT_EQ(messages.back()["ply"], 2);
        EXPECT_EQ(draw_offer, "w");
    }
    done = true;
    move(game, "d2d4", game.white); // wakes the reader so that it can end
    reader.join();
}

} // namespace
} // namespace evo::app::testing

// The lobby stream and challenges over HTTP (docs/api.md, "The lobby stream", "Challenges"):
// for players only; a seek posted by one player appears on another's stream, and when it is
// accepted its maker's stream is told the game with a seat that plays; two accepts at once
// make one game, told once. A challenge is told to both players at once; accepted, it is a
// game both are told of; declined or cancelled, both are told; the refusals.
#include "api_test_server.h"
#include "raw_http.h"

#include "app/accounts/crypto.h"
#include "app/accounts/service.h"
#include "app/http/stream_text.h"
#include "app/lobby/lobby.h"
#include "app/lobby/seek_service.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/seek_repository.h"

#include <gtest/gtest.h>

#include <thread>

namespace evo::app::testing {
namespace {

using nlohmann::json;

// The data of the first event of `stream` that holds `marker`, as JSON (null if none).
json event_with(const std::string& stream, const std::string& marker) {
    std::size_t at = stream.find(marker);
    if (at == std::string::npos) return nullptr;
    std::size_t data = stream.rfind("data: ", at);
    return json::parse(stream.substr(data + 6, stream.find('\n', data) - data - 6));
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++count;
    return count;
}

class LobbyApiTest : public ::testing::Test {
  protected:
    LobbyApiTest() {
        router_.accounts = &accounts_;
        router_.seeks = &seeks_;
        router_.lobby = &lobby_;
        router_.challenges = &challenges_;
        server_.emplace(make_request_handler(games_, router_), ApiTestServer::unlimited_rate());
        port_ = server_->listen("127.0.0.1", 0);
        server_->start(2);
        lobby_.start();
    }
    ~LobbyApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        games_.shutdown();
        server_->stop();
        lobby_.stop();
    }

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    // A visitor's cookie (a token as the server hands out: 64 hex digits).
    static std::string visitor(char digit) { return "evo_visitor=" + std::string(64, digit); }

    JsonAnswer post(const std::string& path, const std::string& cookie, const json& body = {}) {
        httplib::Client client("127.0.0.1", port_);
        auto result = client.Post(path, {{"Cookie", cookie}, {"Origin", origin()}},
                                  body.is_null() ? "{}" : body.dump(), "application/json");
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false)};
    }
    // The cookie of a new account's session.
    std::string account(const std::string& name) {
        return "evo_session=" + accounts_.create_account(name, "battery staple", "").token;
    }
    JsonAnswer send(const std::string& method, const std::string& path, const std::string& cookie) {
        httplib::Client client("127.0.0.1", port_);
        httplib::Headers headers{{"Cookie", cookie}, {"Origin", origin()}};
        auto result = method == "DELETE" ? client.Delete(path, headers) : client.Get(path, headers);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false)};
    }
    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }

    // A lobby stream opened with `cookie`; its first event has come.
    std::unique_ptr<RawConnection> stream(const std::string& cookie) {
        auto connection = std::make_unique<RawConnection>(port_);
        EXPECT_TRUE(
            connection->send(get_request("/api/lobby/events", "Cookie: " + cookie +
                                                                  "\r\nAccept: "
                                                                  "text/event-stream\r\n")));
        EXPECT_NE(connection->read_until("\"type\":\"seeks\"").find("\"type\":\"seeks\""),
                  std::string::npos);
        return connection;
    }

    TemporaryDirectory directory_;
    SystemClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteAccountRepository accounts_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    SqliteChallengeRepository challenges_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text()};
    AccountService accounts_{accounts_store_, clock_, cheap_passwords()};
    SeekService seeks_{seeks_store_, games_, clock_};
    ChallengeService challenges_{challenges_store_, accounts_store_, games_, clock_};
    Lobby lobby_{seeks_store_, challenges_store_, games_, clock_, stream_text(), {}};
    RouterOptions router_;
    std::optional<HttpServer> server_;
    int port_ = 0;
};

TEST_F(LobbyApiTest, TheLobbyIsForPlayers) {
    std::string answer = round_trip(port_, get_request("/api/lobby/events"));
    EXPECT_EQ(status_of(answer), 401) << answer;
}

TEST_F(LobbyApiTest, ASeekAppearsOnAnotherPlayersStreamAndItsMakerIsToldTheGame) {
    auto maker_stream = stream(visitor('a'));
    auto other_stream = stream(visitor('b'));
    JsonAnswer made = post("/api/seeks", visitor('a'),
                           {{"variant", "chess"},
                            {"clock", {{"initial_ms", 180000}, {"increment_ms", 2000}}},
                            {"colour", "b"}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    std::int64_t id = made.body.at("id");

    json added = event_with(other_stream->read_until("\"seek_added\""), "\"seek_added\"");
    ASSERT_FALSE(added.is_null());
    EXPECT_EQ(added.at("seek").at("id"), id);
    EXPECT_EQ(added.at("seek").at("colour"), "b");
    EXPECT_EQ(added.at("seek").at("name"), AccountService::anonymous_name(std::string(64, 'a')));

    JsonAnswer accepted = post("/api/seeks/" + std::to_string(id) + "/accept", visitor('b'));
    ASSERT_EQ(accepted.status, 201) << accepted.body.dump();
    json game = event_with(maker_stream->read_until("\"type\":\"game\""), "\"type\":\"game\"");
    ASSERT_FALSE(game.is_null());
    EXPECT_EQ(game.at("id"), accepted.body.at("id"));
    EXPECT_EQ(game.at("seat").at("colour"), "b");
    json removed = event_with(other_stream->read_until("\"seek_removed\""), "\"seek_removed\"");
    EXPECT_EQ(removed, (json{{"type", "seek_removed"}, {"id", id}, {"reason", "accepted"}}));

    // Both seats play: White (the acceptor), then Black with the seat the stream told.
    std::string path = "/api/games/" + accepted.body.at("id").dump() + "/moves";
    httplib::Client client("127.0.0.1", port_);
    for (const auto& [token, uci] :
         {std::pair{accepted.body.at("seat").at("token").get<std::string>(), "e2e4"},
          std::pair{game.at("seat").at("token").get<std::string>(), "e7e5"}}) {
        auto moved = client.Post(path, {{"Authorization", "Bearer " + token}},
                                 json{{"uci", uci}}.dump(), "application/json");
        ASSERT_TRUE(moved);
        EXPECT_EQ(moved->status, 200) << moved->body;
    }
}

TEST_F(LobbyApiTest, TwoAcceptsAtOnceMakeOneGameToldOnce) {
    auto maker_stream = stream(visitor('a'));
    JsonAnswer made = post("/api/seeks", visitor('a'), {{"variant", "chess"}});
    ASSERT_EQ(made.status, 201);
    std::string accept = "/api/seeks/" + made.body.at("id").dump() + "/accept";
    JsonAnswer first, second;
    std::thread racer([&] { first = post(accept, visitor('b')); });
    second = post(accept, visitor('c'));
    racer.join();
    EXPECT_EQ(std::min(first.status, second.status), 201);
    EXPECT_EQ(std::max(first.status, second.status), 409);
    const JsonAnswer& winner = first.status == 201 ? first : second;

    std::string told = maker_stream->read_until("\"type\":\"game\"");
    ASSERT_FALSE(event_with(told, "\"type\":\"game\"").is_null());
    EXPECT_EQ(event_with(told, "\"type\":\"game\"").at("id"), winner.body.at("id"));
    // A seek made afterwards is told after the game: had a second game been told, it is in.
    ASSERT_EQ(post("/api/seeks", visitor('d'), {{"variant", "chess"}}).status, 201);
    told = maker_stream->read_until("\"seek_added\"");
    EXPECT_EQ(count_of(told, "\"type\":\"game\""), 1u);
}

TEST_F(LobbyApiTest, TwoAutoPairingEntriesPairOnTheirCommonGameBothPlayersAreToldOf) {
    auto a_stream = stream(visitor('a'));
    auto b_stream = stream(visitor('b'));
    auto watcher = stream(visitor('c'));
    json quick = {{"initial_ms", 180000}, {"increment_ms", 2000}};
    json rapid = {{"initial_ms", 600000}, {"increment_ms", 5000}};
    JsonAnswer first = post("/api/autopairing", visitor('a'),
                            {{"combinations",
                              {{{"variant", "evochess"}, {"clock", quick}},
                               {{"variant", "chess"}, {"clock", rapid}}}}});
    ASSERT_EQ(first.status, 201) << first.body.dump();
    EXPECT_TRUE(first.body.at("game").is_null());
    json added = event_with(watcher->read_until("\"seek_added\""), "\"seek_added\"");
    EXPECT_EQ(added.at("seek").at("auto"), first.body.at("auto"));

    JsonAnswer second = post(
        "/api/autopairing", visitor('b'),
        {{"combinations",
          {{{"variant", "chess"}, {"clock", quick}}, {{"variant", "chess"}, {"clock", rapid}}}}});
    ASSERT_EQ(second.status, 201) << second.body.dump();
    ASSERT_FALSE(second.body.at("game").is_null());
    json state = second.body.at("game");
    EXPECT_EQ(state.at("variant"), "chess");
    EXPECT_EQ(state.at("clock").at("initial_ms"), 600000);
    for (auto* connection : {a_stream.get(), b_stream.get()}) {
        json game = event_with(connection->read_until("\"type\":\"game\""), "\"type\":\"game\"");
        ASSERT_FALSE(game.is_null());
        EXPECT_EQ(game.at("id"), state.at("id"));
    }
    // The watcher sees every seek of both entries go: one accepted, the others withdrawn.
    std::string seen = watcher->read_until("\"reason\":\"accepted\"");
    EXPECT_NE(seen.find("\"reason\":\"withdrawn\""), std::string::npos);
    EXPECT_TRUE(send("GET", "/api/seeks", visitor('c')).body.empty());
}

TEST_F(LobbyApiTest, AnAutoPairingEntryIsCancelledWholeAndAcceptedOnceUnderARace) {
    json combinations = {{{"variant", "evochess"}}, {{"variant", "chess"}}};
    JsonAnswer cancelled = post("/api/autopairing", visitor('a'), {{"combinations", combinations}});
    ASSERT_EQ(cancelled.status, 201);
    std::string path = "/api/autopairing/" + cancelled.body.at("auto").dump();
    EXPECT_EQ(send("DELETE", path, visitor('b')).status, 403);
    JsonAnswer gone = send("DELETE", path, visitor('a'));
    EXPECT_EQ(gone.status, 200);
    EXPECT_EQ(gone.body.at("cancelled"), cancelled.body.at("seeks"));
    EXPECT_EQ(send("DELETE", path, visitor('a')).status, 404);
    EXPECT_EQ(post("/api/autopairing", visitor('a'), {{"combinations", json::array()}}).status,
              400);

    JsonAnswer made = post("/api/autopairing", visitor('a'), {{"combinations", combinations}});
    ASSERT_EQ(made.status, 201);
    JsonAnswer first, second;
    std::thread racer([&] {
        first = post("/api/seeks/" + made.body.at("seeks")[0].dump() + "/accept", visitor('b'));
    });
    second = post("/api/seeks/" + made.body.at("seeks")[1].dump() + "/accept", visitor('c'));
    racer.join();
    EXPECT_EQ(std::min(first.status, second.status), 201);
    EXPECT_GE(std::max(first.status, second.status), 404); // 404 withdrawn, or 409 taken
    EXPECT_EQ(games_.list(10, 0).size(), 1u);
}

TEST_F(LobbyApiTest, AnAcceptedChallengeIsAGameBothPlayersAreToldOf) {
    std::string alice = account("alice_1"), bob = account("bob_1");
    auto alice_stream = stream(alice);
    auto bob_stream = stream(bob);
    JsonAnswer sent =
        post("/api/challenges", alice, {{"to", "BOB_1"}, {"variant", "chess"}, {"colour", "w"}});
    ASSERT_EQ(sent.status, 201) << sent.body.dump();
    std::int64_t id = sent.body.at("id");

    json told =
        event_with(bob_stream->read_until("\"type\":\"challenge\""), "\"type\":\"challenge\"");
    ASSERT_FALSE(told.is_null());
    EXPECT_EQ(told.at("challenge").at("id"), id);
    EXPECT_EQ(told.at("challenge").at("from"), "alice_1");
    EXPECT_EQ(told.at("challenge").at("to"), "bob_1");
    EXPECT_EQ(told.at("challenge").at("colour"), "w");
    EXPECT_FALSE(
        event_with(alice_stream->read_until("\"type\":\"challenge\""), "\"type\":\"challenge\"")
            .is_null());
    JsonAnswer listed = send("GET", "/api/challenges", bob);
    ASSERT_EQ(listed.status, 200);
    EXPECT_EQ(listed.body.at("incoming").size(), 1u);
    EXPECT_TRUE(listed.body.at("outgoing").empty());
    EXPECT_EQ(send("GET", "/api/challenges", alice).body.at("outgoing")[0].at("id"), id);

    std::string accept = "/api/challenges/" + std::to_string(id) + "/accept";
    EXPECT_EQ(post(accept, alice).status, 403); // not to her
    JsonAnswer accepted = post(accept, bob);
    ASSERT_EQ(accepted.status, 201) << accepted.body.dump();
    EXPECT_EQ(accepted.body.at("seat").at("colour"), "b");
    EXPECT_EQ(post(accept, bob).status, 409);

    for (auto* connection : {alice_stream.get(), bob_stream.get()}) {
        std::string received = connection->read_until("\"type\":\"game\"");
        EXPECT_EQ(event_with(received, "\"challenge_removed\""),
                  (json{{"type", "challenge_removed"}, {"id", id}, {"reason", "accepted"}}));
        json game = event_with(received, "\"type\":\"game\"");
        ASSERT_FALSE(game.is_null());
        EXPECT_EQ(game.at("id"), accepted.body.at("id"));
    }
    json alice_game =
        event_with(alice_stream->read_until("\"type\":\"game\""), "\"type\":\"game\"");
    EXPECT_EQ(alice_game.at("seat").at("colour"), "w");
    EXPECT_TRUE(send("GET", "/api/challenges", bob).body.at("incoming").empty());
}

TEST_F(LobbyApiTest, BothPlayersAreToldOfAChallengeDeclinedOrCancelled) {
    std::string alice = account("alice_1"), bob = account("bob_1");
    auto alice_stream = stream(alice);
    auto bob_stream = stream(bob);
    std::int64_t declined = post("/api/challenges", alice, {{"to", "bob_1"}}).body.at("id");
    std::int64_t cancelled = post("/api/challenges", alice, {{"to", "bob_1"}}).body.at("id");
    std::string path = "/api/challenges/" + std::to_string(declined) + "/decline";
    EXPECT_EQ(post(path, alice).status, 403); // the challenged only
    EXPECT_EQ(post(path, bob, {{"reason", "because"}}).status, 400);
    // Issue 49: the challenger is told why (a declined challenge vanished without a word).
    JsonAnswer answer = post(path, bob, {{"reason", "tooFast"}});
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body, (json{{"declined", declined}}));
    path = "/api/challenges/" + std::to_string(cancelled);
    EXPECT_EQ(send("DELETE", path, bob).status, 403); // the challenger only
    answer = send("DELETE", path, alice);
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body, (json{{"cancelled", cancelled}}));
    EXPECT_EQ(send("DELETE", path, alice).status, 409);

    for (auto* connection : {alice_stream.get(), bob_stream.get()}) {
        std::string received = connection->read_until("\"reason\":\"cancelled\"");
        EXPECT_EQ(event_with(received, "\"reason\":\"declined\""),
                  (json{{"type", "challenge_removed"},
                        {"id", declined},
                        {"reason", "declined"},
                        {"decline_reason", "tooFast"}}));
        EXPECT_EQ(
            event_with(received, "\"reason\":\"cancelled\""),
            (json{{"type", "challenge_removed"}, {"id", cancelled}, {"reason", "cancelled"}}));
    }
}

TEST_F(LobbyApiTest, RefusedChallenges) {
    std::string alice = account("alice_1");
    account("bob_1");
    EXPECT_EQ(post("/api/challenges", alice, {{"to", "nobody_9"}}).status, 404);
    EXPECT_EQ(post("/api/challenges", alice, {{"to", "alice_1"}}).status, 400);
    EXPECT_EQ(post("/api/challenges", alice, {{"to", "bob_1"}, {"variant", "nonesuch"}}).status,
              400);
    EXPECT_EQ(post("/api/challenges", visitor('a'), {{"to", "bob_1"}, {"rated", true}}).status,
              403);
    EXPECT_EQ(send("GET", "/api/challenges", "").status, 401);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(post("/api/challenges", alice, {{"to", "bob_1"}, {"rated", true}}).status, 201);
    EXPECT_EQ(post("/api/challenges", alice, {{"to", "bob_1"}}).status, 429);
    EXPECT_EQ(post("/api/challenges/999/accept", alice).status, 404);
}

} // namespace
} // namespace evo::app::testing

// Every game has an owner (docs/api.md, "Whose games"): behind the proxy, a local game is its
// maker's alone (an account, or an anonymous visitor by the evo_visitor cookie): another
// player can neither list, open, play in, read nor delete it; "saved games" lists your own
// games, ?scope=public the online games; a visitor who creates an account keeps their games.
#include "api_test_server.h"

#include "app/accounts/service.h"
#include "app/http/lobby_json.h"
#include "app/lobby/offer.h"
#include "app/storage/sqlite/account_repository.h"

#include <gtest/gtest.h>

#include <regex>

namespace evo::app::testing {
namespace {

using nlohmann::json;

constexpr const char* visitor_a =
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
constexpr const char* visitor_b =
    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

class GameOwnerApiTest : public ::testing::Test {
  protected:
    ~GameOwnerApiTest() override {
        if (accounts_) accounts_->stop_password_threads(); // they answer through the server
    }

    // As `evochess serve --host 127.0.0.1 --trust-proxy` sets it up.
    void start(bool open_to_others) {
        accounts_repository_ = std::make_unique<SqliteAccountRepository>(
            (directory_.path() / "games.sqlite3").string());
        AccountOptions account_options;
        account_options.password_cost = minimal_password_cost();
        accounts_ =
            std::make_unique<AccountService>(*accounts_repository_, clock_, account_options);
        ServerLimits limits = ApiTestServer::unlimited_rate();
        limits.trust_forwarded_for = open_to_others;
        ServiceOptions service;
        service.local_games_need_token = open_to_others;
        RouterOptions router;
        router.accounts = accounts_.get();
        server_ = std::make_unique<ApiTestServer>(directory_.path(), SearchFunction{}, &clock_,
                                                  service, limits, router);
        client_ = server_->client();
    }

    struct Answer {
        int status = 0;
        json body;
        std::string set_cookie;
    };

    // A request from one player: their cookie, their address, and a game's token if given.
    Answer send(const std::string& method, const std::string& path, const std::string& cookie,
                const std::string& address, const json& body = nullptr,
                const std::string& token = "") {
        httplib::Headers headers{{"X-Forwarded-For", address}};
        if (!cookie.empty()) headers.emplace("Cookie", cookie);
        if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
        headers.emplace("Origin", "http://127.0.0.1:" + std::to_string(server_->port()));
        std::string text = body.is_null() ? "" : body.dump();
        httplib::Result result =
            method == "POST"     ? client_->Post(path, headers, text, "application/json")
            : method == "DELETE" ? client_->Delete(path, headers, text, "application/json")
                                 : client_->Get(path, headers);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false),
                result->get_header_value("Set-Cookie")};
    }

    static std::string visitor(const char* token) { return std::string("evo_visitor=") + token; }

    static std::vector<std::int64_t> ids_in(const json& listing) {
        std::vector<std::int64_t> ids;
        for (const json& game : listing) ids.push_back(game.at("id").get<std::int64_t>());
        return ids;
    }

    std::int64_t new_game(const std::string& cookie, const std::string& address,
                          const json& body = json::object(), std::string* token = nullptr) {
        Answer created = send("POST", "/api/games", cookie, address, body);
        EXPECT_EQ(created.status, 201) << created.body;
        if (token) *token = created.body.value("token", "");
        return created.body.at("id").get<std::int64_t>();
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    std::unique_ptr<SqliteAccountRepository> accounts_repository_;
    std::unique_ptr<AccountService> accounts_;
    std::unique_ptr<ApiTestServer> server_;
    std::unique_ptr<httplib::Client> client_;
};

TEST_F(GameOwnerApiTest, BehindTheProxyALocalGameIsItsMakersAlone) {
    start(true);
    const std::string a = visitor(visitor_a), b = visitor(visitor_b);
    const std::string a_address = "198.51.100.1", b_address = "203.0.113.2";
    std::string token;
    std::int64_t id = new_game(a, a_address, json::object(), &token);
    std::string path = "/api/games/" + std::to_string(id);

    EXPECT_EQ(ids_in(send("GET", "/api/games", a, a_address).body), std::vector<std::int64_t>{id});
    EXPECT_TRUE(ids_in(send("GET", "/api/games", b, b_address).body).empty());
    EXPECT_EQ(send("GET", path, b, b_address).status, 404);
    EXPECT_EQ(send("GET", path + "/pgn", b, b_address).status, 404);
    EXPECT_GE(send("POST", path + "/moves", b, b_address, {{"uci", "e2e4"}}).status, 400);
    EXPECT_GE(send("DELETE", path, b, b_address).status, 400);

    // Its maker still has it, untouched, and plays on.
    Answer mine = send("GET", path, a, a_address);
    ASSERT_EQ(mine.status, 200);
    EXPECT_EQ(mine.body.at("ply"), 0);
    EXPECT_EQ(mine.body.at("token"), token); // back in the game from any browser of theirs
    EXPECT_EQ(send("POST", path + "/moves", a, a_address, {{"uci", "e2e4"}}, token).status, 200);
    // Shared: whoever has the token may open it.
    EXPECT_EQ(send("GET", path, b, b_address, nullptr, token).status, 200);
}

TEST_F(GameOwnerApiTest, ThePublicListShowsOnlineGamesOnly) {
    start(true);
    std::int64_t local = new_game(visitor(visitor_a), "198.51.100.1");
    std::int64_t online = new_game(visitor(visitor_a), "198.51.100.1", {{"online", true}});
    EXPECT_EQ(
        ids_in(send("GET", "/api/games?scope=public", visitor(visitor_b), "203.0.113.2").body),
        std::vector<std::int64_t>{online});
    EXPECT_EQ(ids_in(send("GET", "/api/games", visitor(visitor_a), "198.51.100.1").body),
              (std::vector<std::int64_t>{online, local}));
    EXPECT_EQ(send("GET", "/api/games?scope=everything", "", "203.0.113.2").status, 400);
}

TEST_F(GameOwnerApiTest, MyGamesListsTheOnlineGamesTheRequesterSitsAt) {
    start(true);
    new_game(visitor(visitor_a), "198.51.100.1", {{"online", true}}); // made, not paired
    GameOffer offer =
        game_offer_of({{"variant", "chess"}, {"colour", "b"}, {"clock", {{"days_per_move", 2}}}});
    Pairing pairing{false,
                    {visitor_owner_key(visitor_a), "Anonymous AAAA", std::nullopt, false},
                    {visitor_owner_key(visitor_b), "Anonymous BBBB", std::nullopt, false}};
    PairedGame paired =
        make_paired_game(server_->service(), offer, visitor_owner_key(visitor_a), pairing);

    Answer a = send("GET", "/api/games?scope=mine", visitor(visitor_a), "198.51.100.1");
    ASSERT_EQ(a.status, 200) << a.body.dump();
    EXPECT_EQ(ids_in(a.body), std::vector<std::int64_t>{paired.id});
    EXPECT_EQ(a.body[0].at("seat"), "b");
    EXPECT_EQ(a.body[0].at("your_turn"), false);
    EXPECT_EQ(a.body[0].at("opponent").at("name"), "Anonymous BBBB");
    Answer b = send("GET", "/api/games?scope=mine", visitor(visitor_b), "203.0.113.2");
    EXPECT_EQ(ids_in(b.body), std::vector<std::int64_t>{paired.id});
    EXPECT_EQ(b.body[0].at("seat"), "w");
    EXPECT_EQ(b.body[0].at("your_turn"), true);
    EXPECT_EQ(b.body[0].at("clock").at("days_per_move"), 2);
    Answer nobody = send("GET", "/api/games?scope=mine", "", "192.0.2.9");
    EXPECT_EQ(nobody.status, 200);
    EXPECT_TRUE(nobody.body.empty());
}

TEST_F(GameOwnerApiTest, ABrowserWithoutAVisitorCookieIsGivenOneWithItsFirstGame) {
    start(true);
    Answer created = send("POST", "/api/games", "", "198.51.100.1", json::object());
    ASSERT_EQ(created.status, 201);
    std::smatch match;
    ASSERT_TRUE(
        std::regex_search(created.set_cookie, match, std::regex("^evo_visitor=([0-9a-f]{64});")))
        << created.set_cookie;
    std::string cookie = "evo_visitor=" + match[1].str();
    EXPECT_EQ(ids_in(send("GET", "/api/games", cookie, "198.51.100.1").body),
              std::vector<std::int64_t>{created.body.at("id").get<std::int64_t>()});
    EXPECT_TRUE(ids_in(send("GET", "/api/games", "", "198.51.100.1").body).empty());
}

TEST_F(GameOwnerApiTest, AVisitorWhoCreatesAnAccountKeepsTheirGames) {
    start(true);
    std::int64_t id = new_game(visitor(visitor_a), "198.51.100.1");
    Answer created = send("POST", "/api/accounts", visitor(visitor_a), "198.51.100.1",
                          {{"name", "ada"}, {"password", "analytical engine"}});
    ASSERT_EQ(created.status, 201);
    std::smatch match;
    ASSERT_TRUE(
        std::regex_search(created.set_cookie, match, std::regex("^evo_session=([0-9a-f]{64});")));
    // Logged in on another device, without the visitor cookie: the game is there.
    std::string session = "evo_session=" + match[1].str();
    EXPECT_EQ(ids_in(send("GET", "/api/games", session, "203.0.113.9").body),
              std::vector<std::int64_t>{id});
    EXPECT_EQ(send("GET", "/api/games/" + std::to_string(id), session, "203.0.113.9").status, 200);
}

TEST_F(GameOwnerApiTest, OnALoopbackServerNothingIsPrivate) {
    start(false);
    std::int64_t id = new_game(visitor(visitor_a), "198.51.100.1");
    EXPECT_EQ(ids_in(send("GET", "/api/games", "", "203.0.113.2").body),
              std::vector<std::int64_t>{id});
    EXPECT_EQ(send("GET", "/api/games/" + std::to_string(id), "", "203.0.113.2").status, 200);
    EXPECT_EQ(send("POST", "/api/games/" + std::to_string(id) + "/moves", "", "", {{"uci", "e2e4"}})
                  .status,
              200);
}

} // namespace
} // namespace evo::app::testing

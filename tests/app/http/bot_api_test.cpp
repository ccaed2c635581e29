// lichess's API for programs over HTTP (docs/bots.md): personal tokens (made by the session,
// shown once, listed without secrets, tested, revoked at once), scopes (403 "Missing scope"),
// the bot upgrade, a challenge sent and accepted through the API, told on the event streams
// (NDJSON, in chunks), whose game keeps the challenge's id, streamed (gameFull, gameState) and
// played to its end (an illegal or out-of-turn move: 400 and nothing stored), and the Board
// API kept apart from the Bot API.
#include "api_test_server.h"
#include "raw_http.h"

#include "app/accounts/api_tokens.h"
#include "app/accounts/crypto.h"
#include "app/accounts/service.h"
#include "app/bots/bot_streams.h"
#include "app/bots/house_bots.h"
#include "app/bots/lichess_ids.h"
#include "app/http/lichess_json.h"
#include "app/http/stream_text.h"
#include "app/lobby/challenge_service.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/challenge_repository.h"
#include "app/storage/sqlite/chat_repository.h"
#include "app/storage/sqlite/seek_repository.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position_loader.h"
#include "protocol/bot/bot_runner.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <thread>

namespace evo::app::testing {
namespace {

using nlohmann::json;

// The first NDJSON line of `stream` that holds `marker`, as JSON (null if none).
json line_with(const std::string& stream, const std::string& marker) {
    std::size_t at = stream.find(marker);
    if (at == std::string::npos) return nullptr;
    std::size_t begin = stream.rfind('\n', at);
    std::size_t end = stream.find('\n', at);
    return json::parse(stream.substr(begin + 1, end - begin - 1), nullptr, false);
}

class BotApiTest : public ::testing::Test {
  protected:
    BotApiTest() {
        router_.accounts = &accounts_;
        router_.challenges = &challenges_;
        router_.api_tokens = &tokens_;
        router_.account_store = &accounts_store_;
        router_.challenge_store = &challenges_store_;
        router_.bot_streams = &streams_;
        router_.chat = &chat_;
        router_.seeks = &seeks_;
        router_.lobby = &lobby_;
        server_.emplace(make_request_handler(games_, router_), ApiTestServer::unlimited_rate());
        port_ = server_->listen("127.0.0.1", 0);
        server_->start(2);
        streams_.on_refused_by_bot(
            [this](std::int64_t id, const Player& bot, const std::string& reason) {
                challenges_.decline(id, bot, reason);
            });
        streams_.start();
        lobby_.start();
    }
    ~BotApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        games_.shutdown();
        lobby_.stop();
        streams_.stop();
        streams_.close_streams();
        server_->stop();
    }

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }

    // A new account's session cookie.
    std::string account(const std::string& name) {
        return "evo_session=" + accounts_.create_account(name, "battery staple", "").token;
    }
    // A token of the session's account with these scopes (POST /api/tokens).
    std::string token(const std::string& cookie, const json& scopes) {
        httplib::Client client("127.0.0.1", port_);
        auto made = client.Post("/api/tokens", {{"Cookie", cookie}, {"Origin", origin()}},
                                json{{"description", "test"}, {"scopes", scopes}}.dump(),
                                "application/json");
        EXPECT_TRUE(made);
        EXPECT_EQ(made->status, 201) << made->body;
        return json::parse(made->body).at("token");
    }
    JsonAnswer call(const std::string& method, const std::string& path, const std::string& token,
                    const std::string& body = "", const std::string& type = "text/plain") {
        httplib::Client client("127.0.0.1", port_);
        httplib::Headers headers{{"Authorization", "Bearer " + token}};
        httplib::Result result =
            method == "GET" ? client.Get(path, headers) : client.Post(path, headers, body, type);
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false)};
    }
    // A stream of lichess's API opened with the token.
    std::unique_ptr<RawConnection> stream(const std::string& path, const std::string& token) {
        auto connection = std::make_unique<RawConnection>(port_);
        EXPECT_TRUE(connection->send(get_request(path, "Authorization: Bearer " + token + "\r\n")));
        return connection;
    }
    // Waits until the account's event stream is open here (its request is answered before
    // the stream is registered).
    void wait_streaming(const std::string& name) {
        std::int64_t id = accounts_store_.find_by_name(name).value().id;
        for (int attempt = 0; attempt < 500 && !streams_.streaming(id); ++attempt)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_TRUE(streams_.streaming(id)) << name;
    }
    // A bot account's token (bot:play), upgraded.
    std::string bot(const std::string& name) {
        std::string secret = token(account(name), {"bot:play"});
        EXPECT_EQ(call("POST", "/api/bot/account/upgrade", secret).status, 200);
        return secret;
    }

    TemporaryDirectory directory_;
    SystemClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteAccountRepository accounts_store_{database()};
    SqliteChallengeRepository challenges_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text()};
    AccountService accounts_{accounts_store_, clock_, cheap_passwords()};
    ChallengeService challenges_{challenges_store_, accounts_store_, games_, clock_};
    SqliteChatRepository chat_store_{database()};
    ChatService chat_{chat_store_, games_, clock_, stream_text()};
    ApiTokens tokens_{accounts_store_, clock_};
    LichessText text_;
    BotStreams streams_{games_, challenges_store_, accounts_store_,
                        text_,  &seeks_store_,     &chat_store_};
    SeekService seeks_{seeks_store_, games_, clock_};
    Lobby lobby_{seeks_store_, challenges_store_, games_, clock_, stream_text(), {}};
    RouterOptions router_;
    std::optional<HttpServer> server_;
    int port_ = 0;
};

TEST_F(BotApiTest, ATokenIsShownOnceListedWithoutItsSecretTestedAndRevokedAtOnce) {
    std::string cookie = account("alice");
    std::string secret = token(cookie, {"bot:play", "challenge:read"});
    EXPECT_TRUE(ApiTokens::looks_like_api_token(secret)) << secret;

    httplib::Client client("127.0.0.1", port_);
    auto listed = client.Get("/api/tokens", {{"Cookie", cookie}});
    ASSERT_TRUE(listed);
    EXPECT_EQ(listed->body.find(secret), std::string::npos) << listed->body;
    json tokens = json::parse(listed->body).at("tokens");
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_EQ(tokens[0].at("scopes"), (json{"bot:play", "challenge:read"}));
    EXPECT_TRUE(tokens[0].at("id").is_string());

    // lichess's token test: plain text, comma-separated; an unknown one is null.
    JsonAnswer tested = call("POST", "/api/token/test", "", secret + ",evo_unknown");
    ASSERT_EQ(tested.status, 200);
    EXPECT_EQ(tested.body.at(secret).at("userId"), "alice");
    EXPECT_EQ(tested.body.at(secret).at("scopes"), "bot:play,challenge:read");
    EXPECT_TRUE(tested.body.at("evo_unknown").is_null());

    // Issue 45: a test is no use; a request the token authorizes is, and the list says when.
    auto last_used = [&] {
        auto answer = client.Get("/api/tokens", {{"Cookie", cookie}});
        return json::parse(answer->body).at("tokens")[0].at("lastUsedAt");
    };
    EXPECT_TRUE(last_used().is_null());
    std::int64_t before = clock_.now_ms();
    JsonAnswer me = call("GET", "/api/account", secret);
    ASSERT_EQ(me.status, 200);
    EXPECT_EQ(me.body.at("id"), "alice");
    EXPECT_EQ(me.body.at("username"), "alice");
    ASSERT_TRUE(last_used().is_number());
    EXPECT_GE(last_used().get<std::int64_t>(), before);
    EXPECT_LE(last_used().get<std::int64_t>(), clock_.now_ms());

    auto revoked = client.Delete("/api/tokens/" + tokens[0].at("id").get<std::string>(),
                                 {{"Cookie", cookie}, {"Origin", origin()}});
    ASSERT_TRUE(revoked);
    EXPECT_EQ(revoked->status, 200);
    EXPECT_EQ(call("GET", "/api/account", secret).status, 401);
}

TEST_F(BotApiTest, TokensAreTheSessionsToManageAndUnknownScopesAreRefused) {
    httplib::Client client("127.0.0.1", port_);
    auto anonymous = client.Post("/api/tokens", {{"Origin", origin()}}, "{}", "application/json");
    ASSERT_TRUE(anonymous);
    EXPECT_EQ(anonymous->status, 401);
    auto unknown = client.Post("/api/tokens", {{"Cookie", account("bob")}, {"Origin", origin()}},
                               json{{"scopes", {"web:mod"}}}.dump(), "application/json");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->status, 400) << unknown->body;
    // A token cannot list tokens: only the session can.
    std::string secret = token(account("carol"), {"bot:play"});
    auto by_token = client.Get("/api/tokens", {{"Authorization", "Bearer " + secret}});
    ASSERT_TRUE(by_token);
    EXPECT_EQ(by_token->status, 401);
}

TEST_F(BotApiTest, AMissingScopeIs403AndAnUnknownToken401) {
    std::string secret = token(account("dave"), {"preference:read"});
    JsonAnswer upgrade = call("POST", "/api/bot/account/upgrade", secret);
    EXPECT_EQ(upgrade.status, 403);
    EXPECT_EQ(upgrade.body, (json{{"error", "Missing scope"}}));
    EXPECT_EQ(call("GET", "/api/account", "evo_" + std::string(32, '0')).status, 401);
    EXPECT_EQ(call("GET", "/api/account", "not-a-token").status, 401);
}

// The site's own page tells its header that the account signed in is a bot ("BOT" beside the
// name, as everywhere else), once the upgrade is made.
TEST_F(BotApiTest, TheSignedInAccountIsToldABotAfterItsUpgrade) {
    std::string session = account("robo");
    httplib::Client client("127.0.0.1", port_);
    auto me = [&] {
        auto answer = client.Get("/api/me", {{"Cookie", session}});
        EXPECT_TRUE(answer);
        return json::parse(answer->body);
    };
    EXPECT_EQ(me().at("bot"), false);
    std::string secret = token(session, {"bot:play"});
    ASSERT_EQ(call("POST", "/api/bot/account/upgrade", secret).status, 200);
    EXPECT_EQ(me().at("bot"), true);
    EXPECT_EQ(me().at("name"), "robo");
}

TEST_F(BotApiTest, TwoBotsPlayAChallengeToItsEndOverTheStreams) {
    std::string white = bot("whitebot");
    std::string black = bot("blackbot");
    EXPECT_EQ(call("GET", "/api/account", white).body.at("title"), "BOT");
    auto white_events = stream("/api/stream/event", white);
    auto black_events = stream("/api/stream/event", black);
    std::string head = black_events->read_until("\r\n\r\n");
    EXPECT_NE(head.find("application/x-ndjson"), std::string::npos) << head;
    EXPECT_NE(head.find("Transfer-Encoding: chunked"), std::string::npos) << head;

    // lichess-bot sends a JSON body with dotted keys and real booleans.
    JsonAnswer sent = call("POST", "/api/challenge/blackbot", white,
                           json{{"rated", true},
                                {"variant", "standard"},
                                {"color", "white"},
                                {"clock.limit", 180},
                                {"clock.increment", 2}}
                               .dump(),
                           "application/json");
    ASSERT_EQ(sent.status, 200) << sent.body.dump();
    std::string id = sent.body.at("id");
    EXPECT_EQ(sent.body.at("timeControl"),
              (json{{"type", "clock"}, {"limit", 180}, {"increment", 2}, {"show", "3+2"}}));
    EXPECT_EQ(sent.body.at("speed"), "blitz");

    json challenge = line_with(black_events->read_until("\"challenge\""), "\"type\":\"challenge\"");
    ASSERT_FALSE(challenge.is_null());
    EXPECT_EQ(challenge.at("challenge").at("id"), id);
    EXPECT_EQ(challenge.at("challenge").at("challenger").at("title"), "BOT");
    EXPECT_EQ(challenge.at("challenge").at("variant").at("key"), "standard");

    ASSERT_EQ(call("POST", "/api/challenge/" + id + "/accept", black).status, 200);
    json started = line_with(white_events->read_until("gameStart"), "gameStart");
    ASSERT_FALSE(started.is_null());
    // The challenge's game keeps its id.
    EXPECT_EQ(started.at("game").at("id"), id);
    EXPECT_EQ(started.at("game").at("color"), "white");
    EXPECT_EQ(started.at("game").at("isMyTurn"), true);
    EXPECT_EQ(line_with(black_events->read_until("gameStart"), "gameStart").at("game").at("color"),
              "black");

    auto black_game = stream("/api/bot/game/stream/" + id, black);
    json full = line_with(black_game->read_until("gameFull"), "gameFull");
    ASSERT_FALSE(full.is_null());
    EXPECT_EQ(full.at("id"), id);
    EXPECT_EQ(full.at("white").at("name"), "whitebot");
    EXPECT_EQ(full.at("initialFen"), "startpos");
    EXPECT_EQ(full.at("clock"), (json{{"initial", 180000}, {"increment", 2000}}));
    EXPECT_EQ(full.at("state").at("moves"), "");
    for (const char* field : {"wtime", "btime", "winc", "binc"})
        EXPECT_TRUE(full.at("state").contains(field)) << field;

    std::string game = "/api/bot/game/" + id;
    // lichess-bot greets both rooms before its first move.
    const std::string form = "application/x-www-form-urlencoded";
    EXPECT_EQ(call("POST", game + "/chat", white, "room=player&text=Good+luck", form).status, 200);
    EXPECT_EQ(call("POST", game + "/chat", white, "room=spectator&text=Hi%21", form).status, 200);
    {
        // The site's chat marks the bot's lines: "BOT" beside its name.
        auto number = game_of_text_id(id, challenges_store_);
        ASSERT_TRUE(number);
        httplib::Client client("127.0.0.1", port_);
        auto room = client.Get("/api/games/" + std::to_string(*number) + "/chat?room=spectators");
        ASSERT_TRUE(room);
        ASSERT_EQ(room->status, 200) << room->body;
        json messages = json::parse(room->body).at("messages");
        ASSERT_EQ(messages.size(), 1u) << room->body;
        EXPECT_EQ(messages[0].at("author"), "whitebot");
        EXPECT_EQ(messages[0].at("bot"), true);
    }
    EXPECT_EQ(call("POST", game + "/move/e7e5", black).status, 400); // not Black's turn
    EXPECT_EQ(call("POST", game + "/move/e2e5", white).status, 400); // illegal
    JsonAnswer moved = call("POST", game + "/move/e2e4?offeringDraw=false", white);
    ASSERT_EQ(moved.status, 200) << moved.body.dump();
    EXPECT_EQ(moved.body, (json{{"ok", true}}));
    json state = line_with(black_game->read_until("e2e4"), "e2e4");
    EXPECT_EQ(state.at("type"), "gameState");
    EXPECT_EQ(state.at("moves"), "e2e4");
    EXPECT_EQ(state.at("status"), "started");

    ASSERT_EQ(call("POST", game + "/move/e7e5", black).status, 200);
    ASSERT_EQ(call("POST", game + "/resign", black).status, 200);
    std::string ended = black_game->read_until_closed(std::chrono::seconds(5));
    json last = line_with(ended, "\"resign\"");
    ASSERT_FALSE(last.is_null()) << ended;
    EXPECT_EQ(last.at("winner"), "white");
    EXPECT_EQ(last.at("moves"), "e2e4 e7e5");
    json finish = line_with(white_events->read_until("gameFinish"), "gameFinish");
    ASSERT_FALSE(finish.is_null());
    EXPECT_EQ(finish.at("game").at("id"), id);
    EXPECT_EQ(finish.at("game").at("winner"), "white");

    // Rated: both ratings moved, and the perfs are keyed by speed.
    json me = call("GET", "/api/account", white).body;
    EXPECT_EQ(me.at("perfs").at("blitz").at("games"), 1);
    EXPECT_GT(me.at("perfs").at("blitz").at("rating"), 1500);
}

TEST_F(BotApiTest, ADeclineAndACancelAreToldToBothAndABotHasNoBoardApi) {
    std::string maker = bot("makerbot");
    std::string taker = bot("takerbot");
    auto maker_events = stream("/api/stream/event", maker);
    wait_streaming("makerbot");
    std::string form = "rated=false&clock.limit=60&clock.increment=1";
    JsonAnswer first =
        call("POST", "/api/challenge/takerbot", maker, form, "application/x-www-form-urlencoded");
    ASSERT_EQ(first.status, 200) << first.body.dump();
    ASSERT_EQ(call("POST", "/api/challenge/" + first.body.at("id").get<std::string>() + "/decline",
                   taker, "reason=later", "application/x-www-form-urlencoded")
                  .status,
              200);
    json declined = line_with(maker_events->read_until("challengeDeclined"), "challengeDeclined");
    ASSERT_FALSE(declined.is_null());
    EXPECT_EQ(declined.at("challenge").at("id"), first.body.at("id"));
    EXPECT_EQ(declined.at("challenge").at("declineReasonKey"), "later");

    JsonAnswer second =
        call("POST", "/api/challenge/takerbot", maker, form, "application/x-www-form-urlencoded");
    ASSERT_EQ(second.status, 200);
    ASSERT_EQ(
        call("POST", "/api/challenge/" + second.body.at("id").get<std::string>() + "/cancel", maker)
            .status,
        200);
    EXPECT_FALSE(
        line_with(maker_events->read_until("challengeCanceled"), "challengeCanceled").is_null());

    // A bot cannot use the Board API, a person cannot use the Bot API.
    std::string person = token(account("person"), {"board:play"});
    EXPECT_EQ(call("POST", "/api/board/game/1/resign", maker).status, 403); // no board:play
    EXPECT_EQ(call("POST", "/api/bot/game/1/resign", person).status, 403);  // no bot:play
}

} // namespace
} // namespace evo::app::testing

namespace evo::app::testing {
namespace {

TEST_F(BotApiTest, PeoplePlayEvoChessThroughTheBoardApiUnderItsRegistryKey) {
    std::string white = token(account("anna"), {"board:play"});
    std::string black = token(account("boris"), {"board:play"});
    JsonAnswer sent =
        call("POST", "/api/challenge/boris", white, "variant=evochess&color=white&days=2",
             "application/x-www-form-urlencoded");
    ASSERT_EQ(sent.status, 200) << sent.body.dump();
    EXPECT_EQ(sent.body.at("variant").at("key"), "evochess");
    EXPECT_EQ(sent.body.at("timeControl"), (json{{"type", "correspondence"}, {"daysPerTurn", 2}}));
    std::string id = sent.body.at("id");
    ASSERT_EQ(call("POST", "/api/challenge/" + id + "/accept", black).status, 200);

    // A person has no Bot API, and a bot-only route refuses them.
    EXPECT_EQ(call("GET", "/api/bot/game/stream/" + id, white).status, 403);
    auto game_stream = stream("/api/board/game/stream/" + id, black);
    json full = line_with(game_stream->read_until("gameFull"), "gameFull");
    ASSERT_FALSE(full.is_null());
    EXPECT_EQ(full.at("variant").at("key"), "evochess");
    EXPECT_EQ(full.at("initialFen"), "startpos");
    EXPECT_EQ(full.at("daysPerTurn"), 2);

    std::string game = "/api/board/game/" + id;
    ASSERT_EQ(call("POST", game + "/move/e2e4", white).status, 200);
    // A move given percent-encoded reads the same.
    ASSERT_EQ(call("POST", game + "/move/e7%65%35", black).status, 200);
    EXPECT_EQ(line_with(game_stream->read_until("e2e4 e7e5"), "e2e4 e7e5").at("type"), "gameState");
    JsonAnswer playing = call("GET", "/api/account/playing", white);
    ASSERT_EQ(playing.status, 200);
    ASSERT_EQ(playing.body.at("nowPlaying").size(), 1u);
    EXPECT_EQ(playing.body.at("nowPlaying")[0].at("gameId"), id);
    EXPECT_EQ(playing.body.at("nowPlaying")[0].at("isMyTurn"), true);
    EXPECT_EQ(playing.body.at("nowPlaying")[0].at("speed"), "correspondence");

    // A draw offered and accepted ends it.
    ASSERT_EQ(call("POST", game + "/draw/yes", white).status, 200);
    ASSERT_EQ(call("POST", game + "/draw/yes", black).status, 200);
    json last = line_with(game_stream->read_until_closed(std::chrono::seconds(5)), "\"draw\"");
    ASSERT_FALSE(last.is_null());
    EXPECT_EQ(last.at("status"), "draw");
    EXPECT_FALSE(last.contains("winner"));
}

TEST_F(BotApiTest, ABotDeclinesAVariantItDoesNotPlayAndTakesOneItStated) {
    std::string chess_only = bot("chessbot");
    std::string evo = bot("evoplayer");
    std::string person = token(account("player"), {"challenge:write", "challenge:read"});
    auto chess_events = stream("/api/stream/event", chess_only);
    auto evo_events = std::make_unique<RawConnection>(port_);
    ASSERT_TRUE(
        evo_events->send(get_request("/api/stream/event", "Authorization: Bearer " + evo +
                                                              "\r\nX-Bot-Variants: evochess, "
                                                              "standard\r\n")));
    evo_events->read_until("\r\n\r\n");
    auto person_events = stream("/api/stream/event", person);
    for (const char* name : {"chessbot", "evoplayer", "player"}) wait_streaming(name);
    const std::string form = "application/x-www-form-urlencoded";

    // No header: chess alone.
    JsonAnswer refused = call("POST", "/api/challenge/chessbot", person, "variant=evochess", form);
    ASSERT_EQ(refused.status, 200) << refused.body.dump();
    json declined = line_with(person_events->read_until("challengeDeclined"), "challengeDeclined");
    ASSERT_FALSE(declined.is_null());
    EXPECT_EQ(declined.at("challenge").at("declineReasonKey"), "variant");
    std::string chess_told = chess_events->read_until("evochess", std::chrono::milliseconds(300));
    EXPECT_EQ(chess_told.find("\"type\":\"challenge\""), std::string::npos) << chess_told;

    JsonAnswer taken = call("POST", "/api/challenge/evoplayer", person, "variant=evochess", form);
    ASSERT_EQ(taken.status, 200);
    json told =
        line_with(evo_events->read_until("\"type\":\"challenge\""), "\"type\":\"challenge\"");
    ASSERT_FALSE(told.is_null());
    EXPECT_EQ(told.at("challenge").at("variant").at("key"), "evochess");

    // /api/bot/online tells the variants each bot stated, and that neither is the site's own.
    httplib::Client client("127.0.0.1", port_);
    auto online = client.Get("/api/bot/online");
    ASSERT_TRUE(online);
    json evo_online = line_with(online->body, "evoplayer");
    ASSERT_FALSE(evo_online.is_null()) << online->body;
    EXPECT_EQ(evo_online.at("variants"), json::array({"evochess", "standard"}));
    EXPECT_EQ(evo_online.at("house"), false);
    EXPECT_EQ(line_with(online->body, "chessbot").at("variants"), json::array({"standard"}));

    // An unknown key in the header is a clear 400.
    auto bad = client.Get("/api/stream/event",
                          {{"Authorization", "Bearer " + evo}, {"X-Bot-Variants", "nope"}});
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
}

// lichess's `fen`: a challenge from a position, in chess (then "fromPosition", as lichess) and in
// a variant with its seventh field; casual only; a FEN the variant refuses is a clear 400.
TEST_F(BotApiTest, AChallengeFromAPositionStartsThereInChessAndInAVariant) {
    std::string white = token(account("anna"), {"board:play"});
    std::string black = token(account("boris"), {"board:play"});
    const std::string form = "application/x-www-form-urlencoded";
    const std::string evo_fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,1,0/0,0,0,0";
    JsonAnswer sent = call(
        "POST", "/api/challenge/boris", white,
        json{{"variant", "evochess"}, {"color", "white"}, {"days", 3}, {"fen", evo_fen}}.dump(),
        "application/json");
    ASSERT_EQ(sent.status, 200) << sent.body.dump();
    EXPECT_EQ(sent.body.at("initialFen"), evo_fen);
    EXPECT_EQ(sent.body.at("variant").at("key"), "evochess");
    std::string id = sent.body.at("id");
    ASSERT_EQ(call("POST", "/api/challenge/" + id + "/accept", black).status, 200);
    auto game_stream = stream("/api/board/game/stream/" + id, white);
    json full = line_with(game_stream->read_until("gameFull"), "gameFull");
    ASSERT_FALSE(full.is_null());
    EXPECT_EQ(full.at("initialFen"), evo_fen);
    ASSERT_EQ(call("POST", "/api/board/game/" + id + "/move/e2e4", white).status, 200);

    const std::string chess_fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    JsonAnswer chess = call("POST", "/api/challenge/boris", white,
                            "variant=standard&clock.limit=600&clock.increment=5&fen=" +
                                std::string("4k3%2F8%2F8%2F8%2F8%2F8%2F4P3%2F4K3+w+-+-+0+1"),
                            form);
    ASSERT_EQ(chess.status, 200) << chess.body.dump();
    EXPECT_EQ(chess.body.at("variant").at("key"), "fromPosition");
    EXPECT_EQ(chess.body.at("initialFen"), chess_fen);
    std::string chess_id = chess.body.at("id");
    ASSERT_EQ(call("POST", "/api/challenge/" + chess_id + "/accept", black).status, 200);
    auto chess_stream = stream("/api/board/game/stream/" + chess_id, black);
    json chess_full = line_with(chess_stream->read_until("gameFull"), "gameFull");
    ASSERT_FALSE(chess_full.is_null());
    EXPECT_EQ(chess_full.at("variant").at("key"), "fromPosition");
    EXPECT_EQ(chess_full.at("initialFen"), chess_fen);

    // Rated from a position, a FEN the variant refuses, one far too long: 400, nothing made.
    EXPECT_EQ(call("POST", "/api/challenge/boris", white,
                   "rated=true&clock.limit=600&fen=4k3%2F8%2F8%2F8%2F8%2F8%2F4P3%2F4K3+w+-+-+0+1",
                   form)
                  .status,
              400);
    EXPECT_EQ(call("POST", "/api/challenge/boris", white, "fen=8%2F8%2F8+w+-+-+0+1", form).status,
              400);
    EXPECT_EQ(
        call("POST", "/api/challenge/boris", white, "fen=" + std::string(300, 'p'), form).status,
        400);
    EXPECT_TRUE(call("GET", "/api/challenge", white).body.at("out").empty());
}

// POST /api/board/seek: a clock's seek is held by its open request, which ends once a player
// takes it from the lobby (the game's start told on the event stream); closing it withdraws
// the seek. A correspondence seek answers its id at once. Bots and bullet are refused.
TEST_F(BotApiTest, ABoardSeekLastsWhileItsRequestIsOpenAndItsGameStartsOnTheEventStream) {
    std::string seeker = token(account("seeker"), {"board:play"});
    auto events = stream("/api/stream/event", seeker);
    events->read_until("\r\n\r\n");
    wait_streaming("seeker");
    auto seek = std::make_unique<RawConnection>(port_);
    const std::string body = "variant=evochess&time=5&increment=3&color=white";
    ASSERT_TRUE(seek->send("POST /api/board/seek HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Authorization: Bearer " +
                           seeker +
                           "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                           "Content-Length: " +
                           std::to_string(body.size()) + "\r\n\r\n" + body));
    std::string head = seek->read_until("\r\n\r\n");
    ASSERT_NE(head.find(" 200 "), std::string::npos) << head;
    std::vector<SeekView> open;
    for (int attempt = 0; attempt < 200 && open.empty(); ++attempt) {
        open = seeks_.list();
        if (open.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].seek.variant, "evochess");
    EXPECT_EQ(open[0].seek.clock_initial_ms, 300000);

    account("taker");
    Player person;
    person.account_key = account_owner_key(accounts_store_.find_by_name("taker")->id);
    seeks_.accept(open[0].seek.id, person, "taker");
    json started = line_with(events->read_until("gameStart"), "gameStart");
    ASSERT_FALSE(started.is_null());
    EXPECT_EQ(started.at("game").at("color"), "white");
    EXPECT_EQ(started.at("game").at("variant").at("key"), "evochess");
    // Taken: the request that held it ends (its last chunk).
    std::string rest = seek->read_until("\r\n0\r\n\r\n", std::chrono::seconds(5));
    EXPECT_NE(rest.find("\r\n0\r\n\r\n"), std::string::npos) << rest;

    // A second seek, its request closed by the client: withdrawn.
    auto second = std::make_unique<RawConnection>(port_);
    ASSERT_TRUE(second->send("POST /api/board/seek HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             "Authorization: Bearer " +
                             seeker +
                             "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                             "Content-Length: " +
                             std::to_string(body.size()) + "\r\n\r\n" + body));
    second->read_until("\r\n\r\n");
    for (int attempt = 0; attempt < 200 && seeks_.list().empty(); ++attempt)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(seeks_.list().size(), 1u);
    second.reset();
    for (int attempt = 0; attempt < 300 && !seeks_.list().empty(); ++attempt)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_TRUE(seeks_.list().empty());

    // Correspondence: the id at once, and the seek stays.
    const std::string form = "application/x-www-form-urlencoded";
    JsonAnswer days = call("POST", "/api/board/seek", seeker, "days=3&variant=echess", form);
    ASSERT_EQ(days.status, 200) << days.body.dump();
    EXPECT_TRUE(days.body.at("id").is_string());
    ASSERT_EQ(seeks_.list().size(), 1u);
    EXPECT_EQ(seeks_.list()[0].seek.clock_days, 3);

    // Bullet, no clock, a bot, a bad range: refused.
    EXPECT_EQ(call("POST", "/api/board/seek", seeker, "time=1&increment=0", form).status, 400);
    EXPECT_EQ(call("POST", "/api/board/seek", seeker, "variant=standard", form).status, 400);
    EXPECT_EQ(call("POST", "/api/board/seek", seeker, "days=2&ratingRange=1800-1500", form).status,
              400);
    // A bot's token has no board:play.
    EXPECT_EQ(call("POST", "/api/board/seek", bot("seekbot"), "days=2", form).status, 403);
}

// lichess's opponentGone on a game stream: told when the opponent's stream closes (with the
// seconds until a victory may be claimed, in a real-time game a challenge made) and when it
// opens again; and chatLine, a chat message in the game.
TEST_F(BotApiTest, AGameStreamIsToldTheOpponentLeavingComingBackAndChatting) {
    std::string white = bot("stayingbot");
    std::string black = bot("leavingbot");
    const std::string form = "application/x-www-form-urlencoded";
    JsonAnswer sent = call("POST", "/api/challenge/leavingbot", white,
                           "color=white&clock.limit=300&clock.increment=3", form);
    ASSERT_EQ(sent.status, 200) << sent.body.dump();
    std::string id = sent.body.at("id");
    ASSERT_EQ(call("POST", "/api/challenge/" + id + "/accept", black).status, 200);
    auto white_game = stream("/api/bot/game/stream/" + id, white);
    ASSERT_FALSE(line_with(white_game->read_until("gameFull"), "gameFull").is_null());
    auto black_game = stream("/api/bot/game/stream/" + id, black);
    black_game->read_until("gameFull");
    json back = line_with(white_game->read_until("\"gone\":false"), "\"gone\":false");
    ASSERT_FALSE(back.is_null());
    EXPECT_FALSE(back.contains("claimWinInSeconds"));
    ASSERT_EQ(call("POST", "/api/bot/game/" + id + "/move/e2e4", white).status, 200);

    // A chat line in either room reaches the seated players' streams.
    ASSERT_EQ(
        call("POST", "/api/bot/game/" + id + "/chat", black, "room=player&text=good%20luck", form)
            .status,
        200);
    json chat = line_with(white_game->read_until("chatLine"), "chatLine");
    ASSERT_FALSE(chat.is_null());
    EXPECT_EQ(chat.at("room"), "player");
    EXPECT_EQ(chat.at("username"), "leavingbot");
    EXPECT_EQ(chat.at("text"), "good luck");

    black_game.reset(); // Black leaves on its own turn
    json gone = line_with(white_game->read_until("\"gone\":true"), "\"gone\":true");
    ASSERT_FALSE(gone.is_null());
    ASSERT_TRUE(gone.contains("claimWinInSeconds")) << gone.dump();
    EXPECT_GE(gone.at("claimWinInSeconds").get<int>(), 29);
    EXPECT_LE(gone.at("claimWinInSeconds").get<int>(), 30);
}

// X-Bot-Max-Games: a bot playing as many games as it takes at once declines with "later".
TEST_F(BotApiTest, ABotAtItsGamesAtOnceDeclinesWithLater) {
    std::string busy = bot("busybot");
    auto events = std::make_unique<RawConnection>(port_);
    ASSERT_TRUE(events->send(get_request("/api/stream/event", "Authorization: Bearer " + busy +
                                                                  "\r\nX-Bot-Max-Games: 1\r\n")));
    events->read_until("\r\n\r\n");
    std::string first = token(account("first"), {"challenge:write", "challenge:read"});
    std::string second = token(account("second"), {"challenge:write", "challenge:read"});
    const std::string form = "application/x-www-form-urlencoded";
    JsonAnswer taken = call("POST", "/api/challenge/busybot", first, "days=1", form);
    ASSERT_EQ(taken.status, 200) << taken.body.dump();
    std::string id = taken.body.at("id");
    ASSERT_FALSE(line_with(events->read_until(id), "\"type\":\"challenge\"").is_null());
    ASSERT_EQ(call("POST", "/api/challenge/" + id + "/accept", busy).status, 200);

    auto second_events = stream("/api/stream/event", second);
    wait_streaming("busybot");
    wait_streaming("second");
    ASSERT_EQ(call("POST", "/api/challenge/busybot", second, "days=1", form).status, 200);
    json declined = line_with(second_events->read_until("challengeDeclined"), "challengeDeclined");
    ASSERT_FALSE(declined.is_null());
    EXPECT_EQ(declined.at("challenge").at("declineReasonKey"), "later");

    // Once its game is over it takes one again.
    ASSERT_EQ(call("POST", "/api/bot/game/" + id + "/abort", busy).status, 200);
    JsonAnswer again = call("POST", "/api/challenge/busybot", second, "days=1", form);
    ASSERT_EQ(again.status, 200);
    std::string again_id = again.body.at("id");
    EXPECT_FALSE(line_with(events->read_until(again_id), "\"type\":\"challenge\"").is_null());

    httplib::Client client("127.0.0.1", port_);
    auto bad = client.Get("/api/stream/event",
                          {{"Authorization", "Bearer " + busy}, {"X-Bot-Max-Games", "0"}});
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
}

// Our bot client (`evochess bot`, protocol/bot) on both sides, through the HTTP API alone: it
// accepts a challenge its policy allows, plays every move on its own
// engine within the clock, and the game ends by the rules, rated, with no move refused.
TEST_F(BotApiTest, TwoOfOurBotClientsPlayARatedGameToItsEnd) {
    std::string white = token(account("clientwhite"), {"bot:play", "challenge:write"});
    std::string black = token(account("clientblack"), {"bot:play"});
    // Bots before they start (the client upgrades an account itself: bot_cli_test.py), so
    // that the challenge is a bot's to a bot whenever the clients come online.
    for (const std::string* secret : {&white, &black})
        ASSERT_EQ(call("POST", "/api/bot/account/upgrade", *secret).status, 200);
    auto address = bot::parse_server_url(origin());
    ASSERT_TRUE(address) << address.error();
    bot::BotOptions options;
    options.level = 1; // a hundred nodes a move: the game is over in moments
    options.hash_mb = 1;
    options.policy.variants = {"evochess"};
    std::ostringstream white_log, black_log;
    bot::BotRunner white_bot(bot::LichessClient(*address, white), options, white_log);
    bot::BotRunner black_bot(bot::LichessClient(*address, black), options, black_log);
    Result<bool> white_outcome = true, black_outcome = true;
    std::thread white_thread([&] { white_outcome = white_bot.run(); });
    std::thread black_thread([&] { black_outcome = black_bot.run(); });
    struct Stopped { // also when an assertion ends the test early
        bot::BotRunner &white, &black;
        std::thread &white_thread, &black_thread;
        void now() {
            white.stop();
            black.stop();
            if (white_thread.joinable()) white_thread.join();
            if (black_thread.joinable()) black_thread.join();
        }
        ~Stopped() { now(); }
    } stopped{white_bot, black_bot, white_thread, black_thread};

    // A chess challenge is declined (the bot plays EvoChess alone: had it taken the chess
    // game, its one game at once would refuse the next); the EvoChess one is accepted. Both
    // are sent when the bots may not be streaming yet: a stream opens with the challenges
    // waiting.
    const std::string form = "application/x-www-form-urlencoded";
    JsonAnswer chess =
        call("POST", "/api/challenge/clientblack", white, "variant=standard&clock.limit=60", form);
    ASSERT_EQ(chess.status, 200) << chess.body.dump();
    JsonAnswer sent = call("POST", "/api/challenge/clientblack", white,
                           "rated=true&variant=evochess&color=white&clock.limit=30", form);
    ASSERT_EQ(sent.status, 200) << sent.body.dump();
    ASSERT_TRUE(sent.body.contains("timeControl")) << sent.body.dump();
    EXPECT_EQ(sent.body["timeControl"].value("show", ""), "\u00bd+0"); // half a minute
    std::string id = sent.body.at("id");

    // The game is there once the black bot has accepted: until then its stream is 404.
    std::string game;
    for (int attempt = 0; attempt < 500; ++attempt) {
        game = stream("/api/bot/game/stream/" + id, black)
                   ->read_until_closed(std::chrono::seconds(100));
        if (status_of(game) != 404) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(status_of(game), 200) << game;
    stopped.now();
    EXPECT_TRUE(white_outcome) << white_outcome.error();
    EXPECT_TRUE(black_outcome) << black_outcome.error();

    // The last line is the end, every move in it the bots'.
    std::size_t last_at = game.rfind("\"type\":\"gameState\"");
    ASSERT_NE(last_at, std::string::npos) << game;
    std::size_t line_start = game.rfind('\n', last_at) + 1;
    json last =
        json::parse(game.substr(line_start, game.find('\n', last_at) - line_start), nullptr, false);
    ASSERT_TRUE(last.is_object()) << game;
    EXPECT_NE(last.at("status"), "started") << last.dump();
    std::string moves = last.at("moves");
    EXPECT_GE(std::count(moves.begin(), moves.end(), ' '), 2) << moves;

    std::string logs = white_log.str() + black_log.str();
    EXPECT_NE(logs.find("accepted clientwhite's challenge " + id), std::string::npos) << logs;
    EXPECT_EQ(logs.find(" move "), std::string::npos) << logs; // no move refused
    EXPECT_EQ(logs.find("resigning"), std::string::npos) << logs;
    EXPECT_EQ(logs.find(white), std::string::npos) << "a token in the log";
    EXPECT_EQ(call("GET", "/api/account", white).body.at("perfs").at("evochess").at("games"), 1);
}

// A Board API client (a person's program, board:play) against a house bot (the account
// house_bot_account makes, our bot client on it, as `serve --house-bots` runs it) in each of
// the three variants: every move either side makes is legal by the core's rules, the
// client's are all taken, and the game ends (by the rules, or the client resigns after 30).
TEST_F(BotApiTest, ABoardClientPlaysEachVariantAgainstAHouseBot) {
    HouseBotAccount house = house_bot_account("EvoBot-Beginner", accounts_store_, tokens_, clock_,
                                              minimal_password_cost());
    std::string person = token(account("boardplayer"), {"board:play"});
    auto address = bot::parse_server_url(origin());
    ASSERT_TRUE(address) << address.error();
    bot::BotOptions options;
    options.level = 1;
    options.hash_mb = 1;
    options.policy.variants = {"evochess", "echess", "promoteking"};
    // Room for the last game while the bot has yet to see its end (else "later").
    options.policy.max_games = 3;
    std::ostringstream house_log;
    bot::BotRunner runner(bot::LichessClient(*address, house.token), options, house_log);
    std::thread house_thread([&] { (void)runner.run(); });
    struct Stopped { // also when an assertion ends the test early
        bot::BotRunner& runner;
        std::thread& thread;
        void now() {
            runner.stop();
            if (thread.joinable()) thread.join();
        }
        ~Stopped() { now(); }
    } stopped{runner, house_thread};
    std::int64_t house_id = accounts_store_.find_by_name("EvoBot-Beginner").value().id;
    for (int attempt = 0; attempt < 500 && !streams_.streaming(house_id); ++attempt)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(streams_.streaming(house_id));

    bot::LichessClient client(*address, person);
    std::mt19937 random(45);
    const std::string form = "application/x-www-form-urlencoded";
    for (const std::string variant : {"evochess", "echess", "promoteking"}) {
        SCOPED_TRACE(variant);
        JsonAnswer sent = call("POST", "/api/challenge/EvoBot-Beginner", person,
                               "variant=" + variant + "&color=white&days=1", form);
        ASSERT_EQ(sent.status, 200) << sent.body.dump();
        std::string id = sent.body.at("id");
        std::string path = "/api/board/game/" + id;
        std::string start_fen, last_status = "started", moves_seen;
        int mine = 0, refused = 0, illegal = 0;
        bool opened = false;
        bot::StreamCancel cancel;
        // Until the house bot has accepted, the game's stream is 404.
        bot::HttpAnswer answer;
        for (int attempt = 0; attempt < 500; ++attempt) {
            answer = client.stream(
                "/api/board/game/stream/" + id, {},
                [&](std::string_view line) {
                    opened = true;
                    json event = json::parse(line, nullptr, false);
                    if (!event.is_object()) return;
                    if (event.value("type", "") == "gameFull") {
                        start_fen = event.at("initialFen");
                        event = event.at("state");
                    }
                    if (event.value("type", "") != "gameState") return;
                    last_status = event.value("status", "");
                    moves_seen = event.value("moves", "");
                    std::vector<std::string> moves;
                    std::istringstream words(moves_seen);
                    for (std::string word; words >> word;) moves.push_back(word);
                    Result<Game> game =
                        load_game(variant, start_fen == "startpos" ? "" : start_fen, moves);
                    if (!game) {
                        ++illegal;
                        return cancel.cancel();
                    }
                    if (last_status != "started") return cancel.cancel();
                    if (game->position().side_to_move() != White) return;
                    if (mine == 30) {
                        client.post(path + "/resign");
                        return;
                    }
                    MoveList legal;
                    generate_legal(game->position(), legal);
                    if (legal.empty()) return;
                    Move move = legal.moves[random() % unsigned(legal.size())];
                    ++mine;
                    if (client.post(path + "/move/" + to_uci(game->position(), move)).status != 200)
                        ++refused;
                },
                cancel);
            if (opened || answer.status != 404) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        // Ended by the client once the game was over (a cancelled stream has no status).
        ASSERT_TRUE(opened) << answer.status << answer.body;
        EXPECT_EQ(illegal, 0) << moves_seen;
        EXPECT_EQ(refused, 0) << moves_seen;
        EXPECT_NE(last_status, "started") << moves_seen;
        EXPECT_GE(mine, 1);
        // Over by the rules, or resigned by the client after its 30th move.
        if (last_status == "resign") {
            EXPECT_EQ(mine, 30) << moves_seen;
        }
        std::cout << variant << ": " << last_status << " after " << moves_seen << "\n";
    }
    stopped.now(); // the log is the bot's threads' until they end
    std::string logs = house_log.str();
    EXPECT_EQ(logs.find(" move "), std::string::npos) << logs; // no move of the bot refused
}

// The house bots' accounts: made once as bots under a name nobody may sign up with, each
// start with a new token that ends the last one; a person's account is never taken over.
TEST_F(BotApiTest, AHouseBotGetsANewTokenEachStartAndNoPersonsAccount) {
    EXPECT_THROW(accounts_.create_account("EvoBot-Club", "battery staple", ""), ApiError);
    EXPECT_THROW(accounts_.create_account("evobotter", "battery staple", ""), ApiError);
    HouseBotAccount first =
        house_bot_account("EvoBot-Club", accounts_store_, tokens_, clock_, minimal_password_cost());
    EXPECT_EQ(first.name, "EvoBot-Club");
    JsonAnswer me = call("GET", "/api/account", first.token);
    ASSERT_EQ(me.status, 200);
    EXPECT_EQ(me.body.at("title"), "BOT");
    EXPECT_EQ(me.body.at("username"), "EvoBot-Club");

    HouseBotAccount second =
        house_bot_account("evobot-club", accounts_store_, tokens_, clock_, minimal_password_cost());
    EXPECT_EQ(second.name, "EvoBot-Club");
    EXPECT_NE(second.token, first.token);
    EXPECT_EQ(call("GET", "/api/account", first.token).status, 401);
    EXPECT_EQ(call("GET", "/api/account", second.token).status, 200);
    // Starts never pile up tokens (an account holds thirty at most).
    auto club = accounts_store_.find_by_name("EvoBot-Club");
    ASSERT_TRUE(club);
    EXPECT_EQ(tokens_.list(club->id).size(), 1u);

    // A name outside the kept ones, or a person's account that holds one from before.
    account("someone");
    EXPECT_THROW(house_bot_account("someone", accounts_store_, tokens_, clock_), ApiError);
    AccountRecord person{0, "EvoBot-Master", "x", 0};
    ASSERT_TRUE(accounts_store_.create(person));
    EXPECT_THROW(house_bot_account("EvoBot-Master", accounts_store_, tokens_, clock_), ApiError);
}

} // namespace
} // namespace evo::app::testing

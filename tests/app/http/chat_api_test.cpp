// The chat of an online game over HTTP (docs/api.md "Chat"): the players' room is the two
// seats' alone; the spectators' room is written by identified players who are not seated and
// read by the players only once the game is over; text is trimmed, 1..140 characters, with no
// control character, and markup stays text; an author may write 5 messages in 10 s (429 with
// Retry-After after that, on the injected clock); messages are kept and read back, and each
// reaches the game's streams that may read its room as a `chat` event.
#include "api_test_server.h"
#include "raw_http.h"

#include "app/accounts/crypto.h"
#include "app/accounts/service.h"
#include "app/chat/service.h"
#include "app/http/stream_text.h"
#include "app/lobby/seek_service.h"
#include "app/storage/sqlite/account_repository.h"
#include "app/storage/sqlite/chat_repository.h"
#include "app/storage/sqlite/seek_repository.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

class ChatApiTest : public ::testing::Test {
  protected:
    ChatApiTest() {
        router_.accounts = &accounts_;
        router_.chat = &chat_;
        router_.seeks = &seeks_;
        server_.emplace(make_request_handler(games_, router_), ApiTestServer::unlimited_rate());
        port_ = server_->listen("127.0.0.1", 0);
        server_->start(2);
    }
    ~ChatApiTest() override {
        accounts_.stop_password_threads(); // they answer through the server
        games_.shutdown();
        server_->stop();
    }

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
    static std::string visitor(char digit) { return "evo_visitor=" + std::string(64, digit); }

    // `token`: a seat's (empty: none); `cookie`: a player's (empty: none).
    httplib::Headers headers(const std::string& token, const std::string& cookie) const {
        httplib::Headers headers{{"Origin", origin()}};
        if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
        if (!cookie.empty()) headers.emplace("Cookie", cookie);
        return headers;
    }
    JsonAnswer post(const std::string& path, const json& body, const std::string& token = "",
                    const std::string& cookie = "") {
        httplib::Client client("127.0.0.1", port_);
        auto result = client.Post(path, headers(token, cookie), body.dump(), "application/json");
        if (!result) throw std::runtime_error("no answer from the test server");
        last_retry_after_ = result->get_header_value("Retry-After");
        return {result->status, json::parse(result->body, nullptr, false)};
    }
    JsonAnswer get(const std::string& path, const std::string& token = "",
                   const std::string& cookie = "") {
        httplib::Client client("127.0.0.1", port_);
        auto result = client.Get(path, headers(token, cookie));
        if (!result) throw std::runtime_error("no answer from the test server");
        return {result->status, json::parse(result->body, nullptr, false)};
    }

    struct OnlineGame {
        std::string path;
        std::string white;
        std::string black;
    };
    OnlineGame start() {
        JsonAnswer created =
            post("/api/games", {{"variant", "chess"}, {"online", true}, {"colour", "w"}});
        EXPECT_EQ(created.status, 201) << created.body.dump();
        OnlineGame game;
        game.path = "/api/games/" + created.body["id"].dump();
        std::string invite = created.body["invite"];
        JsonAnswer joined =
            post(game.path + "/join", {{"invite", invite.substr(invite.find("invite=") + 7)}});
        EXPECT_EQ(joined.status, 200) << joined.body.dump();
        game.white = created.body["seat"]["token"];
        game.black = joined.body["seat"]["token"];
        return game;
    }
    // A game made in the lobby: `maker`'s seek (White) accepted by `taker`; the seats'
    // players are theirs.
    OnlineGame paired(const std::string& maker, const std::string& taker) {
        JsonAnswer seek = post("/api/seeks", {{"variant", "chess"}, {"colour", "w"}}, "", maker);
        EXPECT_EQ(seek.status, 201) << seek.body.dump();
        JsonAnswer accepted =
            post("/api/seeks/" + seek.body["id"].dump() + "/accept", json::object(), "", taker);
        EXPECT_EQ(accepted.status, 201) << accepted.body.dump();
        OnlineGame game;
        game.path = "/api/games/" + accepted.body["id"].dump();
        game.black = accepted.body["seat"]["token"];
        return game;
    }
    JsonAnswer say(const OnlineGame& game, const std::string& room, const std::string& text,
                   const std::string& token = "", const std::string& cookie = "") {
        return post(game.path + "/chat", {{"room", room}, {"text", text}}, token, cookie);
    }
    JsonAnswer read(const OnlineGame& game, const std::string& room, const std::string& token = "",
                    const std::string& cookie = "") {
        return get(game.path + "/chat?room=" + room, token, cookie);
    }
    static std::vector<std::string> texts(const JsonAnswer& answer) {
        std::vector<std::string> texts;
        for (const json& message : answer.body.at("messages")) texts.push_back(message["text"]);
        return texts;
    }
    // A game's event stream, seated with `token` (empty: a spectator's); its first event came.
    std::unique_ptr<RawConnection> stream(const OnlineGame& game, const std::string& token,
                                          const std::string& cookie = "") {
        auto connection = std::make_unique<RawConnection>(port_);
        std::string extra = "Accept: text/event-stream\r\n";
        if (!token.empty()) extra += "Authorization: Bearer " + token + "\r\n";
        if (!cookie.empty()) extra += "Cookie: " + cookie + "\r\n";
        EXPECT_TRUE(connection->send(get_request(game.path + "/events", extra)));
        EXPECT_NE(connection->read_until("\"fen\"").find("\"fen\""), std::string::npos);
        return connection;
    }
    static AccountOptions cheap_passwords() {
        AccountOptions options;
        options.password_cost = minimal_password_cost();
        return options;
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteAccountRepository accounts_store_{database()};
    SqliteChatRepository chat_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text()};
    AccountService accounts_{accounts_store_, clock_, cheap_passwords()};
    ChatService chat_{chat_store_, games_, clock_, stream_text()};
    SeekService seeks_{seeks_store_, games_, clock_};
    RouterOptions router_;
    std::optional<HttpServer> server_;
    int port_ = 0;
    std::string last_retry_after_;
};

TEST_F(ChatApiTest, ThePlayersRoomIsTheTwoSeatsAlone) {
    OnlineGame game = start();
    EXPECT_EQ(say(game, "players", "good luck", game.white).status, 201);
    JsonAnswer answer = say(game, "players", "  you too  ", game.black);
    ASSERT_EQ(answer.status, 201) << answer.body.dump();
    EXPECT_EQ(answer.body["author"], "Black player");
    EXPECT_EQ(answer.body["bot"], false); // a person's line (a bot's: bot_api_test)
    EXPECT_EQ(answer.body["text"], "you too");
    EXPECT_EQ(answer.body.count("author_key"), 0u);

    EXPECT_EQ(say(game, "players", "hi", "", visitor('a')).status, 403);
    EXPECT_EQ(say(game, "players", "hi", "not a seat", visitor('a')).status, 403);
    EXPECT_EQ(read(game, "players", "", visitor('a')).status, 403);
    JsonAnswer white_reads = read(game, "players", game.white);
    ASSERT_EQ(white_reads.status, 200);
    EXPECT_EQ(texts(white_reads), (std::vector<std::string>{"good luck", "you too"}));
    EXPECT_EQ(texts(read(game, "players", game.black)), texts(white_reads));
}

TEST_F(ChatApiTest, SpectatorsWriteTheirRoomAndPlayersReadItOnlyOnceTheGameIsOver) {
    OnlineGame game = start();
    EXPECT_EQ(say(game, "spectators", "nice opening").status, 401); // nobody known
    JsonAnswer posted = say(game, "spectators", "nice opening", "", visitor('a'));
    ASSERT_EQ(posted.status, 201) << posted.body.dump();
    EXPECT_EQ(posted.body["author"], AccountService::anonymous_name(std::string(64, 'a')));
    EXPECT_EQ(say(game, "spectators", "I am watching too", game.white).status, 403);

    EXPECT_EQ(texts(read(game, "spectators")), (std::vector<std::string>{"nice opening"}));
    EXPECT_EQ(read(game, "spectators", game.white).status, 403);
    EXPECT_EQ(read(game, "spectators", game.black).status, 403);

    ASSERT_EQ(post(game.path + "/resign", json::object(), game.white).status, 200);
    JsonAnswer after = read(game, "spectators", game.white);
    ASSERT_EQ(after.status, 200) << after.body.dump();
    EXPECT_EQ(texts(after), (std::vector<std::string>{"nice opening"}));
    // Still theirs to read only: the players write in their own room.
    EXPECT_EQ(say(game, "spectators", "gg all", game.white).status, 403);
}

TEST_F(ChatApiTest, ALocalGameHasNoChat) {
    JsonAnswer created = post("/api/games", {{"variant", "chess"}});
    ASSERT_EQ(created.status, 201);
    std::string path = "/api/games/" + created.body["id"].dump() + "/chat";
    EXPECT_EQ(post(path, {{"room", "spectators"}, {"text", "hi"}}, "", visitor('a')).status, 409);
}

TEST_F(ChatApiTest, TextIsTrimmedBoundedAndFreeOfControlCharacters) {
    OnlineGame game = start();
    EXPECT_EQ(say(game, "players", "   ", game.white).status, 400);
    EXPECT_EQ(say(game, "players", std::string(141, 'x'), game.white).status, 400);
    EXPECT_EQ(say(game, "players", "two\nlines", game.white).status, 400);
    EXPECT_EQ(say(game, "players", "bell\x07", game.white).status, 400);
    EXPECT_EQ(say(game, "players", "c1 \xC2\x85 control", game.white).status, 400);
    // Issue 47, L6: invisible format characters, and nothing visible, are refused too.
    EXPECT_EQ(say(game, "players", "\xE2\x80\x8B", game.white).status, 400);   // U+200B alone
    EXPECT_EQ(say(game, "players", "gg\xE2\x80\xAE", game.white).status, 400); // U+202E
    EXPECT_EQ(say(game, "players", "\xEF\xBB\xBFhi", game.white).status, 400); // U+FEFF
    EXPECT_EQ(say(game, "players", "\xE3\x85\xA4 \xE2\xA0\x80", game.white).status, 400);
    EXPECT_EQ(post(game.path + "/chat", {{"room", "players"}, {"text", 5}}, game.white).status,
              400);
    EXPECT_EQ(say(game, "lounge", "hi", game.white).status, 400);
    EXPECT_EQ(get(game.path + "/chat", game.white).status, 400);
    // 140 characters, counted as characters, not bytes.
    std::string longest;
    for (int i = 0; i < 140; ++i) longest += "\xC3\xA9"; // é
    JsonAnswer answer = say(game, "players", longest, game.white);
    EXPECT_EQ(answer.status, 201) << answer.body.dump();
    EXPECT_EQ(answer.body["text"], longest);
}

// Issue 49: the limit is told with the message's length, so that the page can say it clearly.
TEST_F(ChatApiTest, ATooLongMessageIsRefusedWithTheLimitAndItsLength) {
    OnlineGame game = start();
    JsonAnswer refused = say(game, "players", std::string(153, 'x'), game.white);
    EXPECT_EQ(refused.status, 400);
    EXPECT_NE(refused.body.dump().find("at most 140 characters; this one has 153"),
              std::string::npos)
        << refused.body.dump();
}

// Issue 49: after a reload the page offered "mute" beside its player's own messages; a message
// read back says whether its reader wrote it (the same seat, or the same player).
TEST_F(ChatApiTest, AMessageReadBackSaysWhetherItsReaderWroteIt) {
    OnlineGame game = start();
    JsonAnswer sent = say(game, "players", "mine", game.white);
    ASSERT_EQ(sent.status, 201);
    EXPECT_EQ(sent.body["mine"], true);
    ASSERT_EQ(say(game, "players", "theirs", game.black).status, 201);
    JsonAnswer by_white = read(game, "players", game.white);
    ASSERT_EQ(by_white.body["messages"].size(), 2u);
    EXPECT_EQ(by_white.body["messages"][0]["mine"], true);
    EXPECT_EQ(by_white.body["messages"][1]["mine"], false);
    JsonAnswer by_black = read(game, "players", game.black);
    EXPECT_EQ(by_black.body["messages"][0]["mine"], false);
    EXPECT_EQ(by_black.body["messages"][1]["mine"], true);

    ASSERT_EQ(say(game, "spectators", "from a visitor", "", visitor('a')).status, 201);
    EXPECT_EQ(read(game, "spectators", "", visitor('a')).body["messages"][0]["mine"], true);
    EXPECT_EQ(read(game, "spectators", "", visitor('b')).body["messages"][0]["mine"], false);
}

TEST_F(ChatApiTest, MarkupStaysTextInTheJson) {
    OnlineGame game = start();
    std::string markup = "<b>x</b> <script>alert(1)</script> &amp;";
    ASSERT_EQ(say(game, "players", markup, game.white).status, 201);
    JsonAnswer answer = read(game, "players", game.black);
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body["messages"][0]["text"], markup);
}

TEST_F(ChatApiTest, AnAuthorWritesFiveMessagesInTenSeconds) {
    OnlineGame game = start();
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(say(game, "players", "msg " + std::to_string(i), game.white).status, 201);
        clock_.advance(1000);
    }
    JsonAnswer refused = say(game, "players", "one more", game.white);
    EXPECT_EQ(refused.status, 429) << refused.body.dump();
    // The first message leaves the window 10 s after it was written: 5 s from now.
    EXPECT_EQ(last_retry_after_, "5");
    EXPECT_EQ(say(game, "players", "my turn", game.black).status, 201); // another author
    clock_.advance(4999);
    EXPECT_EQ(say(game, "players", "one more", game.white).status, 429);
    clock_.advance(1);
    EXPECT_EQ(say(game, "players", "one more", game.white).status, 201);
    EXPECT_EQ(read(game, "players", game.white).body["messages"].size(), 7u);
}

TEST_F(ChatApiTest, MessagesAreKeptWithTheGame) {
    OnlineGame game = start();
    ASSERT_EQ(say(game, "players", "kept", game.white).status, 201);
    // Read by a second repository on the same file, as another process would.
    SqliteChatRepository again(database());
    auto id = std::stoll(game.path.substr(game.path.rfind('/') + 1));
    auto messages = again.messages(id, ChatRoom::Players, 10);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].text, "kept");
    EXPECT_EQ(messages[0].author_name, "White player");
    EXPECT_EQ(messages[0].author_key, "seat:" + std::to_string(id) + ":w");
}

TEST_F(ChatApiTest, EachMessageReachesTheStreamsThatMayReadItsRoom) {
    OnlineGame game = start();
    auto white = stream(game, game.white);
    auto spectator = stream(game, "");
    ASSERT_EQ(say(game, "players", "<b>players only</b>", game.black).status, 201);
    ASSERT_EQ(say(game, "spectators", "spectators only", "", visitor('a')).status, 201);
    ASSERT_EQ(say(game, "players", "end of test", game.black).status, 201);
    std::string white_saw = white->read_until("end of test");
    EXPECT_NE(white_saw.find("event: chat\n"), std::string::npos);
    EXPECT_NE(white_saw.find("\"text\":\"<b>players only</b>\""), std::string::npos);
    EXPECT_EQ(white_saw.find("spectators only"), std::string::npos);
    std::string spectator_saw = spectator->read_until("spectators only");
    EXPECT_NE(spectator_saw.find("\"room\":\"spectators\""), std::string::npos);
    EXPECT_EQ(spectator_saw.find("players only"), std::string::npos);

    // Once the game is over the players' streams get the spectators' room too.
    ASSERT_EQ(post(game.path + "/resign", json::object(), game.white).status, 200);
    ASSERT_EQ(say(game, "spectators", "well played", "", visitor('a')).status, 201);
    EXPECT_NE(white->read_until("well played").find("well played"), std::string::npos);
}

TEST_F(ChatApiTest, APlayerWatchingWithoutTheirSeatTokenStillReadsAsAPlayer) {
    // A second tab of White's, with White's cookie but not the seat's token.
    OnlineGame game = paired(visitor('c'), visitor('d'));
    auto second_tab = stream(game, "", visitor('c'));
    ASSERT_EQ(say(game, "spectators", "a hint for White", "", visitor('a')).status, 201);
    ASSERT_EQ(say(game, "players", "good luck", game.black).status, 201);
    std::string saw = second_tab->read_until("good luck");
    EXPECT_NE(saw.find("good luck"), std::string::npos);
    EXPECT_EQ(saw.find("a hint for White"), std::string::npos);
}

} // namespace
} // namespace evo::app::testing

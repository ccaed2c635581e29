// Issue 18, "Events that scale", through the HTTP API: every spectator's join used to be
// broadcast at once to every stream of the game, on the I/O threads (N^2: 3,000 spectators
// left other clients unanswered for about 30 s), and every change sent the whole state
// (461 KB at 5,108 plies). Now presence is coalesced and a change carries only what changed.
#include "api_test_server.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/pgn.h"
#include "core/variant.h"
#include "raw_http.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

namespace evo::app::testing {
namespace {

using nlohmann::json;

// A game of chess `plies` long that no rule ends: quiet moves to positions not seen before
// while the fifty-move count allows, then a pawn move (or a capture) that starts it again.
Game long_game(std::size_t plies) {
    Game game(chess_variant());
    std::mt19937 random(18);
    while (game.moves().size() < plies) {
        const Position& position = game.position();
        MoveList list;
        generate_legal(position, list);
        std::vector<Move> moves(list.begin(), list.end());
        std::shuffle(moves.begin(), moves.end(), random);
        bool reset_due = position.rule50() >= 80;
        auto rank = [&](Move move) {
            bool pawn = type_of(position.piece_on(move.from())) == Pawn;
            bool capture = is_capture(position, move);
            int kind = capture ? 2 : pawn ? 1 : 0; // quiet, pawn, capture
            return reset_due ? (kind == 0 ? 2 : kind - 1) : kind;
        };
        std::stable_sort(moves.begin(), moves.end(),
                         [&](Move a, Move b) { return rank(a) < rank(b); });
        bool played = false;
        for (Move move : moves) {
            game.play(move);
            if (!game.result().over() && game.repetitions() == 1) {
                played = true;
                break;
            }
            game.undo();
        }
        if (!played) break;
    }
    return game;
}

// The data of the event in a stream's text where `marker` first occurs.
std::string event_data_with(const std::string& stream, const std::string& marker) {
    std::size_t at = stream.find(marker);
    if (at == std::string::npos) return "";
    std::size_t start = stream.rfind("\n\n", at);
    start = start == std::string::npos ? 0 : start + 2;
    std::size_t data = stream.find("data: ", start);
    std::size_t end = stream.find("\n\n", data);
    return stream.substr(data + 6, end - data - 6);
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++count;
    return count;
}

TEST(LiveUpdatesApiTest, TheEventOfOneMoveInALongGameIsASmallFractionOfTheState) {
    TemporaryDirectory directory;
    ApiTestServer server(directory.path());
    auto client = server.client();
    Game game = long_game(2500);
    ASSERT_GE(game.moves().size(), 2500u);
    JsonAnswer created = post_json(*client, "/api/games", {{"pgn", to_pgn(game)}});
    ASSERT_EQ(created.status, 201) << created.body.dump();
    std::string path = "/api/games/" + std::to_string(created.body["id"].get<int>());

    RawConnection stream(server.port());
    ASSERT_TRUE(stream.send(get_request(path + "/events")));
    ASSERT_NE(stream.read_until("\"ply\":2500").find("\"ply\":2500"), std::string::npos);
    std::string uci = created.body["legal"][0]["uci"];
    JsonAnswer moved = post_json(*client, path + "/moves", {{"uci", uci}});
    ASSERT_EQ(moved.status, 200);
    std::string state = get_json(*client, path).body.dump();

    // The event ends with its version (the last key), after the state's own if it has one.
    std::string end = "\"version\":" + moved.body["version"].dump() + "}\n\n";
    std::string received = stream.read_until(end);
    std::string event = event_data_with(received, "\"ply\":2501");
    ASSERT_FALSE(event.empty()) << received.substr(received.size() - 500);
    EXPECT_LT(event.size() * 20, state.size()) << event.size() << " of " << state.size();
    json change = json::parse(event);
    EXPECT_EQ(change["moves"].size(), 1u);
    EXPECT_EQ(change["moves"][0]["uci"], uci);
    EXPECT_EQ(change["from_ply"], 2500);
}

// How long another client may wait while 1,500 spectators join (it was 21 s); the threads
// of a ThreadSanitizer build run many times slower, so there the bound is wider.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr auto answer_bound = std::chrono::seconds(10);
#else
constexpr auto answer_bound = std::chrono::seconds(1);
#endif

TEST(LiveUpdatesApiTest, FifteenHundredSpectatorsJoiningCostAWatcherAFewPresenceMessages) {
    TemporaryDirectory directory;
    ManualClock clock;
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.max_connections_per_address = 4000;
    ApiTestServer server(directory.path(), SearchFunction{}, &clock, ServiceOptions{}, limits);
    auto client = server.client();
    JsonAnswer created = post_json(*client, "/api/games", json::object());
    ASSERT_EQ(created.status, 201);
    std::string path = "/api/games/" + std::to_string(created.body["id"].get<int>());

    RawConnection watcher(server.port());
    ASSERT_TRUE(watcher.send(get_request(path + "/events")));
    ASSERT_NE(watcher.read_until("\"ply\":0").find("\"ply\":0"), std::string::npos);

    constexpr int spectators = 1500;
    std::vector<std::unique_ptr<RawConnection>> streams;
    for (int i = 0; i < spectators; ++i) {
        streams.push_back(std::make_unique<RawConnection>(server.port()));
        ASSERT_TRUE(streams.back()->send(get_request(path + "/events")));
    }
    // Another client is answered while they join.
    auto asked = std::chrono::steady_clock::now();
    EXPECT_EQ(get_json(*client, "/api/games?limit=1").status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - asked, answer_bound);
    for (auto& stream : streams)
        ASSERT_NE(stream->read_until("\"ply\":0").find("\"ply\":0"), std::string::npos);

    // A second on, the count that was held back is sent (the service looks at least once a
    // second whatever the clock says).
    clock.advance(1000);
    std::string marker = "\"spectators\":" + std::to_string(spectators + 1); // and the watcher
    EXPECT_NE(watcher.read_until(marker).find(marker), std::string::npos);
    ASSERT_EQ(post_json(*client, path + "/moves", {{"uci", "e2e4"}}).status, 200);
    std::string received = watcher.read_until("\"ply\":1");
    ASSERT_NE(received.find("\"ply\":1"), std::string::npos);
    std::size_t presence_messages = count_of(received, "event: presence");
    EXPECT_GE(presence_messages, 1u);
    EXPECT_LE(presence_messages, 3u);
}

TEST(LiveUpdatesApiTest, AStreamWhoseEventPassesTheBoundOfAllStreamsIsToldToReconnect) {
    TemporaryDirectory directory;
    ServerLimits limits = ApiTestServer::unlimited_rate();
    limits.max_unsent_stream_bytes = 64 * 1024;
    ApiTestServer server(directory.path(), SearchFunction{}, nullptr, ServiceOptions{}, limits);
    auto client = server.client();
    JsonAnswer small = post_json(*client, "/api/games", json::object());
    JsonAnswer large = post_json(*client, "/api/games", {{"pgn", to_pgn(long_game(1000))}});
    ASSERT_EQ(large.status, 201) << large.body.dump();
    ASSERT_GT(large.body.dump().size(), limits.max_unsent_stream_bytes);

    // The large game's state does not fit: the stream ends, saying why, without it.
    RawConnection dropped(server.port());
    ASSERT_TRUE(dropped.send(get_request("/api/games/" + large.body["id"].dump() + "/events")));
    std::string received = dropped.read_until_closed();
    EXPECT_EQ(status_of(received), 200);
    EXPECT_NE(received.find("event: reconnect\ndata: {\"error\""), std::string::npos);
    EXPECT_EQ(received.find("\"ply\":1000"), std::string::npos);
    // The bytes it did not send are not counted against the others.
    RawConnection kept(server.port());
    ASSERT_TRUE(kept.send(get_request("/api/games/" + small.body["id"].dump() + "/events")));
    EXPECT_NE(kept.read_until("\"ply\":0").find("\"ply\":0"), std::string::npos);
}

} // namespace
} // namespace evo::app::testing

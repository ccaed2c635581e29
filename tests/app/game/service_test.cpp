// The game service without HTTP: the database is the truth when two processes share it
// (issue 9: an acknowledged move was lost to a stale copy in memory), and the cache of games
// drops the least recently used one, not all of them.
#include "../http/api_test_server.h"
#include "app/http/game_commands_json.h"
#include "app/http/game_view_json.h"
#include "app/http/stream_text.h"

#include <set>

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

using nlohmann::json;

TEST(GameServiceTest, TwoServersOnOneDatabaseLoseNoMove) {
    TemporaryDirectory directory;
    std::string database = (directory.path() / "games.sqlite3").string();
    SystemClock clock;
    SqliteGameRepository first_store(database), second_store(database);
    GameService first(first_store, {}, clock, stream_text()),
        second(second_store, {}, clock, stream_text());

    std::int64_t id = first.create(create_game_command({{"variant", "chess"}})).id;
    Actor anyone = Actor::requester(std::nullopt);
    first.get(id, anyone); // the first server holds a copy at ply 0
    second.play(id, play_command({{"uci", "e2e4"}}), Actor::requester(std::nullopt));
    // The first server's copy is stale; the move is judged against the stored game.
    GameView state = first.play(id, play_command({{"uci", "e7e5"}}), anyone);
    EXPECT_EQ(state.ply, 2u);
    EXPECT_EQ(second.get(id, anyone).ply, 2u);
    second.play(id, play_command({{"uci", "g1f3"}}), anyone);
    EXPECT_EQ(first.get(id, anyone).position.history.size(), 3u);
}

// Issue 18: a clock started by a move on another process (gone since) is still called here,
// once the stored flags are read again.
TEST(GameServiceTest, AFlagStartedByAnotherServerIsCalledHere) {
    TemporaryDirectory directory;
    std::string database = (directory.path() / "games.sqlite3").string();
    ManualClock clock;
    SqliteGameRepository here_store(database), elsewhere_store(database);
    GameService here(here_store, {}, clock, stream_text()),
        elsewhere(elsewhere_store, {}, clock, stream_text());
    std::int64_t id =
        elsewhere
            .create(create_game_command({{"variant", "chess"}, {"clock", {{"initial_ms", 60000}}}}))
            .id;
    elsewhere.play(id, play_command({{"uci", "e2e4"}}),
                   Actor::requester(std::nullopt)); // Black's clock runs
    // The other process goes quiet; Black's flag falls a minute later.
    clock.advance(61000);
    here.settle_due_flags();
    auto stored = here_store.load(id);
    ASSERT_TRUE(stored);
    ASSERT_TRUE(stored->declared_result);
    EXPECT_EQ(stored->declared_result, DeclaredResult::win(White, DeclaredReason::TimeForfeit));
}

TEST(GameServiceTest, TheCacheDropsTheLeastRecentlyUsedGame) {
    TemporaryDirectory directory;
    SystemClock clock;
    SqliteGameRepository store((directory.path() / "games.sqlite3").string());
    ServiceOptions options;
    options.max_cached_games = 3;
    GameService service(store, {}, clock, stream_text(), options);
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 3; ++i)
        ids.push_back(service.create(create_game_command({{"variant", "chess"}})).id);
    service.get(ids[0], Actor::requester(std::nullopt)); // now the most recently used
    std::int64_t fourth = service.create(create_game_command({{"variant", "chess"}})).id;
    std::vector<std::int64_t> cached = service.cached_games();
    EXPECT_EQ(cached.size(), 3u);
    EXPECT_EQ(std::count(cached.begin(), cached.end(), ids[1]), 0); // the least recent
    EXPECT_EQ(std::count(cached.begin(), cached.end(), ids[0]), 1);
    EXPECT_EQ(std::count(cached.begin(), cached.end(), fourth), 1);
}

// Issue 17: a crash (no clean stop) charged the running clock with the downtime. The first
// service below is never stopped: it is the crashed process. The last instant it noted is
// when it was seen alive; the second service, started an hour later on the same database,
// charges Black only up to that instant (the 300 ms between the last note and the crash are
// credited too: the note comes about once a second).
TEST(GameServiceTest, ACrashedServersDowntimeIsNotChargedToTheRunningClock) {
    TemporaryDirectory directory;
    std::string database = (directory.path() / "games.sqlite3").string();
    ManualClock clock;
    SqliteGameRepository crashed_store(database);
    GameService crashed(crashed_store, {}, clock, stream_text());
    std::int64_t id =
        crashed
            .create(create_game_command({{"variant", "chess"}, {"clock", {{"initial_ms", 60000}}}}))
            .id;
    crashed.play(id, play_command({{"uci", "e2e4"}}), Actor::requester(std::nullopt));
    clock.advance(2000);
    crashed.note_alive();
    clock.advance(300);
    // ...the process dies here; an hour later a new one starts.
    clock.advance(3600 * 1000);
    SqliteGameRepository store(database);
    GameService restarted(store, {}, clock, stream_text());
    restarted.settle_due_flags();
    GameView state = restarted.get(id, Actor::requester(std::nullopt));
    EXPECT_FALSE(state.position.result.over()) << state.position.result.description();
    ASSERT_TRUE(state.clock);
    EXPECT_EQ(state.clock->remaining_ms[Black], 58000);
    EXPECT_EQ(state.clock->running, Black);
    clock.advance(500);
    state = restarted.play(id, play_command({{"uci", "e7e5"}}), Actor::requester(std::nullopt));
    ASSERT_TRUE(state.clock);
    EXPECT_EQ(state.clock->remaining_ms[Black], 57500);
    // A second start right away credits nothing more.
    SqliteGameRepository again_store(database);
    GameService again(again_store, {}, clock, stream_text());
    EXPECT_EQ(again.get(id, Actor::requester(std::nullopt)).clock->remaining_ms[White], 60000);
}

// Issue 18: the service takes typed commands; the JSON edge reads a request into one. A
// local game's settings keep what the command does not name, and a limit named as none is
// cleared.
TEST(GameServiceTest, ASettingsCommandChangesOnlyWhatItNames) {
    TemporaryDirectory directory;
    SystemClock clock;
    SqliteGameRepository store((directory.path() / "games.sqlite3").string());
    GameService service(store, {}, clock, stream_text());
    GameView game = service.create(create_game_command(
        {{"variant", "chess"}, {"players", {{"b", "engine"}}}, {"engine", {{"level", 3}}}}));
    std::int64_t id = game.id;
    Actor owner = Actor::requester(game.owner_token.value());

    SettingsCommand white_engine;
    white_engine.white = PlayerKind::Engine;
    GameView state = service.update_settings(id, white_engine, owner);
    EXPECT_EQ(state.players.white, PlayerKind::Engine);
    EXPECT_EQ(state.players.black, PlayerKind::Engine);
    EXPECT_EQ(state.engine.level, 3);

    GameView cleared =
        service.update_settings(id, settings_command({{"engine", {{"level", nullptr}}}}), owner);
    EXPECT_FALSE(cleared.engine.level);
    EXPECT_EQ(cleared.players.white, PlayerKind::Engine);
}

// Issue 18: the service answers typed views; their JSON, written once at the edge, has every
// field of a state in docs/api.md and no other (the owner's token of a new local game here).
TEST(GameServiceTest, AViewsJsonHasTheFieldsOfTheApisState) {
    TemporaryDirectory directory;
    SystemClock clock;
    SqliteGameRepository store((directory.path() / "games.sqlite3").string());
    GameService service(store, {}, clock, stream_text());
    GameView view = service.create(create_game_command({{"variant", "evochess"}}));
    EXPECT_EQ(view.position.turn, White);
    EXPECT_FALSE(view.position.result.over());
    EXPECT_FALSE(view.position.legal.empty());
    json state = game_view_json(view);
    std::set<std::string> fields;
    for (const auto& [key, value] : state.items()) fields.insert(key);
    std::set<std::string> expected{"variant",
                                   "start_fen",
                                   "fen",
                                   "turn",
                                   "check",
                                   "history",
                                   "legal",
                                   "result",
                                   "reason",
                                   "points",
                                   "counters",
                                   "evolution",
                                   "royal_promotion",
                                   "id",
                                   "players",
                                   "engine",
                                   "draw_offer",
                                   "created",
                                   "updated",
                                   "rated",
                                   "seat_players",
                                   "online",
                                   "ply",
                                   "version",
                                   "clock",
                                   "takeback_offer",
                                   "rematch_offer",
                                   "rematch_id",
                                   "claim_after_ms",
                                   "seats",
                                   "away",
                                   "spectators",
                                   "token"};
    EXPECT_EQ(fields, expected);
    EXPECT_EQ(state["turn"], "w");
    EXPECT_EQ(state["counters"]["b"], (json{{"p", 0}, {"m", 0}, {"c", 0}, {"r", 0}}));
    EXPECT_EQ(state["legal"].size(), view.position.legal.size());
    EXPECT_TRUE(state["seats"].is_null());
}

} // namespace
} // namespace evo::app::testing

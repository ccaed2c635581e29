// Issue 18, "Events that scale", piece by piece: the in-memory EventBus, the change message
// (moves and changed fields, not the state), presence coalescing on an injected clock, the
// bound on unsent bytes of all streams, and the thread that runs close callbacks.
#include "app/common/clock.h"
#include "app/events/in_memory_bus.h"
#include "app/events/live_updates.h"
#include "app/events/presence_coalescer.h"
#include "app/http/callback_thread.h"
#include "app/http/game_change_json.h"
#include "app/http/stream_text.h"
#include "app/http/unsent_bytes.h"
#include "core/variant.h"
#include "memory_sink.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <thread>
#include <vector>

namespace evo::app::testing {
namespace {

using nlohmann::json;

json move(const std::string& uci) {
    return {{"uci", uci}, {"san", uci}, {"fen", "after " + uci}};
}

// A chess game's view at `version` after `moves` (each written as its UCI, the FEN after it
// "after UCI"), `turn` to move.
std::shared_ptr<const GameView> view(std::int64_t version, std::vector<std::string> moves,
                                     Color turn) {
    auto view = std::make_shared<GameView>();
    view->id = 7;
    view->version = version;
    view->ply = moves.size();
    view->position.variant = find_variant("chess");
    view->position.start_fen = std::string(view->position.variant->start_fen);
    view->position.turn = turn;
    for (const auto& uci : moves) view->position.history.push_back({uci, uci, "after " + uci});
    return view;
}

json change_between(std::shared_ptr<const GameView> before, std::shared_ptr<const GameView> after) {
    return change_message(sent_view(std::move(before)), sent_view(std::move(after)));
}

TEST(InMemoryEventBusTest, EveryListenerHearsEveryChangeInOrder) {
    InMemoryEventBus bus;
    std::vector<std::pair<std::int64_t, std::int64_t>> first, second;
    bus.listen(
        [&](const GameChanged& change) { first.emplace_back(change.game_id, change.version); },
        [] {});
    bus.listen(
        [&](const GameChanged& change) { second.emplace_back(change.game_id, change.version); },
        [] {});
    bus.publish({7, 1});
    bus.publish({8, 4});
    bus.publish({7, 2});
    std::vector<std::pair<std::int64_t, std::int64_t>> expected{{7, 1}, {8, 4}, {7, 2}};
    EXPECT_EQ(first, expected);
    EXPECT_EQ(second, expected);
}

// On PostgreSQL a change is announced twice to the process that made it (its publish, then
// the database's notice): the game is read and its streams are sent it once.
TEST(LiveUpdatesTest, AChangeAnnouncedTwiceIsReadOnce) {
    ManualClock clock;
    GameEvents events(clock, 60000);
    InMemoryEventBus bus;
    std::shared_ptr<const GameView> stored = view(1, {}, White);
    int reads = 0;
    LiveUpdates live(
        events, bus, clock, stream_text(),
        [&](std::int64_t, std::int64_t) {
            ++reads;
            return stored;
        },
        1000);
    auto stream = std::make_shared<MemorySink>();
    live.open(7, std::nullopt, stream, stored);
    stored = view(2, {"e2e4"}, Black);
    bus.publish({7, 2});
    live.send_due();
    bus.publish({7, 2}); // the same change, heard again
    live.send_due();
    EXPECT_EQ(reads, 1);
    auto changes = std::count_if(stream->sent.begin(), stream->sent.end(), [](const auto& text) {
        return text.find("event: change") != std::string::npos;
    });
    EXPECT_EQ(changes, 1);
}

// A fast opponent joins, moves and closes the page within one presence interval: the count is
// what it was, yet the player's page, told "there" meanwhile by the state of a move, must hear
// "away" again (web_e2e_online's claim of victory waited for it in vain).
TEST(LiveUpdatesTest, AnOpponentWhoComesAndGoesWithinOneIntervalIsToldAway) {
    ManualClock clock;
    GameEvents events(clock, 60000);
    InMemoryEventBus bus;
    std::shared_ptr<const GameView> stored = view(1, {}, White);
    LiveUpdates live(
        events, bus, clock, stream_text(), [&](std::int64_t, std::int64_t) { return stored; },
        1000);
    auto white = std::make_shared<MemorySink>();
    live.open(7, White, white, stored);
    live.send_due(); // White is there, Black away
    clock.advance(100);
    auto black = std::make_shared<MemorySink>();
    live.open(7, Black, black, stored);
    clock.advance(500);
    black->close();
    live.send_due(); // within the interval: nothing yet
    clock.advance(400);
    white->sent.clear();
    live.send_due();
    ASSERT_EQ(white->sent.size(), 1u);
    EXPECT_NE(white->sent[0].find("event: presence"), std::string::npos);
    EXPECT_NE(white->sent[0].find(R"("b":400)"), std::string::npos) << white->sent[0];
}

TEST(InMemoryEventBusTest, AListenerMayListenAgainWhileItIsCalled) {
    InMemoryEventBus bus;
    int heard = 0;
    bus.listen(
        [&](const GameChanged&) {
            ++heard;
            if (heard == 1) bus.listen([&](const GameChanged&) { ++heard; }, [] {});
        },
        [] {});
    bus.publish({1, 1}); // no deadlock
    bus.publish({1, 2});
    EXPECT_EQ(heard, 3);
}

TEST(ChangeMessageTest, AMoveIsTheNewMoveAndTheFieldsThatChanged) {
    json change =
        change_between(view(3, {"e2e4", "e7e5"}, White), view(4, {"e2e4", "e7e5", "g1f3"}, Black));
    EXPECT_EQ(change, (json{{"version", 4},
                            {"previous_version", 3},
                            {"ply", 3},
                            {"from_ply", 2},
                            {"moves", {move("g1f3")}},
                            {"changed", {{"version", 4}, {"ply", 3}, {"turn", "b"}}}}));
    // What is kept of a view sent is its JSON without the history, which is never written again.
    EXPECT_FALSE(sent_view(view(4, {"e2e4"}, Black)).fields->json.contains("history"));
}

TEST(ChangeMessageTest, ATakebackKeepsThePliesBeforeIt) {
    json change =
        change_between(view(5, {"e2e4", "e7e5", "g1f3"}, Black), view(6, {"e2e4", "d7d5"}, White));
    EXPECT_EQ(change["from_ply"], 1);
    EXPECT_EQ(change["moves"], json::array({move("d7d5")}));
    EXPECT_FALSE(change["changed"].contains("variant"));
}

// Moves taken back and others played that reach the same position at the same ply: the plies
// from the first that differs are sent again, though the last ones agree.
TEST(ChangeMessageTest, AHistoryRewrittenAfterATakebackIsSentFromTheFirstPlyThatDiffers) {
    json change = change_between(view(5, {"g1f3", "g8f6", "b1c3"}, Black),
                                 view(9, {"b1c3", "g8f6", "g1f3"}, Black));
    EXPECT_EQ(change["from_ply"], 0);
    EXPECT_EQ(change["moves"], json::array({move("b1c3"), move("g8f6"), move("g1f3")}));
}

TEST(ChangeMessageTest, AnOfferIsOnlyTheOffer) {
    auto after = std::make_shared<GameView>(*view(3, {"e2e4"}, Black));
    after->draw_offer = White;
    json change = change_between(view(2, {"e2e4"}, Black), after);
    EXPECT_EQ(change["moves"], json::array());
    EXPECT_EQ(change["from_ply"], 1);
    EXPECT_EQ(change["changed"], (json{{"version", 3}, {"draw_offer", "w"}}));
}

PresenceSnapshot spectators(int count) {
    return PresenceSnapshot{count, {true, false}};
}

TEST(PresenceCoalescerTest, ManyJoinsWithinASecondAreOneMessageThenOneMore) {
    ManualClock clock;
    PresenceCoalescer coalescer(clock, 1000);
    int count = 0;
    auto read = [&](std::int64_t) { return spectators(count); };
    std::size_t sent = 0;
    for (count = 1; count <= 1500; ++count) {
        coalescer.mark(1);
        sent += coalescer.take_due(read).size();
        clock.advance(count % 3 == 0 ? 1 : 0); // all 1,500 within half a second
    }
    EXPECT_EQ(sent, 1u); // the first join, at once
    EXPECT_EQ(coalescer.next_due_ms(), clock.now_ms() - 500 + 1000);
    clock.advance(499);
    EXPECT_TRUE(coalescer.take_due(read).empty()); // not yet
    clock.advance(1);
    EXPECT_EQ(coalescer.take_due(read), std::vector<std::int64_t>{1}); // the rest, once
    EXPECT_TRUE(coalescer.take_due(read).empty());
    EXPECT_FALSE(coalescer.next_due_ms());
}

TEST(PresenceCoalescerTest, NothingIsSentWhenNothingThatItTellsChanged) {
    ManualClock clock;
    PresenceCoalescer coalescer(clock, 1000);
    PresenceSnapshot now = spectators(2);
    auto read = [&](std::int64_t) { return now; };
    coalescer.mark(4);
    EXPECT_EQ(coalescer.take_due(read).size(), 1u);
    coalescer.mark(4); // one joined and one left: the same count
    clock.advance(1000);
    EXPECT_TRUE(coalescer.take_due(read).empty());
    now.connected = {true, true}; // Black came
    coalescer.mark(4);
    EXPECT_EQ(coalescer.take_due(read), std::vector<std::int64_t>{4});
}

TEST(PresenceCoalescerTest, GamesAreCoalescedEachOnItsOwn) {
    ManualClock clock;
    PresenceCoalescer coalescer(clock, 1000);
    auto read = [&](std::int64_t id) { return spectators(int(id)); };
    coalescer.mark(1);
    EXPECT_EQ(coalescer.take_due(read).size(), 1u);
    clock.advance(10);
    coalescer.mark(2);
    coalescer.mark(1);
    EXPECT_EQ(coalescer.take_due(read), std::vector<std::int64_t>{2});
}

TEST(UnsentBytesTest, ABufferPastTheBoundIsRefusedAndReleasedBytesMakeRoom) {
    UnsentBytes unsent(1000);
    EXPECT_TRUE(unsent.try_add(600));
    EXPECT_FALSE(unsent.try_add(401));
    EXPECT_EQ(unsent.total(), 600u);
    EXPECT_TRUE(unsent.try_add(400));
    unsent.release(600);
    EXPECT_TRUE(unsent.try_add(500));
    unsent.add(2000); // a response's head is counted whatever the bound
    EXPECT_EQ(unsent.total(), 2900u);
    EXPECT_FALSE(unsent.try_add(1));
}

TEST(UnsentBytesTest, ManyThreadsNeverPassTheBound) {
    UnsentBytes unsent(10000);
    std::atomic<std::size_t> taken{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&] {
            for (int j = 0; j < 10000; ++j)
                if (unsent.try_add(7)) taken += 7;
        });
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(unsent.total(), taken.load());
    EXPECT_LE(taken.load(), 10000u);
    EXPECT_GT(taken.load(), 10000u - 7);
}

TEST(CallbackThreadTest, RunsCallbacksInOrderOffTheCallersThreadAndAllBeforeStopEnds) {
    CallbackThread thread("test");
    std::vector<int> ran;
    std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> elsewhere{true};
    for (int i = 0; i < 100; ++i)
        thread.post([&, i] {
            if (std::this_thread::get_id() == caller) elsewhere = false;
            ran.push_back(i);
        });
    thread.stop();
    ASSERT_EQ(ran.size(), 100u);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(ran[std::size_t(i)], i);
    EXPECT_TRUE(elsewhere);
    thread.post([&] { ran.push_back(100); }); // after stop: at once, here
    EXPECT_EQ(ran.size(), 101u);
}

} // namespace
} // namespace evo::app::testing

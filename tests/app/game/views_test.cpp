// What a game's event streams read when a change is announced (GameService::view_for_streams):
// a change this process stored is sent from the view it kept, with no database read and no
// wait for the game's lock; a newer change made by another process is read from the database.
#include "../http/api_test_server.h"
#include "app/events/in_memory_bus.h"
#include "app/http/game_commands_json.h"
#include "app/http/message.h"
#include "app/http/stream_text.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

namespace evo::app::testing {
namespace {

// A SQLite repository that counts the reads made after its first save was armed: the reads
// that follow a stored change, which are the streams' own.
class CountingRepository final : public GameRepository {
  public:
    explicit CountingRepository(const std::string& path) : inner_(path) {}

    // From the next save on, loads and version reads are counted.
    void count_after_next_save() {
        armed_ = true;
        counting_ = false;
        reads_after_save = 0;
    }
    std::atomic<int> reads_after_save{0};

    void insert(GameRecord& record) override { inner_.insert(record); }
    std::optional<GameRecord> load(std::int64_t id) override {
        note_read();
        return inner_.load(id);
    }
    std::vector<GameListing> list(int limit, int offset, const GameListFilter& filter) override {
        return inner_.list(limit, offset, filter);
    }
    int transfer_games(const std::string& from, const std::string& to) override {
        return inner_.transfer_games(from, to);
    }
    SaveOutcome save(GameRecord& record, std::size_t stored_move_count) override {
        SaveOutcome outcome = inner_.save(record, stored_move_count);
        if (armed_.exchange(false)) counting_ = true;
        return outcome;
    }
    std::optional<std::int64_t> version_of(std::int64_t id) override {
        note_read();
        return inner_.version_of(id);
    }
    bool remove(std::int64_t id) override { return inner_.remove(id); }
    std::vector<std::pair<std::int64_t, std::int64_t>> running_clocks() override {
        return inner_.running_clocks();
    }
    void note_alive(std::int64_t now_ms) override { inner_.note_alive(now_ms); }
    int credit_downtime(std::int64_t now_ms) override { return inner_.credit_downtime(now_ms); }

  private:
    void note_read() {
        if (counting_) ++reads_after_save;
    }
    SqliteGameRepository inner_;
    std::atomic<bool> armed_{false}, counting_{false};
};

// A stream held in memory, sent to by the service's thread while the test reads it.
class LockedSink final : public EventSink {
  public:
    bool send(EventText text) override {
        std::lock_guard lock(mutex_);
        sent_.push_back(*text);
        return true;
    }
    void close() override {}
    bool closed() const override { return false; }
    void on_close(std::function<void()>) override {}
    std::vector<std::string> sent() const {
        std::lock_guard lock(mutex_);
        return sent_;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::string> sent_;
};

// Waits (on the service's own thread, or by sending what is due here) until the sink was sent
// the game's event of `version` holding `part`.
bool wait_for_event(GameService& service, const LockedSink& sink, int version,
                    const std::string& part) {
    auto sent = [&] {
        std::string id = "id: " + std::to_string(version) + "\n";
        for (const std::string& text : sink.sent())
            if (text.starts_with(id) && text.find(part) != std::string::npos) return true;
        return false;
    };
    for (int i = 0; i < 500 && !sent(); ++i) {
        service.send_live_updates();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return sent();
}

TEST(GameViewsTest, AChangeThisProcessStoredReachesItsStreamsWithoutADatabaseRead) {
    TemporaryDirectory directory;
    std::string database = (directory.path() / "games.sqlite3").string();
    ManualClock clock;
    InMemoryEventBus bus;
    CountingRepository here_store(database);
    SqliteGameRepository elsewhere_store(database);
    ServiceOptions options;
    options.event_bus = &bus;
    GameService here(here_store, {}, clock, stream_text(), options),
        elsewhere(elsewhere_store, {}, clock, stream_text(), options);
    Actor anyone = Actor::requester(std::nullopt);
    std::int64_t id = here.create(create_game_command({{"variant", "chess"}})).id;
    auto sink = std::make_shared<LockedSink>();
    here.streams().subscribe(id, std::nullopt, sink, std::make_shared<const std::string>("first"));

    here_store.count_after_next_save();
    here.play(id, play_command({{"uci", "e2e4"}}), anyone);
    ASSERT_TRUE(wait_for_event(here, *sink, 1, "e2e4"));
    EXPECT_EQ(here_store.reads_after_save, 0) << "the stream's update read the database";

    // A move made by another process on the same database: only a read can tell it.
    here_store.count_after_next_save();
    here.play(id, play_command({{"uci", "e7e5"}}), anyone);
    ASSERT_TRUE(wait_for_event(here, *sink, 2, "e7e5"));
    elsewhere.play(id, play_command({{"uci", "g1f3"}}), anyone);
    ASSERT_TRUE(wait_for_event(here, *sink, 3, "g1f3"));
    EXPECT_GT(here_store.reads_after_save, 0);
}

} // namespace
} // namespace evo::app::testing

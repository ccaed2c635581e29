// One test suite for every ArenaRepository, on SQLite and PostgreSQL alike: an event reads back
// and is listed by status, moves on once (compare-and-set), players join, withdraw and rejoin,
// a game's result is noted once, and the pairing lease has one holder at a time, even when
// several processes ask at once.
#include "app/storage/postgres/arena_repository.h"
#include "app/storage/sqlite/arena_repository.h"
#include "postgres_test_server.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>
#include <unistd.h>

namespace evo::app::testing {
namespace {

namespace fs = std::filesystem;

class SqliteArenas {
  public:
    SqliteArenas() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() / ("evochess-arenas-test-" + std::to_string(::getpid()) +
                                         "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteArenas() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<ArenaRepository> open() {
        return std::make_unique<SqliteArenaRepository>((directory_ / "games.sqlite3").string());
    }

  private:
    fs::path directory_;
};

class PostgresArenas {
  public:
    PostgresArenas() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<ArenaRepository> open() {
        return std::make_unique<PostgresArenaRepository>(PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class ArenaRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<ArenaRepository> open() { return storage_.open(); }
    static ArenaRecord arena(std::int64_t starts_ms) {
        ArenaRecord record;
        record.name = "EvoChess Arena";
        record.variant = "evochess";
        record.clock = {180, 2};
        record.minutes = 45;
        record.rated = true;
        record.berserkable = false;
        record.streakable = true;
        record.allow_bots = true;
        record.created_by = "account:1";
        record.created_by_name = "Maker";
        record.created_ms = 1'800'000'000'000;
        record.starts_ms = starts_ms;
        return record;
    }
    static ArenaEntrant entrant(const std::string& key, std::int64_t joined_ms) {
        ArenaEntrant entrant;
        entrant.player = key;
        entrant.name = "Name of " + key;
        entrant.rating = 1712;
        entrant.provisional = false;
        entrant.joined_ms = joined_ms;
        return entrant;
    }
    Storage storage_;
};

using Storages = ::testing::Types<SqliteArenas, PostgresArenas>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteArenas> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(ArenaRepositoryContract, Storages, StorageNames);

TYPED_TEST(ArenaRepositoryContract, AnEventReadsBackIsListedByStatusAndMovesOnOnce) {
    auto store = this->open();
    ArenaRecord later = this->arena(1'800'000'900'000);
    ArenaRecord sooner = this->arena(1'800'000'600'000);
    store->insert(later);
    store->insert(sooner);
    EXPECT_GT(later.id, 0);
    auto found = this->open()->find(later.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->name, "EvoChess Arena");
    EXPECT_EQ(found->variant, "evochess");
    EXPECT_EQ(found->clock.base_seconds, 180);
    EXPECT_EQ(found->clock.increment_seconds, 2);
    EXPECT_EQ(found->minutes, 45);
    EXPECT_TRUE(found->rated);
    EXPECT_FALSE(found->berserkable);
    EXPECT_TRUE(found->streakable);
    EXPECT_TRUE(found->allow_bots);
    EXPECT_EQ(found->created_by, "account:1");
    EXPECT_EQ(found->created_by_name, "Maker");
    EXPECT_EQ(found->starts_ms, 1'800'000'900'000);
    EXPECT_EQ(found->finishes_ms(), 1'800'000'900'000 + 45 * 60'000);
    EXPECT_EQ(found->status, ArenaStatus::Created);
    EXPECT_FALSE(store->find(later.id + 100));

    auto created = store->list(ArenaStatus::Created, 10);
    ASSERT_EQ(created.size(), 2u);
    EXPECT_EQ(created[0].id, sooner.id); // soonest first
    EXPECT_TRUE(store->advance(sooner.id, ArenaStatus::Created, ArenaStatus::Started, 5));
    EXPECT_FALSE(store->advance(sooner.id, ArenaStatus::Created, ArenaStatus::Started, 6));
    EXPECT_EQ(store->list(ArenaStatus::Started, 10).size(), 1u);
    EXPECT_TRUE(store->advance(sooner.id, ArenaStatus::Started, ArenaStatus::Finished, 77));
    EXPECT_EQ(store->find(sooner.id)->finished_ms, 77);
    EXPECT_EQ(store->list(ArenaStatus::Finished, 10).at(0).id, sooner.id);
    EXPECT_EQ(store->list(ArenaStatus::Created, 10).size(), 1u);
}

// A scheduled event is stored once by its key, whoever asks and however often; events of
// accounts (no key) never collide.
TYPED_TEST(ArenaRepositoryContract, AScheduledEventIsStoredOnceByItsKey) {
    auto store = this->open();
    auto other_process = this->open();
    ArenaRecord scheduled = this->arena(1'800'003'600'000);
    scheduled.schedule_key = "hourly/hourly/1800003600000";
    EXPECT_TRUE(store->insert_scheduled(scheduled));
    EXPECT_GT(scheduled.id, 0);
    ArenaRecord again = scheduled;
    again.id = 0;
    EXPECT_FALSE(other_process->insert_scheduled(again));
    EXPECT_EQ(again.id, 0);
    EXPECT_EQ(store->find(scheduled.id)->schedule_key, "hourly/hourly/1800003600000");
    ArenaRecord next = this->arena(1'800'007'200'000);
    next.schedule_key = "hourly/hourly/1800007200000";
    EXPECT_TRUE(other_process->insert_scheduled(next));
    ArenaRecord mine = this->arena(1'800'003'600'000);
    ArenaRecord yours = this->arena(1'800'003'600'000);
    store->insert(mine);
    store->insert(yours);
    EXPECT_NE(mine.id, yours.id);
    EXPECT_EQ(store->find(mine.id)->schedule_key, "");
    EXPECT_EQ(store->list(ArenaStatus::Created, 10).size(), 4u);
}

TYPED_TEST(ArenaRepositoryContract, PlayersJoinWithdrawAndRejoin) {
    auto store = this->open();
    ArenaRecord event = this->arena(1'800'000'600'000);
    store->insert(event);
    ArenaEntrant ann = store->join(event.id, this->entrant("account:2", 100));
    ArenaEntrant bob = store->join(event.id, this->entrant("account:3", 200));
    EXPECT_GT(bob.id, ann.id);
    EXPECT_EQ(ann.name, "Name of account:2");
    EXPECT_EQ(ann.rating, 1712);
    EXPECT_FALSE(ann.withdrawn);
    EXPECT_EQ(store->join(event.id, this->entrant("account:2", 150)).joined_ms, 100); // still in
    EXPECT_TRUE(store->withdraw(event.id, "account:2"));
    EXPECT_FALSE(store->withdraw(event.id, "account:2"));
    EXPECT_FALSE(store->withdraw(event.id, "account:9"));
    EXPECT_TRUE(store->entrants(event.id).at(0).withdrawn);
    ArenaEntrant back = store->join(event.id, this->entrant("account:2", 300));
    EXPECT_EQ(back.id, ann.id); // the same entry, its games and score kept
    EXPECT_EQ(back.joined_ms, 300);
    EXPECT_FALSE(back.withdrawn);
    auto entrants = this->open()->entrants(event.id);
    ASSERT_EQ(entrants.size(), 2u);
    EXPECT_EQ(entrants[0].player, "account:2");
    EXPECT_EQ(entrants[1].player, "account:3");
}

TYPED_TEST(ArenaRepositoryContract, AGamesResultIsNotedOnce) {
    auto store = this->open();
    ArenaRecord event = this->arena(1'800'000'600'000);
    store->insert(event);
    ArenaGameResult later{12, "account:2", "account:3", Black, 40, false, true, 900};
    ArenaGameResult earlier{7, "account:3", "account:2", std::nullopt, 61, true, false, 800};
    EXPECT_TRUE(store->note_result(event.id, later));
    EXPECT_TRUE(store->note_result(event.id, earlier));
    ArenaGameResult again = later;
    again.winner = White;
    EXPECT_FALSE(this->open()->note_result(event.id, again)); // the first noting counts
    auto results = store->results(event.id);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0], earlier); // in the order the games were made
    EXPECT_EQ(results[1], later);
}

TYPED_TEST(ArenaRepositoryContract, ThePairingLeaseHasOneHolderAtATime) {
    auto store = this->open();
    auto other = this->open();
    EXPECT_TRUE(store->lead("a", 1000, 10'000));
    EXPECT_FALSE(other->lead("b", 2000, 10'000));
    EXPECT_TRUE(store->lead("a", 5000, 10'000)); // kept: now until 15000
    EXPECT_FALSE(other->lead("b", 14'000, 10'000));
    EXPECT_TRUE(other->lead("b", 15'001, 10'000)); // lapsed: taken over
    EXPECT_FALSE(store->lead("a", 15'002, 10'000));

    // Many processes asking at once for a lapsed lease: exactly one gets it.
    std::atomic<int> holders{0};
    std::vector<std::thread> askers;
    for (int i = 0; i < 6; ++i)
        askers.emplace_back([&, i] {
            auto own = this->open();
            std::string holder(1, 'p'); // not "p" + ...: GCC 12 warns falsely of an overlap
            holder += std::to_string(i);
            if (own->lead(holder, 100'000, 10'000)) ++holders;
        });
    for (auto& asker : askers) asker.join();
    EXPECT_EQ(holders.load(), 1);
}

} // namespace
} // namespace evo::app::testing

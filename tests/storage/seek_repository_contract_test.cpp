// One test suite for every SeekRepository, on SQLite and PostgreSQL alike: a seek reads back,
// is listed while open, is cancelled only by its maker, and is taken exactly once, even by
// many takers at once through their own connections (two server processes).
#include "app/postgres_seek_repository.h"
#include "app/sqlite_seek_repository.h"
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

class SqliteSeeks {
  public:
    SqliteSeeks() {
        static std::atomic<int> counter{0};
        directory_ =
            fs::temp_directory_path() /
            ("evochess-seeks-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(directory_);
        fs::create_directories(directory_);
    }
    ~SqliteSeeks() {
        std::error_code ignored;
        fs::remove_all(directory_, ignored);
    }
    std::unique_ptr<SeekRepository> open() {
        return std::make_unique<SqliteSeekRepository>((directory_ / "games.sqlite3").string());
    }

  private:
    fs::path directory_;
};

class PostgresSeeks {
  public:
    PostgresSeeks() { PostgresTestServer::instance().empty_database(); }
    std::unique_ptr<SeekRepository> open() {
        return std::make_unique<PostgresSeekRepository>(PostgresTestServer::instance().conninfo());
    }
};

template <class Storage> class SeekRepositoryContract : public ::testing::Test {
  protected:
    std::unique_ptr<SeekRepository> open() { return storage_.open(); }
    static SeekRecord seek(const std::string& owner) {
        SeekRecord record;
        record.owner = owner;
        record.owner_name = "Anonymous 4F2A";
        record.variant = "evochess";
        record.clock_initial_ms = 180000;
        record.clock_increment_ms = 2000;
        record.rated = true;
        record.colour = "w";
        record.created_ms = 1'800'000'000'000;
        return record;
    }
    Storage storage_;
};

using Storages = ::testing::Types<SqliteSeeks, PostgresSeeks>;
class StorageNames {
  public:
    template <class T> static std::string GetName(int) {
        return std::is_same_v<T, SqliteSeeks> ? "Sqlite" : "Postgres";
    }
};
TYPED_TEST_SUITE(SeekRepositoryContract, Storages, StorageNames);

TYPED_TEST(SeekRepositoryContract, ASeekReadsBackAndIsListedWhileOpen) {
    auto store = this->open();
    SeekRecord made = this->seek("visitor:a");
    store->insert(made);
    EXPECT_GT(made.id, 0);
    auto found = this->open()->find(made.id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->owner, "visitor:a");
    EXPECT_EQ(found->owner_name, "Anonymous 4F2A");
    EXPECT_EQ(found->clock_initial_ms, 180000);
    EXPECT_EQ(found->clock_increment_ms, 2000);
    EXPECT_FALSE(found->clock_days);
    EXPECT_TRUE(found->rated);
    EXPECT_EQ(found->colour, "w");
    EXPECT_EQ(found->taken_by, "");
    EXPECT_EQ(store->open_seeks().size(), 1u);
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 1);

    EXPECT_TRUE(store->take(made.id, "account:2"));
    EXPECT_FALSE(store->take(made.id, "account:3")); // a second accept: 409
    store->set_game(made.id, 77, "maker-seat");
    EXPECT_EQ(store->find(made.id)->game_id, 77);
    EXPECT_EQ(store->find(made.id)->maker_token, "maker-seat");
    EXPECT_EQ(store->find(made.id)->taken_by, "account:2");
    EXPECT_TRUE(store->open_seeks().empty());
    EXPECT_EQ(store->open_seeks_of("visitor:a"), 0);
}

TYPED_TEST(SeekRepositoryContract, OnlyItsMakerCancelsAnOpenSeek) {
    auto store = this->open();
    SeekRecord made = this->seek("visitor:a");
    store->insert(made);
    EXPECT_FALSE(store->remove(made.id, "visitor:b"));
    EXPECT_TRUE(store->remove(made.id, "visitor:a"));
    EXPECT_FALSE(store->find(made.id));
    EXPECT_FALSE(store->take(made.id, "visitor:b"));
}

TYPED_TEST(SeekRepositoryContract, ManyTakersAtOnceTakeASeekOnce) {
    SeekRecord made = this->seek("visitor:a");
    this->open()->insert(made);
    constexpr int takers = 6;
    std::vector<std::unique_ptr<SeekRepository>> connections;
    for (int i = 0; i < takers; ++i) connections.push_back(this->open());
    std::atomic<int> won{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < takers; ++i)
        threads.emplace_back([&, i] {
            if (connections[std::size_t(i)]->take(made.id, "taker:" + std::to_string(i))) ++won;
        });
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(won.load(), 1);
}

} // namespace
} // namespace evo::app::testing

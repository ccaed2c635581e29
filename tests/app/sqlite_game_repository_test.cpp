// The game repository on SQLite: what is written is read back, also by a new connection.
#include "app/sqlite_game_repository.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace evo::app {
namespace {

class SqliteGameRepositoryTest : public ::testing::Test {
  protected:
    void SetUp() override {
        directory_ = std::filesystem::temp_directory_path() /
                     ("evochess-store-test-" + std::to_string(::getpid()) + "-" +
                      ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(directory_);
        std::filesystem::create_directories(directory_);
    }
    void TearDown() override { std::filesystem::remove_all(directory_); }
    std::string database_path() const { return (directory_ / "games.sqlite3").string(); }

    static GameRecord evochess_game() {
        GameRecord record;
        record.variant = "evochess";
        record.start_fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0";
        record.moves_uci = {"b2b4", "a7a6"};
        record.players = {PlayerKind::Human, PlayerKind::Engine};
        record.engine = {1500, std::nullopt, 3};
        record.summary = {"after a6", std::nullopt, std::nullopt};
        return record;
    }

    std::filesystem::path directory_;
};

TEST_F(SqliteGameRepositoryTest, InsertedGameReadsBackThroughANewConnection) {
    GameRecord record = evochess_game();
    {
        SqliteGameRepository store(database_path());
        store.insert(record);
    }
    EXPECT_GT(record.id, 0);
    SqliteGameRepository reopened(database_path());
    auto loaded = reopened.load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->variant, "evochess");
    EXPECT_EQ(loaded->start_fen, record.start_fen);
    EXPECT_EQ(loaded->moves_uci, record.moves_uci);
    EXPECT_EQ(loaded->players.black, PlayerKind::Engine);
    EXPECT_EQ(loaded->engine.movetime_ms, 1500);
    EXPECT_FALSE(loaded->engine.depth);
    EXPECT_EQ(loaded->engine.level, 3);
    EXPECT_FALSE(loaded->declared_result);
    EXPECT_EQ(loaded->summary.fen, "after a6");
}

TEST_F(SqliteGameRepositoryTest, SaveAppendsAndTruncatesMoves) {
    SqliteGameRepository store(database_path());
    GameRecord record = evochess_game();
    store.insert(record);

    record.moves_uci.push_back("b4b5");
    ASSERT_EQ(store.save(record, 2), SaveOutcome::Saved);
    EXPECT_EQ(store.load(record.id)->moves_uci.size(), 3u);

    record.moves_uci.resize(1);
    record.declared_result = DeclaredResult{"0-1", "resignation"};
    record.draw_offer = 'b';
    ASSERT_EQ(store.save(record, 3), SaveOutcome::Saved);
    auto loaded = store.load(record.id);
    EXPECT_EQ(loaded->moves_uci, std::vector<std::string>{"b2b4"});
    ASSERT_TRUE(loaded->declared_result);
    EXPECT_EQ(loaded->declared_result->reason, "resignation");
    EXPECT_EQ(loaded->draw_offer, 'b');
}

TEST_F(SqliteGameRepositoryTest, ListShowsEveryGameAndRemoveDeletesOne) {
    SqliteGameRepository store(database_path());
    GameRecord first = evochess_game();
    GameRecord second = evochess_game();
    second.summary.result = "1-0";
    store.insert(first);
    store.insert(second);
    auto listings = store.list(100, 0);
    ASSERT_EQ(listings.size(), 2u);
    EXPECT_EQ(listings[0].id, second.id);
    EXPECT_EQ(listings[0].summary.result, "1-0");
    EXPECT_EQ(listings[0].move_count, 2);

    EXPECT_TRUE(store.remove(first.id));
    EXPECT_FALSE(store.remove(first.id));
    EXPECT_FALSE(store.load(first.id));
    EXPECT_EQ(store.save(first, 2), SaveOutcome::Gone);
    EXPECT_EQ(store.list(100, 0).size(), 1u);
}

TEST_F(SqliteGameRepositoryTest, UnknownGameIsAbsent) {
    SqliteGameRepository store(database_path());
    EXPECT_FALSE(store.load(12345));
}

TEST_F(SqliteGameRepositoryTest, UnwritableLocationIsAClearError) {
    try {
        SqliteGameRepository("/nonexistent-directory/x/games.sqlite3");
        ADD_FAILURE() << "opened a database in a directory that does not exist";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Unavailable);
        EXPECT_NE(std::string(error.what()).find("/nonexistent-directory/x"), std::string::npos)
            << error.what();
    }
}

} // namespace
} // namespace evo::app

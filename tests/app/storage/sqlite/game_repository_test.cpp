// The game repository on SQLite, what only it has: a file that cannot be opened. What every
// repository does is tested on SQLite and PostgreSQL alike in tests/storage.
#include "../../http/api_test_server.h"
#include "app/storage/sqlite/database.h"
#include "app/storage/sqlite/game_repository.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

TEST(SqliteGameRepositoryTest, UnwritableLocationIsAClearError) {
    try {
        SqliteGameRepository("/nonexistent-directory/x/games.sqlite3");
        ADD_FAILURE() << "opened a database in a directory that does not exist";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Unavailable);
        EXPECT_NE(std::string(error.what()).find("/nonexistent-directory/x"), std::string::npos)
            << error.what();
    }
}

// Issue 18: a side is the core's Color in the record; its column keeps the letter it always
// had, so files of earlier releases read as before and need no migration.
TEST(SqliteGameRepositoryTest, AnOffersSideIsStoredAsItsLetter) {
    TemporaryDirectory directory;
    std::string path = (directory.path() / "games.sqlite3").string();
    SqliteGameRepository store(path);
    GameRecord record;
    record.variant = "chess";
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.summary.fen = record.start_fen;
    record.online = true;
    record.draw_offer = White;
    record.takeback_offer = Black;
    store.insert(record);

    SqliteDatabase database(path);
    SqliteStatement columns(database, "SELECT draw_offer, takeback_offer FROM games WHERE id = ?");
    columns.bind(1, record.id);
    ASSERT_TRUE(columns.step());
    EXPECT_EQ(columns.column_optional_text(0), "w");
    EXPECT_EQ(columns.column_optional_text(1), "b");

    SqliteStatement(database, "UPDATE games SET draw_offer = 'b', rematch_offer = 'w'").run();
    auto loaded = store.load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->draw_offer, Black);
    EXPECT_EQ(loaded->takeback_offer, Black);
    EXPECT_EQ(loaded->rematch_offer, White);
}

// Issue 18: a declared result is the core's outcome and the app's reason in the record; its
// columns keep the texts they always had, and a text that is not ours is damage, not a crash.
TEST(SqliteGameRepositoryTest, ADeclaredResultIsStoredAsItsTextsAndAStrangeOneIsCorrupt) {
    TemporaryDirectory directory;
    std::string path = (directory.path() / "games.sqlite3").string();
    SqliteGameRepository store(path);
    GameRecord record;
    record.variant = "chess";
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.summary.fen = record.start_fen;
    record.declared_result = DeclaredResult::win(Black, DeclaredReason::OpponentLeft);
    store.insert(record);

    SqliteDatabase database(path);
    SqliteStatement columns(database,
                            "SELECT declared_result, declared_reason FROM games WHERE id = ?");
    columns.bind(1, record.id);
    ASSERT_TRUE(columns.step());
    EXPECT_EQ(columns.column_optional_text(0), "0-1");
    EXPECT_EQ(columns.column_optional_text(1), "opponent left");

    SqliteStatement(database, "UPDATE games SET declared_reason = 'walked off'").run();
    try {
        store.load(record.id);
        ADD_FAILURE() << "read a declared reason that is not ours";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt);
        EXPECT_NE(std::string(error.what()).find("walked off"), std::string::npos) << error.what();
    }
}

} // namespace
} // namespace evo::app::testing

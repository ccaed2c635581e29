// The SQLite schema's versions: a file written before versions were kept is version 1 and is
// upgraded in place with its games intact; a file a newer release wrote is refused unchanged;
// SQLite's result codes become the storage error kinds the API answers by.
#include "../../http/api_test_server.h"
#include "app/common/api_error.h"
#include "app/http/game_commands_json.h"
#include "app/http/stream_text.h"
#include "app/storage/sqlite/schema.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>
#include <iterator>

namespace evo::app::testing {
namespace {

namespace fs = std::filesystem;

// Written by `evochess serve` of the release before schema versions: game 1, chess with a
// 5+2 clock, 1.e4 e5 2.Nf3 Nc6; game 2, evochess, b4 a6 b5 and Black resigned (1-0).
const fs::path release_before_migrations =
    fs::path(EVO_APP_TEST_DATA_DIR) / "release_before_migrations.sqlite3";

std::string file_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool has_index(SqliteDatabase& db, const std::string& name) {
    SqliteStatement index(db, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?");
    index.bind(1, name);
    return index.step();
}

TEST(SqliteSchemaTest, TheReleaseBeforeVersionsIsUpgradedInPlaceWithItsGamesIntact) {
    TemporaryDirectory directory;
    fs::path database = directory.path() / "games.sqlite3";
    fs::copy_file(release_before_migrations, database);
    {
        SqliteDatabase db(database.string());
        EXPECT_EQ(sqlite_schema_version(db), 0);
    }
    ManualClock clock;
    SqliteGameRepository store(database.string());
    EXPECT_EQ(sqlite_schema_version(store.database_for_tests()), newest_sqlite_schema_version());
    EXPECT_TRUE(has_index(store.database_for_tests(), "games_listing"));

    auto chess = store.load(1);
    ASSERT_TRUE(chess);
    EXPECT_EQ(chess->variant, "chess");
    EXPECT_EQ(chess->moves_uci, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
    ASSERT_TRUE(chess->clock);
    EXPECT_EQ(chess->clock->settings.initial_ms, 300000);
    EXPECT_EQ(chess->clock->settings.increment_ms, 2000);
    auto evochess = store.load(2);
    ASSERT_TRUE(evochess);
    EXPECT_EQ(evochess->variant, "evochess");
    EXPECT_EQ(evochess->moves_uci, (std::vector<std::string>{"b2b4", "a7a6", "b4b5"}));
    ASSERT_TRUE(evochess->declared_result);
    EXPECT_EQ(evochess->declared_result->reason, DeclaredReason::Resignation);
    EXPECT_EQ(store.list(10, 0).size(), 2u);

    // The rules core replays the stored games, and play goes on where it stopped.
    GameService service(store, {}, clock, stream_text());
    EXPECT_EQ(service.get(2, Actor::requester(std::nullopt)).position.result.pgn_result(), "1-0");
    GameView state =
        service.play(1, play_command({{"uci", "f1b5"}}), Actor::requester(std::nullopt));
    ASSERT_EQ(state.position.history.size(), 5u);
    EXPECT_EQ(state.position.history[4].san, "Bb5");
}

TEST(SqliteSchemaTest, AFileAtAnOlderVersionTakesOnlyTheStepsItLacks) {
    TemporaryDirectory directory;
    std::string database = (directory.path() / "games.sqlite3").string();
    {
        SqliteDatabase db(database);
        EXPECT_EQ(migrate_sqlite_schema(db, 1), 0);
        EXPECT_EQ(sqlite_schema_version(db), 1);
        EXPECT_FALSE(has_index(db, "games_listing"));
    }
    SqliteGameRepository store(database);
    EXPECT_EQ(sqlite_schema_version(store.database_for_tests()), newest_sqlite_schema_version());
    EXPECT_TRUE(has_index(store.database_for_tests(), "games_listing"));
    // At the newest version already, opening again runs nothing and finds it so.
    EXPECT_EQ(migrate_sqlite_schema(store.database_for_tests()), newest_sqlite_schema_version());
}

TEST(SqliteSchemaTest, AFileOfANewerReleaseIsRefusedAndLeftUnchanged) {
    TemporaryDirectory directory;
    fs::path database = directory.path() / "games.sqlite3";
    fs::copy_file(release_before_migrations, database);
    int future = newest_sqlite_schema_version() + 1;
    {
        SqliteDatabase db(database.string());
        db.execute("PRAGMA user_version = " + std::to_string(future));
    }
    std::string before = file_bytes(database);
    try {
        SqliteGameRepository store(database.string());
        ADD_FAILURE() << "a database of schema version " << future << " was opened";
    } catch (const NewerSchemaError& refusal) {
        EXPECT_NE(std::string(refusal.what()).find("schema version " + std::to_string(future)),
                  std::string::npos)
            << refusal.what();
    }
    EXPECT_EQ(file_bytes(database), before);
    SqliteDatabase db(database.string());
    EXPECT_EQ(sqlite_schema_version(db), future);
}

TEST(SqliteSchemaTest, SqliteCodesBecomeStorageErrorKinds) {
    EXPECT_EQ(storage_error_kind_of_sqlite(SQLITE_FULL), StorageErrorKind::Full);
    for (int code : {SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_IOERR_WRITE,
                     SQLITE_READONLY, SQLITE_PERM})
        EXPECT_EQ(storage_error_kind_of_sqlite(code), StorageErrorKind::Unavailable) << code;
    EXPECT_EQ(storage_error_kind_of_sqlite(SQLITE_CORRUPT), StorageErrorKind::Corrupt);
    EXPECT_EQ(storage_error_kind_of_sqlite(SQLITE_NOTADB), StorageErrorKind::Corrupt);
    EXPECT_EQ(storage_error_kind_of_sqlite(SQLITE_CONSTRAINT_FOREIGNKEY), StorageErrorKind::Gone);
    EXPECT_EQ(storage_error_kind_of_sqlite(SQLITE_CONSTRAINT_PRIMARYKEY),
              StorageErrorKind::Conflict);
    // Our own SQL being wrong is a fault (500), not a condition of the storage.
    EXPECT_FALSE(storage_error_kind_of_sqlite(SQLITE_ERROR));
    EXPECT_FALSE(storage_error_kind_of_sqlite(SQLITE_CONSTRAINT_NOTNULL));
}

// A file that is not a database is refused at start as corrupt, and the API's table makes
// every storage kind the status docs/api.md documents.
TEST(SqliteSchemaTest, StorageKindsHaveTheDocumentedStatuses) {
    TemporaryDirectory directory;
    fs::path database = directory.path() / "games.sqlite3";
    std::ofstream(database) << std::string(4096, 'x');
    try {
        SqliteGameRepository store(database.string());
        ADD_FAILURE() << "a file that is not a database was opened";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt) << error.what();
    }
    EXPECT_EQ(http_status(error_kind_of(StorageErrorKind::Full)), 507);
    EXPECT_EQ(http_status(error_kind_of(StorageErrorKind::Unavailable)), 503);
    EXPECT_EQ(http_status(error_kind_of(StorageErrorKind::Corrupt)), 503);
    EXPECT_EQ(http_status(error_kind_of(StorageErrorKind::Gone)), 404);
    EXPECT_EQ(http_status(error_kind_of(StorageErrorKind::Conflict)), 409);
}

} // namespace
} // namespace evo::app::testing

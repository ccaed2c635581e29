// What only PostgreSQL has: a schema migrated at start-up under an advisory lock (from an
// empty database, from an older version, refused when newer), a server that goes away and
// comes back, SQLSTATEs as storage error kinds, and no password in any message.
#include "../postgres_test_server.h"
#include "app/common/api_error.h"
#include "app/storage/postgres/game_repository.h"
#include "app/storage/postgres/schema.h"
#include "app/storage/sqlite/schema.h"

#include <gtest/gtest.h>

#include <array>
#include <thread>

namespace evo::app::testing {
namespace {

class PostgresRepositoryTest : public ::testing::Test {
  protected:
    void SetUp() override { server().empty_database(); }
    static PostgresTestServer& server() { return PostgresTestServer::instance(); }
    static std::int64_t count(PostgresConnection& connection, const std::string& sql) {
        return connection.execute(sql).int64(0, 0);
    }
    // The tables and indexes of the public schema, and the version stored.
    static std::string schema_shape(PostgresConnection& connection) {
        PostgresResult relations =
            connection.execute("SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class "
                               "JOIN pg_namespace n ON n.oid = relnamespace "
                               "WHERE nspname = 'public'");
        return relations.text(0, 0) + " v" + std::to_string(postgres_schema_version(connection));
    }
};

GameRecord a_game() {
    GameRecord record;
    record.variant = "chess";
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.moves_uci = {"e2e4"};
    record.summary = {"after e4", std::nullopt, std::nullopt};
    return record;
}

// A text parameter with a NUL would reach PostgreSQL cut short ("bob\0x" as "bob"): refused as a
// bad request before it is sent (issue 47, H3); an absent one is still NULL.
TEST(PostgresParamsTest, ATextWithANulIsRefusedNotCutShort) {
    try {
        PostgresParams().add(std::string("bob\0x", 5));
        ADD_FAILURE() << "a NUL was taken";
    } catch (const ApiError& error) {
        EXPECT_EQ(error.kind(), ErrorKind::BadRequest);
    }
    EXPECT_THROW(PostgresParams().add_optional(std::optional(std::string("\0", 1))), ApiError);
    EXPECT_EQ(PostgresParams().add_optional(std::optional<std::string>()).values().size(), 1u);
    EXPECT_EQ(PostgresParams().add("bob").values().at(0), "bob");
}

TEST_F(PostgresRepositoryTest, AnEmptyDatabaseIsMigratedToTheNewestVersion) {
    PostgresConnection connection(server().conninfo());
    EXPECT_EQ(postgres_schema_version(connection), 0);
    PostgresGameRepository store(server().conninfo());
    EXPECT_EQ(postgres_schema_version(connection), newest_postgres_schema_version());
    EXPECT_EQ(newest_postgres_schema_version(), newest_sqlite_schema_version()); // numbered alike
    EXPECT_EQ(count(connection, "SELECT count(*) FROM pg_indexes WHERE indexname IN "
                                "('games_listing', 'games_flag_at')"),
              2);
    // Opening again finds it done and changes nothing.
    EXPECT_EQ(migrate_postgres_schema(connection), newest_postgres_schema_version());
}

TEST_F(PostgresRepositoryTest, ADatabaseAtAnOlderVersionTakesOnlyTheStepsItLacks) {
    PostgresConnection connection(server().conninfo());
    EXPECT_EQ(migrate_postgres_schema(connection, 1), 0);
    EXPECT_EQ(postgres_schema_version(connection), 1);
    EXPECT_EQ(count(connection, "SELECT count(*) FROM pg_indexes WHERE indexname = "
                                "'games_listing'"),
              0);
    GameRecord record = a_game();
    {
        PostgresGameRepository store(server().conninfo(), 1);
        EXPECT_EQ(postgres_schema_version(connection), newest_postgres_schema_version());
        store.insert(record);
    }
    EXPECT_EQ(count(connection, "SELECT count(*) FROM pg_indexes WHERE indexname = "
                                "'games_listing'"),
              1);
    PostgresGameRepository reopened(server().conninfo(), 1);
    EXPECT_EQ(reopened.load(record.id)->moves_uci, record.moves_uci);
}

TEST_F(PostgresRepositoryTest, ADatabaseOfANewerReleaseIsRefusedAndLeftUnchanged) {
    PostgresConnection connection(server().conninfo());
    EXPECT_EQ(migrate_postgres_schema(connection, 1), 0);
    int future = newest_postgres_schema_version() + 1;
    connection.execute("UPDATE schema_version SET version = " + std::to_string(future));
    std::string before = schema_shape(connection);
    try {
        PostgresGameRepository store(server().conninfo());
        ADD_FAILURE() << "a database of schema version " << future << " was opened";
    } catch (const NewerSchemaError& refusal) {
        EXPECT_NE(std::string(refusal.what()).find("schema version " + std::to_string(future)),
                  std::string::npos)
            << refusal.what();
    }
    EXPECT_EQ(schema_shape(connection), before);
    EXPECT_EQ(before.find("games_listing"), std::string::npos);
}

// Without the advisory lock, both would create the tables and one would fail.
TEST_F(PostgresRepositoryTest, ServersStartingAtOnceOnAnEmptyDatabaseMigrateItOnce) {
    constexpr int servers = 4;
    std::array<std::string, servers> failures;
    std::array<std::thread, servers> starting;
    for (int i = 0; i < servers; ++i)
        starting[i] = std::thread([&, i] {
            try {
                PostgresGameRepository store(server().conninfo(), 1);
            } catch (const std::exception& error) {
                failures[i] = error.what();
            }
        });
    for (auto& thread : starting) thread.join();
    for (const auto& failure : failures) EXPECT_EQ(failure, "");
    PostgresConnection connection(server().conninfo());
    EXPECT_EQ(postgres_schema_version(connection), newest_postgres_schema_version());
}

// The server is killed mid-game: calls fail as Unavailable (503 to clients), nothing
// half-written, and once it is back the same repository carries on by itself.
TEST_F(PostgresRepositoryTest, AServerThatGoesAwayIsUnavailableAndTheRepositoryRecovers) {
    PostgresGameRepository store(server().conninfo(), 2);
    GameRecord record = a_game();
    store.insert(record);
    ASSERT_TRUE(store.load(record.id)); // a pooled connection is now idle

    server().kill();
    auto expect_unavailable = [](const auto& call, const char* what) {
        try {
            call();
            ADD_FAILURE() << what << " succeeded with the server down";
        } catch (const StorageError& error) {
            EXPECT_EQ(error.kind(), StorageErrorKind::Unavailable) << what << ": " << error.what();
        }
    };
    GameRecord moved = record;
    moved.moves_uci.push_back("e7e5");
    expect_unavailable([&] { store.save(moved, 1); }, "save");
    expect_unavailable([&] { store.load(record.id); }, "load");
    expect_unavailable([&] { store.note_alive(1); }, "note_alive");
    server().start();

    // The pool's connections died with the server: the next calls connect afresh.
    auto loaded = store.load(record.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->moves_uci, record.moves_uci);
    EXPECT_EQ(loaded->version, 0);
    EXPECT_EQ(store.save(moved, 1), SaveOutcome::Saved);
    EXPECT_EQ(store.load(record.id)->moves_uci.size(), 2u);
}

// A server restarted while the repository's connections were idle: the first call after it
// notices the dead connection before doing anything and goes on with a new one.
TEST_F(PostgresRepositoryTest, IdleConnectionsAcrossARestartDoNotFailTheNextCall) {
    PostgresGameRepository store(server().conninfo(), 2);
    GameRecord record = a_game();
    store.insert(record);
    server().kill();
    server().start();
    EXPECT_TRUE(store.load(record.id));
    record.moves_uci.push_back("e7e5");
    EXPECT_EQ(store.save(record, 1), SaveOutcome::Saved);
}

TEST_F(PostgresRepositoryTest, AServerThatCannotBeReachedIsUnavailableWithoutThePassword) {
    std::string conninfo = "host=/nonexistent-evochess-socket-dir port=5432 user=evochess "
                           "password=s3cret-word dbname=postgres connect_timeout=2";
    try {
        PostgresGameRepository store(conninfo);
        ADD_FAILURE() << "opened a database that is not there";
    } catch (const StorageError& error) {
        std::string message = error.what();
        EXPECT_EQ(error.kind(), StorageErrorKind::Unavailable);
        EXPECT_EQ(message.find("s3cret-word"), std::string::npos) << message;
        EXPECT_NE(message.find("/nonexistent-evochess-socket-dir"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

TEST(PostgresMessagesTest, PasswordsAreTakenOutOfWhatIsShown) {
    std::string uri = "postgresql://evo:hunter2@db.example.org:5433/games?sslmode=require";
    EXPECT_EQ(conninfo_for_messages(uri), "host=db.example.org port=5433 dbname=games user=evo");
    EXPECT_EQ(one_line_without_password("bad URI \"" + uri + "\"\n\tdetail", uri),
              "bad URI \"postgresql://evo:***@db.example.org:5433/games?sslmode=require\" detail");
    std::string keywords = "host=db password=hunter2 dbname=games";
    EXPECT_EQ(conninfo_for_messages(keywords).find("hunter2"), std::string::npos);
    EXPECT_EQ(one_line_without_password("in " + keywords, keywords),
              "in host=db password=*** dbname=games");
    // A string libpq cannot read at all still loses its password.
    std::string broken = "host=db password=hunter2 nonsense";
    EXPECT_EQ(one_line_without_password(broken, broken).find("hunter2"), std::string::npos);
}

TEST(PostgresMessagesTest, SqlstatesBecomeStorageErrorKinds) {
    EXPECT_EQ(storage_error_kind_of_sqlstate("53100"), StorageErrorKind::Full);
    for (const char* code : {"08006", "08001", "57P01", "57P03", "53300", "25006", "58030"})
        EXPECT_EQ(storage_error_kind_of_sqlstate(code), StorageErrorKind::Unavailable) << code;
    for (const char* code : {"40001", "40P01", "23505"})
        EXPECT_EQ(storage_error_kind_of_sqlstate(code), StorageErrorKind::Conflict) << code;
    EXPECT_EQ(storage_error_kind_of_sqlstate("23503"), StorageErrorKind::Gone);
    EXPECT_EQ(storage_error_kind_of_sqlstate("XX001"), StorageErrorKind::Corrupt);
    // Our own SQL being wrong is a fault (500), not a condition of the storage.
    EXPECT_FALSE(storage_error_kind_of_sqlstate("42601"));
    EXPECT_FALSE(storage_error_kind_of_sqlstate("42P01"));
}

TEST_F(PostgresRepositoryTest, ARowThatIsNotANumberIsCorrupt) {
    PostgresGameRepository store(server().conninfo(), 1);
    GameRecord record = a_game();
    store.insert(record);
    PostgresConnection connection(server().conninfo());
    PostgresResult text = connection.execute("SELECT 'x' || version FROM games");
    try {
        text.int64(0, 0);
        ADD_FAILURE() << "read 'x0' as a number";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt);
    }
}

// Issue 18: a declared result keeps its texts in its columns; one that is not ours is
// refused as corrupt when read back.
TEST_F(PostgresRepositoryTest, ADeclaredResultIsStoredAsItsTextsAndAStrangeOneIsCorrupt) {
    PostgresGameRepository store(server().conninfo(), 1);
    GameRecord record = a_game();
    record.declared_result = DeclaredResult::draw(DeclaredReason::Agreement);
    store.insert(record);
    PostgresConnection connection(server().conninfo());
    PostgresResult columns =
        connection.execute("SELECT declared_result, declared_reason FROM games");
    EXPECT_EQ(columns.text(0, 0), "1/2-1/2");
    EXPECT_EQ(columns.text(0, 1), "agreement");
    connection.execute("UPDATE games SET declared_result = '1-1'");
    try {
        store.load(record.id);
        ADD_FAILURE() << "read a declared result that is not ours";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt);
    }
}

// A statement with parameters is parsed and planned once per connection: the second call
// runs the statement prepared by the first, and a failing one is prepared again afterwards.
TEST_F(PostgresRepositoryTest, AStatementWithParametersIsPreparedOnceAConnection) {
    PostgresConnection connection(server().conninfo());
    const std::string sql = "SELECT $1::bigint + 1";
    for (std::int64_t i = 0; i < 3; ++i)
        EXPECT_EQ(connection.execute(sql, PostgresParams().add(i)).int64(0, 0), i + 1);
    auto prepared = [&] {
        return connection
            .execute("SELECT count(*) FROM pg_prepared_statements WHERE statement = '" + sql + "'")
            .int64(0, 0);
    };
    EXPECT_EQ(prepared(), 1);
    // A value the statement cannot take fails it; the connection still answers the next.
    EXPECT_THROW(connection.execute(sql, PostgresParams().add(std::string("x"))), std::exception);
    EXPECT_EQ(connection.execute(sql, PostgresParams().add(std::int64_t(41))).int64(0, 0), 42);
    // Without parameters nothing is prepared.
    connection.execute("SELECT 1");
    EXPECT_EQ(connection
                  .execute("SELECT count(*) FROM pg_prepared_statements WHERE statement = "
                           "'SELECT 1'")
                  .int64(0, 0),
              0);
}

} // namespace
} // namespace evo::app::testing

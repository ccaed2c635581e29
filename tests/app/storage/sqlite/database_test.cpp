// The thin SQLite layer: statements stay prepared for the connection's life.
#include "app/storage/sqlite/database.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <unistd.h>

namespace evo::app {
namespace {

std::string temporary_database() {
    auto path = std::filesystem::temp_directory_path() /
                ("evo-sqlite-db-test-" + std::to_string(::getpid()) + ".sqlite3");
    std::filesystem::remove(path);
    return path.string();
}

// The statements the connection holds prepared now.
int prepared_statements(SqliteDatabase& db) {
    int count = 0;
    for (sqlite3_stmt* s = sqlite3_next_stmt(db.handle(), nullptr); s;
         s = sqlite3_next_stmt(db.handle(), s))
        ++count;
    return count;
}

TEST(SqliteDatabaseTest, AStatementIsPreparedOnceAConnection) {
    std::string path = temporary_database();
    {
        SqliteDatabase db(path);
        db.execute("CREATE TABLE t (x INTEGER)");
        int before = prepared_statements(db);
        for (int i = 0; i < 50; ++i)
            SqliteStatement(db, "INSERT INTO t VALUES (?)").bind(1, i).run();
        for (int i = 0; i < 50; ++i) db.execute("UPDATE t SET x = x + 1");
        EXPECT_EQ(prepared_statements(db), before + 2);
        SqliteStatement count(db, "SELECT count(*), sum(x) FROM t");
        ASSERT_TRUE(count.step());
        EXPECT_EQ(count.column_int(0), 50);
        EXPECT_EQ(count.column_int(1), 49 * 50 / 2 + 50 * 50);
    }
    std::filesystem::remove(path);
}

TEST(SqliteDatabaseTest, TheSameTextUsedTwiceAtOnceGetsTwoStatements) {
    std::string path = temporary_database();
    {
        SqliteDatabase db(path);
        db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)");
        SqliteStatement outer(db, "SELECT x FROM t ORDER BY x");
        int rows = 0;
        while (outer.step()) {
            SqliteStatement inner(db, "SELECT x FROM t ORDER BY x");
            ASSERT_TRUE(inner.step());
            EXPECT_EQ(inner.column_int(0), 1);
            ++rows;
        }
        EXPECT_EQ(rows, 2);
    }
    std::filesystem::remove(path);
}

TEST(SqliteDatabaseTest, AFailedStatementLeavesItsCachedCopyUsable) {
    std::string path = temporary_database();
    {
        SqliteDatabase db(path);
        db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)");
        db.execute("INSERT INTO t VALUES (1)");
        EXPECT_THROW(db.execute("INSERT INTO t VALUES (1)"), StorageError);
        EXPECT_THROW(SqliteStatement(db, "INSERT INTO t VALUES (?)").bind(1, 1).run(),
                     StorageError);
        SqliteStatement(db, "INSERT INTO t VALUES (?)").bind(1, 2).run();
        SqliteStatement count(db, "SELECT count(*) FROM t");
        ASSERT_TRUE(count.step());
        EXPECT_EQ(count.column_int(0), 2);
    }
    std::filesystem::remove(path);
}

} // namespace
} // namespace evo::app

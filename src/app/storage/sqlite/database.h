// A thin RAII layer over SQLite's C API: one connection, prepared statements, transactions.
// Failures are thrown as StorageErrors (storage_error.h) of the kind SQLite's code says.
#pragma once

#include "app/common/storage_error.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace evo::app {

// The kind of storage error an SQLite result code (extended or primary) is; none for a code
// that says our SQL or our use of SQLite is wrong, which is a fault, not a storage condition.
std::optional<StorageErrorKind> storage_error_kind_of_sqlite(int code);

// Throws the failure as a StorageError of its kind, or as a plain fault (std::logic_error).
[[noreturn]] void throw_sqlite_failure(int code, const std::string& message);

class SqliteDatabase;

// A statement kept prepared by its connection (SqliteDatabase's cache).
struct SqliteCachedStatement {
    sqlite3_stmt* statement = nullptr;
    bool in_use = false;
};

// A prepared statement; bind parameters by 1-based index, then step through rows.
class SqliteStatement {
  public:
    SqliteStatement(SqliteDatabase& db, std::string_view sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    SqliteStatement& bind(int index, std::int64_t value);
    SqliteStatement& bind(int index, std::string_view value);
    SqliteStatement& bind_optional(int index, const std::optional<std::string>& value);
    SqliteStatement& bind_optional(int index, const std::optional<int>& value);
    SqliteStatement& bind_optional(int index, const std::optional<std::int64_t>& value);
    SqliteStatement& bind_null(int index);
    SqliteStatement& bind_double(int index, double value);

    // Advances to the next row: true while a row is there, false when done.
    bool step();
    // Runs a statement that yields no rows, then resets it for new bindings.
    void run();

    std::int64_t column_int(int index) const;
    double column_double(int index) const;
    std::string column_text(int index) const;
    std::optional<std::string> column_optional_text(int index) const;
    std::optional<int> column_optional_int(int index) const;
    std::optional<std::int64_t> column_optional_int64(int index) const;

  private:
    SqliteDatabase& db_;
    sqlite3_stmt* statement_ = nullptr;
    SqliteCachedStatement* cached_ = nullptr; // borrowed from the connection's cache
};

class SqliteDatabase {
  public:
    // Opens (creating if needed) the database file; WAL journal, synchronous=FULL,
    // foreign keys on, so a committed transaction survives a crash.
    explicit SqliteDatabase(const std::string& path);
    ~SqliteDatabase();
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;

    void execute(std::string_view sql);
    std::int64_t last_insert_id() const;
    int changes() const;
    [[noreturn]] void fail(std::string_view what) const;
    sqlite3* handle() const { return db_; }

  private:
    friend class SqliteStatement;

    // Prepared statements by their SQL text, kept for the connection's life: parsing and
    // planning a move's short statements cost more than running them. A statement in use
    // (a nested use of the same text) is prepared afresh and finalized after.
    struct TransparentHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const {
            return std::hash<std::string_view>{}(text);
        }
    };
    static constexpr std::size_t max_cached_statements = 256;

    // A prepared statement of the first statement in `sql`, and its cache entry if it is the
    // cache's; none when `whole_text` is asked for and `sql` holds more than one statement.
    sqlite3_stmt* take_statement(std::string_view sql, bool whole_text,
                                 SqliteCachedStatement*& cached);
    void give_back(sqlite3_stmt* statement, SqliteCachedStatement* cached);
    void close();

    sqlite3* db_ = nullptr;
    std::mutex cache_mutex_;
    std::unordered_map<std::string, SqliteCachedStatement, TransparentHash, std::equal_to<>> cache_;
};

// Begins an IMMEDIATE transaction; commit() makes it durable, the destructor
// rolls back whatever was not committed.
class SqliteTransaction {
  public:
    explicit SqliteTransaction(SqliteDatabase& db);
    ~SqliteTransaction();
    SqliteTransaction(const SqliteTransaction&) = delete;
    SqliteTransaction& operator=(const SqliteTransaction&) = delete;
    void commit();

  private:
    SqliteDatabase& db_;
    bool open_ = true;
};

} // namespace evo::app

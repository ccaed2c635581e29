#include "database.h"

#include <sqlite3.h>

namespace evo::app {

std::optional<StorageErrorKind> storage_error_kind_of_sqlite(int code) {
    // A row that must name a stored game names none: the game was removed meanwhile.
    if (code == SQLITE_CONSTRAINT_FOREIGNKEY) return StorageErrorKind::Gone;
    // A row with that key was stored first by another writer.
    if (code == SQLITE_CONSTRAINT_PRIMARYKEY || code == SQLITE_CONSTRAINT_UNIQUE)
        return StorageErrorKind::Conflict;
    switch (code & 0xff) {
    case SQLITE_FULL: return StorageErrorKind::Full;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_READONLY:
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_NOLFS: return StorageErrorKind::Unavailable;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB: return StorageErrorKind::Corrupt;
    }
    return std::nullopt;
}

void throw_sqlite_failure(int code, const std::string& message) {
    if (auto kind = storage_error_kind_of_sqlite(code)) throw StorageError(*kind, message);
    throw std::logic_error(message);
}

SqliteDatabase::SqliteDatabase(const std::string& path) {
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw_sqlite_failure(SQLITE_CANTOPEN, "cannot open database " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
    try {
        execute("PRAGMA journal_mode=WAL");
        execute("PRAGMA synchronous=FULL");
        execute("PRAGMA foreign_keys=ON");
    } catch (...) {
        close(); // a file that is not a database fails here; the destructor won't run
        throw;
    }
}

SqliteDatabase::~SqliteDatabase() {
    close();
}

void SqliteDatabase::close() {
    // A connection with statements left unfinalized would not close.
    for (auto& [text, cached] : cache_) sqlite3_finalize(cached.statement);
    cache_.clear();
    sqlite3_close(db_);
}

sqlite3_stmt* SqliteDatabase::take_statement(std::string_view sql, bool whole_text,
                                             SqliteCachedStatement*& cached) {
    cached = nullptr;
    {
        std::lock_guard lock(cache_mutex_);
        if (auto it = cache_.find(sql); it != cache_.end() && !it->second.in_use) {
            it->second.in_use = true;
            cached = &it->second;
            return it->second.statement;
        }
    }
    sqlite3_stmt* statement = nullptr;
    const char* tail = nullptr;
    if (sqlite3_prepare_v3(db_, sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &statement,
                           &tail) != SQLITE_OK)
        fail("cannot prepare statement");
    std::string_view rest(tail, std::size_t(sql.data() + sql.size() - tail));
    if (whole_text && rest.find_first_not_of(" \t\r\n;") != std::string_view::npos) {
        sqlite3_finalize(statement);
        return nullptr;
    }
    std::lock_guard lock(cache_mutex_);
    if (cache_.size() < max_cached_statements && !cache_.contains(sql))
        cached =
            &cache_.emplace(std::string(sql), SqliteCachedStatement{statement, true}).first->second;
    return statement;
}

void SqliteDatabase::give_back(sqlite3_stmt* statement, SqliteCachedStatement* cached) {
    if (!cached) {
        sqlite3_finalize(statement);
        return;
    }
    // Reset releases the statement's read of the database, as finalizing did.
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    std::lock_guard lock(cache_mutex_);
    cached->in_use = false;
}

void SqliteDatabase::execute(std::string_view sql) {
    SqliteCachedStatement* cached = nullptr;
    if (sqlite3_stmt* statement = take_statement(sql, true, cached)) {
        // One statement: run it to the end from the cache.
        int code = SQLITE_ROW;
        while (code == SQLITE_ROW) code = sqlite3_step(statement);
        if (code != SQLITE_DONE) {
            std::string message = sqlite3_errmsg(db_);
            int extended = sqlite3_extended_errcode(db_);
            give_back(statement, cached);
            throw_sqlite_failure(extended, "SQLite: " + message + " in: " + std::string(sql));
        }
        give_back(statement, cached);
        return;
    }
    // A script of several statements (the schema's migrations).
    char* error = nullptr;
    std::string text(sql);
    if (int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error); code != SQLITE_OK) {
        std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        throw_sqlite_failure(sqlite3_extended_errcode(db_), "SQLite: " + message + " in: " + text);
    }
}

std::int64_t SqliteDatabase::last_insert_id() const {
    return sqlite3_last_insert_rowid(db_);
}
int SqliteDatabase::changes() const {
    return sqlite3_changes(db_);
}

void SqliteDatabase::fail(std::string_view what) const {
    throw_sqlite_failure(sqlite3_extended_errcode(db_),
                         "SQLite: " + std::string(what) + ": " + sqlite3_errmsg(db_));
}

SqliteStatement::SqliteStatement(SqliteDatabase& db, std::string_view sql) : db_(db) {
    statement_ = db.take_statement(sql, false, cached_);
}

SqliteStatement::~SqliteStatement() {
    db_.give_back(statement_, cached_);
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) db_.fail("cannot bind");
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view value) {
    if (sqlite3_bind_text(statement_, index, value.data(), int(value.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK)
        db_.fail("cannot bind");
    return *this;
}

SqliteStatement& SqliteStatement::bind_optional(int index,
                                                const std::optional<std::string>& value) {
    return value ? bind(index, std::string_view(*value)) : bind_null(index);
}

SqliteStatement& SqliteStatement::bind_optional(int index, const std::optional<int>& value) {
    return value ? bind(index, std::int64_t(*value)) : bind_null(index);
}

SqliteStatement& SqliteStatement::bind_optional(int index,
                                                const std::optional<std::int64_t>& value) {
    return value ? bind(index, *value) : bind_null(index);
}

SqliteStatement& SqliteStatement::bind_null(int index) {
    if (sqlite3_bind_null(statement_, index) != SQLITE_OK) db_.fail("cannot bind");
    return *this;
}

bool SqliteStatement::step() {
    int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    db_.fail("statement failed");
}

void SqliteStatement::run() {
    while (step()) {
    }
    sqlite3_reset(statement_);
}

SqliteStatement& SqliteStatement::bind_double(int index, double value) {
    if (sqlite3_bind_double(statement_, index, value) != SQLITE_OK) db_.fail("cannot bind");
    return *this;
}

double SqliteStatement::column_double(int index) const {
    return sqlite3_column_double(statement_, index);
}

std::int64_t SqliteStatement::column_int(int index) const {
    return sqlite3_column_int64(statement_, index);
}

std::string SqliteStatement::column_text(int index) const {
    auto text = sqlite3_column_text(statement_, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              std::size_t(sqlite3_column_bytes(statement_, index)))
                : std::string();
}

std::optional<std::string> SqliteStatement::column_optional_text(int index) const {
    if (sqlite3_column_type(statement_, index) == SQLITE_NULL) return std::nullopt;
    return column_text(index);
}

std::optional<int> SqliteStatement::column_optional_int(int index) const {
    if (sqlite3_column_type(statement_, index) == SQLITE_NULL) return std::nullopt;
    return int(sqlite3_column_int64(statement_, index));
}

std::optional<std::int64_t> SqliteStatement::column_optional_int64(int index) const {
    if (sqlite3_column_type(statement_, index) == SQLITE_NULL) return std::nullopt;
    return sqlite3_column_int64(statement_, index);
}

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : db_(db) {
    db_.execute("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
    if (!open_) return;
    try {
        db_.execute("ROLLBACK");
    } catch (const std::exception&) {
        // Nothing more can be done: the connection rolls back on its own when it closes.
    }
}

void SqliteTransaction::commit() {
    db_.execute("COMMIT");
    open_ = false;
}

} // namespace evo::app

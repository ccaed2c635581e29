// A thin RAII layer over libpq: one connection, statements with text parameters, results
// read as text. Failures are thrown as StorageErrors of the kind the SQLSTATE says (or as a
// plain fault, std::logic_error, when our SQL is wrong).
#pragma once

#include "app/common/storage_error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace evo::app {

// The kind of storage error a SQLSTATE is; none for a code that says our SQL is wrong.
std::optional<StorageErrorKind> storage_error_kind_of_sqlstate(std::string_view sqlstate);

// The connection string with any password taken out, for messages: the parsed host, port,
// database and user ("host=db.example.org port=5432 dbname=evochess user=evo").
std::string conninfo_for_messages(const std::string& conninfo);

// Why libpq cannot read the connection string (on one line, no password in it); none if it
// can. Says nothing of whether the server is there.
std::optional<std::string> conninfo_problem(const std::string& conninfo);

// A message from libpq on one line, with the connection string's password (if it holds one)
// replaced by "***": libpq quotes parts of a malformed string back.
std::string one_line_without_password(std::string message, const std::string& conninfo);

// Parameters of one statement, in order ($1, $2, ...); none is SQL NULL.
class PostgresParams {
  public:
    PostgresParams& add(std::int64_t value);
    PostgresParams& add(std::string value);
    PostgresParams& add_bool(bool value);
    // In the shortest text that reads back as the same double.
    PostgresParams& add_double(double value);
    PostgresParams& add_optional(const std::optional<std::string>& value);
    PostgresParams& add_optional(const std::optional<int>& value);
    PostgresParams& add_optional(const std::optional<std::int64_t>& value);
    const std::vector<std::optional<std::string>>& values() const { return values_; }

  private:
    std::vector<std::optional<std::string>> values_;
};

// The rows of one statement, as text; a value that is not what the column should hold
// throws StorageError Corrupt.
class PostgresResult {
  public:
    explicit PostgresResult(pg_result* result) : result_(result) {}
    ~PostgresResult();
    PostgresResult(PostgresResult&& other) noexcept : result_(other.result_) {
        other.result_ = nullptr;
    }
    PostgresResult(const PostgresResult&) = delete;
    PostgresResult& operator=(const PostgresResult&) = delete;
    PostgresResult& operator=(PostgresResult&&) = delete;

    int rows() const;
    // How many rows an INSERT, UPDATE or DELETE changed.
    std::int64_t affected_rows() const;
    std::string text(int row, int column) const;
    std::optional<std::string> optional_text(int row, int column) const;
    std::int64_t int64(int row, int column) const;
    double float64(int row, int column) const;
    std::optional<std::int64_t> optional_int64(int row, int column) const;
    std::optional<int> optional_int(int row, int column) const;
    bool boolean(int row, int column) const;
    pg_result* raw() const { return result_; }

  private:
    pg_result* result_;
};

class PostgresConnection {
  public:
    // Connects; StorageError Unavailable (the password left out of its message) when the
    // server cannot be reached or refuses us.
    explicit PostgresConnection(const std::string& conninfo);
    ~PostgresConnection();
    PostgresConnection(const PostgresConnection&) = delete;
    PostgresConnection& operator=(const PostgresConnection&) = delete;

    // A statement with parameters is prepared on this connection the first time its text is
    // seen and executed by name after that (no parse and plan per call: most of PostgreSQL's
    // CPU a move was that); without parameters it is sent as text.
    PostgresResult execute(std::string_view sql, const PostgresParams& params = {});
    // Still connected, and between transactions: fit to be used again.
    bool reusable() const;
    // The connection was lost (the server went away, or dropped us).
    bool broken() const;
    // libpq's own handle, for what this layer does not wrap (LISTEN's notifications).
    pg_conn* raw() const { return connection_; }

    // The most statements one connection keeps prepared; others are sent as text.
    static constexpr std::size_t max_prepared = 256;

  private:
    // The result's status checked: returned if it succeeded, else thrown as a StorageError.
    PostgresResult checked(PostgresResult result, const std::string& sql);
    // The name of the statement prepared for `sql` on this connection, preparing it now if it
    // was not; none once max_prepared are kept.
    std::optional<std::string> prepared_name(const std::string& sql, int parameters);

    pg_conn* connection_ = nullptr;
    std::string conninfo_;
    std::unordered_map<std::string, std::string> prepared_; // SQL text -> statement name
    std::uint64_t next_statement_ = 0;
    std::string last_sqlstate_; // of the last statement that failed
    bool lost_ = false;         // a statement failed because the connection went away
};

} // namespace evo::app

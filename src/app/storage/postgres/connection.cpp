#include "connection.h"

#include "app/common/api_error.h"

#include <libpq-fe.h>

#include <charconv>
#include <memory>
#include <stdexcept>

namespace evo::app {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// The password as it is written in the string (raw, maybe percent-encoded) and as libpq reads
// it: either may be quoted back in a message.
std::vector<std::string> passwords_in(const std::string& conninfo) {
    std::vector<std::string> found;
    char* error = nullptr;
    if (PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error)) {
        for (PQconninfoOption* option = options; option->keyword; ++option)
            if (std::string_view(option->keyword) == "password" && option->val && *option->val)
                found.emplace_back(option->val);
        PQconninfoFree(options);
    }
    PQfreemem(error);
    // postgresql://user:PASSWORD@host/...
    if (std::size_t scheme = conninfo.find("://"); scheme != std::string::npos) {
        std::size_t start = scheme + 3;
        std::size_t end = conninfo.find_first_of("/?", start);
        std::string authority =
            conninfo.substr(start, end == std::string::npos ? end : end - start);
        std::size_t at = authority.rfind('@');
        std::size_t colon = authority.find(':');
        if (at != std::string::npos && colon < at)
            found.push_back(authority.substr(colon + 1, at - colon - 1));
    }
    // password=PASSWORD (key/value form or URI query), up to a separator
    for (std::size_t key = conninfo.find("password="); key != std::string::npos;
         key = conninfo.find("password=", key + 1)) {
        std::size_t start = key + 9;
        std::size_t end = conninfo.find_first_of(" &", start);
        found.push_back(conninfo.substr(start, end == std::string::npos ? end : end - start));
    }
    return found;
}

std::string connection_message(pg_conn* connection) {
    return connection ? PQerrorMessage(connection) : "out of memory";
}

} // namespace

std::optional<StorageErrorKind> storage_error_kind_of_sqlstate(std::string_view sqlstate) {
    // A row that must name a stored game names none: the game was removed meanwhile.
    if (sqlstate == "23503") return StorageErrorKind::Gone;
    // Another writer stored that key first, or won a serialization race or a deadlock.
    if (sqlstate == "23505" || sqlstate == "40001" || sqlstate == "40P01")
        return StorageErrorKind::Conflict;
    if (sqlstate == "53100") return StorageErrorKind::Full; // disk_full
    if (sqlstate == "XX001" || sqlstate == "XX002") return StorageErrorKind::Corrupt;
    // Connection lost (08), server shutting down or starting (57P0x), out of connections or
    // memory (53), a standby that cannot write (25006), a lock or statement timeout (55P03,
    // 57014), an I/O error (58).
    if (starts_with(sqlstate, "08") || starts_with(sqlstate, "57P") ||
        starts_with(sqlstate, "53") || starts_with(sqlstate, "58") || sqlstate == "25006" ||
        sqlstate == "55P03" || sqlstate == "57014")
        return StorageErrorKind::Unavailable;
    return std::nullopt;
}

std::string conninfo_for_messages(const std::string& conninfo) {
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
    PQfreemem(error);
    if (!options) return "(a connection string that cannot be read)";
    std::string shown;
    for (std::string_view keyword : {"host", "hostaddr", "port", "dbname", "user"})
        for (PQconninfoOption* option = options; option->keyword; ++option)
            if (keyword == option->keyword && option->val && *option->val) {
                if (!shown.empty()) shown.push_back(' ');
                shown.append(keyword).append("=").append(option->val);
            }
    PQconninfoFree(options);
    return shown.empty() ? "(libpq's defaults)" : shown;
}

std::optional<std::string> conninfo_problem(const std::string& conninfo) {
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
    std::optional<std::string> problem;
    if (!options) problem = one_line_without_password(error ? error : "out of memory", conninfo);
    PQconninfoFree(options);
    PQfreemem(error);
    return problem;
}

std::string one_line_without_password(std::string message, const std::string& conninfo) {
    for (const std::string& password : passwords_in(conninfo)) {
        if (password.empty()) continue;
        for (std::size_t at = message.find(password); at != std::string::npos;
             at = message.find(password, at + 3))
            message.replace(at, password.size(), "***");
    }
    std::string line;
    bool space = false;
    for (char c : message) {
        if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
            space = !line.empty();
            continue;
        }
        if (space) line += ' ';
        space = false;
        line += c;
    }
    return line;
}

PostgresParams& PostgresParams::add(std::int64_t value) {
    values_.emplace_back(std::to_string(value));
    return *this;
}

PostgresParams& PostgresParams::add_double(double value) {
    char text[32];
    auto end = std::to_chars(text, text + sizeof text, value).ptr;
    values_.emplace_back(std::string(text, end));
    return *this;
}

PostgresParams& PostgresParams::add(std::string value) {
    // A text parameter ends at its first NUL (libpq's text format): stored or compared cut
    // short, it would be another value. Refused, as a bad request.
    if (value.find('\0') != std::string::npos)
        throw bad_request("a text with a NUL character (\\u0000) is not taken");
    values_.emplace_back(std::move(value));
    return *this;
}

PostgresParams& PostgresParams::add_bool(bool value) {
    values_.emplace_back(value ? "true" : "false");
    return *this;
}

PostgresParams& PostgresParams::add_optional(const std::optional<std::string>& value) {
    if (value) return add(*value);
    values_.push_back(std::nullopt);
    return *this;
}

PostgresParams& PostgresParams::add_optional(const std::optional<int>& value) {
    if (value) return add(std::int64_t(*value));
    values_.emplace_back(std::nullopt);
    return *this;
}

PostgresParams& PostgresParams::add_optional(const std::optional<std::int64_t>& value) {
    if (value) return add(*value);
    values_.emplace_back(std::nullopt);
    return *this;
}

PostgresResult::~PostgresResult() {
    PQclear(result_);
}

int PostgresResult::rows() const {
    return PQntuples(result_);
}

std::int64_t PostgresResult::affected_rows() const {
    const char* count = PQcmdTuples(result_);
    std::int64_t value = 0;
    std::from_chars(count, count + std::char_traits<char>::length(count), value);
    return value;
}

std::string PostgresResult::text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column),
                       std::size_t(PQgetlength(result_, row, column)));
}

std::optional<std::string> PostgresResult::optional_text(int row, int column) const {
    if (PQgetisnull(result_, row, column)) return std::nullopt;
    return text(row, column);
}

double PostgresResult::float64(int row, int column) const {
    std::string value = text(row, column);
    double number = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || value.empty())
        throw StorageError(StorageErrorKind::Corrupt, "PostgreSQL: column " +
                                                          std::string(PQfname(result_, column)) +
                                                          " holds '" + value + "', not a number");
    return number;
}

std::int64_t PostgresResult::int64(int row, int column) const {
    std::string value = text(row, column);
    std::int64_t number = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || value.empty())
        throw StorageError(StorageErrorKind::Corrupt, "PostgreSQL: column " +
                                                          std::string(PQfname(result_, column)) +
                                                          " holds '" + value + "', not a number");
    return number;
}

std::optional<std::int64_t> PostgresResult::optional_int64(int row, int column) const {
    if (PQgetisnull(result_, row, column)) return std::nullopt;
    return int64(row, column);
}

std::optional<int> PostgresResult::optional_int(int row, int column) const {
    if (PQgetisnull(result_, row, column)) return std::nullopt;
    return int(int64(row, column));
}

bool PostgresResult::boolean(int row, int column) const {
    return text(row, column) == "t";
}

PostgresConnection::PostgresConnection(const std::string& conninfo)
    : connection_(PQconnectdb(conninfo.c_str())), conninfo_(conninfo) {
    if (!connection_ || PQstatus(connection_) != CONNECTION_OK) {
        std::string message = connection_message(connection_);
        PQfinish(connection_);
        connection_ = nullptr;
        throw StorageError(StorageErrorKind::Unavailable,
                           "cannot connect to PostgreSQL (" + conninfo_for_messages(conninfo) +
                               "): " + one_line_without_password(message, conninfo));
    }
    // Our own notices (CREATE ... IF NOT EXISTS that finds it) are not for the server's log.
    PQsetNoticeProcessor(
        connection_, [](void*, const char*) {}, nullptr);
}

PostgresConnection::~PostgresConnection() {
    PQfinish(connection_);
}

PostgresResult PostgresConnection::execute(std::string_view sql, const PostgresParams& params) {
    std::vector<const char*> values;
    for (const auto& value : params.values()) values.push_back(value ? value->c_str() : nullptr);
    std::string text(sql);
    // Without parameters, several statements may be sent at once (a migration step).
    if (values.empty()) return checked(PostgresResult(PQexec(connection_, text.c_str())), text);
    std::optional<std::string> name = prepared_name(text, int(values.size()));
    if (!name)
        return checked(PostgresResult(PQexecParams(connection_, text.c_str(), int(values.size()),
                                                   nullptr, values.data(), nullptr, nullptr, 0)),
                       text);
    try {
        return checked(PostgresResult(PQexecPrepared(connection_, name->c_str(), int(values.size()),
                                                     values.data(), nullptr, nullptr, 0)),
                       text);
    } catch (...) {
        // The statement itself failed (a schema change altered its result, or the server lost
        // it): prepared again next time. Other failures keep it.
        if (last_sqlstate_ == "0A000" || last_sqlstate_ == "26000") prepared_.erase(text);
        throw;
    }
}

std::optional<std::string> PostgresConnection::prepared_name(const std::string& sql,
                                                             int parameters) {
    if (auto found = prepared_.find(sql); found != prepared_.end()) return found->second;
    if (prepared_.size() >= max_prepared) return std::nullopt;
    // Names are unique on the connection: a statement once prepared keeps its name even if
    // it is forgotten here, so a new one never collides with it.
    std::string name = "evo_" + std::to_string(next_statement_++);
    checked(PostgresResult(PQprepare(connection_, name.c_str(), sql.c_str(), parameters, nullptr)),
            sql);
    prepared_.emplace(sql, name);
    return name;
}

PostgresResult PostgresConnection::checked(PostgresResult result, const std::string& text) {
    pg_result* raw = result.raw();
    ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;

    std::string message =
        one_line_without_password(raw ? PQresultErrorMessage(raw) : "", conninfo_);
    if (message.empty())
        message = one_line_without_password(PQerrorMessage(connection_), conninfo_);
    const char* sqlstate = raw ? PQresultErrorField(raw, PG_DIAG_SQLSTATE) : nullptr;
    message = "PostgreSQL: " + message;
    // No SQLSTATE: libpq itself failed, which is the connection going away (libpq may learn
    // that the server closed it only after answering).
    std::string_view code = sqlstate ? sqlstate : "08006";
    last_sqlstate_ = code;
    if (starts_with(code, "08") || code == "57P01" || code == "57P02" || code == "57P03")
        lost_ = true;
    if (auto kind = storage_error_kind_of_sqlstate(code)) throw StorageError(*kind, message);
    throw std::logic_error(message + " (SQLSTATE " + std::string(code) + ") in: " + text);
}

bool PostgresConnection::reusable() const {
    return !broken() && PQtransactionStatus(connection_) == PQTRANS_IDLE;
}

bool PostgresConnection::broken() const {
    return lost_ || PQstatus(connection_) != CONNECTION_OK;
}

} // namespace evo::app

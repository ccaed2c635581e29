#include "account_repository.h"

#include "schema.h"

#include <algorithm>

namespace evo::app {

namespace {

constexpr const char* account_columns = "id, name, password_hash, created_ms, bot";

AccountRecord account_of_row(const SqliteStatement& row, int first = 0) {
    return {row.column_int(first), row.column_text(first + 1), row.column_text(first + 2),
            row.column_int(first + 3), row.column_int(first + 4) != 0};
}

constexpr const char* token_columns = "id, account_id, token_digest, description, scopes, "
                                      "created_ms, last_used_ms";

ApiTokenRecord token_of_row(const SqliteStatement& row, int first = 0) {
    return {row.column_int(first),
            row.column_int(first + 1),
            row.column_text(first + 2),
            row.column_text(first + 3),
            split_scopes(row.column_text(first + 4)),
            row.column_int(first + 5),
            row.column_optional_int64(first + 6)};
}

constexpr const char* rating_columns =
    "variant, rating, rd, volatility, games, wins, draws, losses, last_played_ms";

StoredRating rating_of_row(const SqliteStatement& row, int first) {
    return {row.column_text(first),         row.column_double(first + 1),
            row.column_double(first + 2),   row.column_double(first + 3),
            int(row.column_int(first + 4)), int(row.column_int(first + 5)),
            int(row.column_int(first + 6)), int(row.column_int(first + 7)),
            row.column_int(first + 8)};
}

} // namespace

SqliteAccountRepository::SqliteAccountRepository(const std::string& database_path)
    : db_(database_path) {
    migrate_sqlite_schema(db_);
}

bool SqliteAccountRepository::create(AccountRecord& record) {
    std::lock_guard lock(mutex_);
    SqliteStatement insert(db_, "INSERT INTO accounts (name, name_key, password_hash, created_ms) "
                                "VALUES (?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING");
    insert.bind(1, record.name)
        .bind(2, account_name_key(record.name))
        .bind(3, record.password_hash)
        .bind(4, record.created_ms);
    insert.run();
    if (db_.changes() == 0) return false;
    record.id = db_.last_insert_id();
    return true;
}

std::optional<AccountRecord> SqliteAccountRepository::find_by_name(const std::string& name) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, std::string("SELECT ") + account_columns +
                                    " FROM accounts WHERE name_key = ?");
    select.bind(1, account_name_key(name));
    if (!select.step()) return std::nullopt;
    return account_of_row(select);
}

void SqliteAccountRepository::add_session(std::int64_t account_id, const std::string& token_digest,
                                          std::int64_t created_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement insert(
        db_, "INSERT INTO sessions (token_digest, account_id, created_ms) VALUES (?, ?, ?)");
    insert.bind(1, token_digest).bind(2, account_id).bind(3, created_ms);
    insert.run();
}

std::optional<AccountRecord>
SqliteAccountRepository::account_of_session(const std::string& token_digest,
                                            std::int64_t not_before_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, "SELECT a.id, a.name, a.password_hash, a.created_ms, a.bot "
                                "FROM sessions s JOIN accounts a ON a.id = s.account_id "
                                "WHERE s.token_digest = ? AND s.created_ms >= ?");
    select.bind(1, token_digest).bind(2, not_before_ms);
    if (!select.step()) return std::nullopt;
    return account_of_row(select);
}

bool SqliteAccountRepository::remove_session(const std::string& token_digest) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM sessions WHERE token_digest = ?");
    remove.bind(1, token_digest);
    remove.run();
    return db_.changes() > 0;
}

int SqliteAccountRepository::remove_sessions_of(std::int64_t account_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM sessions WHERE account_id = ?");
    remove.bind(1, account_id);
    remove.run();
    return db_.changes();
}

int SqliteAccountRepository::remove_expired_sessions_of(std::int64_t account_id,
                                                        std::int64_t not_before_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM sessions WHERE account_id = ? AND created_ms < ?");
    remove.bind(1, account_id).bind(2, not_before_ms);
    remove.run();
    return db_.changes();
}

int SqliteAccountRepository::remove_sessions_beyond(std::int64_t account_id,
                                                    const std::string& newest_digest, int keep) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM sessions WHERE account_id = ?1 AND token_digest <> ?2 "
                                "AND token_digest NOT IN (SELECT token_digest FROM sessions "
                                "WHERE account_id = ?1 AND token_digest <> ?2 "
                                "ORDER BY created_ms DESC, token_digest DESC LIMIT ?3)");
    remove.bind(1, account_id).bind(2, newest_digest).bind(3, std::int64_t(std::max(0, keep - 1)));
    remove.run();
    return db_.changes();
}

void SqliteAccountRepository::add_api_token(ApiTokenRecord& record) {
    std::lock_guard lock(mutex_);
    SqliteStatement insert(db_, "INSERT INTO api_tokens (account_id, token_digest, description, "
                                "scopes, created_ms) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, record.account_id)
        .bind(2, record.digest)
        .bind(3, record.description)
        .bind(4, joined_scopes(record.scopes))
        .bind(5, record.created_ms);
    insert.run();
    record.id = db_.last_insert_id();
}

std::vector<ApiTokenRecord> SqliteAccountRepository::api_tokens_of(std::int64_t account_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, std::string("SELECT ") + token_columns +
                                    " FROM api_tokens WHERE account_id = ? ORDER BY id");
    select.bind(1, account_id);
    std::vector<ApiTokenRecord> tokens;
    while (select.step()) tokens.push_back(token_of_row(select));
    return tokens;
}

std::optional<ApiTokenOwner> SqliteAccountRepository::api_token_owner(const std::string& digest) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, "SELECT t.id, t.account_id, t.token_digest, t.description, "
                                "t.scopes, t.created_ms, t.last_used_ms, a.id, a.name, "
                                "a.password_hash, a.created_ms, a.bot FROM api_tokens t JOIN "
                                "accounts a ON a.id = t.account_id WHERE t.token_digest = ?");
    select.bind(1, digest);
    if (!select.step()) return std::nullopt;
    return ApiTokenOwner{account_of_row(select, 7), token_of_row(select)};
}

void SqliteAccountRepository::note_api_token_use(std::int64_t token_id, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement update(db_, "UPDATE api_tokens SET last_used_ms = ? WHERE id = ? AND "
                                "(last_used_ms IS NULL OR last_used_ms <= ?)");
    update.bind(1, now_ms).bind(2, token_id).bind(3, now_ms - api_token_use_step_ms);
    update.run();
}

bool SqliteAccountRepository::remove_api_token(std::int64_t account_id, std::int64_t token_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM api_tokens WHERE account_id = ? AND id = ?");
    remove.bind(1, account_id).bind(2, token_id);
    remove.run();
    return db_.changes() > 0;
}

void SqliteAccountRepository::note_login_place(std::int64_t account_id,
                                               const std::optional<std::string>& device_digest,
                                               const std::string& address_digest,
                                               std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    SqliteStatement forget(db_,
                           "DELETE FROM login_places WHERE account_id = ? AND kind = 'address'");
    forget.bind(1, account_id);
    forget.run();
    auto note = [&](const char* kind, const std::string& digest) {
        SqliteStatement upsert(db_, "INSERT INTO login_places (account_id, kind, digest, seen_ms) "
                                    "VALUES (?, ?, ?, ?) ON CONFLICT (account_id, kind, digest) "
                                    "DO UPDATE SET seen_ms = excluded.seen_ms");
        upsert.bind(1, account_id).bind(2, kind).bind(3, digest).bind(4, now_ms);
        upsert.run();
    };
    note("address", address_digest);
    if (device_digest) {
        note("device", *device_digest);
        SqliteStatement trim(db_, "DELETE FROM login_places WHERE account_id = ? AND "
                                  "kind = 'device' AND digest NOT IN (SELECT digest FROM "
                                  "login_places WHERE account_id = ? AND kind = 'device' "
                                  "ORDER BY seen_ms DESC, digest DESC LIMIT ?)");
        trim.bind(1, account_id)
            .bind(2, account_id)
            .bind(3, std::int64_t(known_devices_per_account));
        trim.run();
    }
    transaction.commit();
}

bool SqliteAccountRepository::is_known_login_place(std::int64_t account_id,
                                                   const std::optional<std::string>& device_digest,
                                                   const std::string& address_digest) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, "SELECT 1 FROM login_places WHERE account_id = ? AND "
                                "((kind = 'address' AND digest = ?) OR "
                                "(kind = 'device' AND digest = ?)) LIMIT 1");
    select.bind(1, account_id).bind(2, address_digest).bind(3, device_digest.value_or(""));
    return select.step();
}

bool SqliteAccountRepository::make_bot(std::int64_t account_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement update(db_, "UPDATE accounts SET bot = 1 WHERE id = ?");
    update.bind(1, account_id);
    update.run();
    return db_.changes() > 0;
}

std::vector<StoredRating> SqliteAccountRepository::ratings_of(std::int64_t account_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, std::string("SELECT ") + rating_columns +
                                    " FROM ratings WHERE account_id = ? ORDER BY variant");
    select.bind(1, account_id);
    std::vector<StoredRating> ratings;
    while (select.step()) ratings.push_back(rating_of_row(select, 0));
    return ratings;
}

void SqliteAccountRepository::save_rating(std::int64_t account_id, const StoredRating& rating) {
    std::lock_guard lock(mutex_);
    upsert_rating("ratings", account_id, rating);
}

std::optional<StoredRating> SqliteAccountRepository::puzzle_rating_of(std::int64_t account_id,
                                                                      const std::string& variant) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, std::string("SELECT ") + rating_columns +
                                    " FROM puzzle_ratings WHERE account_id = ? AND variant = ?");
    select.bind(1, account_id).bind(2, variant);
    if (!select.step()) return std::nullopt;
    return rating_of_row(select, 0);
}

void SqliteAccountRepository::save_puzzle_rating(std::int64_t account_id,
                                                 const StoredRating& rating) {
    std::lock_guard lock(mutex_);
    upsert_rating("puzzle_ratings", account_id, rating);
}

std::optional<StoredRating> SqliteAccountRepository::count_first_puzzle_attempt(
    std::int64_t account_id, const std::string& puzzle_id, const std::string& variant,
    std::int64_t now_ms, const PuzzleRate& rate) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    SqliteStatement note(db_, "INSERT INTO puzzle_attempts (account_id, puzzle_id, attempted_ms) "
                              "VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
    note.bind(1, account_id).bind(2, puzzle_id).bind(3, now_ms);
    note.run();
    if (db_.changes() == 0) return std::nullopt; // attempted before: rolled back, unchanged
    SqliteStatement select(db_, std::string("SELECT ") + rating_columns +
                                    " FROM puzzle_ratings WHERE account_id = ? AND variant = ?");
    select.bind(1, account_id).bind(2, variant);
    std::optional<StoredRating> current;
    if (select.step()) current = rating_of_row(select, 0);
    StoredRating rated = rate(current);
    rated.variant = variant;
    upsert_rating("puzzle_ratings", account_id, rated);
    transaction.commit();
    return rated;
}

void SqliteAccountRepository::upsert_rating(const std::string& table, std::int64_t account_id,
                                            const StoredRating& rating) {
    SqliteStatement upsert(
        db_, "INSERT INTO " + table +
                 " (account_id, variant, rating, rd, volatility, games, wins, "
                 "draws, losses, last_played_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (account_id, variant) DO UPDATE SET "
                 "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
                 "games = excluded.games, wins = excluded.wins, draws = excluded.draws, "
                 "losses = excluded.losses, last_played_ms = excluded.last_played_ms");
    upsert.bind(1, account_id)
        .bind(2, rating.variant)
        .bind_double(3, rating.rating)
        .bind_double(4, rating.rd)
        .bind_double(5, rating.volatility)
        .bind(6, std::int64_t(rating.games))
        .bind(7, std::int64_t(rating.wins))
        .bind(8, std::int64_t(rating.draws))
        .bind(9, std::int64_t(rating.losses))
        .bind(10, rating.last_played_ms);
    upsert.run();
}

std::vector<RatingHistoryEntry>
SqliteAccountRepository::rating_history_of(std::int64_t account_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, "SELECT game_id, variant, rating_before, rating_after, rd_after, "
                                "ended_ms FROM rating_history WHERE account_id = ? "
                                "ORDER BY ended_ms, game_id");
    select.bind(1, account_id);
    std::vector<RatingHistoryEntry> history;
    while (select.step())
        history.push_back({select.column_int(0), select.column_text(1), select.column_double(2),
                           select.column_double(3), select.column_double(4), select.column_int(5)});
    return history;
}

std::vector<RankedPlayer> SqliteAccountRepository::leaderboard(const std::string& variant,
                                                               double rd_at_most,
                                                               std::int64_t played_since_ms,
                                                               int limit, bool bots) {
    std::lock_guard lock(mutex_);
    SqliteStatement select(db_, std::string("SELECT a.name, ") + rating_columns +
                                    " FROM ratings JOIN accounts a ON a.id = ratings.account_id "
                                    "WHERE variant = ? AND rd <= ? AND last_played_ms >= ? AND " +
                                    (bots ? "a.bot <> 0" : "a.bot = 0") +
                                    " ORDER BY rating DESC, a.id LIMIT ?");
    select.bind(1, variant)
        .bind_double(2, rd_at_most)
        .bind(3, played_since_ms)
        .bind(4, std::int64_t(limit));
    std::vector<RankedPlayer> board;
    while (select.step()) board.push_back({select.column_text(0), rating_of_row(select, 1)});
    return board;
}

} // namespace evo::app

#include "account_repository.h"

#include "schema.h"

#include <algorithm>

namespace evo::app {

namespace {

AccountRecord account_at(const PostgresResult& result, int row, int first) {
    return AccountRecord{result.int64(row, first), result.text(row, first + 1),
                         result.text(row, first + 2), result.int64(row, first + 3),
                         result.boolean(row, first + 4)};
}

std::optional<AccountRecord> account_of_row(const PostgresResult& result) {
    if (result.rows() == 0) return std::nullopt;
    return account_at(result, 0, 0);
}

ApiTokenRecord token_at(const PostgresResult& result, int row) {
    return {result.int64(row, 0),
            result.int64(row, 1),
            result.text(row, 2),
            result.text(row, 3),
            split_scopes(result.text(row, 4)),
            result.int64(row, 5),
            result.optional_int64(row, 6)};
}

constexpr const char* rating_columns =
    "variant, rating, rd, volatility, games, wins, draws, losses, last_played_ms";

StoredRating rating_of_row(const PostgresResult& rows, int row, int first) {
    return {rows.text(row, first),           rows.float64(row, first + 1),
            rows.float64(row, first + 2),    rows.float64(row, first + 3),
            int(rows.int64(row, first + 4)), int(rows.int64(row, first + 5)),
            int(rows.int64(row, first + 6)), int(rows.int64(row, first + 7)),
            rows.int64(row, first + 8)};
}

} // namespace

PostgresAccountRepository::PostgresAccountRepository(const std::string& conninfo,
                                                     std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresResult PostgresAccountRepository::run(std::string_view sql, const PostgresParams& params) {
    return start_statement(pool_, sql, params).result;
}

bool PostgresAccountRepository::create(AccountRecord& record) {
    PostgresResult inserted =
        run("INSERT INTO accounts (name, name_key, password_hash, created_ms) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id",
            PostgresParams()
                .add(record.name)
                .add(account_name_key(record.name))
                .add(record.password_hash)
                .add(record.created_ms));
    if (inserted.rows() == 0) return false;
    record.id = inserted.int64(0, 0);
    return true;
}

std::optional<AccountRecord> PostgresAccountRepository::find_by_name(const std::string& name) {
    // PostgreSQL's text ends at a NUL: "alice\0x" would find alice.
    if (name.find('\0') != std::string::npos) return std::nullopt;
    return account_of_row(run("SELECT id, name, password_hash, created_ms, bot FROM accounts "
                              "WHERE name_key = $1",
                              PostgresParams().add(account_name_key(name))));
}

void PostgresAccountRepository::add_session(std::int64_t account_id,
                                            const std::string& token_digest,
                                            std::int64_t created_ms) {
    run("INSERT INTO sessions (token_digest, account_id, created_ms) VALUES ($1, $2, $3)",
        PostgresParams().add(token_digest).add(account_id).add(created_ms));
}

std::optional<AccountRecord>
PostgresAccountRepository::account_of_session(const std::string& token_digest,
                                              std::int64_t not_before_ms) {
    return account_of_row(run("SELECT a.id, a.name, a.password_hash, a.created_ms, a.bot "
                              "FROM sessions s JOIN accounts a ON a.id = s.account_id "
                              "WHERE s.token_digest = $1 AND s.created_ms >= $2",
                              PostgresParams().add(token_digest).add(not_before_ms)));
}

bool PostgresAccountRepository::remove_session(const std::string& token_digest) {
    return run("DELETE FROM sessions WHERE token_digest = $1", PostgresParams().add(token_digest))
               .affected_rows() > 0;
}

int PostgresAccountRepository::remove_sessions_of(std::int64_t account_id) {
    return int(run("DELETE FROM sessions WHERE account_id = $1", PostgresParams().add(account_id))
                   .affected_rows());
}

int PostgresAccountRepository::remove_expired_sessions_of(std::int64_t account_id,
                                                          std::int64_t not_before_ms) {
    return int(run("DELETE FROM sessions WHERE account_id = $1 AND created_ms < $2",
                   PostgresParams().add(account_id).add(not_before_ms))
                   .affected_rows());
}

int PostgresAccountRepository::remove_sessions_beyond(std::int64_t account_id,
                                                      const std::string& newest_digest, int keep) {
    return int(run("DELETE FROM sessions WHERE account_id = $1 AND token_digest <> $2 "
                   "AND token_digest NOT IN (SELECT token_digest FROM sessions "
                   "WHERE account_id = $1 AND token_digest <> $2 "
                   "ORDER BY created_ms DESC, token_digest DESC LIMIT $3)",
                   PostgresParams()
                       .add(account_id)
                       .add(newest_digest)
                       .add(std::int64_t(std::max(0, keep - 1))))
                   .affected_rows());
}

void PostgresAccountRepository::add_api_token(ApiTokenRecord& record) {
    PostgresResult inserted =
        run("INSERT INTO api_tokens (account_id, token_digest, description, scopes, created_ms) "
            "VALUES ($1, $2, $3, $4, $5) RETURNING id",
            PostgresParams()
                .add(record.account_id)
                .add(record.digest)
                .add(record.description)
                .add(joined_scopes(record.scopes))
                .add(record.created_ms));
    record.id = inserted.int64(0, 0);
}

std::vector<ApiTokenRecord> PostgresAccountRepository::api_tokens_of(std::int64_t account_id) {
    PostgresResult rows = run("SELECT id, account_id, token_digest, description, scopes, "
                              "created_ms, last_used_ms FROM api_tokens WHERE account_id = $1 "
                              "ORDER BY id",
                              PostgresParams().add(account_id));
    std::vector<ApiTokenRecord> tokens;
    for (int row = 0; row < rows.rows(); ++row) tokens.push_back(token_at(rows, row));
    return tokens;
}

std::optional<ApiTokenOwner> PostgresAccountRepository::api_token_owner(const std::string& digest) {
    PostgresResult rows =
        run("SELECT t.id, t.account_id, t.token_digest, t.description, t.scopes, t.created_ms, "
            "t.last_used_ms, a.id, a.name, a.password_hash, a.created_ms, a.bot FROM api_tokens t "
            "JOIN accounts a ON a.id = t.account_id WHERE t.token_digest = $1",
            PostgresParams().add(digest));
    if (rows.rows() == 0) return std::nullopt;
    return ApiTokenOwner{account_at(rows, 0, 7), token_at(rows, 0)};
}

void PostgresAccountRepository::note_api_token_use(std::int64_t token_id, std::int64_t now_ms) {
    run("UPDATE api_tokens SET last_used_ms = $1 WHERE id = $2 AND "
        "(last_used_ms IS NULL OR last_used_ms <= $3)",
        PostgresParams().add(now_ms).add(token_id).add(now_ms - api_token_use_step_ms));
}

bool PostgresAccountRepository::remove_api_token(std::int64_t account_id, std::int64_t token_id) {
    return run("DELETE FROM api_tokens WHERE account_id = $1 AND id = $2",
               PostgresParams().add(account_id).add(token_id))
               .affected_rows() > 0;
}

void PostgresAccountRepository::note_login_place(std::int64_t account_id,
                                                 const std::optional<std::string>& device_digest,
                                                 const std::string& address_digest,
                                                 std::int64_t now_ms) {
    in_postgres_transaction(pool_, [&](PostgresConnection& connection) {
        const char* upsert = "INSERT INTO login_places (account_id, kind, digest, seen_ms) "
                             "VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, kind, digest) "
                             "DO UPDATE SET seen_ms = excluded.seen_ms";
        connection.execute("DELETE FROM login_places WHERE account_id = $1 AND kind = 'address'",
                           PostgresParams().add(account_id));
        connection.execute(
            upsert,
            PostgresParams().add(account_id).add("address").add(address_digest).add(now_ms));
        if (!device_digest) return;
        connection.execute(
            upsert, PostgresParams().add(account_id).add("device").add(*device_digest).add(now_ms));
        connection.execute(
            "DELETE FROM login_places WHERE account_id = $1 AND kind = 'device' "
            "AND digest NOT IN (SELECT digest FROM login_places WHERE "
            "account_id = $1 AND kind = 'device' "
            "ORDER BY seen_ms DESC, digest DESC LIMIT $2)",
            PostgresParams().add(account_id).add(std::int64_t(known_devices_per_account)));
    });
}

bool PostgresAccountRepository::is_known_login_place(
    std::int64_t account_id, const std::optional<std::string>& device_digest,
    const std::string& address_digest) {
    return run("SELECT 1 FROM login_places WHERE account_id = $1 AND "
               "((kind = 'address' AND digest = $2) OR (kind = 'device' AND digest = $3)) LIMIT 1",
               PostgresParams().add(account_id).add(address_digest).add(device_digest.value_or("")))
               .rows() > 0;
}

bool PostgresAccountRepository::make_bot(std::int64_t account_id) {
    return run("UPDATE accounts SET bot = true WHERE id = $1", PostgresParams().add(account_id))
               .affected_rows() > 0;
}

std::vector<StoredRating> PostgresAccountRepository::ratings_of(std::int64_t account_id) {
    PostgresResult rows = run(std::string("SELECT ") + rating_columns +
                                  " FROM ratings WHERE account_id = $1 ORDER BY variant",
                              PostgresParams().add(account_id));
    std::vector<StoredRating> ratings;
    for (int row = 0; row < rows.rows(); ++row) ratings.push_back(rating_of_row(rows, row, 0));
    return ratings;
}

void PostgresAccountRepository::save_rating(std::int64_t account_id, const StoredRating& rating) {
    upsert_rating("ratings", account_id, rating);
}

std::optional<StoredRating>
PostgresAccountRepository::puzzle_rating_of(std::int64_t account_id, const std::string& variant) {
    PostgresResult rows = run(std::string("SELECT ") + rating_columns +
                                  " FROM puzzle_ratings WHERE account_id = $1 AND variant = $2",
                              PostgresParams().add(account_id).add(variant));
    if (rows.rows() == 0) return std::nullopt;
    return rating_of_row(rows, 0, 0);
}

void PostgresAccountRepository::save_puzzle_rating(std::int64_t account_id,
                                                   const StoredRating& rating) {
    upsert_rating("puzzle_ratings", account_id, rating);
}

namespace {

std::string upsert_rating_sql(const std::string& table) {
    return "INSERT INTO " + table +
           " (account_id, variant, rating, rd, volatility, games, wins, draws, "
           "losses, last_played_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
           "ON CONFLICT (account_id, variant) DO UPDATE SET "
           "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
           "games = excluded.games, wins = excluded.wins, draws = excluded.draws, "
           "losses = excluded.losses, last_played_ms = excluded.last_played_ms";
}

PostgresParams rating_params(std::int64_t account_id, const StoredRating& rating) {
    PostgresParams params;
    params.add(account_id)
        .add(rating.variant)
        .add_double(rating.rating)
        .add_double(rating.rd)
        .add_double(rating.volatility)
        .add(std::int64_t(rating.games))
        .add(std::int64_t(rating.wins))
        .add(std::int64_t(rating.draws))
        .add(std::int64_t(rating.losses))
        .add(rating.last_played_ms);
    return params;
}

} // namespace

std::optional<StoredRating> PostgresAccountRepository::count_first_puzzle_attempt(
    std::int64_t account_id, const std::string& puzzle_id, const std::string& variant,
    std::int64_t now_ms, const PuzzleRate& rate) {
    std::optional<StoredRating> rated;
    in_postgres_transaction(pool_, [&](PostgresConnection& connection) {
        rated.reset();
        PostgresResult noted =
            connection.execute("INSERT INTO puzzle_attempts (account_id, puzzle_id, attempted_ms) "
                               "VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                               PostgresParams().add(account_id).add(puzzle_id).add(now_ms));
        if (noted.affected_rows() == 0) return; // attempted before: nothing changes
        // The account's row locked until the commit: two first attempts of one account at
        // once (even before its rating row exists) count one after the other.
        connection.execute("SELECT id FROM accounts WHERE id = $1 FOR UPDATE",
                           PostgresParams().add(account_id));
        PostgresResult rows =
            connection.execute(std::string("SELECT ") + rating_columns +
                                   " FROM puzzle_ratings WHERE account_id = $1 AND variant = $2",
                               PostgresParams().add(account_id).add(variant));
        std::optional<StoredRating> current;
        if (rows.rows() > 0) current = rating_of_row(rows, 0, 0);
        StoredRating next = rate(current);
        next.variant = variant;
        connection.execute(upsert_rating_sql("puzzle_ratings"), rating_params(account_id, next));
        rated = next;
    });
    return rated;
}

void PostgresAccountRepository::upsert_rating(const std::string& table, std::int64_t account_id,
                                              const StoredRating& rating) {
    run(upsert_rating_sql(table), rating_params(account_id, rating));
}

std::vector<RatingHistoryEntry>
PostgresAccountRepository::rating_history_of(std::int64_t account_id) {
    PostgresResult rows = run("SELECT game_id, variant, rating_before, rating_after, rd_after, "
                              "ended_ms FROM rating_history WHERE account_id = $1 "
                              "ORDER BY ended_ms, game_id",
                              PostgresParams().add(account_id));
    std::vector<RatingHistoryEntry> history;
    for (int row = 0; row < rows.rows(); ++row)
        history.push_back({rows.int64(row, 0), rows.text(row, 1), rows.float64(row, 2),
                           rows.float64(row, 3), rows.float64(row, 4), rows.int64(row, 5)});
    return history;
}

std::vector<RankedPlayer> PostgresAccountRepository::leaderboard(const std::string& variant,
                                                                 double rd_at_most,
                                                                 std::int64_t played_since_ms,
                                                                 int limit, bool bots) {
    PostgresResult rows =
        run(std::string("SELECT a.name, ") + rating_columns +
                " FROM ratings JOIN accounts a ON a.id = ratings.account_id "
                "WHERE variant = $1 AND rd <= $2 AND last_played_ms >= $3 AND " +
                (bots ? "a.bot" : "NOT a.bot") + " ORDER BY rating DESC, a.id LIMIT $4",
            PostgresParams()
                .add(variant)
                .add_double(rd_at_most)
                .add(played_since_ms)
                .add(std::int64_t(limit)));
    std::vector<RankedPlayer> board;
    for (int row = 0; row < rows.rows(); ++row)
        board.push_back({rows.text(row, 0), rating_of_row(rows, row, 1)});
    return board;
}

} // namespace evo::app

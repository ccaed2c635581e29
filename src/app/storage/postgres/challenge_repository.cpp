#include "challenge_repository.h"

#include "app/storage/offer_columns.h"
#include "schema.h"

namespace evo::app {

namespace {

constexpr const char* challenge_columns =
    "SELECT id, challenger, challenger_name, challenged, challenged_name, variant, "
    "clock_initial_ms, clock_increment_ms, clock_days, rated, colour, created_ms, closed, "
    "game_id, challenger_token, challenged_token, decline_reason, fen FROM challenges ";

ChallengeRecord challenge_of_row(const PostgresResult& rows, int row) {
    ChallengeRecord challenge;
    static_cast<GameOffer&>(challenge) = offer_of_row(rows, row, 5);
    challenge.id = rows.int64(row, 0);
    challenge.from = rows.text(row, 1);
    challenge.from_name = rows.text(row, 2);
    challenge.to = rows.text(row, 3);
    challenge.to_name = rows.text(row, 4);
    challenge.created_ms = rows.int64(row, 11);
    challenge.closed = rows.optional_text(row, 12).value_or("");
    challenge.game_id = rows.optional_int64(row, 13);
    challenge.from_token = rows.optional_text(row, 14).value_or("");
    challenge.to_token = rows.optional_text(row, 15).value_or("");
    challenge.decline_reason = rows.optional_text(row, 16).value_or("");
    challenge.fen = rows.optional_text(row, 17).value_or("");
    return challenge;
}

} // namespace

PostgresChallengeRepository::PostgresChallengeRepository(const std::string& conninfo,
                                                         std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresResult PostgresChallengeRepository::run(std::string_view sql,
                                                const PostgresParams& params) {
    return start_statement(pool_, sql, params).result;
}

void PostgresChallengeRepository::insert(ChallengeRecord& record) {
    PostgresParams params;
    params.add(record.from).add(record.from_name).add(record.to).add(record.to_name);
    add_offer(params, record).add(record.created_ms);
    params.add_optional(record.fen.empty() ? std::nullopt : std::optional(record.fen));
    record.id = run("INSERT INTO challenges (challenger, challenger_name, challenged, "
                    "challenged_name, variant, clock_initial_ms, clock_increment_ms, "
                    "clock_days, rated, colour, created_ms, fen) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
                    params)
                    .int64(0, 0);
}

std::optional<ChallengeRecord> PostgresChallengeRepository::find(std::int64_t id) {
    PostgresResult rows =
        run(std::string(challenge_columns) + "WHERE id = $1", PostgresParams().add(id));
    if (rows.rows() == 0) return std::nullopt;
    return challenge_of_row(rows, 0);
}

std::vector<ChallengeRecord> PostgresChallengeRepository::open_of(const std::string& player) {
    PostgresResult rows = run(std::string(challenge_columns) +
                                  "WHERE closed IS NULL AND (challenger = $1 OR challenged = $1) "
                                  "ORDER BY id",
                              PostgresParams().add(player));
    std::vector<ChallengeRecord> challenges;
    for (int row = 0; row < rows.rows(); ++row) challenges.push_back(challenge_of_row(rows, row));
    return challenges;
}

int PostgresChallengeRepository::open_from(const std::string& player) {
    return int(run("SELECT count(*) FROM challenges WHERE challenger = $1 AND closed IS NULL",
                   PostgresParams().add(player))
                   .int64(0, 0));
}

bool PostgresChallengeRepository::close(std::int64_t id, const std::string& how,
                                        std::int64_t now_ms) {
    // One row update: PostgreSQL re-checks the condition on a row another transaction has
    // just closed, so two answers at once cannot both see it open.
    return run("UPDATE challenges SET closed = $1, closed_ms = $2 WHERE id = $3 AND closed IS NULL",
               PostgresParams().add(how).add(now_ms).add(id))
               .affected_rows() > 0;
}

void PostgresChallengeRepository::note_decline_reason(std::int64_t id, const std::string& reason) {
    run("UPDATE challenges SET decline_reason = $1 WHERE id = $2",
        PostgresParams().add(reason).add(id));
}

bool PostgresChallengeRepository::set_game(std::int64_t id, std::int64_t game_id,
                                           const std::string& from_token,
                                           const std::string& to_token) {
    // As for seeks: noted, or the game made for it removed while it has no move.
    return run("WITH noted AS (UPDATE challenges SET game_id = $1, challenger_token = $2, "
               "challenged_token = $3 "
               "WHERE id = $4 AND closed = 'accepted' AND game_id IS NULL RETURNING id), "
               "dropped AS (DELETE FROM games WHERE id = $1 AND made_for = 'challenge:' || $4 "
               "AND move_count = 0 AND NOT EXISTS (SELECT 1 FROM noted)) "
               "SELECT count(*) FROM noted",
               PostgresParams().add(game_id).add(from_token).add(to_token).add(id))
               .int64(0, 0) > 0;
}

std::vector<std::int64_t> PostgresChallengeRepository::reopen_stalled(std::int64_t before_ms) {
    // One accepted before version 9 has no closed_ms: it counts as accepted long ago.
    // With the game a dead acceptor made and never noted (as for seeks).
    PostgresResult rows = run("WITH reopened AS (UPDATE challenges SET closed = NULL, "
                              "closed_ms = NULL WHERE closed = 'accepted' AND game_id IS NULL "
                              "AND coalesce(closed_ms, 0) < $1 RETURNING id), "
                              "dropped AS (DELETE FROM games WHERE move_count = 0 AND made_for IN "
                              "(SELECT 'challenge:' || id FROM reopened)) "
                              "SELECT id FROM reopened",
                              PostgresParams().add(before_ms));
    std::vector<std::int64_t> ids;
    for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.int64(row, 0));
    return ids;
}

} // namespace evo::app

#include "challenge_repository.h"

#include "app/storage/offer_columns.h"
#include "schema.h"
#include "unstarted_games.h"

namespace evo::app {

namespace {

constexpr const char* challenge_columns =
    "SELECT id, challenger, challenger_name, challenged, challenged_name, variant, "
    "clock_initial_ms, clock_increment_ms, clock_days, rated, colour, created_ms, closed, "
    "game_id, challenger_token, challenged_token, decline_reason, fen FROM challenges ";

ChallengeRecord challenge_of_row(const SqliteStatement& row) {
    ChallengeRecord challenge;
    static_cast<GameOffer&>(challenge) = offer_of_row(row, 5);
    challenge.id = row.column_int(0);
    challenge.from = row.column_text(1);
    challenge.from_name = row.column_text(2);
    challenge.to = row.column_text(3);
    challenge.to_name = row.column_text(4);
    challenge.created_ms = row.column_int(11);
    challenge.closed = row.column_optional_text(12).value_or("");
    challenge.game_id = row.column_optional_int64(13);
    challenge.from_token = row.column_optional_text(14).value_or("");
    challenge.to_token = row.column_optional_text(15).value_or("");
    challenge.decline_reason = row.column_optional_text(16).value_or("");
    challenge.fen = row.column_optional_text(17).value_or("");
    return challenge;
}

} // namespace

SqliteChallengeRepository::SqliteChallengeRepository(const std::string& database_path)
    : db_(database_path) {
    migrate_sqlite_schema(db_);
}

void SqliteChallengeRepository::insert(ChallengeRecord& record) {
    std::lock_guard lock(mutex_);
    SqliteStatement insert(
        db_, "INSERT INTO challenges (challenger, challenger_name, challenged, challenged_name, "
             "variant, clock_initial_ms, clock_increment_ms, clock_days, rated, colour, "
             "created_ms, fen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, record.from)
        .bind(2, record.from_name)
        .bind(3, record.to)
        .bind(4, record.to_name);
    bind_offer(insert, 5, record).bind(11, record.created_ms);
    insert.bind_optional(12, record.fen.empty() ? std::nullopt : std::optional(record.fen));
    insert.run();
    record.id = db_.last_insert_id();
}

std::optional<ChallengeRecord> SqliteChallengeRepository::find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteStatement challenge(db_, std::string(challenge_columns) + "WHERE id = ?");
    challenge.bind(1, id);
    if (!challenge.step()) return std::nullopt;
    return challenge_of_row(challenge);
}

std::vector<ChallengeRecord> SqliteChallengeRepository::open_of(const std::string& player) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, std::string(challenge_columns) +
                                  "WHERE closed IS NULL AND (challenger = ? OR challenged = ?) "
                                  "ORDER BY id");
    rows.bind(1, player).bind(2, player);
    std::vector<ChallengeRecord> challenges;
    while (rows.step()) challenges.push_back(challenge_of_row(rows));
    return challenges;
}

int SqliteChallengeRepository::open_from(const std::string& player) {
    std::lock_guard lock(mutex_);
    SqliteStatement count(
        db_, "SELECT count(*) FROM challenges WHERE challenger = ? AND closed IS NULL");
    count.bind(1, player);
    count.step();
    return int(count.column_int(0));
}

bool SqliteChallengeRepository::close(std::int64_t id, const std::string& how,
                                      std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement close(
        db_, "UPDATE challenges SET closed = ?, closed_ms = ? WHERE id = ? AND closed IS NULL");
    close.bind(1, how).bind(2, now_ms).bind(3, id);
    close.run();
    return db_.changes() > 0;
}

void SqliteChallengeRepository::note_decline_reason(std::int64_t id, const std::string& reason) {
    std::lock_guard lock(mutex_);
    SqliteStatement note(db_, "UPDATE challenges SET decline_reason = ? WHERE id = ?");
    note.bind(1, reason).bind(2, id);
    note.run();
}

bool SqliteChallengeRepository::set_game(std::int64_t id, std::int64_t game_id,
                                         const std::string& from_token,
                                         const std::string& to_token) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    SqliteStatement game(db_, "UPDATE challenges SET game_id = ?, challenger_token = ?, "
                              "challenged_token = ? "
                              "WHERE id = ? AND closed = 'accepted' AND game_id IS NULL");
    game.bind(1, game_id).bind(2, from_token).bind(3, to_token).bind(4, id);
    game.run();
    const bool noted = db_.changes() > 0;
    // Too late: the challenge was reopened meanwhile, and the game made for it is nobody's.
    if (!noted) remove_unstarted_game(db_, "challenge:" + std::to_string(id), game_id);
    transaction.commit();
    return noted;
}

std::vector<std::int64_t> SqliteChallengeRepository::reopen_stalled(std::int64_t before_ms) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    std::vector<std::int64_t> ids;
    {
        // One accepted before version 9 has no closed_ms: it counts as accepted long ago.
        SqliteStatement reopen(db_, "UPDATE challenges SET closed = NULL, closed_ms = NULL "
                                    "WHERE closed = 'accepted' AND game_id IS NULL "
                                    "AND coalesce(closed_ms, 0) < ? RETURNING id");
        reopen.bind(1, before_ms);
        while (reopen.step()) ids.push_back(reopen.column_int(0));
    }
    // The game a dead acceptor made and never noted (as for seeks).
    for (std::int64_t id : ids) remove_unstarted_game(db_, "challenge:" + std::to_string(id));
    transaction.commit();
    return ids;
}

} // namespace evo::app

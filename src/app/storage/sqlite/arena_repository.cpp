#include "arena_repository.h"

#include "schema.h"

namespace evo::app {

namespace {

constexpr const char* arena_columns =
    "SELECT id, name, variant, clock_base_s, clock_increment_s, minutes, rated, berserkable, "
    "streakable, allow_bots, created_by, created_by_name, created_ms, starts_ms, status, "
    "finished_ms, schedule_key FROM tournaments ";

ArenaRecord arena_of_row(const SqliteStatement& row) {
    ArenaRecord arena;
    arena.id = row.column_int(0);
    arena.name = row.column_text(1);
    arena.variant = row.column_text(2);
    arena.clock = {int(row.column_int(3)), int(row.column_int(4))};
    arena.minutes = int(row.column_int(5));
    arena.rated = row.column_int(6) != 0;
    arena.berserkable = row.column_int(7) != 0;
    arena.streakable = row.column_int(8) != 0;
    arena.allow_bots = row.column_int(9) != 0;
    arena.created_by = row.column_text(10);
    arena.created_by_name = row.column_text(11);
    arena.created_ms = row.column_int(12);
    arena.starts_ms = row.column_int(13);
    arena.status = arena_status_named(row.column_text(14)).value_or(ArenaStatus::Finished);
    arena.finished_ms = row.column_optional_int64(15).value_or(0);
    arena.schedule_key = row.column_optional_text(16).value_or("");
    return arena;
}

constexpr const char* entrant_columns =
    "SELECT id, player, name, rating, provisional, bot, joined_ms, withdrawn "
    "FROM tournament_players ";

ArenaEntrant entrant_of_row(const SqliteStatement& row) {
    ArenaEntrant entrant;
    entrant.id = row.column_int(0);
    entrant.player = row.column_text(1);
    entrant.name = row.column_text(2);
    entrant.rating = int(row.column_int(3));
    entrant.provisional = row.column_int(4) != 0;
    entrant.bot = row.column_int(5) != 0;
    entrant.joined_ms = row.column_int(6);
    entrant.withdrawn = row.column_int(7) != 0;
    return entrant;
}

std::optional<std::string> winner_text(const std::optional<Color>& winner) {
    if (!winner) return std::nullopt;
    return std::string(*winner == White ? "white" : "black");
}

std::optional<Color> winner_of_text(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    return *text == "white" ? White : Black;
}

} // namespace

SqliteArenaRepository::SqliteArenaRepository(const std::string& database_path)
    : db_(database_path) {
    migrate_sqlite_schema(db_);
}

void SqliteArenaRepository::insert(ArenaRecord& record) {
    std::lock_guard lock(mutex_);
    store(record);
}

bool SqliteArenaRepository::insert_scheduled(ArenaRecord& record) {
    std::lock_guard lock(mutex_);
    return store(record);
}

bool SqliteArenaRepository::store(ArenaRecord& record) {
    // An event with a schedule key already stored is left as it is (its unique index).
    SqliteStatement insert(
        db_, "INSERT INTO tournaments (name, variant, clock_base_s, clock_increment_s, minutes, "
             "rated, berserkable, streakable, allow_bots, created_by, created_by_name, "
             "created_ms, starts_ms, status, schedule_key) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    insert.bind(1, record.name)
        .bind(2, record.variant)
        .bind(3, std::int64_t{record.clock.base_seconds})
        .bind(4, std::int64_t{record.clock.increment_seconds})
        .bind(5, std::int64_t{record.minutes})
        .bind(6, std::int64_t{record.rated})
        .bind(7, std::int64_t{record.berserkable})
        .bind(8, std::int64_t{record.streakable})
        .bind(9, std::int64_t{record.allow_bots})
        .bind(10, record.created_by)
        .bind(11, record.created_by_name)
        .bind(12, record.created_ms)
        .bind(13, record.starts_ms)
        .bind(14, arena_status_name(record.status));
    if (record.schedule_key.empty())
        insert.bind_null(15);
    else
        insert.bind(15, record.schedule_key);
    insert.run();
    if (db_.changes() == 0) return false;
    record.id = db_.last_insert_id();
    return true;
}

std::optional<ArenaRecord> SqliteArenaRepository::find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteStatement arena(db_, std::string(arena_columns) + "WHERE id = ?");
    arena.bind(1, id);
    if (!arena.step()) return std::nullopt;
    return arena_of_row(arena);
}

std::vector<ArenaRecord> SqliteArenaRepository::list(ArenaStatus status, int limit) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(
        db_, std::string(arena_columns) + "WHERE status = ? ORDER BY " +
                 (status == ArenaStatus::Created ? "starts_ms, id" : "starts_ms DESC, id DESC") +
                 " LIMIT ?");
    rows.bind(1, arena_status_name(status)).bind(2, std::int64_t{limit});
    std::vector<ArenaRecord> arenas;
    while (rows.step()) arenas.push_back(arena_of_row(rows));
    return arenas;
}

bool SqliteArenaRepository::advance(std::int64_t id, ArenaStatus from, ArenaStatus to,
                                    std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement advance(
        db_, "UPDATE tournaments SET status = ?, finished_ms = CASE WHEN ? THEN ? ELSE "
             "finished_ms END WHERE id = ? AND status = ?");
    advance.bind(1, arena_status_name(to))
        .bind(2, std::int64_t{to == ArenaStatus::Finished})
        .bind(3, now_ms)
        .bind(4, id)
        .bind(5, arena_status_name(from));
    advance.run();
    return db_.changes() > 0;
}

ArenaEntrant SqliteArenaRepository::join(std::int64_t tournament_id, const ArenaEntrant& entrant) {
    std::lock_guard lock(mutex_);
    SqliteStatement join(
        db_, "INSERT INTO tournament_players (tournament_id, player, name, rating, provisional, "
             "bot, joined_ms) VALUES (?, ?, ?, ?, ?, ?, ?) "
             "ON CONFLICT (tournament_id, player) DO UPDATE SET name = excluded.name, "
             "rating = excluded.rating, provisional = excluded.provisional, bot = excluded.bot, "
             "joined_ms = CASE WHEN withdrawn THEN excluded.joined_ms ELSE joined_ms END, "
             "withdrawn = 0");
    join.bind(1, tournament_id)
        .bind(2, entrant.player)
        .bind(3, entrant.name)
        .bind(4, std::int64_t{entrant.rating})
        .bind(5, std::int64_t{entrant.provisional})
        .bind(6, std::int64_t{entrant.bot})
        .bind(7, entrant.joined_ms);
    join.run();
    SqliteStatement row(db_,
                        std::string(entrant_columns) + "WHERE tournament_id = ? AND player = ?");
    row.bind(1, tournament_id).bind(2, entrant.player);
    row.step();
    return entrant_of_row(row);
}

bool SqliteArenaRepository::withdraw(std::int64_t tournament_id, const std::string& player) {
    std::lock_guard lock(mutex_);
    SqliteStatement withdraw(db_, "UPDATE tournament_players SET withdrawn = 1 "
                                  "WHERE tournament_id = ? AND player = ? AND withdrawn = 0");
    withdraw.bind(1, tournament_id).bind(2, player);
    withdraw.run();
    return db_.changes() > 0;
}

std::vector<ArenaEntrant> SqliteArenaRepository::entrants(std::int64_t tournament_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, std::string(entrant_columns) + "WHERE tournament_id = ? ORDER BY id");
    rows.bind(1, tournament_id);
    std::vector<ArenaEntrant> entrants;
    while (rows.step()) entrants.push_back(entrant_of_row(rows));
    return entrants;
}

bool SqliteArenaRepository::note_result(std::int64_t tournament_id, const ArenaGameResult& result) {
    std::lock_guard lock(mutex_);
    SqliteStatement note(
        db_, "INSERT INTO tournament_results (tournament_id, game_id, white, black, winner, "
             "plies, white_berserked, black_berserked, ended_ms) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    note.bind(1, tournament_id)
        .bind(2, result.game_id)
        .bind(3, result.white)
        .bind(4, result.black)
        .bind_optional(5, winner_text(result.winner))
        .bind(6, std::int64_t{result.plies})
        .bind(7, std::int64_t{result.white_berserked})
        .bind(8, std::int64_t{result.black_berserked})
        .bind(9, result.ended_ms);
    note.run();
    return db_.changes() > 0;
}

std::vector<ArenaGameResult> SqliteArenaRepository::results(std::int64_t tournament_id) {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, "SELECT game_id, white, black, winner, plies, white_berserked, "
                              "black_berserked, ended_ms FROM tournament_results "
                              "WHERE tournament_id = ? ORDER BY game_id");
    rows.bind(1, tournament_id);
    std::vector<ArenaGameResult> results;
    while (rows.step()) {
        ArenaGameResult result;
        result.game_id = rows.column_int(0);
        result.white = rows.column_text(1);
        result.black = rows.column_text(2);
        result.winner = winner_of_text(rows.column_optional_text(3));
        result.plies = int(rows.column_int(4));
        result.white_berserked = rows.column_int(5) != 0;
        result.black_berserked = rows.column_int(6) != 0;
        result.ended_ms = rows.column_int(7);
        results.push_back(std::move(result));
    }
    return results;
}

bool SqliteArenaRepository::lead(const std::string& holder, std::int64_t now_ms,
                                 std::int64_t lease_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement lead(
        db_,
        "INSERT INTO tournament_lease (id, holder, until_ms) VALUES (1, ?, ?) "
        "ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms "
        "WHERE tournament_lease.holder = excluded.holder OR tournament_lease.until_ms < ?");
    lead.bind(1, holder).bind(2, now_ms + lease_ms).bind(3, now_ms);
    lead.run();
    return db_.changes() > 0;
}

} // namespace evo::app

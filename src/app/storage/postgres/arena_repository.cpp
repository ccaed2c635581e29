#include "arena_repository.h"

#include "schema.h"

namespace evo::app {

namespace {

constexpr const char* arena_columns =
    "SELECT id, name, variant, clock_base_s, clock_increment_s, minutes, rated, berserkable, "
    "streakable, allow_bots, created_by, created_by_name, created_ms, starts_ms, status, "
    "finished_ms, schedule_key FROM tournaments ";

ArenaRecord arena_of_row(const PostgresResult& rows, int row) {
    ArenaRecord arena;
    arena.id = rows.int64(row, 0);
    arena.name = rows.text(row, 1);
    arena.variant = rows.text(row, 2);
    arena.clock = {int(rows.int64(row, 3)), int(rows.int64(row, 4))};
    arena.minutes = int(rows.int64(row, 5));
    arena.rated = rows.boolean(row, 6);
    arena.berserkable = rows.boolean(row, 7);
    arena.streakable = rows.boolean(row, 8);
    arena.allow_bots = rows.boolean(row, 9);
    arena.created_by = rows.text(row, 10);
    arena.created_by_name = rows.text(row, 11);
    arena.created_ms = rows.int64(row, 12);
    arena.starts_ms = rows.int64(row, 13);
    arena.status = arena_status_named(rows.text(row, 14)).value_or(ArenaStatus::Finished);
    arena.finished_ms = rows.optional_int64(row, 15).value_or(0);
    arena.schedule_key = rows.optional_text(row, 16).value_or("");
    return arena;
}

constexpr const char* entrant_columns =
    "SELECT id, player, name, rating, provisional, bot, joined_ms, withdrawn "
    "FROM tournament_players ";

ArenaEntrant entrant_of_row(const PostgresResult& rows, int row) {
    ArenaEntrant entrant;
    entrant.id = rows.int64(row, 0);
    entrant.player = rows.text(row, 1);
    entrant.name = rows.text(row, 2);
    entrant.rating = int(rows.int64(row, 3));
    entrant.provisional = rows.boolean(row, 4);
    entrant.bot = rows.boolean(row, 5);
    entrant.joined_ms = rows.int64(row, 6);
    entrant.withdrawn = rows.boolean(row, 7);
    return entrant;
}

} // namespace

PostgresArenaRepository::PostgresArenaRepository(const std::string& conninfo,
                                                 std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresResult PostgresArenaRepository::run(std::string_view sql, const PostgresParams& params) {
    return start_statement(pool_, sql, params).result;
}

void PostgresArenaRepository::insert(ArenaRecord& record) {
    store(record);
}

bool PostgresArenaRepository::insert_scheduled(ArenaRecord& record) {
    return store(record);
}

bool PostgresArenaRepository::store(ArenaRecord& record) {
    std::optional<std::string> schedule_key;
    if (!record.schedule_key.empty()) schedule_key = record.schedule_key;
    PostgresParams params;
    params.add(record.name)
        .add(record.variant)
        .add(std::int64_t{record.clock.base_seconds})
        .add(std::int64_t{record.clock.increment_seconds})
        .add(std::int64_t{record.minutes})
        .add_bool(record.rated)
        .add_bool(record.berserkable)
        .add_bool(record.streakable)
        .add_bool(record.allow_bots)
        .add(record.created_by)
        .add(record.created_by_name)
        .add(record.created_ms)
        .add(record.starts_ms)
        .add(std::string(arena_status_name(record.status)))
        .add_optional(schedule_key);
    // An event with a schedule key already stored is left as it is (its unique index).
    PostgresResult stored =
        run("INSERT INTO tournaments (name, variant, clock_base_s, clock_increment_s, "
            "minutes, rated, berserkable, streakable, allow_bots, created_by, "
            "created_by_name, created_ms, starts_ms, status, schedule_key) VALUES ($1, $2, $3, "
            "$4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) "
            "ON CONFLICT (schedule_key) WHERE schedule_key IS NOT NULL DO NOTHING RETURNING id",
            params);
    if (stored.rows() == 0) return false;
    record.id = stored.int64(0, 0);
    return true;
}

std::optional<ArenaRecord> PostgresArenaRepository::find(std::int64_t id) {
    PostgresResult rows =
        run(std::string(arena_columns) + "WHERE id = $1", PostgresParams().add(id));
    if (rows.rows() == 0) return std::nullopt;
    return arena_of_row(rows, 0);
}

std::vector<ArenaRecord> PostgresArenaRepository::list(ArenaStatus status, int limit) {
    PostgresResult rows =
        run(std::string(arena_columns) + "WHERE status = $1 ORDER BY " +
                (status == ArenaStatus::Created ? "starts_ms, id" : "starts_ms DESC, id DESC") +
                " LIMIT $2",
            PostgresParams().add(std::string(arena_status_name(status))).add(std::int64_t{limit}));
    std::vector<ArenaRecord> arenas;
    for (int row = 0; row < rows.rows(); ++row) arenas.push_back(arena_of_row(rows, row));
    return arenas;
}

bool PostgresArenaRepository::advance(std::int64_t id, ArenaStatus from, ArenaStatus to,
                                      std::int64_t now_ms) {
    // One row update: PostgreSQL re-checks the condition on a row another transaction has
    // just moved on, so of two callers at once one sees the old status.
    return run("UPDATE tournaments SET status = $1, finished_ms = CASE WHEN $2 THEN $3 ELSE "
               "finished_ms END WHERE id = $4 AND status = $5",
               PostgresParams()
                   .add(std::string(arena_status_name(to)))
                   .add_bool(to == ArenaStatus::Finished)
                   .add(now_ms)
                   .add(id)
                   .add(std::string(arena_status_name(from))))
               .affected_rows() > 0;
}

ArenaEntrant PostgresArenaRepository::join(std::int64_t tournament_id,
                                           const ArenaEntrant& entrant) {
    PostgresResult rows =
        run("INSERT INTO tournament_players AS p (tournament_id, player, name, rating, "
            "provisional, bot, joined_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) "
            "ON CONFLICT (tournament_id, player) DO UPDATE SET name = excluded.name, "
            "rating = excluded.rating, provisional = excluded.provisional, bot = excluded.bot, "
            "joined_ms = CASE WHEN p.withdrawn THEN excluded.joined_ms ELSE p.joined_ms END, "
            "withdrawn = FALSE "
            "RETURNING id, player, name, rating, provisional, bot, joined_ms, withdrawn",
            PostgresParams()
                .add(tournament_id)
                .add(entrant.player)
                .add(entrant.name)
                .add(std::int64_t{entrant.rating})
                .add_bool(entrant.provisional)
                .add_bool(entrant.bot)
                .add(entrant.joined_ms));
    return entrant_of_row(rows, 0);
}

bool PostgresArenaRepository::withdraw(std::int64_t tournament_id, const std::string& player) {
    return run("UPDATE tournament_players SET withdrawn = TRUE "
               "WHERE tournament_id = $1 AND player = $2 AND NOT withdrawn",
               PostgresParams().add(tournament_id).add(player))
               .affected_rows() > 0;
}

std::vector<ArenaEntrant> PostgresArenaRepository::entrants(std::int64_t tournament_id) {
    PostgresResult rows = run(std::string(entrant_columns) + "WHERE tournament_id = $1 ORDER BY id",
                              PostgresParams().add(tournament_id));
    std::vector<ArenaEntrant> entrants;
    for (int row = 0; row < rows.rows(); ++row) entrants.push_back(entrant_of_row(rows, row));
    return entrants;
}

bool PostgresArenaRepository::note_result(std::int64_t tournament_id,
                                          const ArenaGameResult& result) {
    std::optional<std::string> winner;
    if (result.winner) winner = *result.winner == White ? "white" : "black";
    return run("INSERT INTO tournament_results (tournament_id, game_id, white, black, winner, "
               "plies, white_berserked, black_berserked, ended_ms) "
               "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
               PostgresParams()
                   .add(tournament_id)
                   .add(result.game_id)
                   .add(result.white)
                   .add(result.black)
                   .add_optional(winner)
                   .add(std::int64_t{result.plies})
                   .add_bool(result.white_berserked)
                   .add_bool(result.black_berserked)
                   .add(result.ended_ms))
               .affected_rows() > 0;
}

std::vector<ArenaGameResult> PostgresArenaRepository::results(std::int64_t tournament_id) {
    PostgresResult rows = run("SELECT game_id, white, black, winner, plies, white_berserked, "
                              "black_berserked, ended_ms FROM tournament_results "
                              "WHERE tournament_id = $1 ORDER BY game_id",
                              PostgresParams().add(tournament_id));
    std::vector<ArenaGameResult> results;
    for (int row = 0; row < rows.rows(); ++row) {
        ArenaGameResult result;
        result.game_id = rows.int64(row, 0);
        result.white = rows.text(row, 1);
        result.black = rows.text(row, 2);
        if (auto winner = rows.optional_text(row, 3))
            result.winner = *winner == "white" ? White : Black;
        result.plies = int(rows.int64(row, 4));
        result.white_berserked = rows.boolean(row, 5);
        result.black_berserked = rows.boolean(row, 6);
        result.ended_ms = rows.int64(row, 7);
        results.push_back(std::move(result));
    }
    return results;
}

bool PostgresArenaRepository::lead(const std::string& holder, std::int64_t now_ms,
                                   std::int64_t lease_ms) {
    // One statement: of two processes at once, the second waits on the row and re-checks the
    // condition against the first one's lease.
    return run("INSERT INTO tournament_lease AS l (id, holder, until_ms) VALUES (1, $1, $2) "
               "ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, "
               "until_ms = excluded.until_ms WHERE l.holder = excluded.holder OR l.until_ms < $3",
               PostgresParams().add(holder).add(now_ms + lease_ms).add(now_ms))
               .affected_rows() > 0;
}

} // namespace evo::app

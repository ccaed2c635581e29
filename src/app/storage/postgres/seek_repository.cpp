#include "seek_repository.h"

#include "app/storage/offer_columns.h"
#include "schema.h"

namespace evo::app {

namespace {

constexpr const char* seek_columns =
    "SELECT id, owner, owner_name, variant, clock_initial_ms, clock_increment_ms, clock_days, "
    "rated, colour, created_ms, taken_by, game_id, maker_token, taker_token, maker_seen_ms, "
    "taken_ms, rating_min, rating_max, auto_group FROM seeks ";

SeekRecord seek_of_row(const PostgresResult& rows, int row) {
    SeekRecord seek;
    static_cast<GameOffer&>(seek) = offer_of_row(rows, row, 3);
    seek.id = rows.int64(row, 0);
    seek.owner = rows.text(row, 1);
    seek.owner_name = rows.text(row, 2);
    seek.created_ms = rows.int64(row, 9);
    seek.taken_by = rows.optional_text(row, 10).value_or("");
    seek.game_id = rows.optional_int64(row, 11);
    seek.maker_token = rows.optional_text(row, 12).value_or("");
    seek.taker_token = rows.optional_text(row, 13).value_or("");
    seek.maker_seen_ms = rows.optional_int64(row, 14).value_or(seek.created_ms);
    seek.taken_ms = rows.optional_int64(row, 15).value_or(0);
    seek.rating_min = rows.optional_int(row, 16);
    seek.rating_max = rows.optional_int(row, 17);
    seek.auto_group = rows.optional_int64(row, 18);
    return seek;
}

constexpr const char* insert_sql =
    "INSERT INTO seeks (owner, owner_name, variant, clock_initial_ms, clock_increment_ms, "
    "clock_days, rated, colour, created_ms, maker_seen_ms, rating_min, rating_max, auto_group) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12) RETURNING id";

PostgresParams insert_params(const SeekRecord& record) {
    PostgresParams params;
    params.add(record.owner).add(record.owner_name);
    add_offer(params, record).add(record.created_ms);
    params.add_optional(record.rating_min).add_optional(record.rating_max);
    params.add_optional(record.auto_group);
    return params;
}

} // namespace

PostgresSeekRepository::PostgresSeekRepository(const std::string& conninfo, std::size_t connections)
    : pool_(conninfo, connections) {
    auto connection = pool_.lease();
    migrate_postgres_schema(*connection);
}

PostgresResult PostgresSeekRepository::run(std::string_view sql, const PostgresParams& params) {
    return start_statement(pool_, sql, params).result;
}

void PostgresSeekRepository::insert(SeekRecord& record) {
    record.id = run(insert_sql, insert_params(record)).int64(0, 0);
    record.maker_seen_ms = record.created_ms;
}

void PostgresSeekRepository::insert_group(std::vector<SeekRecord>& records) {
    if (records.empty()) return;
    in_postgres_transaction(pool_, [&](PostgresConnection& connection) {
        records[0].auto_group.reset();
        std::int64_t group = connection.execute(insert_sql, insert_params(records[0])).int64(0, 0);
        connection.execute("UPDATE seeks SET auto_group = $1 WHERE id = $1",
                           PostgresParams().add(group));
        records[0].id = group;
        for (SeekRecord& record : records) {
            record.auto_group = group;
            record.maker_seen_ms = record.created_ms;
            if (record.id != group)
                record.id = connection.execute(insert_sql, insert_params(record)).int64(0, 0);
        }
    });
}

std::optional<SeekRecord> PostgresSeekRepository::find(std::int64_t id) {
    PostgresResult rows =
        run(std::string(seek_columns) + "WHERE id = $1", PostgresParams().add(id));
    if (rows.rows() == 0) return std::nullopt;
    return seek_of_row(rows, 0);
}

std::vector<SeekRecord> PostgresSeekRepository::open_seeks() {
    PostgresResult rows = run(std::string(seek_columns) + "WHERE taken_by IS NULL ORDER BY id");
    std::vector<SeekRecord> seeks;
    for (int row = 0; row < rows.rows(); ++row) seeks.push_back(seek_of_row(rows, row));
    return seeks;
}

int PostgresSeekRepository::open_seeks_of(const std::string& owner) {
    // A plain seek's id is never an entry's group (that is the id of one of its seeks).
    return int(run("SELECT count(DISTINCT coalesce(auto_group, id)) FROM seeks "
                   "WHERE owner = $1 AND taken_by IS NULL",
                   PostgresParams().add(owner))
                   .int64(0, 0));
}

bool PostgresSeekRepository::remove(std::int64_t id, const std::string& owner) {
    return run("DELETE FROM seeks WHERE id = $1 AND owner = $2 AND taken_by IS NULL",
               PostgresParams().add(id).add(owner))
               .affected_rows() > 0;
}

std::vector<std::int64_t> PostgresSeekRepository::remove_group(std::int64_t group,
                                                               const std::string& owner) {
    PostgresResult rows = run("DELETE FROM seeks WHERE auto_group = $1 AND owner = $2 "
                              "AND taken_by IS NULL RETURNING id",
                              PostgresParams().add(group).add(owner));
    std::vector<std::int64_t> ids;
    for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.int64(row, 0));
    return ids;
}

std::optional<std::vector<std::int64_t>>
PostgresSeekRepository::take_and_withdraw(std::int64_t id, const std::string& taker,
                                          std::int64_t now_ms,
                                          std::optional<std::int64_t> taker_group) {
    std::optional<std::vector<std::int64_t>> answer;
    in_postgres_transaction(pool_, [&](PostgresConnection& connection) {
        // The rows of the seek, its entry and the taker's entry, locked in the order of their
        // ids (so two such steps at once wait for each other, never deadlock); each statement
        // after it reads them as the step before this one left them.
        PostgresParams ids;
        ids.add(id).add_optional(taker_group);
        connection.execute("SELECT id FROM seeks WHERE id = $1 OR auto_group = $2 OR "
                           "auto_group = (SELECT auto_group FROM seeks WHERE id = $1) "
                           "ORDER BY id FOR UPDATE",
                           ids);
        PostgresResult seek =
            connection.execute("SELECT auto_group FROM seeks WHERE id = $1 AND taken_by IS NULL",
                               PostgresParams().add(id));
        if (seek.rows() == 0) return;
        std::optional<std::int64_t> group = seek.optional_int64(0, 0);
        if (taker_group &&
            connection
                    .execute(
                        "SELECT count(*) FROM seeks WHERE auto_group = $1 AND taken_by IS NULL",
                        PostgresParams().add(*taker_group))
                    .int64(0, 0) == 0)
            return; // the taker was paired meanwhile
        connection.execute("UPDATE seeks SET taken_by = $1, taken_ms = $2 WHERE id = $3",
                           PostgresParams().add(taker).add(now_ms).add(id));
        PostgresResult withdrawn = connection.execute(
            "DELETE FROM seeks WHERE taken_by IS NULL AND id <> $1 "
            "AND (auto_group = $2 OR auto_group = $3) RETURNING id",
            PostgresParams().add(id).add_optional(group).add_optional(taker_group));
        answer.emplace();
        for (int row = 0; row < withdrawn.rows(); ++row) answer->push_back(withdrawn.int64(row, 0));
    });
    return answer;
}

bool PostgresSeekRepository::set_game(std::int64_t id, const std::string& taker,
                                      std::int64_t game_id, const std::string& maker_token,
                                      const std::string& taker_token) {
    // One statement: noted, or (too late, the seek was reopened meanwhile) the game made for
    // it removed while it has no move, since nobody was told of it.
    return run("WITH noted AS (UPDATE seeks SET game_id = $1, maker_token = $2, taker_token = $3 "
               "WHERE id = $4 AND taken_by = $5 AND game_id IS NULL RETURNING id), "
               "dropped AS (DELETE FROM games WHERE id = $1 AND made_for = 'seek:' || $4 "
               "AND move_count = 0 AND NOT EXISTS (SELECT 1 FROM noted)) "
               "SELECT count(*) FROM noted",
               PostgresParams().add(game_id).add(maker_token).add(taker_token).add(id).add(taker))
               .int64(0, 0) > 0;
}

std::vector<std::int64_t> PostgresSeekRepository::reopen_stalled(std::int64_t before_ms) {
    // A seek taken before version 9 has no taken_ms: it counts as taken long ago.
    // With the game a dead taker made and never noted, in the same statement: a taker that
    // takes the seek again afterwards makes a game this does not touch.
    PostgresResult rows = run("WITH reopened AS (UPDATE seeks SET taken_by = NULL, taken_ms = NULL "
                              "WHERE taken_by IS NOT NULL AND game_id IS NULL "
                              "AND coalesce(taken_ms, 0) < $1 RETURNING id), "
                              "dropped AS (DELETE FROM games WHERE move_count = 0 AND made_for IN "
                              "(SELECT 'seek:' || id FROM reopened)) "
                              "SELECT id FROM reopened",
                              PostgresParams().add(before_ms));
    std::vector<std::int64_t> ids;
    for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.int64(row, 0));
    return ids;
}

void PostgresSeekRepository::mark_seen(const std::vector<std::string>& owners,
                                       std::int64_t now_ms) {
    for (const std::string& owner : owners)
        run("UPDATE seeks SET maker_seen_ms = $1 "
            "WHERE owner = $2 AND taken_by IS NULL AND maker_seen_ms < $1",
            PostgresParams().add(now_ms).add(owner));
}

std::vector<std::int64_t> PostgresSeekRepository::remove_unseen(std::int64_t before_ms) {
    PostgresResult rows =
        run("DELETE FROM seeks WHERE taken_by IS NULL AND maker_seen_ms < $1 RETURNING id",
            PostgresParams().add(before_ms));
    std::vector<std::int64_t> ids;
    for (int row = 0; row < rows.rows(); ++row) ids.push_back(rows.int64(row, 0));
    return ids;
}

} // namespace evo::app

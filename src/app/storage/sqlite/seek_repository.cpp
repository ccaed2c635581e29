#include "seek_repository.h"

#include "app/storage/offer_columns.h"
#include "schema.h"
#include "unstarted_games.h"

namespace evo::app {

namespace {

constexpr const char* seek_columns =
    "SELECT id, owner, owner_name, variant, clock_initial_ms, clock_increment_ms, clock_days, "
    "rated, colour, created_ms, taken_by, game_id, maker_token, taker_token, maker_seen_ms, "
    "taken_ms, rating_min, rating_max, auto_group FROM seeks ";

SeekRecord seek_of_row(const SqliteStatement& row) {
    SeekRecord seek;
    static_cast<GameOffer&>(seek) = offer_of_row(row, 3);
    seek.id = row.column_int(0);
    seek.owner = row.column_text(1);
    seek.owner_name = row.column_text(2);
    seek.created_ms = row.column_int(9);
    seek.taken_by = row.column_optional_text(10).value_or("");
    seek.game_id = row.column_optional_int64(11);
    seek.maker_token = row.column_optional_text(12).value_or("");
    seek.taker_token = row.column_optional_text(13).value_or("");
    seek.maker_seen_ms = row.column_optional_int64(14).value_or(seek.created_ms);
    seek.taken_ms = row.column_optional_int64(15).value_or(0);
    seek.rating_min = row.column_optional_int(16);
    seek.rating_max = row.column_optional_int(17);
    seek.auto_group = row.column_optional_int64(18);
    return seek;
}

// Stores one open seek, under the repository's lock; sets its id.
void insert_row(SqliteDatabase& db, SeekRecord& record) {
    SqliteStatement insert(db, "INSERT INTO seeks (owner, owner_name, variant, "
                               "clock_initial_ms, clock_increment_ms, clock_days, rated, "
                               "colour, created_ms, maker_seen_ms, rating_min, rating_max, "
                               "auto_group) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, record.owner).bind(2, record.owner_name);
    bind_offer(insert, 3, record).bind(9, record.created_ms).bind(10, record.created_ms);
    insert.bind_optional(11, record.rating_min).bind_optional(12, record.rating_max);
    insert.bind_optional(13, record.auto_group);
    insert.run();
    record.id = db.last_insert_id();
    record.maker_seen_ms = record.created_ms;
}

} // namespace

SqliteSeekRepository::SqliteSeekRepository(const std::string& database_path) : db_(database_path) {
    migrate_sqlite_schema(db_);
}

void SqliteSeekRepository::insert(SeekRecord& record) {
    std::lock_guard lock(mutex_);
    insert_row(db_, record);
}

void SqliteSeekRepository::insert_group(std::vector<SeekRecord>& records) {
    if (records.empty()) return;
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    records[0].auto_group.reset();
    insert_row(db_, records[0]);
    std::int64_t group = records[0].id;
    SqliteStatement first(db_, "UPDATE seeks SET auto_group = ? WHERE id = ?");
    first.bind(1, group).bind(2, group);
    first.run();
    for (SeekRecord& record : records) {
        record.auto_group = group;
        if (record.id != group) insert_row(db_, record);
    }
    transaction.commit();
}

std::optional<SeekRecord> SqliteSeekRepository::find(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqliteStatement seek(db_, std::string(seek_columns) + "WHERE id = ?");
    seek.bind(1, id);
    if (!seek.step()) return std::nullopt;
    return seek_of_row(seek);
}

std::vector<SeekRecord> SqliteSeekRepository::open_seeks() {
    std::lock_guard lock(mutex_);
    SqliteStatement rows(db_, std::string(seek_columns) + "WHERE taken_by IS NULL ORDER BY id");
    std::vector<SeekRecord> seeks;
    while (rows.step()) seeks.push_back(seek_of_row(rows));
    return seeks;
}

int SqliteSeekRepository::open_seeks_of(const std::string& owner) {
    std::lock_guard lock(mutex_);
    // A plain seek's id is never an entry's group (that is the id of one of its seeks).
    SqliteStatement count(db_, "SELECT count(DISTINCT coalesce(auto_group, id)) FROM seeks "
                               "WHERE owner = ? AND taken_by IS NULL");
    count.bind(1, owner);
    count.step();
    return int(count.column_int(0));
}

bool SqliteSeekRepository::remove(std::int64_t id, const std::string& owner) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_,
                           "DELETE FROM seeks WHERE id = ? AND owner = ? AND taken_by IS NULL");
    remove.bind(1, id).bind(2, owner);
    remove.run();
    return db_.changes() > 0;
}

std::vector<std::int64_t> SqliteSeekRepository::remove_group(std::int64_t group,
                                                             const std::string& owner) {
    std::lock_guard lock(mutex_);
    SqliteStatement remove(db_, "DELETE FROM seeks WHERE auto_group = ? AND owner = ? "
                                "AND taken_by IS NULL RETURNING id");
    remove.bind(1, group).bind(2, owner);
    std::vector<std::int64_t> ids;
    while (remove.step()) ids.push_back(remove.column_int(0));
    return ids;
}

std::optional<std::vector<std::int64_t>>
SqliteSeekRepository::take_and_withdraw(std::int64_t id, const std::string& taker,
                                        std::int64_t now_ms,
                                        std::optional<std::int64_t> taker_group) {
    std::lock_guard lock(mutex_);
    // An immediate transaction: every other connection (process) waits until it ends.
    SqliteTransaction transaction(db_);
    std::optional<std::int64_t> group;
    {
        SqliteStatement seek(db_, "SELECT auto_group FROM seeks WHERE id = ? AND taken_by IS NULL");
        seek.bind(1, id);
        if (!seek.step()) return std::nullopt;
        group = seek.column_optional_int64(0);
    }
    if (taker_group) {
        SqliteStatement waiting(
            db_, "SELECT count(*) FROM seeks WHERE auto_group = ? AND taken_by IS NULL");
        waiting.bind(1, *taker_group);
        waiting.step();
        if (waiting.column_int(0) == 0) return std::nullopt; // the taker was paired meanwhile
    }
    SqliteStatement take(db_, "UPDATE seeks SET taken_by = ?, taken_ms = ? WHERE id = ?");
    take.bind(1, taker).bind(2, now_ms).bind(3, id);
    take.run();
    SqliteStatement withdraw(db_, "DELETE FROM seeks WHERE taken_by IS NULL AND id <> ? "
                                  "AND (auto_group = ? OR auto_group = ?) RETURNING id");
    withdraw.bind(1, id).bind_optional(2, group).bind_optional(3, taker_group);
    std::vector<std::int64_t> withdrawn;
    while (withdraw.step()) withdrawn.push_back(withdraw.column_int(0));
    transaction.commit(); // every statement above has run to its end

    return withdrawn;
}

bool SqliteSeekRepository::set_game(std::int64_t id, const std::string& taker, std::int64_t game_id,
                                    const std::string& maker_token,
                                    const std::string& taker_token) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    SqliteStatement game(db_, "UPDATE seeks SET game_id = ?, maker_token = ?, taker_token = ? "
                              "WHERE id = ? AND taken_by = ? AND game_id IS NULL");
    game.bind(1, game_id).bind(2, maker_token).bind(3, taker_token).bind(4, id).bind(5, taker);
    game.run();
    const bool noted = db_.changes() > 0;
    // Too late: the seek was reopened meanwhile, and the game made for it is nobody's.
    if (!noted) remove_unstarted_game(db_, "seek:" + std::to_string(id), game_id);
    transaction.commit();
    return noted;
}

std::vector<std::int64_t> SqliteSeekRepository::reopen_stalled(std::int64_t before_ms) {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(db_);
    std::vector<std::int64_t> ids;
    {
        // A seek taken before version 9 has no taken_ms: it counts as taken long ago.
        SqliteStatement reopen(db_, "UPDATE seeks SET taken_by = NULL, taken_ms = NULL "
                                    "WHERE taken_by IS NOT NULL AND game_id IS NULL "
                                    "AND coalesce(taken_ms, 0) < ? RETURNING id");
        reopen.bind(1, before_ms);
        while (reopen.step()) ids.push_back(reopen.column_int(0));
    }
    // The game a dead taker made and never noted, in the same transaction: a taker that
    // takes the seek again afterwards makes a game this does not touch.
    for (std::int64_t id : ids) remove_unstarted_game(db_, "seek:" + std::to_string(id));
    transaction.commit();
    return ids;
}

void SqliteSeekRepository::mark_seen(const std::vector<std::string>& owners, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement seen(db_, "UPDATE seeks SET maker_seen_ms = ? "
                              "WHERE owner = ? AND taken_by IS NULL AND maker_seen_ms < ?");
    for (const std::string& owner : owners) {
        seen.bind(1, now_ms).bind(2, owner).bind(3, now_ms);
        seen.run();
    }
}

std::vector<std::int64_t> SqliteSeekRepository::remove_unseen(std::int64_t before_ms) {
    std::lock_guard lock(mutex_);
    SqliteStatement gone(db_, "DELETE FROM seeks WHERE taken_by IS NULL AND maker_seen_ms < ? "
                              "RETURNING id");
    gone.bind(1, before_ms);
    std::vector<std::int64_t> ids;
    while (gone.step()) ids.push_back(gone.column_int(0));
    return ids;
}

} // namespace evo::app

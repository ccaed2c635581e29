// SQLite storage of games: one row per game, one row per move. Every write is
// one transaction, committed before the caller answers its client.
#pragma once

#include "game_record.h"
#include "sqlite_database.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

enum class SaveOutcome { Saved, Gone, VersionConflict };

class GameStore {
  public:
    // Opens or creates the database file and its tables.
    explicit GameStore(const std::string& database_path);

    // Stores a new game; sets record.id, created and updated.
    void insert(GameRecord& record);
    std::optional<GameRecord> load(std::int64_t id);
    // The most recently updated games first, `limit` of them after skipping `offset`.
    std::vector<GameListing> list(int limit, int offset);
    // Writes the record over the stored one if the stored version is still record.version
    // (then both grow by one and record.updated is set); stored_move_count is how many of
    // its moves are in the database now, so only the changed tail is rewritten.
    SaveOutcome save(GameRecord& record, std::size_t stored_move_count);
    // Every unfinished game whose clock runs, with the instant (ms) its flag falls.
    std::vector<std::pair<std::int64_t, std::int64_t>> running_clocks();
    // Notes that a server ran on this database at `now_ms` (the latest instant noted wins).
    void note_alive(std::int64_t now_ms);
    // At a server's start: every running clock's turn is moved on by the time since the last
    // instant noted (or since its turn began, if later), so that the time the server was down
    // is charged to nobody; then `now_ms` is noted, in the same transaction. Answers how many
    // clocks were moved on.
    int credit_downtime(std::int64_t now_ms);
    bool remove(std::int64_t id);
    // The stored version of the game; none when it is gone.
    std::optional<std::int64_t> version_of(std::int64_t id);
    // The connection itself, for tests that make the storage fail.
    SqliteDatabase& database_for_tests() { return db_; }

  private:
    void create_schema();

    std::mutex mutex_;
    SqliteDatabase db_;
};

// The current time in UTC, ISO 8601 to the second.
std::string utc_timestamp_now();

} // namespace evo::app

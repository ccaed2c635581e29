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

class GameStore {
  public:
    // Opens or creates the database file and its tables.
    explicit GameStore(const std::string& database_path);

    // Stores a new game; sets record.id, created and updated.
    void insert(GameRecord& record);
    std::optional<GameRecord> load(std::int64_t id);
    std::vector<GameListing> list();
    // Writes the record over the stored one; stored_move_count is how many of its
    // moves are in the database now, so only the changed tail is rewritten.
    // Sets record.updated. False when the game no longer exists.
    bool save(GameRecord& record, std::size_t stored_move_count);
    bool remove(std::int64_t id);

  private:
    void create_schema();

    std::mutex mutex_;
    SqliteDatabase db_;
};

// The current time in UTC, ISO 8601 to the second.
std::string utc_timestamp_now();

} // namespace evo::app

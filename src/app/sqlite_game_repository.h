// The game repository on SQLite: one row per game, one row per move. Every write is one
// transaction, committed before the caller answers its client. Opening the file brings its
// schema up to date (sqlite_schema.h).
#pragma once

#include "game_repository.h"
#include "sqlite_database.h"

#include <mutex>
#include <string>

namespace evo::app {

class SqliteGameRepository final : public GameRepository {
  public:
    // Opens or creates the database file and migrates its schema to the newest version;
    // NewerSchemaError if a newer release wrote it, StorageError if it cannot be opened.
    explicit SqliteGameRepository(const std::string& database_path);

    void insert(GameRecord& record) override;
    std::optional<GameRecord> load(std::int64_t id) override;
    std::vector<GameListing> list(int limit, int offset,
                                  const GameListFilter& filter = {}) override;
    int transfer_games(const std::string& from_owner, const std::string& to_owner) override;
    SaveOutcome save(GameRecord& record, std::size_t stored_move_count) override;
    std::optional<std::int64_t> version_of(std::int64_t id) override;
    bool remove(std::int64_t id) override;
    std::vector<std::pair<std::int64_t, std::int64_t>> running_clocks() override;
    void note_alive(std::int64_t now_ms) override;
    int credit_downtime(std::int64_t now_ms) override;

    // The connection itself, for tests that make the storage fail.
    SqliteDatabase& database_for_tests() { return db_; }

  private:
    std::mutex mutex_;
    SqliteDatabase db_;
};

} // namespace evo::app

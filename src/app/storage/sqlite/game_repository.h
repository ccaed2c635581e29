// The game repository on SQLite: one row per game, one row per move. Every write is
// committed (flushed to disk) before the caller answers its client. Saves that arrive while
// another is being written are committed together, one flush for all of them (a group
// commit: the flush per move under the connection's mutex was what made the online tail,
// docs/performance.md); each keeps its own outcome. Opening the file brings its schema up
// to date (sqlite_schema.h).
#pragma once

#include "app/record/game_repository.h"
#include "database.h"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
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

    // The most saves one commit writes; a steady stream of saves still gets flushed.
    static constexpr int max_saves_per_commit = 32;

  private:
    // The saves of one transaction, and how its commit went.
    struct Batch {
        int saves = 0;
        bool done = false;
        std::exception_ptr failure;
    };
    // One save's statements, in the open transaction.
    SaveOutcome write_save(GameRecord& record, std::size_t stored_move_count);
    // Commits the open batch, if any, and wakes its savers; under mutex_.
    void commit_batch();
    // Takes the connection for anything but a save: the open batch is committed first, so
    // every other operation sees (and runs in) committed state.
    std::unique_lock<std::mutex> exclusive();

    std::mutex mutex_;
    std::condition_variable batch_done_;
    std::atomic<int> saves_waiting_{0}; // saves about to take mutex_
    std::shared_ptr<Batch> batch_;      // open: a transaction has begun and not committed
    SqliteDatabase db_;
};

} // namespace evo::app

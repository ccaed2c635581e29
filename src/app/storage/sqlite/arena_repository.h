// The arena repository on SQLite: its own connection to the games' database file.
#pragma once

#include "app/tournaments/arena_repository.h"
#include "database.h"

#include <mutex>
#include <string>

namespace evo::app {

class SqliteArenaRepository final : public ArenaRepository {
  public:
    // Opens or creates the database file and migrates its schema to the newest version.
    explicit SqliteArenaRepository(const std::string& database_path);

    void insert(ArenaRecord& record) override;
    bool insert_scheduled(ArenaRecord& record) override;
    std::optional<ArenaRecord> find(std::int64_t id) override;
    std::vector<ArenaRecord> list(ArenaStatus status, int limit) override;
    bool advance(std::int64_t id, ArenaStatus from, ArenaStatus to, std::int64_t now_ms) override;
    ArenaEntrant join(std::int64_t tournament_id, const ArenaEntrant& entrant) override;
    bool withdraw(std::int64_t tournament_id, const std::string& player) override;
    std::vector<ArenaEntrant> entrants(std::int64_t tournament_id) override;
    bool note_result(std::int64_t tournament_id, const ArenaGameResult& result) override;
    std::vector<ArenaGameResult> results(std::int64_t tournament_id) override;
    bool lead(const std::string& holder, std::int64_t now_ms, std::int64_t lease_ms) override;

  private:
    bool store(ArenaRecord& record); // under mutex_
    std::mutex mutex_;
    SqliteDatabase db_;
};

} // namespace evo::app

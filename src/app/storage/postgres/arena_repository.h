// The arena repository on PostgreSQL: the same tables as SQLite's, its own small pool of
// connections to the games' database, the schema migrated on opening (postgres_schema.h).
#pragma once

#include "app/tournaments/arena_repository.h"
#include "connection_pool.h"

#include <string>

namespace evo::app {

class PostgresArenaRepository final : public ArenaRepository {
  public:
    explicit PostgresArenaRepository(const std::string& conninfo, std::size_t connections = 2);

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
    bool store(ArenaRecord& record);
    PostgresResult run(std::string_view sql, const PostgresParams& params = {});
    PostgresConnectionPool pool_;
};

} // namespace evo::app

// The game repository on PostgreSQL (libpq; docs/design.md says why not libpqxx): the same
// rows as SQLite's, each operation one transaction, a save a compare-and-set on the version
// so that several servers can share the database. Opening it migrates the schema
// (postgres_schema.h). A connection that is lost makes that call fail as Unavailable; the
// next call connects afresh (postgres_connection_pool.h).
#pragma once

#include "app/record/game_repository.h"
#include "connection_pool.h"

#include <functional>
#include <string>

namespace evo::app {

class PostgresGameRepository final : public GameRepository {
  public:
    // Connects (any libpq URI or key=value string) and migrates the schema to the newest
    // version; NewerSchemaError if a newer release wrote it, StorageError Unavailable if the
    // server cannot be reached. `connections`: how many the pool may open at most.
    explicit PostgresGameRepository(const std::string& conninfo, std::size_t connections = 4);

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

  private:
    // Runs `work` in one transaction, committed when it returns, rolled back when it throws
    // (or when the commit fails, which leaves nothing half-written either).
    void in_transaction(const std::function<void(PostgresConnection&)>& work);
    // Runs one statement on its own (it is its own transaction).
    PostgresResult run(std::string_view sql, const PostgresParams& params = {});
    using Started = PostgresStarted;
    // start_statement (postgres_connection_pool.h) on this repository's pool.
    Started start(std::string_view sql, const PostgresParams& params = {});

    PostgresConnectionPool pool_;
};

} // namespace evo::app

// The seek repository on PostgreSQL: the same table as SQLite's, its own small pool of
// connections to the games' database, the schema migrated on opening (postgres_schema.h).
#pragma once

#include "app/lobby/seek_repository.h"
#include "connection_pool.h"

#include <string>

namespace evo::app {

class PostgresSeekRepository final : public SeekRepository {
  public:
    explicit PostgresSeekRepository(const std::string& conninfo, std::size_t connections = 2);

    void insert(SeekRecord& record) override;
    void insert_group(std::vector<SeekRecord>& records) override;
    std::optional<SeekRecord> find(std::int64_t id) override;
    std::vector<SeekRecord> open_seeks() override;
    int open_seeks_of(const std::string& owner) override;
    bool remove(std::int64_t id, const std::string& owner) override;
    std::vector<std::int64_t> remove_group(std::int64_t group, const std::string& owner) override;
    std::optional<std::vector<std::int64_t>>
    take_and_withdraw(std::int64_t id, const std::string& taker, std::int64_t now_ms,
                      std::optional<std::int64_t> taker_group) override;
    bool set_game(std::int64_t id, const std::string& taker, std::int64_t game_id,
                  const std::string& maker_token, const std::string& taker_token) override;
    std::vector<std::int64_t> reopen_stalled(std::int64_t before_ms) override;
    void mark_seen(const std::vector<std::string>& owners, std::int64_t now_ms) override;
    std::vector<std::int64_t> remove_unseen(std::int64_t before_ms) override;

  private:
    PostgresResult run(std::string_view sql, const PostgresParams& params = {});
    PostgresConnectionPool pool_;
};

} // namespace evo::app

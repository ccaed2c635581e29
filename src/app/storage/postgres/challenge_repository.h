// The challenge repository on PostgreSQL: the same table as SQLite's, its own small pool of
// connections to the games' database, the schema migrated on opening (postgres_schema.h).
#pragma once

#include "app/lobby/challenge_repository.h"
#include "connection_pool.h"

#include <string>

namespace evo::app {

class PostgresChallengeRepository final : public ChallengeRepository {
  public:
    explicit PostgresChallengeRepository(const std::string& conninfo, std::size_t connections = 2);

    void insert(ChallengeRecord& record) override;
    std::optional<ChallengeRecord> find(std::int64_t id) override;
    std::vector<ChallengeRecord> open_of(const std::string& player) override;
    int open_from(const std::string& player) override;
    bool close(std::int64_t id, const std::string& how, std::int64_t now_ms) override;
    void note_decline_reason(std::int64_t id, const std::string& reason) override;
    std::vector<std::int64_t> reopen_stalled(std::int64_t before_ms) override;
    bool set_game(std::int64_t id, std::int64_t game_id, const std::string& from_token,
                  const std::string& to_token) override;

  private:
    PostgresResult run(std::string_view sql, const PostgresParams& params = {});
    PostgresConnectionPool pool_;
};

} // namespace evo::app

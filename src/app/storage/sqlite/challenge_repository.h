// The challenge repository on SQLite: its own connection to the games' database file.
#pragma once

#include "app/lobby/challenge_repository.h"
#include "database.h"

#include <mutex>
#include <string>

namespace evo::app {

class SqliteChallengeRepository final : public ChallengeRepository {
  public:
    // Opens or creates the database file and migrates its schema to the newest version.
    explicit SqliteChallengeRepository(const std::string& database_path);

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
    std::mutex mutex_;
    SqliteDatabase db_;
};

} // namespace evo::app

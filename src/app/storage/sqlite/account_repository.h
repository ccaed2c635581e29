// The account repository on SQLite: its own connection to the games' database file (WAL lets
// it read and write beside the game repository's), the schema migrated on opening.
#pragma once

#include "app/accounts/repository.h"
#include "database.h"

#include <mutex>
#include <string>

namespace evo::app {

class SqliteAccountRepository final : public AccountRepository {
  public:
    // Opens or creates the database file and migrates its schema to the newest version.
    explicit SqliteAccountRepository(const std::string& database_path);

    bool create(AccountRecord& record) override;
    std::optional<AccountRecord> find_by_name(const std::string& name) override;
    void add_session(std::int64_t account_id, const std::string& token_digest,
                     std::int64_t created_ms) override;
    std::optional<AccountRecord> account_of_session(const std::string& token_digest,
                                                    std::int64_t not_before_ms) override;
    bool remove_session(const std::string& token_digest) override;
    int remove_sessions_of(std::int64_t account_id) override;
    int remove_expired_sessions_of(std::int64_t account_id, std::int64_t not_before_ms) override;
    int remove_sessions_beyond(std::int64_t account_id, const std::string& newest_digest,
                               int keep) override;
    void add_api_token(ApiTokenRecord& record) override;
    std::vector<ApiTokenRecord> api_tokens_of(std::int64_t account_id) override;
    std::optional<ApiTokenOwner> api_token_owner(const std::string& digest) override;
    void note_api_token_use(std::int64_t token_id, std::int64_t now_ms) override;
    bool remove_api_token(std::int64_t account_id, std::int64_t token_id) override;
    void note_login_place(std::int64_t account_id, const std::optional<std::string>& device_digest,
                          const std::string& address_digest, std::int64_t now_ms) override;
    bool is_known_login_place(std::int64_t account_id,
                              const std::optional<std::string>& device_digest,
                              const std::string& address_digest) override;
    bool make_bot(std::int64_t account_id) override;
    std::vector<StoredRating> ratings_of(std::int64_t account_id) override;
    void save_rating(std::int64_t account_id, const StoredRating& rating) override;
    std::optional<StoredRating> puzzle_rating_of(std::int64_t account_id,
                                                 const std::string& variant) override;
    void save_puzzle_rating(std::int64_t account_id, const StoredRating& rating) override;
    std::optional<StoredRating> count_first_puzzle_attempt(std::int64_t account_id,
                                                           const std::string& puzzle_id,
                                                           const std::string& variant,
                                                           std::int64_t now_ms,
                                                           const PuzzleRate& rate) override;
    std::vector<RatingHistoryEntry> rating_history_of(std::int64_t account_id) override;
    std::vector<RankedPlayer> leaderboard(const std::string& variant, double rd_at_most,
                                          std::int64_t played_since_ms, int limit,
                                          bool bots) override;

  private:
    // Under the lock: writes a rating row of `table` (ratings or puzzle_ratings).
    void upsert_rating(const std::string& table, std::int64_t account_id,
                       const StoredRating& rating);
    std::mutex mutex_;
    SqliteDatabase db_;
};

} // namespace evo::app

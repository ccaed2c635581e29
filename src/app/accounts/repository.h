// The port accounts, their sessions and their ratings are stored through, beside the game
// repository and on the same database (SQLite or PostgreSQL). Failures are StorageErrors.
// Sessions are stored by their token's digest (account_crypto.h), never the token itself.
#pragma once

#include "app/common/storage_error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct AccountRecord {
    std::int64_t id = 0;
    std::string name;          // as the player wrote it
    std::string password_hash; // Argon2id, libsodium's text form
    std::int64_t created_ms = 0;
    bool bot = false; // upgraded to a bot account (docs/bots.md), for good
};

// A personal API token of an account (docs/bots.md): kept by its secret's digest only.
struct ApiTokenRecord {
    std::int64_t id = 0;
    std::int64_t account_id = 0;
    std::string digest;
    std::string description;
    std::vector<std::string> scopes;
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> last_used_ms; // none: never used
};

// A token's last use is written at most this often (a bot sends a request a second).
inline constexpr std::int64_t api_token_use_step_ms = 60 * 1000;

// The devices an account's logins are known from (note_login_place): the newest ones kept.
constexpr int known_devices_per_account = 10;

// The account an API token belongs to, and the token.
struct ApiTokenOwner {
    AccountRecord account;
    ApiTokenRecord token;
};

struct StoredRating {
    std::string variant;
    double rating = 0;
    double rd = 0;
    double volatility = 0;
    int games = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    std::int64_t last_played_ms = 0; // when the last rated game ended; 0: none
};

// One rated game's change to one player's rating (docs/api.md, GET /api/players/{name}).
struct RatingHistoryEntry {
    std::int64_t game_id = 0;
    std::string variant;
    double before = 0;
    double after = 0;
    double rd_after = 0;
    std::int64_t ended_ms = 0;
};

// One line of a variant's leaderboard.
struct RankedPlayer {
    std::string name;
    StoredRating rating;
};

class AccountRepository {
  public:
    virtual ~AccountRepository() = default;

    // Stores a new account; none when the name is taken, whatever its case. Sets record.id.
    virtual bool create(AccountRecord& record) = 0;
    // The account of that name, compared without regard to (ASCII) case.
    virtual std::optional<AccountRecord> find_by_name(const std::string& name) = 0;

    // Opens a session for the account.
    virtual void add_session(std::int64_t account_id, const std::string& token_digest,
                             std::int64_t created_ms) = 0;
    // The account whose session has this digest and began at or after `not_before_ms`.
    virtual std::optional<AccountRecord> account_of_session(const std::string& token_digest,
                                                            std::int64_t not_before_ms) = 0;
    // Ends one session; false when there was none.
    virtual bool remove_session(const std::string& token_digest) = 0;
    // Ends every session of the account; answers how many.
    virtual int remove_sessions_of(std::int64_t account_id) = 0;
    // Ends the account's sessions begun before `not_before_ms` (expired); answers how many.
    virtual int remove_expired_sessions_of(std::int64_t account_id, std::int64_t not_before_ms) = 0;
    // Ends the account's oldest sessions so that at most `keep` remain, the session of
    // `newest_digest` (just opened) always among them; of two as old, the one whose digest
    // sorts first goes first. Answers how many ended.
    virtual int remove_sessions_beyond(std::int64_t account_id, const std::string& newest_digest,
                                       int keep) = 0;

    // Stores a new API token; sets record.id.
    virtual void add_api_token(ApiTokenRecord& record) = 0;
    // The account's API tokens, oldest first.
    virtual std::vector<ApiTokenRecord> api_tokens_of(std::int64_t account_id) = 0;
    // The token with this digest and its account.
    virtual std::optional<ApiTokenOwner> api_token_owner(const std::string& digest) = 0;
    // Notes a use of the token at `now_ms`, unless its last noted use is less than
    // api_token_use_step_ms before.
    virtual void note_api_token_use(std::int64_t token_id, std::int64_t now_ms) = 0;
    // Revokes the account's token; false when it has none of that id.
    virtual bool remove_api_token(std::int64_t account_id, std::int64_t token_id) = 0;
    // Notes a successful login's places (issue 47, M4): the device's digest (its visitor
    // cookie's; none: it has none) among the account's known_devices_per_account last ones, and
    // the address's digest as the account's last address.
    virtual void note_login_place(std::int64_t account_id,
                                  const std::optional<std::string>& device_digest,
                                  const std::string& address_digest, std::int64_t now_ms) = 0;
    // Whether the device is one the account logged in from, or the address its last login's.
    virtual bool is_known_login_place(std::int64_t account_id,
                                      const std::optional<std::string>& device_digest,
                                      const std::string& address_digest) = 0;
    // Makes the account a bot; false when there is no such account.
    virtual bool make_bot(std::int64_t account_id) = 0;

    // The account's rating in each variant it has played rated, by variant name.
    virtual std::vector<StoredRating> ratings_of(std::int64_t account_id) = 0;
    // Writes the account's rating in rating.variant (added or replaced).
    virtual void save_rating(std::int64_t account_id, const StoredRating& rating) = 0;
    // The account's puzzle rating in the variant (games: attempts, wins: solved, losses: failed);
    // none before its first attempt.
    virtual std::optional<StoredRating> puzzle_rating_of(std::int64_t account_id,
                                                         const std::string& variant) = 0;
    // Writes the account's puzzle rating in rating.variant (added or replaced).
    virtual void save_puzzle_rating(std::int64_t account_id, const StoredRating& rating) = 0;
    // The account's first attempt at this puzzle, counted in one step (issue 47, L4): notes
    // the attempt and replaces the puzzle rating in `variant` by `rate(the stored one, none
    // before a first attempt)`, which it returns. None, and nothing changed, when the account
    // had attempted the puzzle before: only a first attempt moves a rating.
    using PuzzleRate = std::function<StoredRating(const std::optional<StoredRating>&)>;
    virtual std::optional<StoredRating> count_first_puzzle_attempt(std::int64_t account_id,
                                                                   const std::string& puzzle_id,
                                                                   const std::string& variant,
                                                                   std::int64_t now_ms,
                                                                   const PuzzleRate& rate) = 0;
    // Every rated game's change to the account's ratings, oldest first.
    virtual std::vector<RatingHistoryEntry> rating_history_of(std::int64_t account_id) = 0;
    // The best ratings in the variant with a deviation at most `rd_at_most` and a rated game at
    // or after `played_since_ms`, highest first, at most `limit`: of bot accounts with `bots`,
    // else of the others (people and bots are ranked apart).
    virtual std::vector<RankedPlayer> leaderboard(const std::string& variant, double rd_at_most,
                                                  std::int64_t played_since_ms, int limit,
                                                  bool bots) = 0;
};

// The key names are unique by: ASCII letters in lower case.
std::string account_name_key(const std::string& name);

// A token's scopes as stored: space-separated, and back.
std::string joined_scopes(const std::vector<std::string>& scopes);
std::vector<std::string> split_scopes(const std::string& text);

} // namespace evo::app

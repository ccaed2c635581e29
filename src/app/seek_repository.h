// The port the lobby's seeks are stored through (issue 19, item 2), on the games' database
// (SQLite or PostgreSQL), so that a seek made on one server process is seen and accepted on
// another. Taking a seek is a compare-and-set: of two accepts at once, exactly one wins.
// Failures are StorageErrors.
#pragma once

#include "storage_error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct SeekRecord {
    std::int64_t id = 0;
    std::string owner;      // the player key of its maker (player_identity.h)
    std::string owner_name; // shown in the lobby
    std::string variant;
    // The clock as POST /api/games takes it: minutes and seconds, or days per move; none:
    // no clock.
    std::optional<std::int64_t> clock_initial_ms;
    std::optional<std::int64_t> clock_increment_ms;
    std::optional<int> clock_days;
    bool rated = false;
    std::string colour = "random"; // the maker's: "w", "b" or "random"
    std::int64_t created_ms = 0;
    std::string taken_by;                // empty while open
    std::optional<std::int64_t> game_id; // the game its acceptance made
    std::string maker_token;             // the maker's seat in that game, for them alone
};

class SeekRepository {
  public:
    virtual ~SeekRepository() = default;

    // Stores a new open seek; sets record.id.
    virtual void insert(SeekRecord& record) = 0;
    virtual std::optional<SeekRecord> find(std::int64_t id) = 0;
    // The open seeks, oldest first.
    virtual std::vector<SeekRecord> open_seeks() = 0;
    // How many open seeks the player has.
    virtual int open_seeks_of(const std::string& owner) = 0;
    // Removes the player's open seek; false when there is none such.
    virtual bool remove(std::int64_t id, const std::string& owner) = 0;
    // Takes the open seek for `taker`, if it is still open: true for exactly one caller.
    virtual bool take(std::int64_t id, const std::string& taker) = 0;
    // Notes the game a taken seek made and its maker's seat token.
    virtual void set_game(std::int64_t id, std::int64_t game_id,
                          const std::string& maker_token) = 0;
};

} // namespace evo::app

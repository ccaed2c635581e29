// The port the game service stores games through: one record per game, written with
// compare-and-set on its version, so the database is the truth when several servers share it.
// Failures are StorageErrors (storage_error.h) whatever the database behind it.
#pragma once

#include "app/common/storage_error.h"
#include "game_record.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace evo::app {

enum class SaveOutcome { Saved, Gone, VersionConflict };

class GameRepository {
  public:
    virtual ~GameRepository() = default;

    // Stores a new game; sets record.id, created and updated, and record.version to 0.
    virtual void insert(GameRecord& record) = 0;
    // The stored game; none when there is no such game.
    virtual std::optional<GameRecord> load(std::int64_t id) = 0;
    // The most recently updated games the filter lets through first, `limit` of them after
    // skipping `offset`.
    virtual std::vector<GameListing> list(int limit, int offset,
                                          const GameListFilter& filter = {}) = 0;
    // Gives every game `from_owner` made to `to_owner` (a visitor who creates an account);
    // their versions grow by one, so a copy cached elsewhere is read again. Answers how many.
    virtual int transfer_games(const std::string& from_owner, const std::string& to_owner) = 0;
    // Writes the record over the stored one if the stored version is still record.version
    // (then both grow by one and record.updated is set); stored_move_count is how many of
    // its moves are stored now, so only the changed tail need be rewritten.
    virtual SaveOutcome save(GameRecord& record, std::size_t stored_move_count) = 0;
    // The stored version of the game; none when it is gone.
    virtual std::optional<std::int64_t> version_of(std::int64_t id) = 0;
    // Removes the game and its moves; false when there was no such game.
    virtual bool remove(std::int64_t id) = 0;
    // Every unfinished game whose clock runs, with the instant (ms) its flag falls.
    virtual std::vector<std::pair<std::int64_t, std::int64_t>> running_clocks() = 0;
    // Notes that a server ran on this storage at `now_ms` (the latest instant noted wins).
    virtual void note_alive(std::int64_t now_ms) = 0;
    // At a server's start: every running clock's turn is moved on by the time since the last
    // instant noted (or since its turn began, if later), so that the time the server was down
    // is charged to nobody; then `now_ms` is noted, all at once. Answers how many clocks were
    // moved on.
    virtual int credit_downtime(std::int64_t now_ms) = 0;
};

} // namespace evo::app

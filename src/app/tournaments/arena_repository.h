// The port arenas are stored through (docs/tournaments.md, "The arena service"), on the games'
// database (SQLite or PostgreSQL): the event, who joined it, and the results of its games as the
// pairing process saw them end. The pairings themselves are ordinary games made for the event
// (GameRecord::made_for "tournament:ID"), so a pairing is never half-made. A result is noted
// once per game (its first noting counts), a status moves forward only by compare-and-set, and
// one process at a time holds the pairing lease. Failures are StorageErrors.
#pragma once

#include "app/common/storage_error.h"
#include "arena_clock.h"
#include "core/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::app {

enum class ArenaStatus { Created, Started, Finished };

// "created", "started", "finished"; and back (none: no such status).
std::string_view arena_status_name(ArenaStatus status);
std::optional<ArenaStatus> arena_status_named(std::string_view name);

// What the maker chooses (POST /api/tournament).
struct ArenaSettings {
    std::string name;
    std::string variant; // a registry name
    ArenaClock clock;
    int minutes = 0;
    bool rated = true;
    bool berserkable = true;
    bool streakable = true;
    bool allow_bots = false; // bot accounts may join (lichess's condition `allowBots`)
};

struct ArenaRecord : ArenaSettings {
    std::int64_t id = 0;
    std::string created_by; // the maker's player key (an account)
    std::string created_by_name;
    std::int64_t created_ms = 0;
    std::int64_t starts_ms = 0;
    ArenaStatus status = ArenaStatus::Created;
    std::int64_t finished_ms = 0; // when it finished (its end, or earlier when terminated)
    // A scheduled event's key (arena_schedule.h), which names it once; empty: an account's.
    std::string schedule_key;

    std::int64_t finishes_ms() const { return starts_ms + std::int64_t{minutes} * 60'000; }
};

// One player who joined (and maybe withdrew). `id` is the entry's own number: the scoring's
// and pairing's ArenaPlayerId.
struct ArenaEntrant {
    std::int64_t id = 0;
    std::string player; // player key
    std::string name;
    int rating = 1500; // in the event's variant when they last joined
    bool provisional = true;
    bool bot = false;
    std::int64_t joined_ms = 0; // the last time they joined (a join after a withdrawal moves it)
    bool withdrawn = false;
};

// A game of the event as it ended, by the pairing process's count.
struct ArenaGameResult {
    std::int64_t game_id = 0;
    std::string white; // player keys
    std::string black;
    std::optional<Color> winner; // none: a draw
    int plies = 0;
    bool white_berserked = false;
    bool black_berserked = false;
    std::int64_t ended_ms = 0; // when the pairing process saw it end
    bool operator==(const ArenaGameResult&) const = default;
};

class ArenaRepository {
  public:
    virtual ~ArenaRepository() = default;

    // Stores a new event; sets record.id.
    virtual void insert(ArenaRecord& record) = 0;
    // Stores a scheduled event unless one with its schedule_key is stored already: true (and
    // record.id set) when this call stored it.
    virtual bool insert_scheduled(ArenaRecord& record) = 0;
    virtual std::optional<ArenaRecord> find(std::int64_t id) = 0;
    // The events of one status: created ones soonest first, the others latest first.
    virtual std::vector<ArenaRecord> list(ArenaStatus status, int limit) = 0;
    // Moves the event from `from` to `to` (Finished notes `now_ms` as finished_ms): true for
    // exactly one caller.
    virtual bool advance(std::int64_t id, ArenaStatus from, ArenaStatus to,
                         std::int64_t now_ms) = 0;
    // Joins the player (a new entry, or one who withdrew comes back with its name, rating and
    // joined_ms renewed); answers the entry.
    virtual ArenaEntrant join(std::int64_t tournament_id, const ArenaEntrant& entrant) = 0;
    // Withdraws a player who is in: false when they are not (never joined, or withdrawn).
    virtual bool withdraw(std::int64_t tournament_id, const std::string& player) = 0;
    // Every entry, in the order they first joined.
    virtual std::vector<ArenaEntrant> entrants(std::int64_t tournament_id) = 0;
    // Notes how a game ended: true the first time for that game, false after.
    virtual bool note_result(std::int64_t tournament_id, const ArenaGameResult& result) = 0;
    // The noted results, in the order their games were made.
    virtual std::vector<ArenaGameResult> results(std::int64_t tournament_id) = 0;
    // Takes or keeps the pairing lease for `holder` until now + lease_ms: true when `holder`
    // holds it (it was free, lapsed, or already its own).
    virtual bool lead(const std::string& holder, std::int64_t now_ms, std::int64_t lease_ms) = 0;
};

} // namespace evo::app

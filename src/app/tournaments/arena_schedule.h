// The site's own arenas, announced ahead of their hour (docs/tournaments.md, "The schedule"):
// `serve --schedule FILE` or the built-in default. Each entry names when its events start (in
// UTC: some hours of some weekdays, at some minutes), the variants it rotates through (one per
// event, in order) and the settings every event of it has. Pure: what starts between two
// instants, each event with a key that names it once (the pairing process stores it once).
#pragma once

#include "arena_repository.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::app {

struct ScheduledArena {
    std::string key; // the entry's name (its INI section), part of each event's key
    // One per event, in turn; the settings' name may hold "{variant}", its display name.
    std::vector<std::string> variants;
    ArenaSettings settings;
    std::vector<int> hours;      // 0-23; empty: every hour
    std::vector<int> minutes{0}; // 0-59, at least one
    unsigned weekdays = 0x7f;    // bit d: weekday d, Monday 0 ... Sunday 6
    // Announced (stored, listed as "created") this long before it starts.
    std::int64_t announce_ms = 0;
};

// lichess's `schedule.freq`: "hourly" (every hour), "weekly" (one weekday), else "daily".
std::string schedule_frequency(const ScheduledArena& entry);

// An event's name: the entry's with "{variant}" replaced by the variant's display name; no
// name: "Hourly {variant}" (or Daily, Weekly).
std::string scheduled_arena_name(const ScheduledArena& entry, const std::string& variant);

// The announce time an entry has unless it says: three hours for hourly events, a day for
// daily ones, a week for weekly ones.
std::int64_t default_announce_ms(const ScheduledArena& entry);

struct ArenaSlot {
    std::string schedule_key; // "FREQ/ENTRY/STARTS_MS": the same for the same event, always
    ArenaSettings settings;   // with its variant and name filled in
    std::int64_t starts_ms = 0;
};

// The events of the schedule that start in [from_ms, to_ms), each entry's announce time
// bounding how far ahead it goes (to_ms at most from_ms + announce_ms); soonest first.
std::vector<ArenaSlot> arena_slots(const std::vector<ScheduledArena>& schedule,
                                   std::int64_t from_ms, std::int64_t to_ms);

// Where the slot's entry is in the key ("hourly/hourly/1765054800000" → "hourly").
std::string frequency_of_schedule_key(const std::string& key);

// The built-in schedule: an hourly arena rotating through the four built-in variants (3+2,
// 55 minutes) and a daily EvoChess arena at 19:00 UTC (5+3, 90 minutes).
std::vector<ScheduledArena> default_arena_schedule();

} // namespace evo::app

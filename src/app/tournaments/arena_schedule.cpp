#include "arena_schedule.h"

#include "core/variant.h"

#include <algorithm>
#include <bit>

namespace evo::app {

namespace {

constexpr std::int64_t minute_ms = 60'000;
constexpr std::int64_t hour_ms = 60 * minute_ms;
// day_ms: app/record/game_clock.h, through arena_clock.h.

// 1970-01-01 was a Thursday (weekday 3 when Monday is 0).
int weekday_of(std::int64_t ms) {
    return int(((ms / day_ms) + 3) % 7);
}

std::string display_name_of(const std::string& variant) {
    const Variant* found = find_variant(variant);
    return found ? std::string(found->display_name) : variant;
}

// The event's place in the entry's sequence, for the rotation: the slots of each hour (or
// day) in order, one hour (day) after another.
std::int64_t ordinal_of(const ScheduledArena& entry, std::int64_t starts_ms) {
    const auto minute_at =
        std::find(entry.minutes.begin(), entry.minutes.end(), int((starts_ms / minute_ms) % 60)) -
        entry.minutes.begin();
    const std::int64_t per_hour = std::int64_t(entry.minutes.size());
    if (entry.hours.empty()) return (starts_ms / hour_ms) * per_hour + minute_at;
    const auto hour_at =
        std::find(entry.hours.begin(), entry.hours.end(), int((starts_ms / hour_ms) % 24)) -
        entry.hours.begin();
    return (starts_ms / day_ms) * std::int64_t(entry.hours.size()) * per_hour + hour_at * per_hour +
           minute_at;
}

bool starts_then(const ScheduledArena& entry, std::int64_t ms) {
    if (!(entry.weekdays >> weekday_of(ms) & 1u)) return false;
    if (entry.hours.empty()) return true;
    const int hour = int((ms / hour_ms) % 24);
    return std::find(entry.hours.begin(), entry.hours.end(), hour) != entry.hours.end();
}

} // namespace

std::string scheduled_arena_name(const ScheduledArena& entry, const std::string& variant) {
    std::string name = entry.settings.name;
    if (name.empty()) {
        std::string frequency = schedule_frequency(entry);
        frequency[0] = char(frequency[0] - 'a' + 'A');
        name = frequency + " {variant}";
    }
    const std::string title = display_name_of(variant);
    for (std::size_t at = name.find("{variant}"); at != std::string::npos;
         at = name.find("{variant}", at + title.size()))
        name.replace(at, 9, title);
    return name;
}

std::string schedule_frequency(const ScheduledArena& entry) {
    if (entry.hours.empty()) return "hourly";
    return std::popcount(entry.weekdays & 0x7fu) == 1 ? "weekly" : "daily";
}

std::int64_t default_announce_ms(const ScheduledArena& entry) {
    const std::string frequency = schedule_frequency(entry);
    if (frequency == "hourly") return 3 * hour_ms;
    return frequency == "weekly" ? 7 * day_ms : day_ms;
}

std::vector<ArenaSlot> arena_slots(const std::vector<ScheduledArena>& schedule,
                                   std::int64_t from_ms, std::int64_t to_ms) {
    std::vector<ArenaSlot> slots;
    for (const ScheduledArena& entry : schedule) {
        if (entry.variants.empty() || entry.minutes.empty()) continue;
        const std::int64_t until = std::min(to_ms, from_ms + entry.announce_ms);
        const std::string frequency = schedule_frequency(entry);
        for (std::int64_t hour = from_ms / hour_ms * hour_ms; hour < until; hour += hour_ms) {
            if (!starts_then(entry, hour)) continue;
            for (int minute : entry.minutes) {
                const std::int64_t starts = hour + minute * minute_ms;
                if (starts < from_ms || starts >= until) continue;
                ArenaSlot slot;
                slot.starts_ms = starts;
                slot.settings = entry.settings;
                const auto turn =
                    std::size_t(ordinal_of(entry, starts) % std::int64_t(entry.variants.size()));
                slot.settings.variant = entry.variants[turn];
                slot.settings.name = scheduled_arena_name(entry, slot.settings.variant);
                slot.schedule_key = frequency + "/" + entry.key + "/" + std::to_string(starts);
                slots.push_back(std::move(slot));
            }
        }
    }
    std::stable_sort(slots.begin(), slots.end(), [](const ArenaSlot& a, const ArenaSlot& b) {
        return a.starts_ms < b.starts_ms;
    });
    return slots;
}

std::string frequency_of_schedule_key(const std::string& key) {
    return key.substr(0, key.find('/'));
}

std::vector<ScheduledArena> default_arena_schedule() {
    ScheduledArena hourly;
    hourly.key = "hourly";
    hourly.variants = {"evochess", "echess", "promoteking", "chess"};
    hourly.settings.clock = {180, 2};
    hourly.settings.minutes = 55;
    hourly.announce_ms = default_announce_ms(hourly);

    ScheduledArena daily;
    daily.key = "daily-evochess";
    daily.variants = {"evochess"};
    daily.settings.name = "Daily {variant} Arena";
    daily.settings.clock = {300, 3};
    daily.settings.minutes = 90;
    daily.hours = {19};
    daily.announce_ms = default_announce_ms(daily);
    return {hourly, daily};
}

} // namespace evo::app

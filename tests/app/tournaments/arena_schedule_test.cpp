// The schedule (arena_schedule.h): which events start when, in UTC, each with one key, the
// variants in turn, the names, how far ahead each kind is announced, and the built-in default.
#include "app/tournaments/arena_schedule.h"

#include <gtest/gtest.h>

#include <set>

namespace evo::app {
namespace {

constexpr std::int64_t hour = 3'600'000;
constexpr std::int64_t day = 24 * hour;
// Sunday 2026-12-06 20:19:00 UTC.
constexpr std::int64_t sunday_evening = 1'796'588'340'000;

ScheduledArena entry(const std::string& key, std::vector<std::string> variants) {
    ScheduledArena arena;
    arena.key = key;
    arena.variants = std::move(variants);
    arena.settings.clock = {180, 2};
    arena.settings.minutes = 55;
    arena.announce_ms = default_announce_ms(arena);
    return arena;
}

TEST(ArenaSchedule, AnHourlyEntryRotatesItsVariantsHourByHour) {
    ScheduledArena hourly = entry("hourly", {"evochess", "echess", "promoteking", "chess"});
    EXPECT_EQ(schedule_frequency(hourly), "hourly");
    EXPECT_EQ(hourly.announce_ms, 3 * hour);
    std::vector<ArenaSlot> slots = arena_slots({hourly}, sunday_evening, sunday_evening + day);
    ASSERT_EQ(slots.size(), 3u);                      // 21:00, 22:00, 23:00: three hours ahead
    EXPECT_EQ(slots[0].starts_ms, 1'796'590'800'000); // 21:00
    EXPECT_EQ(slots[1].starts_ms - slots[0].starts_ms, hour);
    EXPECT_EQ(slots[0].schedule_key, "hourly/hourly/1796590800000");
    // Four hours in a row play the four variants, each once; the names say which.
    std::vector<ArenaSlot> four =
        arena_slots({hourly}, slots[0].starts_ms, slots[0].starts_ms + 4 * hour);
    ASSERT_EQ(four.size(), 3u); // the announce time bounds it, whatever the caller asks
    hourly.announce_ms = 10 * hour;
    four = arena_slots({hourly}, slots[0].starts_ms, slots[0].starts_ms + 4 * hour);
    ASSERT_EQ(four.size(), 4u);
    std::set<std::string> variants;
    for (const ArenaSlot& slot : four) variants.insert(slot.settings.variant);
    EXPECT_EQ(variants.size(), 4u);
    for (const ArenaSlot& slot : four) {
        if (slot.settings.variant == "promoteking") {
            EXPECT_EQ(slot.settings.name, "Hourly Promote King Chess");
        }
    }
    // The same event has the same key and variant whenever it is asked for.
    std::vector<ArenaSlot> later =
        arena_slots({hourly}, slots[0].starts_ms - 1, slots[0].starts_ms + 1);
    ASSERT_EQ(later.size(), 1u);
    EXPECT_EQ(later[0].schedule_key, four[0].schedule_key);
    EXPECT_EQ(later[0].settings.variant, four[0].settings.variant);
}

TEST(ArenaSchedule, ADailyEntryStartsAtItsHourAndAWeeklyOneOnItsDay) {
    ScheduledArena daily = entry("daily", {"evochess"});
    daily.hours = {19};
    daily.settings.name = "Daily {variant} Arena";
    daily.announce_ms = default_announce_ms(daily);
    EXPECT_EQ(schedule_frequency(daily), "daily");
    std::vector<ArenaSlot> slots = arena_slots({daily}, sunday_evening, sunday_evening + 7 * day);
    ASSERT_EQ(slots.size(), 1u); // today's 19:00 has passed; tomorrow's is a day ahead
    EXPECT_EQ(slots[0].starts_ms, 1'796'583'600'000 + day); // Monday 19:00
    EXPECT_EQ(slots[0].settings.name, "Daily EvoChess Arena");
    EXPECT_EQ(slots[0].schedule_key.rfind("daily/daily/", 0), 0u);

    ScheduledArena weekly = entry("weekly", {"echess"});
    weekly.hours = {18};
    weekly.minutes = {30};
    weekly.weekdays = 1u << 2; // Wednesday
    weekly.announce_ms = default_announce_ms(weekly);
    EXPECT_EQ(schedule_frequency(weekly), "weekly");
    EXPECT_EQ(weekly.announce_ms, 7 * day);
    slots = arena_slots({weekly}, sunday_evening, sunday_evening + 30 * day);
    ASSERT_EQ(slots.size(), 1u);
    EXPECT_EQ(slots[0].starts_ms, 1'796'583'600'000 + 3 * day - 30 * 60'000); // Wed 18:30
    EXPECT_EQ(slots[0].settings.name, "Weekly EChess");
}

TEST(ArenaSchedule, SeveralMinutesAnHourFollowOneAnotherInTheRotation) {
    ScheduledArena often = entry("often", {"chess", "evochess"});
    often.minutes = {0, 30};
    often.weekdays = (1u << 6) | (1u << 0); // Sunday and Monday
    std::vector<ArenaSlot> slots = arena_slots({often}, sunday_evening, sunday_evening + day);
    ASSERT_EQ(slots.size(), 6u); // 20:30, 21:00, 21:30, 22:00, 22:30, 23:00
    EXPECT_EQ(slots[0].starts_ms, 1'796'589'000'000);
    for (std::size_t i = 1; i < slots.size(); ++i) {
        EXPECT_EQ(slots[i].starts_ms - slots[i - 1].starts_ms, 30 * 60'000);
        EXPECT_NE(slots[i].settings.variant, slots[i - 1].settings.variant);
    }
    // Tuesday is not one of its days.
    EXPECT_TRUE(arena_slots({often}, sunday_evening + 2 * day - 20 * hour, sunday_evening + 2 * day)
                    .empty());
}

TEST(ArenaSchedule, TheDefaultHasAnHourlyRotationAndADailyEvoChessArena) {
    std::vector<ScheduledArena> schedule = default_arena_schedule();
    ASSERT_EQ(schedule.size(), 2u);
    EXPECT_EQ(schedule[0].variants.size(), 4u);
    EXPECT_EQ(schedule_frequency(schedule[0]), "hourly");
    EXPECT_EQ(schedule[1].variants, std::vector<std::string>{"evochess"});
    EXPECT_EQ(schedule_frequency(schedule[1]), "daily");
    std::vector<ArenaSlot> slots = arena_slots(schedule, sunday_evening, sunday_evening + 7 * day);
    EXPECT_EQ(slots.size(), 4u); // three hourly ones and Monday's daily one
    std::set<std::string> keys;
    for (const ArenaSlot& slot : slots) keys.insert(slot.schedule_key);
    EXPECT_EQ(keys.size(), slots.size());
    EXPECT_EQ(frequency_of_schedule_key(slots.back().schedule_key), "daily");
}

} // namespace
} // namespace evo::app

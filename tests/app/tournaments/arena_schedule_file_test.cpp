// `serve --schedule FILE` (arena_schedule_file.h): a file read into entries, every value
// checked as POST /api/tournament checks it, and each mistake named with its line.
#include "app/tournaments/arena_schedule_file.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

std::string error_of(const std::string& text) {
    auto schedule = read_arena_schedule(text, "schedule.ini");
    EXPECT_FALSE(schedule.ok()) << text;
    return schedule.ok() ? "" : schedule.error().message();
}

TEST(ArenaScheduleFile, ReadsEveryField) {
    auto schedule = read_arena_schedule(R"ini(
; the site's own events, in UTC
[hourly]
variants = evochess, chess
clock = 0.5+0
minutes = 20
minute = 0, 30

[weekly-echess]
kind = arena
variant = echess
name = {variant} Weekly
clock = 5+3
minutes = 120
hour = 18
minute = 15
days = sat
announce_hours = 48
rated = no
berserkable = no
streakable = off
allow_bots = yes
)ini",
                                        "schedule.ini");
    ASSERT_TRUE(schedule.ok()) << schedule.error().message();
    ASSERT_EQ(schedule.value().size(), 2u);
    const ScheduledArena& hourly = schedule.value()[0];
    EXPECT_EQ(hourly.key, "hourly");
    EXPECT_EQ(hourly.variants, (std::vector<std::string>{"evochess", "chess"}));
    EXPECT_EQ(hourly.settings.clock.base_seconds, 30);
    EXPECT_EQ(hourly.settings.clock.increment_seconds, 0);
    EXPECT_TRUE(hourly.hours.empty());
    EXPECT_EQ(hourly.minutes, (std::vector<int>{0, 30}));
    EXPECT_EQ(hourly.announce_ms, 3 * 3'600'000);
    EXPECT_TRUE(hourly.settings.rated);

    const ScheduledArena& weekly = schedule.value()[1];
    EXPECT_EQ(schedule_frequency(weekly), "weekly");
    EXPECT_EQ(weekly.weekdays, 1u << 5);
    EXPECT_EQ(weekly.hours, std::vector<int>{18});
    EXPECT_EQ(weekly.announce_ms, 48 * 3'600'000);
    EXPECT_EQ(scheduled_arena_name(weekly, "echess"), "EChess Weekly");
    EXPECT_FALSE(weekly.settings.rated);
    EXPECT_FALSE(weekly.settings.berserkable);
    EXPECT_FALSE(weekly.settings.streakable);
    EXPECT_TRUE(weekly.settings.allow_bots);
}

TEST(ArenaScheduleFile, NamesEachMistakeWithItsLine) {
    const std::string head = "[hourly]\nvariants = chess\nclock = 3+2\nminutes = 55\n";
    EXPECT_EQ(error_of(head + "colour = white\n"),
              "schedule.ini:5: field 'hourly.colour': not a field of a scheduled event (kind, "
              "variants, name, clock, minutes, hour, minute, days, announce_hours, rated, "
              "berserkable, streakable, allow_bots)");
    EXPECT_EQ(error_of("[a]\nvariants = chess\nclock = 3\nminutes = 5\n"),
              "schedule.ini:3: field 'a.clock': a clock like 3+2 (minutes + seconds of increment)");
    EXPECT_EQ(error_of("[a]\nvariants = chess, nochess\n"),
              "schedule.ini:2: field 'a.variants': no variant 'nochess' (a built-in one, or one "
              "from --variants)");
    EXPECT_EQ(error_of(head + "minutes = 0\n"),
              "schedule.ini:5: field 'hourly.minutes': set twice (first on line 4)");
    EXPECT_EQ(error_of("[a]\nvariants = chess\nclock = 3+2\nminutes = 0\n"),
              "schedule.ini:4: field 'a.minutes': the length in minutes, 1 to 720");
    EXPECT_EQ(error_of("[a]\nvariants = chess\nclock = 3+2\n"),
              "schedule.ini:1: field 'a.minutes': every scheduled event needs it");
    EXPECT_EQ(error_of(head + "kind = swiss\n"),
              "schedule.ini:5: field 'hourly.kind': Swiss events are not built yet; only arenas "
              "can be scheduled");
    EXPECT_EQ(error_of(head + "hour = 24\n"),
              "schedule.ini:5: field 'hourly.hour': 'every', or hours of the day in UTC (0-23), "
              "comma-separated");
    EXPECT_EQ(error_of(head + "minute = 5, 5\n"),
              "schedule.ini:5: field 'hourly.minute': minutes past the hour (0-59), "
              "comma-separated");
    EXPECT_EQ(error_of(head + "days = someday\n"),
              "schedule.ini:5: field 'hourly.days': 'every', or days like mon,wed,sat");
    EXPECT_EQ(error_of(head + "rated = maybe\n"),
              "schedule.ini:5: field 'hourly.rated': yes or no");
    // Settings the API refuses are refused here, for the entry.
    EXPECT_EQ(error_of(head + "name = A name far longer than thirty bytes\n"),
              "schedule.ini:1: field 'hourly': name: at most 30 characters");
    EXPECT_EQ(error_of("[a]\nvariants = chess\nclock = 0+0\nminutes = 5\n"),
              "schedule.ini:1: field 'a': clockTime: a game here starts with some time on the "
              "clock (at least 1 second)");
    EXPECT_EQ(error_of("[a:b]\nvariants = chess\n"),
              "schedule.ini:1: field 'a': a scheduled event has no parent ([name], not "
              "[name:parent])");
    EXPECT_FALSE(load_arena_schedule("/nonexistent/schedule.ini").ok());
}

} // namespace
} // namespace evo::app

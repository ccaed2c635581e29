#include "arena_schedule_file.h"

#include "app/common/api_error.h"
#include "arena_service.h"
#include "core/bounded_file.h"
#include "core/comma_list.h"
#include "core/variant.h"
#include "variants/ini_sections.h"

#include <cmath>
#include <cstdlib>
#include <optional>

namespace evo::app {

using FileKind = variants::ErrorKind;
using variants::FileError;
using variants::IniEntry;
using variants::IniSection;
using variants::Outcome;

namespace {

constexpr std::size_t max_file_bytes = 1 << 20;

// An error about one field of one entry: "FILE:LINE: field 'ENTRY.KEY': why".
FileError field_error(FileKind kind, const std::string& file, const IniSection& section,
                      const IniEntry& entry, const std::string& why) {
    return FileError{kind, file, entry.line, "", section.name + "." + entry.key, why};
}

std::optional<long> whole_number(const std::string& text, long lowest, long highest) {
    char* end = nullptr;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || end != text.c_str() + text.size() || value < lowest || value > highest)
        return std::nullopt;
    return value;
}

std::optional<bool> yes_or_no(const std::string& text) {
    if (text == "yes" || text == "true" || text == "on" || text == "1") return true;
    if (text == "no" || text == "false" || text == "off" || text == "0") return false;
    return std::nullopt;
}

// "3+2": minutes (a fraction too, 0.5 is 30 s) and seconds of increment, as lichess writes it.
std::optional<ArenaClock> clock_of(const std::string& text) {
    const auto plus = text.find('+');
    if (plus == std::string::npos) return std::nullopt;
    const std::string base = text.substr(0, plus);
    char* end = nullptr;
    double minutes = std::strtod(base.c_str(), &end);
    if (base.empty() || end != base.c_str() + base.size() || !std::isfinite(minutes) ||
        minutes < 0 || minutes > 180)
        return std::nullopt;
    auto increment = whole_number(text.substr(plus + 1), 0, 180);
    if (!increment) return std::nullopt;
    return ArenaClock{int(std::lround(minutes * 60)), int(*increment)};
}

// "every", or a list of numbers from 0 to `highest`, each once.
std::optional<std::vector<int>> numbers_of(const std::string& text, int highest) {
    if (text == "every") return std::vector<int>{};
    std::vector<int> numbers;
    for (const std::string& item : comma_list(text, 100)) {
        auto number = whole_number(item, 0, highest);
        if (!number) return std::nullopt;
        for (int seen : numbers)
            if (seen == *number) return std::nullopt;
        numbers.push_back(int(*number));
    }
    if (numbers.empty()) return std::nullopt;
    return numbers;
}

std::optional<unsigned> weekdays_of(const std::string& text) {
    static constexpr const char* names[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    if (text == "every") return 0x7fu;
    unsigned days = 0;
    for (const std::string& item : comma_list(text, 100)) {
        int found = -1;
        for (int day = 0; day < 7; ++day)
            if (item == names[day]) found = day;
        if (found < 0 || (days >> found & 1u)) return std::nullopt;
        days |= 1u << found;
    }
    if (days == 0) return std::nullopt;
    return days;
}

// One section read into an entry, or the first field that is wrong.
Outcome<ScheduledArena> entry_of(const IniSection& section, const std::string& file,
                                 int max_minutes) {
    ScheduledArena entry;
    entry.key = section.name;
    std::optional<double> announce_hours;
    bool has_clock = false;
    bool has_minutes = false;
    for (const IniEntry& field : section.entries) {
        const std::string& value = field.value;
        auto bad = [&](const std::string& why) {
            return field_error(FileKind::BadValue, file, section, field, why);
        };
        if (field.key == "kind") {
            if (value == "swiss")
                return field_error(FileKind::Contradiction, file, section, field,
                                   "Swiss events are not built yet; only arenas can be scheduled");
            if (value != "arena") return bad("'arena' (the only kind there is so far)");
        } else if (field.key == "variant" || field.key == "variants") {
            entry.variants = comma_list(value, 100);
            if (entry.variants.empty()) return bad("one variant or more, comma-separated");
            for (const std::string& name : entry.variants)
                if (!find_variant(name))
                    return bad("no variant '" + name.substr(0, 40) +
                               "' (a built-in one, or one from --variants)");
        } else if (field.key == "name") {
            entry.settings.name = value;
        } else if (field.key == "clock") {
            auto clock = clock_of(value);
            if (!clock) return bad("a clock like 3+2 (minutes + seconds of increment)");
            entry.settings.clock = *clock;
            has_clock = true;
        } else if (field.key == "minutes") {
            auto minutes = whole_number(value, 1, max_minutes);
            if (!minutes) return bad("the length in minutes, 1 to " + std::to_string(max_minutes));
            entry.settings.minutes = int(*minutes);
            has_minutes = true;
        } else if (field.key == "hour") {
            auto hours = numbers_of(value, 23);
            if (!hours) return bad("'every', or hours of the day in UTC (0-23), comma-separated");
            entry.hours = *hours;
        } else if (field.key == "minute") {
            auto minutes = numbers_of(value, 59);
            if (!minutes || minutes->empty())
                return bad("minutes past the hour (0-59), comma-separated");
            entry.minutes = *minutes;
        } else if (field.key == "days") {
            auto days = weekdays_of(value);
            if (!days) return bad("'every', or days like mon,wed,sat");
            entry.weekdays = *days;
        } else if (field.key == "announce_hours") {
            auto hours = whole_number(value, 0, 720);
            if (!hours) return bad("hours ahead, 0 to 720");
            announce_hours = double(*hours);
        } else if (field.key == "rated" || field.key == "berserkable" ||
                   field.key == "streakable" || field.key == "allow_bots") {
            auto flag = yes_or_no(value);
            if (!flag) return bad("yes or no");
            bool& setting = field.key == "rated"         ? entry.settings.rated
                            : field.key == "berserkable" ? entry.settings.berserkable
                            : field.key == "streakable"  ? entry.settings.streakable
                                                         : entry.settings.allow_bots;
            setting = *flag;
        } else {
            return field_error(FileKind::UnknownField, file, section, field,
                               "not a field of a scheduled event (kind, variants, name, clock, "
                               "minutes, hour, minute, days, announce_hours, rated, berserkable, "
                               "streakable, allow_bots)");
        }
    }
    auto missing = [&](const std::string& key) {
        return FileError{
            FileKind::MissingField,          file, section.line, "", section.name + "." + key,
            "every scheduled event needs it"};
    };
    if (entry.variants.empty()) return missing("variants");
    if (!has_clock) return missing("clock");
    if (!has_minutes) return missing("minutes");
    entry.announce_ms =
        announce_hours ? std::int64_t(*announce_hours * 3'600'000) : default_announce_ms(entry);
    // Each event it makes is checked as the API checks an account's.
    for (const std::string& variant : entry.variants) {
        ArenaSettings settings = entry.settings;
        settings.variant = variant;
        settings.name = scheduled_arena_name(entry, variant);
        try {
            check_arena_settings(settings, max_minutes);
        } catch (const ApiError& refusal) {
            return FileError{FileKind::Contradiction, file, section.line, "", section.name,
                             refusal.what()};
        }
    }
    return entry;
}

} // namespace

Outcome<std::vector<ScheduledArena>> read_arena_schedule(std::string_view text,
                                                         const std::string& file, int max_minutes) {
    auto sections = variants::read_ini_sections(text, file);
    if (!sections) {
        // The INI reader speaks of variants; here a section is a scheduled event.
        FileError error = sections.error();
        if (!error.variant.empty())
            error.field = error.field.empty() ? error.variant : error.variant + "." + error.field;
        error.variant.clear();
        return error;
    }
    std::vector<ScheduledArena> schedule;
    for (const IniSection& section : sections.value()) {
        if (!section.parent.empty())
            return FileError{
                FileKind::Syntax, file,
                section.line,     "",
                section.name,     "a scheduled event has no parent ([name], not [name:parent])"};
        auto entry = entry_of(section, file, max_minutes);
        if (!entry) return entry.error();
        schedule.push_back(std::move(entry.value()));
    }
    return schedule;
}

Outcome<std::vector<ScheduledArena>> load_arena_schedule(const std::string& path, int max_minutes) {
    auto text = read_bounded_file(path, max_file_bytes);
    if (!text) return FileError{FileKind::Io, path, 0, "", "", text.error()};
    return read_arena_schedule(text.value(), path, max_minutes);
}

} // namespace evo::app

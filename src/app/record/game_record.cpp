#include "game_record.h"

#include <chrono>
#include <ctime>

namespace evo::app {

const char* player_kind_name(PlayerKind kind) {
    return kind == PlayerKind::Engine ? "engine" : "human";
}

std::optional<PlayerKind> player_kind_from_name(const std::string& name) {
    if (name == "human") return PlayerKind::Human;
    if (name == "engine") return PlayerKind::Engine;
    return std::nullopt;
}

std::string utc_timestamp_now() {
    std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    return utc_timestamp_of_ms(std::int64_t(now) * 1000);
}

std::string utc_timestamp_of_ms(std::int64_t ms) {
    // Whole seconds, rounded down (also before 1970).
    std::int64_t seconds = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
    std::time_t when = std::time_t(seconds);
    std::tm parts{};
    gmtime_r(&when, &parts);
    char text[40];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

std::optional<std::int64_t> ms_of_utc_timestamp(const std::string& text) {
    std::tm parts{};
    const char* end = strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &parts);
    if (!end || *end != '\0') return std::nullopt;
    return std::int64_t(timegm(&parts)) * 1000;
}

} // namespace evo::app

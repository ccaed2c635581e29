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
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

} // namespace evo::app

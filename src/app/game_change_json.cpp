#include "game_change_json.h"

#include <algorithm>

namespace evo::app {

using nlohmann::json;

json state_message(const json& state) {
    return {{"ply", state["history"].size()}, {"version", state["version"]}, {"state", state}};
}

json change_message(const json& before, const json& after) {
    const json& old_moves = before["history"];
    const json& new_moves = after["history"];
    // The plies both histories share (all of the shorter one but after a takeback).
    std::size_t kept = 0;
    std::size_t common = std::min(old_moves.size(), new_moves.size());
    while (kept < common && old_moves[kept] == new_moves[kept]) ++kept;
    json moves = json::array();
    for (std::size_t ply = kept; ply < new_moves.size(); ++ply) moves.push_back(new_moves[ply]);
    json changed = json::object();
    for (const auto& [field, value] : after.items())
        if (field != "history" && (!before.contains(field) || before[field] != value))
            changed[field] = value;
    return {{"version", after["version"]}, {"previous_version", before["version"]},
            {"ply", new_moves.size()},     {"from_ply", kept},
            {"moves", std::move(moves)},   {"changed", std::move(changed)}};
}

} // namespace evo::app

#include "game_change_json.h"

#include "game_view_json.h"

#include <algorithm>

namespace evo::app {

using nlohmann::json;

namespace {

bool same_move(const NotatedMove& a, const NotatedMove& b) {
    return a.uci == b.uci && a.fen_after == b.fen_after;
}

} // namespace

SentView sent_view(std::shared_ptr<const GameView> view) {
    auto fields =
        std::make_shared<SentFields>(SentFields{game_view_json(*view, HistoryJson::Left)});
    return {std::move(view), std::move(fields)};
}

json state_message(const GameView& view) {
    return {{"ply", view.position.history.size()},
            {"version", view.version},
            {"state", game_view_json(view)}};
}

json change_message(const SentView& before, const SentView& after) {
    const std::vector<NotatedMove>& old_moves = before.view->position.history;
    const std::vector<NotatedMove>& new_moves = after.view->position.history;
    // The plies both histories share (all of the shorter one but after a takeback). The
    // typed moves are compared, which is cheap next to writing them.
    std::size_t kept = 0;
    std::size_t common = std::min(old_moves.size(), new_moves.size());
    while (kept < common && same_move(old_moves[kept], new_moves[kept])) ++kept;
    json moves = json::array();
    for (std::size_t ply = kept; ply < new_moves.size(); ++ply)
        moves.push_back(notated_move_json(new_moves[ply]));
    json changed = json::object();
    const json& old_fields = before.fields->json;
    for (const auto& [field, value] : after.fields->json.items())
        if (!old_fields.contains(field) || old_fields[field] != value) changed[field] = value;
    return {{"version", after.view->version}, {"previous_version", before.view->version},
            {"ply", new_moves.size()},        {"from_ply", kept},
            {"moves", std::move(moves)},      {"changed", std::move(changed)}};
}

json presence_message(const Presence& presence, std::int64_t now_ms) {
    auto away = [&](Color side) {
        std::optional<std::int64_t> ms = presence.away_ms(side, now_ms);
        return ms ? json(*ms) : json(nullptr);
    };
    return {{"spectators", presence.spectators},
            {"away", {{"w", away(White)}, {"b", away(Black)}}}};
}

} // namespace evo::app

#include "pgn_tags.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace evo::app {

using nlohmann::json;

std::string game_pgn(const Game& game, const std::map<std::string, std::string>& tags) {
    return to_pgn(game, PgnTags(tags.begin(), tags.end()));
}

std::map<std::string, std::string> kept_pgn_tags(const PgnTags& tags) {
    std::map<std::string, std::string> kept;
    for (const auto& [name, value] : tags)
        if (name != "Variant" && name != "FEN" && name != "SetUp" && name != "Result" &&
            name != "Termination" && name != "Points")
            kept[name] = value;
    return kept;
}

std::string kept_pgn_tags_column(const PgnTags& tags) {
    return json(kept_pgn_tags(tags)).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::map<std::string, std::string> stored_tags(const GameRecord& record) {
    auto player = [&](PlayerKind kind) {
        if (kind == PlayerKind::Engine) return std::string("evochess");
        // An online seat nobody is known at (export_tags names the paired players): as lichess
        // names an anonymous player.
        return std::string(record.online ? "Anonymous" : "Human");
    };
    std::map<std::string, std::string> tags = {
        {"Event", "evochess game " + std::to_string(record.id)},
        {"Site", "evochess serve"},
        {"White", player(record.players.white)},
        {"Black", player(record.players.black)},
    };
    // A tournament's game names its event (lichess names the tournament there too).
    if (record.made_for.starts_with("tournament:"))
        tags["Event"] = "evochess tournament " + record.made_for.substr(11);
    // created is "2026-11-23T14:10:58Z"; PGN dates read "2026.11.23".
    if (record.created.size() >= 10) {
        std::string date = record.created.substr(0, 10);
        std::replace(date.begin(), date.end(), '-', '.');
        tags["Date"] = date;
    }
    if (record.clock && !record.clock->settings.days_per_move)
        tags["TimeControl"] = std::to_string(record.clock->settings.initial_ms / 1000) + "+" +
                              std::to_string(record.clock->settings.increment_ms / 1000);
    json parsed = json::parse(record.pgn_tags_json, nullptr, false);
    if (!parsed.is_object()) return tags;
    for (auto& [key, value] : parsed.items())
        if (value.is_string()) tags[key] = value.get<std::string>();
    return tags;
}

std::map<std::string, std::string> export_tags(const GameRecord& record) {
    std::map<std::string, std::string> tags = stored_tags(record);
    for (Color side : {White, Black}) {
        const auto& player = record.seat_players[std::size_t(side)];
        if (!player) continue;
        std::string prefix = side == White ? "White" : "Black";
        tags[prefix] = player->name;
        if (player->rating) tags[prefix + "Elo"] = std::to_string(int(*player->rating + 0.5));
        if (player->bot) tags[prefix + "Title"] = "BOT";
        if (record.rating_changes) {
            const RatingChange& change = (*record.rating_changes)[std::size_t(side)];
            int diff = int(std::lround(change.after - change.before));
            tags[prefix + "RatingDiff"] = (diff >= 0 ? "+" : "") + std::to_string(diff);
        }
    }
    // created is "2026-11-23T14:10:58Z".
    if (record.created.size() >= 19) {
        std::string date = record.created.substr(0, 10);
        std::replace(date.begin(), date.end(), '-', '.');
        tags["UTCDate"] = date;
        tags["UTCTime"] = record.created.substr(11, 8);
    }
    return tags;
}

} // namespace evo::app

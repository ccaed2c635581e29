#include "seat_players_column.h"

#include <nlohmann/json.hpp>

namespace evo::app {

using nlohmann::json;

std::optional<std::string> seat_player_key(const SeatPlayers& players, Color seat) {
    const auto& player = players[std::size_t(seat)];
    if (!player) return std::nullopt;
    return player->key;
}

std::optional<std::string> seat_players_text(const SeatPlayers& players) {
    if (!players[0] && !players[1]) return std::nullopt;
    json seats = json::array();
    for (const auto& player : players) {
        if (!player) {
            seats.push_back(nullptr);
            continue;
        }
        json seat = {{"name", player->name}, {"provisional", player->provisional}};
        seat["rating"] = player->rating ? json(*player->rating) : json(nullptr);
        if (player->bot) seat["bot"] = true;
        seats.push_back(std::move(seat));
    }
    return seats.dump(-1, ' ', false, json::error_handler_t::replace);
}

SeatPlayers seat_players_of(const std::optional<std::string>& white_key,
                            const std::optional<std::string>& black_key,
                            const std::optional<std::string>& text) {
    SeatPlayers players;
    json seats = text ? json::parse(*text, nullptr, false) : json();
    const std::array<const std::optional<std::string>*, 2> keys{&white_key, &black_key};
    for (std::size_t seat = 0; seat < 2; ++seat) {
        if (!*keys[seat]) continue;
        SeatPlayer player;
        player.key = **keys[seat];
        if (seats.is_array() && seats.size() == 2 && seats[seat].is_object()) {
            const json& stored = seats[seat];
            player.name = stored.value("name", "");
            player.provisional = stored.value("provisional", false);
            player.bot = stored.value("bot", false);
            if (auto it = stored.find("rating"); it != stored.end() && it->is_number())
                player.rating = it->get<double>();
        }
        players[seat] = std::move(player);
    }
    return players;
}

} // namespace evo::app

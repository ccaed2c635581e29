#include "my_games.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace evo::app {

namespace {

// The seat the viewer sits at, if any.
std::optional<Color> viewer_seat(const GameListing& listing, const std::vector<std::string>& keys) {
    for (Color seat : {White, Black}) {
        const auto& player = listing.seat_players[std::size_t(seat)];
        if (player && std::find(keys.begin(), keys.end(), player->key) != keys.end()) return seat;
    }
    return std::nullopt;
}

// The viewer's games of one kind (finished or not), by every key they may sit under, most
// recently changed first.
std::vector<GameListing> games_of(GameRepository& store, const std::vector<std::string>& keys,
                                  bool finished, int limit, int offset) {
    std::vector<GameListing> games;
    std::set<std::int64_t> seen;
    for (const std::string& key : keys) {
        GameListFilter filter;
        filter.online_only = true;
        filter.seat_player = key;
        filter.finished = finished;
        // With several keys the offset is taken from the merged list.
        for (GameListing& listing : store.list(limit + offset, 0, filter))
            if (seen.insert(listing.id).second) games.push_back(std::move(listing));
    }
    std::stable_sort(games.begin(), games.end(), [](const GameListing& a, const GameListing& b) {
        return std::tie(a.updated, a.id) > std::tie(b.updated, b.id);
    });
    games.erase(games.begin(), games.begin() + std::min<std::size_t>(games.size(), offset));
    if (games.size() > std::size_t(limit)) games.resize(std::size_t(limit));
    return games;
}

} // namespace

std::optional<Color> listing_turn(const GameListing& listing) {
    if (listing.summary.result) return std::nullopt;
    if (listing.clock && listing.clock->running) return *listing.clock->running;
    std::size_t space = listing.summary.fen.find(' ');
    if (space == std::string::npos || space + 1 >= listing.summary.fen.size()) return White;
    return listing.summary.fen[space + 1] == 'b' ? Black : White;
}

std::vector<MyGame> my_games_of(GameRepository& store, const Player& viewer, int limit, int offset,
                                std::int64_t now_ms) {
    std::vector<std::string> keys = viewer.keys();
    std::vector<MyGame> games;
    if (keys.empty()) return games;
    std::vector<GameListing> live = games_of(store, keys, false, max_live_games, 0);
    // Where it is the viewer's turn first; otherwise as changed, most recent first.
    std::stable_partition(live.begin(), live.end(), [&](const GameListing& listing) {
        return listing_turn(listing) == viewer_seat(listing, keys);
    });
    std::vector<GameListing> finished = games_of(store, keys, true, limit, offset);
    for (auto* group : {&live, &finished})
        for (GameListing& listing : *group) {
            auto seat = viewer_seat(listing, keys);
            if (!seat) continue;
            auto turn = listing_turn(listing);
            MyGame game;
            game.seat = *seat;
            game.turn = turn;
            if (listing.clock) game.clock = clock_view_of(*listing.clock, !turn, now_ms);
            game.listing = std::move(listing);
            games.push_back(std::move(game));
        }
    return games;
}

} // namespace evo::app

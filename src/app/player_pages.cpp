#include "player_pages.h"

#include "api_error.h"
#include "core/variant.h"
#include "glicko2.h"
#include "player_identity.h"

#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

double hundredths(double value) {
    return std::round(value * 100) / 100;
}

json rating_json(const StoredRating& rating) {
    return {{"rating", hundredths(rating.rating)},
            {"rd", hundredths(rating.rd)},
            {"volatility", rating.volatility},
            {"games", rating.games},
            {"wins", rating.wins},
            {"draws", rating.draws},
            {"losses", rating.losses},
            {"provisional", is_provisional({rating.rating, rating.rd, rating.volatility})}};
}

// "win", "draw" or "loss" for the player at `seat`; null while the game goes on or aborted.
json outcome_for(const std::optional<std::string>& result, std::size_t seat) {
    if (!result) return nullptr;
    if (*result == "1/2-1/2") return "draw";
    if (*result == "1-0") return seat == 0 ? "win" : "loss";
    if (*result == "0-1") return seat == 1 ? "win" : "loss";
    return nullptr;
}

json recent_game_json(const GameListing& game, const std::string& key) {
    std::size_t seat = game.seat_players[0] && game.seat_players[0]->key == key ? 0 : 1;
    const auto& opponent = game.seat_players[1 - seat];
    return {{"id", game.id},
            {"variant", game.variant},
            {"colour", seat == 0 ? "w" : "b"},
            {"opponent", opponent ? json(opponent->name) : json(nullptr)},
            {"rated", game.rated},
            {"result", game.summary.result ? json(*game.summary.result) : json(nullptr)},
            {"reason", game.summary.reason ? json(*game.summary.reason) : json(nullptr)},
            {"outcome", outcome_for(game.summary.result, seat)},
            {"ended", game.summary.result ? json(game.updated) : json(nullptr)}};
}

} // namespace

PlayerPages::PlayerPages(AccountRepository& accounts, GameRepository& games, const Clock& clock)
    : accounts_(accounts), games_(games), clock_(clock) {}

json PlayerPages::player(const std::string& name) {
    auto account = accounts_.find_by_name(name);
    if (!account) throw not_found("there is no player named " + name);
    json ratings = json::object();
    for (const StoredRating& rating : accounts_.ratings_of(account->id))
        ratings[rating.variant] = rating_json(rating);
    json history = json::object();
    for (const RatingHistoryEntry& entry : accounts_.rating_history_of(account->id)) {
        if (!history.contains(entry.variant)) history[entry.variant] = json::array();
        history[entry.variant].push_back({{"game_id", entry.game_id},
                                          {"rating", hundredths(entry.after)},
                                          {"rd", hundredths(entry.rd_after)},
                                          {"change", hundredths(entry.after - entry.before)},
                                          {"ended_ms", entry.ended_ms}});
    }
    std::string key = account_owner_key(account->id);
    GameListFilter filter;
    filter.seat_player = key;
    json recent = json::array();
    for (const GameListing& game : games_.list(player_page_recent_games, 0, filter))
        recent.push_back(recent_game_json(game, key));
    return {{"name", account->name},
            {"created_ms", account->created_ms},
            {"ratings", std::move(ratings)},
            {"history", std::move(history)},
            {"recent_games", std::move(recent)}};
}

json PlayerPages::leaderboard(const std::string& variant) {
    if (!find_variant(variant)) throw not_found("there is no variant " + variant);
    std::int64_t since = clock_.now_ms() - leaderboard_inactive_after_ms;
    json players = json::array();
    int rank = 0;
    for (const RankedPlayer& ranked :
         accounts_.leaderboard(variant, provisional_rd_above, since, leaderboard_size)) {
        json line = rating_json(ranked.rating);
        line["rank"] = ++rank;
        line["name"] = ranked.name;
        players.push_back(std::move(line));
    }
    return {{"variant", variant},
            {"cut_off",
             {{"rd_at_most", provisional_rd_above},
              {"played_within_days", leaderboard_inactive_after_ms / (24 * 3600 * 1000)}}},
            {"players", std::move(players)}};
}

} // namespace evo::app

#include "player_json.h"

#include "app/ratings/glicko2.h"

#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

double hundredths(double value) {
    return std::round(value * 100) / 100;
}

json optional_text(const std::optional<std::string>& text) {
    return text ? json(*text) : json(nullptr);
}

json outcome_json(const std::optional<PlayerOutcome>& outcome) {
    if (!outcome) return nullptr;
    switch (*outcome) {
    case PlayerOutcome::Win: return "win";
    case PlayerOutcome::Draw: return "draw";
    case PlayerOutcome::Loss: return "loss";
    }
    return nullptr;
}

json rating_change_json(const RatingHistoryEntry& entry) {
    return {{"game_id", entry.game_id},
            {"rating", hundredths(entry.after)},
            {"rd", hundredths(entry.rd_after)},
            {"change", hundredths(entry.after - entry.before)},
            {"ended_ms", entry.ended_ms}};
}

} // namespace

json player_rating_json(const StoredRating& rating) {
    return {{"rating", hundredths(rating.rating)},
            {"rd", hundredths(rating.rd)},
            {"volatility", rating.volatility},
            {"games", rating.games},
            {"wins", rating.wins},
            {"draws", rating.draws},
            {"losses", rating.losses},
            {"provisional", is_provisional({rating.rating, rating.rd, rating.volatility})}};
}

json player_game_json(const PlayerGame& game) {
    return {{"id", game.id},
            {"variant", game.variant},
            {"colour", game.colour == White ? "w" : "b"},
            {"opponent", optional_text(game.opponent)},
            {"opponent_bot", game.opponent_bot},
            {"rated", game.rated},
            {"result", optional_text(game.result)},
            {"reason", optional_text(game.reason)},
            {"outcome", outcome_json(game.outcome)},
            {"ended", optional_text(game.ended)}};
}

json player_page_json(const PlayerPage& page) {
    json ratings = json::object();
    for (const StoredRating& rating : page.ratings)
        ratings[rating.variant] = player_rating_json(rating);
    json history = json::object();
    for (const auto& [variant, entries] : page.history) {
        json changes = json::array();
        for (const RatingHistoryEntry& entry : entries)
            changes.push_back(rating_change_json(entry));
        history[variant] = std::move(changes);
    }
    json recent = json::array();
    for (const PlayerGame& game : page.recent_games) recent.push_back(player_game_json(game));
    return {{"name", page.name},
            {"bot", page.bot},
            {"created_ms", page.created_ms},
            {"ratings", std::move(ratings)},
            {"history", std::move(history)},
            {"recent_games", std::move(recent)}};
}

json leaderboard_json(const Leaderboard& board) {
    auto ranked = [](const std::vector<LeaderboardEntry>& entries, bool bots) {
        json lines = json::array();
        for (const LeaderboardEntry& entry : entries) {
            json line = player_rating_json(entry.rating);
            line["rank"] = entry.rank;
            line["name"] = entry.name;
            line["bot"] = bots;
            lines.push_back(std::move(line));
        }
        return lines;
    };
    return {{"variant", board.variant},
            {"cut_off",
             {{"rd_at_most", board.rd_at_most}, {"played_within_days", board.played_within_days}}},
            {"players", ranked(board.players, false)},
            {"bots", ranked(board.bots, true)}};
}

} // namespace evo::app

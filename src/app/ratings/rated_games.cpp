#include "rated_games.h"

#include "glicko2.h"

#include <charconv>

namespace evo::app {

namespace {

std::optional<double> white_score_of(const std::string& result) {
    if (result == "1-0") return 1.0;
    if (result == "0-1") return 0.0;
    if (result == "1/2-1/2") return 0.5;
    return std::nullopt; // "*": aborted
}

} // namespace

std::optional<std::int64_t> account_id_of_key(const std::string& key) {
    static constexpr std::string_view prefix = "account:";
    if (key.rfind(prefix, 0) != 0) return std::nullopt;
    std::int64_t id = 0;
    const char* first = key.data() + prefix.size();
    const char* last = key.data() + key.size();
    auto [end, error] = std::from_chars(first, last, id);
    if (error != std::errc() || end != last || first == last) return std::nullopt;
    return id;
}

std::optional<RatedGameEnd> rated_game_end(const GameRecord& record) {
    if (!record.rated || !record.summary.result) return std::nullopt;
    // As lichess: a game that ends before both sides have moved rates nobody.
    if (record.moves_uci.size() < 2) return std::nullopt;
    auto score = white_score_of(*record.summary.result);
    if (!score) return std::nullopt;
    RatedGameEnd end;
    for (std::size_t seat = 0; seat < 2; ++seat) {
        if (!record.seat_players[seat]) return std::nullopt;
        auto account = account_id_of_key(record.seat_players[seat]->key);
        if (!account) return std::nullopt;
        end.account_ids[seat] = *account;
    }
    if (end.account_ids[0] == end.account_ids[1]) return std::nullopt;
    end.variant = record.variant;
    end.white_score = *score;
    return end;
}

StoredRating rating_or_initial(const std::optional<StoredRating>& stored,
                               const std::string& variant) {
    if (stored) return *stored;
    Glicko2Rating initial = initial_rating();
    StoredRating rating;
    rating.variant = variant;
    rating.rating = initial.rating;
    rating.rd = initial.rd;
    rating.volatility = initial.volatility;
    return rating;
}

std::array<StoredRating, 2> ratings_after(const std::array<StoredRating, 2>& before,
                                          double white_score, std::int64_t ended_ms) {
    auto glicko = [](const StoredRating& r) { return Glicko2Rating{r.rating, r.rd, r.volatility}; };
    RatedPair rated = rate_game(glicko(before[0]), glicko(before[1]), white_score);
    std::array<StoredRating, 2> after = before;
    const std::array<Glicko2Rating, 2> updated{rated.white, rated.black};
    const std::array<double, 2> scores{white_score, 1 - white_score};
    for (std::size_t seat = 0; seat < 2; ++seat) {
        StoredRating& rating = after[seat];
        rating.rating = updated[seat].rating;
        rating.rd = updated[seat].rd;
        rating.volatility = updated[seat].volatility;
        ++rating.games;
        if (scores[seat] == 1)
            ++rating.wins;
        else if (scores[seat] == 0)
            ++rating.losses;
        else
            ++rating.draws;
        rating.last_played_ms = ended_ms;
    }
    return after;
}

SeatPlayer seat_player_now(AccountRepository* accounts, const std::string& key,
                           const std::string& name, const std::string& variant) {
    SeatPlayer player{key, name, std::nullopt, false};
    auto account = account_id_of_key(key);
    if (!account || !accounts) return player;
    std::optional<StoredRating> stored;
    for (StoredRating& rating : accounts->ratings_of(*account))
        if (rating.variant == variant) stored = std::move(rating);
    StoredRating rating = rating_or_initial(stored, variant);
    player.rating = rating.rating;
    player.provisional = is_provisional({rating.rating, rating.rd, rating.volatility});
    if (auto record = accounts->find_by_name(name))
        player.bot = record->bot && record->id == *account;
    return player;
}

} // namespace evo::app

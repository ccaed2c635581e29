#include "player_pages.h"

#include "app/accounts/identity.h"
#include "app/common/api_error.h"
#include "core/variant.h"
#include "glicko2.h"

namespace evo::app {

namespace {

// The player at `seat`'s outcome; none while the game goes on or when it was aborted.
std::optional<PlayerOutcome> outcome_for(const std::optional<std::string>& result, Color seat) {
    if (!result) return std::nullopt;
    if (*result == "1/2-1/2") return PlayerOutcome::Draw;
    if (*result == "1-0") return seat == White ? PlayerOutcome::Win : PlayerOutcome::Loss;
    if (*result == "0-1") return seat == Black ? PlayerOutcome::Win : PlayerOutcome::Loss;
    return std::nullopt;
}

PlayerGame player_game(const GameListing& game, const std::string& key) {
    Color seat = game.seat_players[0] && game.seat_players[0]->key == key ? White : Black;
    const auto& opponent = game.seat_players[std::size_t(~seat)];
    PlayerGame view;
    view.id = game.id;
    view.variant = game.variant;
    view.colour = seat;
    if (opponent) {
        view.opponent = opponent->name;
        view.opponent_bot = opponent->bot;
    }
    view.rated = game.rated;
    view.result = game.summary.result;
    view.reason = game.summary.reason;
    view.outcome = outcome_for(game.summary.result, seat);
    if (game.summary.result) view.ended = game.updated;
    return view;
}

} // namespace

PlayerPages::PlayerPages(AccountRepository& accounts, GameRepository& games, const Clock& clock)
    : accounts_(accounts), games_(games), clock_(clock) {}

PlayerPage PlayerPages::player(const std::string& name) {
    auto account = accounts_.find_by_name(name);
    if (!account) throw not_found("there is no player named " + name);
    PlayerPage page;
    page.name = account->name;
    page.created_ms = account->created_ms;
    page.bot = account->bot;
    page.ratings = accounts_.ratings_of(account->id);
    for (RatingHistoryEntry& entry : accounts_.rating_history_of(account->id))
        page.history[entry.variant].push_back(std::move(entry));
    std::string key = account_owner_key(account->id);
    GameListFilter filter;
    filter.seat_player = key;
    for (const GameListing& game : games_.list(player_page_recent_games, 0, filter))
        page.recent_games.push_back(player_game(game, key));
    return page;
}

Leaderboard PlayerPages::leaderboard(const std::string& variant) {
    if (!find_variant(variant)) throw not_found("there is no variant " + variant);
    std::int64_t since = clock_.now_ms() - leaderboard_inactive_after_ms;
    Leaderboard board;
    board.variant = variant;
    board.rd_at_most = provisional_rd_above;
    board.played_within_days = leaderboard_inactive_after_ms / (24 * 3600 * 1000);
    for (bool bots : {false, true}) {
        auto& list = bots ? board.bots : board.players;
        int rank = 0;
        for (RankedPlayer& ranked :
             accounts_.leaderboard(variant, provisional_rd_above, since, leaderboard_size, bots))
            list.push_back({++rank, std::move(ranked.name), std::move(ranked.rating)});
    }
    return board;
}

} // namespace evo::app

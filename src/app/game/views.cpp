// What the service shows of a game: its state (for the requester's seat), its PGN, who the
// requester is in it (for the chat), and its event stream's start.
#include "app/common/api_error.h"
#include "app/events/live_updates.h"
#include "app/record/core_games.h"
#include "app/record/declared_result.h"
#include "app/record/loaded_game.h"
#include "app/record/pgn_tags.h"
#include "cache.h"
#include "seat_checks.h"
#include "seat_tokens.h"
#include "service.h"

namespace evo::app {

GameView GameService::view_of(const LoadedGame& game, std::optional<Color> seat) const {
    const GameRecord& record = game.record;
    std::int64_t now = clock_.now_ms();
    GameView view;
    view.id = record.id;
    view.version = record.version;
    view.ply = game.game.moves().size();
    view.position = position_view_of(game.game, game.notation.follow(game.game),
                                     is_aborted(record.declared_result));
    view.online = record.online;
    view.rated = record.rated;
    view.players = record.players;
    view.engine = record.engine;
    view.draw_offer = record.draw_offer;
    view.takeback_offer = record.takeback_offer;
    view.rematch_offer = record.rematch_offer;
    view.rematch_id = record.rematch_id;
    view.seat_players = record.seat_players;
    view.rating_changes = record.rating_changes;
    if (record.clock) view.clock = clock_view_of(*record.clock, is_over(game), now);
    if (victory_claimable(record)) view.claim_after_ms = options_.claim_after_ms;
    if (record.online) {
        Presence presence = events_.presence(record.id);
        OnlinePresence online;
        for (Color side : {White, Black}) {
            bool taken = !record.seats.tokens[std::size_t(side)].empty();
            online.taken[std::size_t(side)] = taken;
            if (taken) online.away_ms[std::size_t(side)] = presence.away_ms(side, now);
        }
        online.spectators = presence.spectators;
        view.presence = online;
    }
    view.created = record.created;
    view.updated = record.updated;
    return seated(std::move(view), game, seat);
}

GameView GameService::seated(GameView view, const LoadedGame& game,
                             std::optional<Color> seat) const {
    const GameRecord& record = game.record;
    if (seat) view.seat = seat_view(record.id, *seat, record.seats.tokens[std::size_t(*seat)]);
    return view;
}

SeatView GameService::seat_view(std::int64_t id, Color side, const std::string& token) const {
    return {side, token, options_.public_url + "/#game=" + std::to_string(id) + "&seat=" + token};
}

bool GameService::visible(const GameRecord& record, const Actor& who) const {
    if (!options_.local_games_need_token || record.online || record.owner.empty()) return true;
    if (who.player.owns(record.owner)) return true;
    return who.token && tokens_equal(*who.token, record.seats.tokens[0]);
}

void GameService::require_visible(const LoadedGame& game, const Actor& who) const {
    if (!visible(game.record, who)) throw not_found("there is no " + game_name(game.record.id));
}

std::shared_ptr<const GameView> GameService::view_for_streams(std::int64_t id,
                                                              std::int64_t announced) {
    // A change this process stored: its view is at hand, no lock, no database read. A newer
    // change made elsewhere announces a newer version, which this one does not reach.
    if (auto slot = cache_->find(id); slot && announced > 0)
        if (auto view = slot->stored_view(); view && view->version >= announced) return view;
    try {
        auto slot = cache_->slot_for(id);
        std::lock_guard lock(slot->mutex);
        return std::make_shared<const GameView>(
            view_of(cache_->load_or_forget(*slot, id), std::nullopt));
    } catch (const ApiError&) {
        return nullptr; // gone: nothing to tell
    }
}

GameView GameService::get(std::int64_t id, const Actor& who) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame* game = &cache_->load_or_forget(*slot, id);
    require_visible(*game, who);
    if (settle_flag(id, *slot, *game, clock_.now_ms()) || !slot->game)
        game = &cache_->load_or_forget(*slot, id);
    std::optional<Color> seat;
    if (who.token && game->record.online) seat = acting_side(*game, who, true);
    GameView view = view_of(*game, seat);
    // Its maker is back in the game from any browser (logged in on another device, say).
    if (!game->record.online && who.player.owns(game->record.owner))
        view.owner_token = game->record.seats.tokens[0];
    return view;
}

std::string GameService::pgn(std::int64_t id, const Actor& who) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, who);
    return game_pgn(game.game, export_tags(game.record));
}

std::optional<ExportedGame> GameService::exported(std::int64_t id, const Actor& who) {
    std::optional<GameRecord> record = store_.load(id);
    if (!record || !visible(*record, who)) return std::nullopt;
    Result<Game> replayed = replay_game(record->variant, record->start_fen, record->moves_uci);
    if (!replayed)
        throw conflict("the stored " + game_name(id) +
                       " cannot be replayed by the rules core: " + replayed.error());
    apply_declared_result(*replayed, record->declared_result);
    LoadedGame game(std::move(*record), std::move(*replayed));
    GameView view = view_of(game, std::nullopt);
    return ExportedGame{std::move(game.record), std::move(view), std::move(game.game)};
}

GameSeating GameService::seating(std::int64_t id, const Actor& who) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, who);
    const GameRecord& record = game.record;
    GameSeating seating;
    seating.online = record.online;
    seating.over = is_over(game);
    for (Color side : {White, Black}) {
        const auto& player = record.seat_players[std::size_t(side)];
        seating.keys[std::size_t(side)] = player ? player->key : "";
        seating.names[std::size_t(side)] =
            player ? player->name : (side == White ? "White player" : "Black player");
        seating.bots[std::size_t(side)] = player && player->bot;
    }
    seating.seat = viewer_seat(game, who.token, who.player);
    return seating;
}

void GameService::open_events(std::int64_t id, const Actor& who,
                              const std::function<std::shared_ptr<EventSink>()>& open_stream) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, who);
    std::optional<Color> seat = viewer_seat(game, who.token, who.player);
    // Under the game's lock: no change can slip between this state and the subscription.
    live_->open(id, seat, open_stream(),
                std::make_shared<const GameView>(view_of(game, std::nullopt)));
}

} // namespace evo::app

// What the service shows of a game: its state (for the requester's seat), its PGN, who the
// requester is in it (for the chat), and its event stream's start.
#include "api_error.h"
#include "game_cache.h"
#include "game_json.h"
#include "game_pgn_tags.h"
#include "game_service.h"
#include "live_updates.h"
#include "loaded_game.h"
#include "seat_checks.h"
#include "seat_tokens.h"

namespace evo::app {

using nlohmann::json;

json GameService::state_of(const LoadedGame& game, std::optional<int> seat) const {
    const GameRecord& record = game.record;
    std::int64_t now = clock_.now_ms();
    json state = game_state_json(record, game.game, game.notation.follow(game.game));
    state["online"] = record.online;
    state["ply"] = game.game.moves().size();
    state["version"] = record.version;
    state["clock"] = nullptr;
    if (record.clock) {
        const GameClock& clock = *record.clock;
        json running = nullptr;
        if (clock.running && !is_over(game)) running = std::string(1, side_letter(*clock.running));
        state["clock"] = {
            {"w", clock.remaining_at(0, now)},
            {"b", clock.remaining_at(1, now)},
            {"running", running},
            {"initial_ms", clock.settings.days_per_move ? 0 : clock.settings.initial_ms},
            {"increment_ms", clock.settings.days_per_move ? 0 : clock.settings.increment_ms},
            {"days_per_move",
             clock.settings.days_per_move ? json(*clock.settings.days_per_move) : json(nullptr)},
        };
    }
    auto side_or_null = [](const std::optional<char>& side) {
        return side ? json(std::string(1, *side)) : json(nullptr);
    };
    state["takeback_offer"] = side_or_null(record.takeback_offer);
    state["rematch_offer"] = side_or_null(record.rematch_offer);
    state["rematch_id"] = record.rematch_id ? json(*record.rematch_id) : json(nullptr);
    state["claim_after_ms"] = options_.claim_after_ms;
    if (record.online) {
        Presence presence = events_.presence(record.id);
        auto away = [&](int side) -> json {
            auto away = presence.away_ms(side, now);
            if (record.seats.tokens[std::size_t(side)].empty() || !away) return nullptr;
            return *away;
        };
        state["seats"] = {{"w", !record.seats.tokens[0].empty()},
                          {"b", !record.seats.tokens[1].empty()}};
        state["away"] = {{"w", away(0)}, {"b", away(1)}};
        state["spectators"] = presence.spectators;
    } else {
        state["seats"] = nullptr;
        state["away"] = nullptr;
        state["spectators"] = 0;
    }
    if (seat) state["seat"] = seat_json(record.id, *seat, record.seats.tokens[std::size_t(*seat)]);
    return state;
}

json GameService::seat_json(std::int64_t id, int side, const std::string& token) const {
    return {{"colour", std::string(1, side_letter(side))},
            {"token", token},
            {"link", options_.public_url + "/#game=" + std::to_string(id) + "&seat=" + token}};
}

void GameService::require_visible(const LoadedGame& game, const SeatToken& token,
                                  const Player& viewer) const {
    const GameRecord& record = game.record;
    if (!options_.local_games_need_token || record.online || record.owner.empty()) return;
    if (viewer.owns(record.owner)) return;
    if (token && tokens_equal(*token, record.seats.tokens[0])) return;
    throw not_found("there is no " + game_name(record.id));
}

std::optional<json> GameService::state_for_streams(std::int64_t id) {
    try {
        auto slot = cache_->slot_for(id);
        std::lock_guard lock(slot->mutex);
        return state_of(cache_->load_or_forget(*slot, id), std::nullopt);
    } catch (const ApiError&) {
        return std::nullopt; // gone: nothing to tell
    }
}

json GameService::get(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame* game = &cache_->load_or_forget(*slot, id);
    require_visible(*game, token, viewer);
    if (settle_flag(id, *slot, *game, clock_.now_ms()) || !slot->game)
        game = &cache_->load_or_forget(*slot, id);
    std::optional<int> seat;
    if (token && game->record.online) {
        int side = acting_side(*game, Actor::requester(token), true);
        if (side >= 0) seat = side;
    }
    json state = state_of(*game, seat);
    // Its maker is back in the game from any browser (logged in on another device, say).
    if (!game->record.online && viewer.owns(game->record.owner))
        state["token"] = game->record.seats.tokens[0];
    return state;
}

std::string GameService::pgn(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    return game_pgn(game.game, stored_tags(game.record));
}

GameSeating GameService::seating(std::int64_t id, const SeatToken& token, const Player& viewer) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    const GameRecord& record = game.record;
    GameSeating seating;
    seating.online = record.online;
    seating.over = is_over(game);
    for (int side = 0; side < 2; ++side) {
        const auto& player = record.seat_players[std::size_t(side)];
        seating.keys[std::size_t(side)] = player ? player->key : "";
        seating.names[std::size_t(side)] =
            player ? player->name : (side == 0 ? "White player" : "Black player");
    }
    if (std::optional<int> side = viewer_seat(game, token, viewer)) seating.seat = *side;
    return seating;
}

void GameService::open_events(std::int64_t id, const SeatToken& token,
                              const std::shared_ptr<Responder>& responder, const Player& viewer) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, token, viewer);
    std::optional<int> seat = viewer_seat(game, token, viewer);
    // Under the game's lock: no change can slip between this state and the subscription.
    json state = state_of(game, std::nullopt);
    live_->open(id, seat, responder->open_event_stream(), state);
}

} // namespace evo::app

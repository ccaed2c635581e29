// The engine's move in a local game: claimed and limited under the game's lock, searched on
// the engine threads (EngineJobs), and played as the engine itself (Actor::engine): the move
// needs nobody's seat token. Its progress and the state it answers are typed (search_view.h);
// their JSON is written at the HTTP edge (http/engine_json.h).
#include "app/analysis/engine_jobs.h"
#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "cache.h"
#include "core/movegen.h"
#include "seat_checks.h"
#include "service.h"

namespace evo::app {

EngineTicket GameService::begin_engine_move(std::int64_t id, const EngineMoveCommand& command,
                                            const Actor& who) {
    if (!engine_available()) throw conflict("this build of evochess has no engine");
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    if (game.record.online) throw conflict("online games are played by people");
    acting_side(game, who, options_.local_games_need_token);
    settle_flag(id, *slot, game, clock_.now_ms());
    if (!slot->game) throw conflict("the game changed; try again");
    require_game_in_progress(game);
    if (slot->searching.exchange(true))
        throw conflict("the engine is already thinking on " + game_name(id));
    slot->stop = false;
    EngineLimits limits =
        engine_move_limits(game.record, game.game, command.movetime_ms, command.depth,
                           options_.max_engine_ms, clock_.now_ms());
    return EngineTicket{id, EngineClaim(slot), SearchRequest{game.game, limits, &slot->stop}};
}

GameView GameService::run_engine_move(EngineTicket& ticket,
                                      const std::function<void(const SearchLine&)>& on_progress) {
    EngineClaim claim = std::move(ticket.claim); // given up when this search is over

    const SearchRequest& request = ticket.request;
    SearchOutcome outcome = engine_->search()(request, [&](const SearchProgress& progress) {
        on_progress(search_line(progress, request.game.position()));
    });
    if (!outcome) throw conflict("the engine found no move: " + outcome.error());

    // The engine acts as itself: whoever asked was checked when it began.
    return change_game(ticket.game_id, Actor::engine(), [&](LoadedGame& game, ActingSide) {
        if (game.game.moves() != request.game.moves())
            throw conflict("the game changed while the engine thought; its "
                           "move was dropped");
        require_game_in_progress(game);
        if (!is_legal(game.game.position(), *outcome))
            throw unprocessable("the engine's move is not legal here");
        Color turn = turn_of(game);
        play_move(game, *outcome);
        if (game.record.clock) game.record.clock->on_move(turn, clock_.now_ms(), 0);
    });
}

void GameService::engine_move(std::int64_t id, const EngineMoveCommand& command,
                              const std::shared_ptr<SearchReplies<GameView>>& replies,
                              const Actor& who, const std::string& client) {
    auto ticket = std::make_shared<EngineTicket>(begin_engine_move(id, command, who));
    engine_->post(
        client, replies, [this, id] { stop_engine(id); },
        [this, ticket = std::move(ticket)](const EngineJobs::Progress& progress) {
            return run_engine_move(*ticket, progress);
        });
}

bool GameService::stop_engine(std::int64_t id, const Actor& who) {
    {
        auto slot = cache_->slot_for(id);
        std::lock_guard lock(slot->mutex);
        acting_side(cache_->load_or_forget(*slot, id), who, options_.local_games_need_token);
    }
    return stop_engine(id);
}

bool GameService::stop_engine(std::int64_t id) {
    std::shared_ptr<GameSlot> slot = cache_->find(id);
    if (!slot || !slot->searching) return false;
    slot->stop = true;
    return true;
}

} // namespace evo::app

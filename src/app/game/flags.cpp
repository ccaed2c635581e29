// The clocks' flags: a game whose running side's time is up is ended on time, whichever
// request or the watcher thread (FlagWatcher) finds it first; and the note that the server is
// alive, which bounds the downtime a crash costs the running clocks.
#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "cache.h"
#include "flag_watcher.h"
#include "service.h"

namespace evo::app {

void GameService::track_flag(const LoadedGame& game) {
    std::optional<std::int64_t> flag;
    if (game.record.clock && !is_over(game)) flag = game.record.clock->flag_time();
    flags_->track(game.record.id, flag);
}

bool GameService::settle_flag(std::int64_t id, GameSlot& slot, LoadedGame& game, std::int64_t now) {
    if (!game.record.clock || is_over(game) || !game.record.clock->flagged_at(now)) return false;
    std::size_t stored_moves = game.record.moves_uci.size();
    Color flagged = *game.record.clock->running;
    declare(game, DeclaredResult::win(~flagged, DeclaredReason::TimeForfeit));
    game.record.clock->stop(now);
    return store_change(id, slot, game, stored_moves);
}

void GameService::settle_due_flags() {
    for (std::int64_t id : flags_->due(clock_.now_ms())) {
        try {
            auto slot = cache_->slot_for(id);
            std::lock_guard lock(slot->mutex);
            LoadedGame& game = cache_->load_or_forget(*slot, id);
            if (!settle_flag(id, *slot, game, clock_.now_ms())) track_flag(game);
        } catch (const ApiError&) {
            // The game is gone (or cannot be read): nothing to watch.
            flags_->forget(id);
        }
    }
}

void GameService::note_alive() {
    store_.note_alive(clock_.now_ms());
}

void GameService::start_flag_watcher() {
    flags_->start([this] { note_alive(); }, [this] { settle_due_flags(); });
}

} // namespace evo::app

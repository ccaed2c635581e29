// Berserk: the clock's half of an arena's rule (the tournaments module holds the rule itself).
#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "seat_checks.h"
#include "service.h"

namespace evo::app {

GameView GameService::berserk(std::int64_t id, const Actor& who, std::int64_t penalty_ms,
                              const BerserkCheck& check) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_online(game, "berserk");
        require_game_in_progress(game);
        GameClock* clock = game.record.clock ? &*game.record.clock : nullptr;
        if (!clock || clock->settings.days_per_move)
            throw bad_request("berserk needs a real-time clock");
        Color side = seat_of_actor(actor);
        check(side, int(game.game.moves().size()), clock->berserked[std::size_t(side)]);
        clock->go_berserk(side, penalty_ms);
    });
}

} // namespace evo::app

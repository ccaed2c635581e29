// The actions on who plays a game: a seat of an online game taken with its invite code, and
// the players and engine limits of a local game.
#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "seat_tokens.h"
#include "service.h"

#include <algorithm>

namespace evo::app {

GameView GameService::join(std::int64_t id, const JoinCommand& command) {
    const std::string& code = command.invite_code;
    std::string token = new_secret();
    Color taken = White;
    GameView view = change_game(id, Actor::anyone(), [&](LoadedGame& game, std::optional<Color>) {
        Seats& seats = game.record.seats;
        if (!game.record.online) throw conflict("this game is not an online game");
        auto free_seat = std::find(seats.tokens.begin(), seats.tokens.end(), std::string());
        if (free_seat == seats.tokens.end()) throw conflict("both seats of this game are taken");
        if (code.empty() || !tokens_equal(code, seats.invite_code))
            throw forbidden("that invite code is not this game's");
        *free_seat = token;
        taken = free_seat == seats.tokens.begin() ? White : Black;
    });
    events_.seat_taken(id, taken);
    view.seat = seat_view(id, taken, token);
    return view;
}

GameView GameService::update_settings(std::int64_t id, const SettingsCommand& settings,
                                      const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, std::optional<Color>) {
        if (game.record.online) throw conflict("an online game is played by its two seats");
        game.record.players = with_settings(game.record.players, settings);
        game.record.engine = with_settings(game.record.engine, settings);
    });
}

} // namespace evo::app

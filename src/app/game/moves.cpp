// The actions on a game's moves: a move played, moves taken back by the owner of a local
// game (undo), and the takeback an online player asks the opponent for.
#include "app/common/api_error.h"
#include "app/record/loaded_game.h"
#include "seat_checks.h"
#include "service.h"

namespace evo::app {

GameView GameService::play(std::int64_t id, const PlayCommand& command, const Actor& who) {
    const std::optional<int>& ply = command.expected_ply;
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_game_in_progress(game);
        Color turn = turn_of(game);
        if (actor && *actor != turn) throw conflict("it is not your turn");
        std::size_t played = game.game.moves().size();
        if (ply && std::size_t(*ply) != played)
            throw conflict("the game has moved on: it is at ply " + std::to_string(played));
        std::int64_t now = clock_.now_ms();
        // change_game settled a flag that fell before this move arrived (the mover lost);
        // one that fell since, in the instant between, is settled by the next request.
        if (game.record.clock && game.record.clock->flagged_at(now))
            throw conflict("your time ran out");
        play_move(game, move_from_text(game, command.move.text, command.move.san));
        if (game.record.clock) game.record.clock->on_move(turn, now, command.lag_ms);
    });
}

GameView GameService::undo(std::int64_t id, const UndoCommand& command, const Actor& who) {
    int plies = command.plies;
    return change_game(id, who, [&](LoadedGame& game, ActingSide) {
        if (game.record.online)
            throw conflict("in an online game, ask your opponent for a takeback");
        // No move: only a resignation or an agreement is taken back.
        if (plies == 0 && !game.record.declared_result)
            throw unprocessable("there is no resignation or agreement to take back");
        if (plies == 0) game.game.clear_outside_result();
        std::size_t played = game.game.moves().size();
        if (std::size_t(plies) > played)
            throw unprocessable("cannot take back " + std::to_string(plies) + " moves: only " +
                                std::to_string(played) + " were played");
        take_back(game, std::size_t(plies), clock_.now_ms());
        game.record.draw_offer.reset();
        game.record.takeback_offer.reset();
    });
}

GameView GameService::takeback(std::int64_t id, const OfferCommand& command, const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_game_in_progress(game);
        Color side = side_for(game, actor, command.side);
        Color turn = turn_of(game);
        // The requester's last move goes back, and the opponent's reply after it if any.
        auto plies_for = [&](Color requester) { return std::size_t(turn == requester ? 2 : 1); };
        if (command.answer == OfferAnswer::Offer) {
            if (game.game.moves().size() < plies_for(side))
                throw conflict("you have no move to take back");
            if (game.record.takeback_offer == side) game.unchanged = true; // it stands already
            game.record.takeback_offer = side;
            return;
        }
        if (game.record.takeback_offer != ~side)
            throw conflict(std::string("there is no takeback request to ") +
                           (command.answer == OfferAnswer::Accept ? "accept" : "decline"));
        if (command.answer == OfferAnswer::Accept) {
            take_back(game, plies_for(~side), clock_.now_ms());
            game.record.draw_offer.reset();
        }
        game.record.takeback_offer.reset();
    });
}

} // namespace evo::app

// The actions on a game's moves: a move played, moves taken back by the owner of a local
// game (undo), and the takeback an online player asks the opponent for.
#include "api_error.h"
#include "game_service.h"
#include "json_fields.h"
#include "loaded_game.h"
#include "seat_checks.h"

namespace evo::app {

using nlohmann::json;

namespace {

constexpr int max_undo_plies = 100000;
constexpr int max_lag_ms = 60000;

} // namespace

json GameService::play(std::int64_t id, const json& body, const SeatToken& token) {
    std::optional<std::string> uci, san;
    std::optional<int> ply, lag;
    try {
        uci = optional_string(body, "uci");
        san = optional_string(body, "san");
        ply = optional_int(body, "ply", 0, max_undo_plies);
        lag = optional_int(body, "lag_ms", 0, max_lag_ms);
    } catch (const ApiError& error) {
        throw unprocessable(error.what());
    }
    if (bool(uci) == bool(san))
        throw unprocessable("give the move as exactly one of \"uci\" or \"san\"");
    return change_game(
        id, Actor::requester(token), [&](LoadedGame& game, int actor) -> std::optional<json> {
            require_game_in_progress(game);
            char turn = turn_of(game);
            if (actor >= 0 && side_letter(actor) != turn) throw conflict("it is not your turn");
            std::size_t played = game.game.moves().size();
            if (ply && std::size_t(*ply) != played)
                throw conflict("the game has moved on: it is at ply " + std::to_string(played));
            std::int64_t now = clock_.now_ms();
            // change_game settled a flag that fell before this move arrived (the mover lost);
            // one that fell since, in the instant between, is settled by the next request.
            if (game.record.clock && game.record.clock->flagged_at(now))
                throw conflict("your time ran out");
            play_move(game, move_from_text(game, uci ? *uci : *san, bool(san)));
            if (game.record.clock)
                game.record.clock->on_move(side_index(turn), now, lag.value_or(0));
            return std::nullopt;
        });
}

json GameService::undo(std::int64_t id, const json& body, const SeatToken& token) {
    int plies = optional_int(body, "plies", 0, max_undo_plies).value_or(1);
    return change_game(
        id, Actor::requester(token), [&](LoadedGame& game, int) -> std::optional<json> {
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
            return std::nullopt;
        });
}

json GameService::takeback(std::int64_t id, const json& body, const SeatToken& token) {
    std::string action = one_of(body, "action", {"request", "accept", "decline"});
    return change_game(
        id, Actor::requester(token), [&](LoadedGame& game, int actor) -> std::optional<json> {
            require_game_in_progress(game);
            char side = side_for(game, actor, body);
            char turn = turn_of(game);
            // The requester's last move goes back, and the opponent's reply after it if any.
            auto plies_for = [&](char requester) { return std::size_t(turn == requester ? 2 : 1); };
            if (action == "request") {
                if (game.game.moves().size() < plies_for(side))
                    throw conflict("you have no move to take back");
                if (game.record.takeback_offer == side) game.unchanged = true; // it stands already
                game.record.takeback_offer = side;
                return std::nullopt;
            }
            if (game.record.takeback_offer != other_side(side))
                throw conflict("there is no takeback request to " + action);
            if (action == "accept") {
                take_back(game, plies_for(other_side(side)), clock_.now_ms());
                game.record.draw_offer.reset();
            }
            game.record.takeback_offer.reset();
            return std::nullopt;
        });
}

} // namespace evo::app

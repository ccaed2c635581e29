// The actions that end a game or offer something to the opponent: resign, draw (offer,
// accept, decline), abort, claim a victory over an opponent who left, and a rematch.
#include "app/common/api_error.h"
#include "app/record/declared_result.h"
#include "app/record/game_summary.h"
#include "app/record/loaded_game.h"
#include "seat_checks.h"
#include "seat_tokens.h"
#include "service.h"

namespace evo::app {

GameView GameService::resign(std::int64_t id, const ResignCommand& command, const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_game_in_progress(game);
        Color resigning = side_for(game, actor, command.side);
        declare(game, DeclaredResult::win(~resigning, DeclaredReason::Resignation));
    });
}

GameView GameService::draw(std::int64_t id, const OfferCommand& command, const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_game_in_progress(game);
        Color side = side_for(game, actor, command.side);
        bool offered_to_me = game.record.draw_offer == ~side;
        if (command.answer == OfferAnswer::Offer && !offered_to_me) {
            const PlayerKinds& players = game.record.players;
            bool to_engine = (side == White ? players.black : players.white) == PlayerKind::Engine;
            // The engine never accepts a draw: it declines at once, so no offer stands.
            std::optional<Color> standing = to_engine ? std::nullopt : std::optional<Color>(side);
            if (game.record.draw_offer == standing) game.unchanged = true; // as it was
            game.record.draw_offer = standing;
        } else if (command.answer == OfferAnswer::Decline) {
            if (!offered_to_me) throw conflict("there is no draw offer to decline");
            game.record.draw_offer.reset();
        } else {
            if (!offered_to_me) throw conflict("there is no draw offer to accept");
            declare(game, DeclaredResult::draw(DeclaredReason::Agreement));
        }
    });
}

GameView GameService::abort(std::int64_t id, const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide) {
        require_game_in_progress(game);
        if (game.game.moves().size() >= 2)
            throw conflict("a game can be aborted only before both sides have moved");
        declare(game, DeclaredResult::aborted());
    });
}

GameView GameService::claim_victory(std::int64_t id, const Actor& who) {
    return change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_online(game, "a claim of victory");
        require_game_in_progress(game);
        Color claiming = seat_of_actor(actor);
        Color opponent = ~claiming;
        if (game.record.seats.tokens[std::size_t(opponent)].empty())
            throw conflict("nobody has taken the other seat yet");
        // lichess's rule: with a real-time clock, in a paired game, on the absent one's turn.
        if (!victory_claimable(game.record))
            throw conflict("a victory is claimed only in a real-time game from the lobby or a "
                           "challenge, not by correspondence, untimed or by invite link");
        if (game.game.position().side_to_move() != opponent)
            throw conflict("it is your move: a victory is claimed on your opponent's turn");
        Presence presence = events_.presence(id);
        const auto& since = presence.away_since[std::size_t(opponent)];
        std::int64_t away = since ? clock_.now_ms() - *since : 0;
        if (!since || away < options_.claim_after_ms)
            throw conflict("your opponent has not been gone long enough (" +
                           std::to_string(options_.claim_after_ms / 1000) + " s)");
        declare(game, DeclaredResult::win(claiming, DeclaredReason::OpponentLeft));
    });
}

std::int64_t GameService::create_rematch(const LoadedGame& game) {
    GameRecord record;
    record.online = true;
    record.owner = game.record.owner; // listed with its first game
    // The same players, colours changed; casual (docs/ratings.md: a rematch is not rated).
    for (Color seat : {White, Black})
        if (const auto& player = game.record.seat_players[std::size_t(~seat)])
            record.seat_players[std::size_t(seat)] =
                SeatPlayer{player->key, player->name, std::nullopt, false};
    record.variant = game.record.variant;
    record.start_fen = game.record.start_fen;
    record.summary = summarize(Game(game.game.start_position()), record.declared_result);
    if (game.record.clock) record.clock = GameClock::start(game.record.clock->settings);
    // Colours change: the old White sits at Black.
    record.seats.tokens = {new_secret(), new_secret()};
    record.seats.invite_code = new_secret();
    store_.insert(record);
    events_.seat_taken(record.id, White);
    events_.seat_taken(record.id, Black);
    return record.id;
}

GameView GameService::rematch(std::int64_t id, const Actor& who) {
    std::optional<RematchView> made;
    GameView view = change_game(id, who, [&](LoadedGame& game, ActingSide actor) {
        require_online(game, "a rematch");
        if (!is_over(game)) throw conflict("the game is not over yet");
        if (game.record.rematch_id) {
            game.unchanged = true; // asked again: only the answer
        } else {
            Color asking = seat_of_actor(actor);
            if (game.record.rematch_offer != ~asking) {
                if (game.record.rematch_offer == asking) game.unchanged = true;
                game.record.rematch_offer = asking;
                return;
            }
            game.record.rematch_id = create_rematch(game);
            game.record.rematch_offer.reset();
        }
        auto rematch = store_.load(*game.record.rematch_id);
        if (!rematch) throw not_found("the rematch game is gone");
        Color new_side = ~seat_of_actor(actor);
        made = RematchView{rematch->id, seat_view(rematch->id, new_side,
                                                  rematch->seats.tokens[std::size_t(new_side)])};
    });
    view.rematch = std::move(made);
    return view;
}

} // namespace evo::app

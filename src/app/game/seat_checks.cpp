#include "seat_checks.h"

#include "app/common/api_error.h"
#include "seat_tokens.h"

namespace evo::app {

namespace {

ActingSide token_side(const LoadedGame& game, const SeatToken& token, bool local_needs_token) {
    const Seats& seats = game.record.seats;
    if (!game.record.online) {
        if (!token && !local_needs_token) return std::nullopt;
        if (!token) throw ApiError(ErrorKind::Unauthorized, "send the game's token");
        if (seats.tokens[0].empty() || !tokens_equal(*token, seats.tokens[0]))
            throw forbidden("that token is not this game's");
        return std::nullopt; // the owner, who plays both sides
    }
    if (!token)
        throw ApiError(ErrorKind::Unauthorized,
                       "this is an online game: send your seat's token (Authorization: Bearer "
                       "...)");
    for (Color side : {White, Black})
        if (!seats.tokens[std::size_t(side)].empty() &&
            tokens_equal(*token, seats.tokens[std::size_t(side)]))
            return side;
    throw forbidden("that token holds no seat in this game");
}

} // namespace

ActingSide acting_side(const LoadedGame& game, const Actor& actor, bool local_needs_token) {
    switch (actor.kind) {
    case Actor::Kind::Anyone: return std::nullopt;
    case Actor::Kind::Engine:
        if (game.record.online) throw conflict("online games are played by people");
        return std::nullopt;
    case Actor::Kind::Requester: break;
    }
    return token_side(game, actor.token, local_needs_token);
}

std::optional<Color> viewer_seat(const LoadedGame& game, const SeatToken& token,
                                 const Player& viewer) {
    if (!game.record.online) return std::nullopt;
    if (token) return token_side(game, token, true); // a token that is no seat's: 403
    for (Color side : {White, Black}) {
        const auto& player = game.record.seat_players[std::size_t(side)];
        if (player && !player->key.empty() && viewer.owns(player->key)) return side;
    }
    return std::nullopt;
}

Color side_for(const LoadedGame& game, ActingSide actor, std::optional<Color> named) {
    if (actor) return *actor;
    return named.value_or(turn_of(game));
}

Color seat_of_actor(ActingSide actor) {
    if (!actor) throw forbidden("only a player holding a seat may do this");
    return *actor;
}

bool victory_claimable(const GameRecord& record) {
    return record.online && record.clock && !record.clock->settings.days_per_move &&
           !record.made_for.empty();
}

} // namespace evo::app

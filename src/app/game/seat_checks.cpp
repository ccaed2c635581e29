#include "seat_checks.h"

#include "app/common/api_error.h"
#include "seat_tokens.h"

namespace evo::app {

namespace {

int token_side(const LoadedGame& game, const SeatToken& token, bool local_needs_token) {
    const Seats& seats = game.record.seats;
    if (!game.record.online) {
        if (!token && !local_needs_token) return -1;
        if (!token) throw ApiError(ErrorKind::Unauthorized, "send the game's token");
        if (seats.tokens[0].empty() || !tokens_equal(*token, seats.tokens[0]))
            throw forbidden("that token is not this game's");
        return -1;
    }
    if (!token)
        throw ApiError(ErrorKind::Unauthorized,
                       "this is an online game: send your seat's token (Authorization: Bearer "
                       "...)");
    for (int side = 0; side < 2; ++side)
        if (!seats.tokens[std::size_t(side)].empty() &&
            tokens_equal(*token, seats.tokens[std::size_t(side)]))
            return side;
    throw forbidden("that token holds no seat in this game");
}

} // namespace

int acting_side(const LoadedGame& game, const Actor& actor, bool local_needs_token) {
    switch (actor.kind) {
    case Actor::Kind::Anyone: return no_seat;
    case Actor::Kind::Engine:
        if (game.record.online) throw conflict("online games are played by people");
        return -1;
    case Actor::Kind::Requester: break;
    }
    return token_side(game, actor.token, local_needs_token);
}

std::optional<int> viewer_seat(const LoadedGame& game, const SeatToken& token,
                               const Player& viewer) {
    if (!game.record.online) return std::nullopt;
    if (token) return token_side(game, token, true); // a token that is no seat's: 403
    for (int side = 0; side < 2; ++side) {
        const auto& player = game.record.seat_players[std::size_t(side)];
        if (player && !player->key.empty() && viewer.owns(player->key)) return side;
    }
    return std::nullopt;
}

Color side_for(const LoadedGame& game, int actor, std::optional<Color> named) {
    if (actor >= 0) return color_of_seat(actor);
    return named.value_or(turn_of(game));
}

} // namespace evo::app

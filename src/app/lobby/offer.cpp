#include "offer.h"

#include "app/common/api_error.h"
#include "app/game/service.h"
#include "app/record/core_games.h"
#include "core/variant.h"

#include <algorithm>

namespace evo::app {

namespace {

// Variants from a file may differ from server to server and from day to day: casual only.
bool built_in_variant(const std::string& name) {
    auto builtin = builtin_variants();
    return std::any_of(builtin.begin(), builtin.end(),
                       [&](const Variant& variant) { return variant.name == name; });
}

} // namespace

void check_game_offer(const GameOffer& offer, const Player& maker) {
    if (!find_variant(offer.variant)) throw bad_request("unknown variant: " + offer.variant);
    if (offer.rated && !maker.account_key)
        throw forbidden("rated games are between accounts: create one, or offer a casual game");
    if (offer.rated && !built_in_variant(offer.variant))
        throw bad_request("a variant loaded from a file is played casual only");
    if (offer.fen.empty()) return;
    // As lichess: a game from a position is never rated.
    if (offer.rated) throw bad_request("a game from a position (fen) is played casual only");
    if (Result<Game> start = start_game(offer.variant, offer.fen); !start)
        throw bad_request("fen: " + start.error());
}

PairedGame make_paired_game(GameService& games, const GameOffer& offer,
                            const std::string& maker_key, const Pairing& pairing) {
    CreateGame command;
    command.online = true;
    command.variant = offer.variant;
    command.colour = offer.colour;
    command.fen = offer.fen;
    if (offer.clock_days) {
        command.clock = ClockSettings{0, 0, offer.clock_days};
    } else if (offer.clock_initial_ms) {
        command.clock = ClockSettings{*offer.clock_initial_ms, offer.clock_increment_ms.value_or(0),
                                      std::nullopt};
    }
    Player maker;
    maker.account_key = maker_key; // the key it is stored by, whichever kind it is
    GameView made = games.create(command, maker, pairing);
    PairedGame game;
    game.id = made.id;
    const std::string& invite = made.invite_link.value();
    std::string code = invite.substr(invite.rfind("&invite=") + 8);
    game.state = games.join(game.id, JoinCommand{code});
    game.maker_token = made.seat.value().token;
    game.taker_token = game.state.seat.value().token;
    return game;
}

} // namespace evo::app

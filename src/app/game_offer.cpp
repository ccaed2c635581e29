#include "game_offer.h"

#include "api_error.h"
#include "core/variant.h"
#include "game_service.h"
#include "json_fields.h"

#include <algorithm>

namespace evo::app {

using nlohmann::json;

namespace {

// Variants from a file may differ from server to server and from day to day: casual only.
bool built_in_variant(const std::string& name) {
    auto builtin = builtin_variants();
    return std::any_of(builtin.begin(), builtin.end(),
                       [&](const Variant& variant) { return variant.name == name; });
}

} // namespace

GameOffer read_game_offer(const json& body, const Player& maker) {
    if (!body.is_object()) throw bad_request("an offer of a game is a JSON object");
    GameOffer offer;
    offer.variant = optional_string(body, "variant").value_or("chess");
    if (!find_variant(offer.variant)) throw bad_request("unknown variant: " + offer.variant);
    if (auto clock = clock_field(body)) {
        if (clock->days_per_move) {
            offer.clock_days = *clock->days_per_move;
        } else {
            offer.clock_initial_ms = clock->initial_ms;
            offer.clock_increment_ms = clock->increment_ms;
        }
    }
    if (auto it = body.find("rated"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) throw bad_request("\"rated\" must be true or false");
        offer.rated = it->get<bool>();
    }
    if (offer.rated && !maker.account_key)
        throw forbidden("rated games are between accounts: create one, or offer a casual game");
    if (offer.rated && !built_in_variant(offer.variant))
        throw bad_request("a variant loaded from a file is played casual only");
    offer.colour = optional_string(body, "colour").value_or("random");
    if (offer.colour != "w" && offer.colour != "b" && offer.colour != "random")
        throw bad_request("\"colour\" must be \"w\", \"b\" or \"random\"");
    return offer;
}

json offer_clock_json(const GameOffer& offer) {
    if (offer.clock_days) return {{"days_per_move", *offer.clock_days}};
    if (!offer.clock_initial_ms) return nullptr;
    return {{"initial_ms", *offer.clock_initial_ms},
            {"increment_ms", offer.clock_increment_ms.value_or(0)}};
}

PairedGame make_paired_game(GameService& games, const GameOffer& offer,
                            const std::string& maker_key, const Pairing& pairing) {
    CreateGame command;
    command.online = true;
    command.variant = offer.variant;
    command.colour = offer.colour == "w"   ? ColourChoice::White
                     : offer.colour == "b" ? ColourChoice::Black
                                           : ColourChoice::Random;
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

// What a seek and a challenge both offer (docs/api.md, "Seeks" and "Challenges"): a variant,
// a clock, rated or casual, the maker's colour; read from a request's JSON at the HTTP edge
// (http/lobby_json.h), checked against its maker by one set of rules here, and, once
// accepted, made into one online game with both seats taken.
#pragma once

#include "app/accounts/identity.h"
#include "app/record/colour_choice.h"
#include "app/record/game_view.h"

#include <cstdint>
#include <optional>
#include <string>

namespace evo::app {

class GameService;
struct Pairing;

struct GameOffer {
    std::string variant;
    // The clock as POST /api/games takes it: minutes and seconds, or days per move; none:
    // no clock.
    std::optional<std::int64_t> clock_initial_ms;
    std::optional<std::int64_t> clock_increment_ms;
    std::optional<int> clock_days;
    bool rated = false;
    ColourChoice colour = ColourChoice::Random; // the maker's
    // The position the game starts from (a challenge's, lichess's `fen`); empty: the
    // variant's start. Stored with challenges only: a seek starts from the start.
    std::string fen;
};

// Whether `maker` may offer it: ApiErrors for an unknown variant, a rated game of a variant
// loaded from a file or from a position, a FEN the variant cannot start from (400), and a
// rated offer from a visitor (403).
void check_game_offer(const GameOffer& offer, const Player& maker);

struct PairedGame {
    std::int64_t id = 0;
    GameView state; // with the acceptor's seat
    std::string maker_token;
    std::string taker_token;
};

// Makes the online game of an accepted offer: its maker (`maker_key`, player_identity.h) at
// the colour offered, the other seat taken at once; `pairing`: who sits where, and whether
// the game is rated (game_service.h).
PairedGame make_paired_game(GameService& games, const GameOffer& offer,
                            const std::string& maker_key, const Pairing& pairing);

} // namespace evo::app

// What a player asks of a game, as typed commands: read from a request's JSON at the edge
// (game_commands_json.h) or made by another service (a seek's game), then checked against
// the game by GameService. The actor (game_actor.h) says who asks.
#pragma once

#include "app/record/colour_choice.h"
#include "app/record/game_clock.h"
#include "app/record/game_record.h"
#include "core/types.h"

#include <optional>
#include <string>

namespace evo::app {

// A move as the player wrote it; the rules core reads it in the game's position when the
// command runs (the position is known only then).
struct MoveText {
    std::string text;
    bool san = false; // else UCI
};

struct PlayCommand {
    MoveText move;
    std::optional<int> expected_ply; // the ply the mover saw; if the game is elsewhere: 409
    int lag_ms = 0;                  // the mover's network lag, given back on a clock
};

struct UndoCommand {
    int plies = 1; // 0: only a resignation or an agreement is taken back
};

// `side`: for the owner of a local game, who plays both sides, the side the action is for
// (none: the side to move); a seat acts for its own side whatever it says.
struct ResignCommand {
    std::optional<Color> side;
};

// An offer to the opponent (a draw, a takeback) made, accepted or declined.
enum class OfferAnswer { Offer, Accept, Decline };

struct OfferCommand {
    OfferAnswer answer = OfferAnswer::Offer;
    std::optional<Color> side;
};

struct JoinCommand {
    std::string invite_code;
};

// A local game's players and engine limits; what is not given stays as it is, and a limit
// given as none is cleared.
struct SettingsCommand {
    std::optional<PlayerKind> white;
    std::optional<PlayerKind> black;
    std::optional<std::optional<int>> movetime_ms;
    std::optional<std::optional<int>> depth;
    std::optional<std::optional<int>> level;
};

// The engine's move; limits given are for this move only.
struct EngineMoveCommand {
    std::optional<int> movetime_ms;
    std::optional<int> depth;
};

// The settings laid over a game's players and engine limits.
inline PlayerKinds with_settings(PlayerKinds players, const SettingsCommand& settings) {
    if (settings.white) players.white = *settings.white;
    if (settings.black) players.black = *settings.black;
    return players;
}
inline EngineLimits with_settings(EngineLimits limits, const SettingsCommand& settings) {
    if (settings.movetime_ms) limits.movetime_ms = *settings.movetime_ms;
    if (settings.depth) limits.depth = *settings.depth;
    if (settings.level) limits.level = *settings.level;
    return limits;
}

struct CreateGame {
    bool online = false;
    std::optional<std::string> pgn; // an imported game (local only), else variant and FEN
    std::string variant = "chess";
    std::string fen; // empty: the variant's start
    std::optional<ClockSettings> clock;
    ColourChoice colour = ColourChoice::White; // the maker's seat of an online game
    PlayerKinds players;                       // of a local game
    SettingsCommand engine_settings;           // its engine limits over the defaults
};

} // namespace evo::app

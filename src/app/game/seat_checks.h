// Who acts in a game, checked against its seats: the side a request's token holds, the seat a
// player reading the game sits at, and the side an action is for. Internal to GameService.
#pragma once

#include "actor.h"
#include "app/accounts/identity.h"
#include "app/record/loaded_game.h"

#include <optional>

namespace evo::app {

// Who acts in a change: the seat whose token came with the request; none for one who holds
// no seat: the owner of a local game, who plays both sides, the engine, which plays the side
// to move of a local game, and anyone, for a change anyone may make (joining).
using ActingSide = std::optional<Color>;

// Who acts (above). No token where one is needed: 401; a token that is no seat's: 403.
ActingSide acting_side(const LoadedGame& game, const Actor& actor, bool local_needs_token);

// The seat of an online game whose holder is asking: by the seat's token (one that is no
// seat's: 403), else by the player (account or visitor cookie) seated there; none for a
// spectator. A player reading the game without their token (a second tab) is still that
// player, for the chat's rooms.
std::optional<Color> viewer_seat(const LoadedGame& game, const SeatToken& token,
                                 const Player& viewer);

// The side an action is for: the seat's own, or for the owner of a local game the one the
// command names (else the side to move).
Color side_for(const LoadedGame& game, ActingSide actor, std::optional<Color> named);

// Whether a victory may ever be claimed in the game over an opponent who left, by lichess's
// rule (its `mightClaimWin`): an online game with a real-time clock (never correspondence or
// untimed) that a pairing made (a seek or a challenge, not an invite link). The claim itself
// is allowed only on the absent player's turn (GameService::claim_victory).
bool victory_claimable(const GameRecord& record);

// The seat of an action only a seat's holder may take (those of an online game, where every
// requester holds one): acting without a seat is refused (403).
Color seat_of_actor(ActingSide actor);

} // namespace evo::app

// Who acts on a game or reads it: a request with the seat token it came with (if any) and the
// player its cookies name (if any), anyone at all (taking a free seat with an invite code), or
// the server's own engine, which moves in a local game for the side to move without anybody's
// token.
#pragma once

#include "app/accounts/identity.h"

#include <optional>
#include <string>
#include <utility>

namespace evo::app {

// The seat token an action came with (Authorization: Bearer ...), if any.
using SeatToken = std::optional<std::string>;

struct Actor {
    enum class Kind { Requester, Anyone, Engine };
    Kind kind = Kind::Requester;
    SeatToken token; // a requester's
    Player player;   // a requester's cookies (account, visitor); none: nobody known

    static Actor requester(SeatToken token, Player player = {}) {
        return {Kind::Requester, std::move(token), std::move(player)};
    }
    static Actor anyone() { return {Kind::Anyone, std::nullopt, {}}; }
    static Actor engine() { return {Kind::Engine, std::nullopt, {}}; }
};

} // namespace evo::app

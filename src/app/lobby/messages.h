// What a lobby stream is sent (docs/api.md "The lobby stream"), as typed messages: the lobby
// (lobby.h) decides who is told what, and http/lobby_json writes the text once per message.
#pragma once

#include "app/events/lobby_notice.h"
#include "app/record/game_view.h"
#include "challenge_repository.h"
#include "core/types.h"
#include "seek_service.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace evo::app {

// The open seeks: a stream's first message, and again after notices were lost.
struct LobbySeeks {
    std::vector<SeekView> seeks;
};
struct LobbySeekAdded {
    SeekView seek;
};
struct LobbySeekRemoved {
    std::int64_t id = 0;
    LobbyRemoval reason = LobbyRemoval::None;
};
// To a challenge's two players: it was sent, and it ended.
struct LobbyChallenge {
    ChallengeRecord challenge;
};
struct LobbyChallengeRemoved {
    std::int64_t id = 0;
    LobbyRemoval reason = LobbyRemoval::None;
    // Declined: lichess's key of the reason the challenged gave ("generic", "variant", ...).
    std::string decline_reason = {};
};
// To each player of a game a seek or a challenge made: the game and their seat.
struct LobbyGameStarted {
    std::int64_t id = 0;
    SeatView seat;
    std::string variant;
};
// To the player whose turn it became in a correspondence game.
struct LobbyYourTurn {
    std::int64_t id = 0;
    std::string variant;
    Color colour = White;
    std::optional<std::string> opponent; // none: no name (the seat is nobody's account)
    std::int64_t time_left_ms = 0;
};

using LobbyMessage = std::variant<LobbySeeks, LobbySeekAdded, LobbySeekRemoved, LobbyChallenge,
                                  LobbyChallengeRemoved, LobbyGameStarted, LobbyYourTurn>;

} // namespace evo::app

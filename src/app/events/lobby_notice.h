// A change of the lobby (lobby.h) as the event bus tells it to every process: what happened to
// which seek or challenge, ids only; each process reads the seek or challenge itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace evo::app {

enum class LobbyChange {
    SeekAdded,
    SeekRemoved, // cancelled, withdrawn (its entry paired elsewhere) or left
    SeekTaken,   // it made a game (accepted)
    ChallengeSent,
    ChallengeRemoved, // accepted, declined or cancelled
    TournamentGame,   // a tournament paired two players: `id` is the game's
};

// Why a seek or a challenge left the lobby, as its streams are told; None for an arrival.
enum class LobbyRemoval { None, Cancelled, Withdrawn, Left, Accepted, Declined };

struct LobbyNotice {
    LobbyChange change = LobbyChange::SeekAdded;
    std::int64_t id = 0;
    LobbyRemoval reason = LobbyRemoval::None;
    friend bool operator==(const LobbyNotice&, const LobbyNotice&) = default;
};

// "seek_added", "seek_removed", "seek_taken", "challenge", "challenge_removed",
// "tournament_game".
std::string_view lobby_change_name(LobbyChange change);
std::optional<LobbyChange> lobby_change_named(std::string_view name);
// "", "cancelled", "withdrawn", "left", "accepted", "declined".
std::string_view lobby_removal_name(LobbyRemoval reason);
std::optional<LobbyRemoval> lobby_removal_named(std::string_view name);

} // namespace evo::app

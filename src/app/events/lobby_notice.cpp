#include "lobby_notice.h"

#include <array>
#include <utility>

namespace evo::app {

namespace {

constexpr std::array<std::pair<LobbyChange, std::string_view>, 6> change_names = {{
    {LobbyChange::SeekAdded, "seek_added"},
    {LobbyChange::SeekRemoved, "seek_removed"},
    {LobbyChange::SeekTaken, "seek_taken"},
    {LobbyChange::ChallengeSent, "challenge"},
    {LobbyChange::ChallengeRemoved, "challenge_removed"},
    {LobbyChange::TournamentGame, "tournament_game"},
}};

constexpr std::array<std::pair<LobbyRemoval, std::string_view>, 6> removal_names = {{
    {LobbyRemoval::None, ""},
    {LobbyRemoval::Cancelled, "cancelled"},
    {LobbyRemoval::Withdrawn, "withdrawn"},
    {LobbyRemoval::Left, "left"},
    {LobbyRemoval::Accepted, "accepted"},
    {LobbyRemoval::Declined, "declined"},
}};

template <typename Enum, std::size_t N>
std::string_view name_in(const std::array<std::pair<Enum, std::string_view>, N>& names,
                         Enum value) {
    for (const auto& [each, name] : names)
        if (each == value) return name;
    return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> named_in(const std::array<std::pair<Enum, std::string_view>, N>& names,
                             std::string_view name) {
    for (const auto& [each, each_name] : names)
        if (each_name == name) return each;
    return std::nullopt;
}

} // namespace

std::string_view lobby_change_name(LobbyChange change) {
    return name_in(change_names, change);
}

std::optional<LobbyChange> lobby_change_named(std::string_view name) {
    return named_in(change_names, name);
}

std::string_view lobby_removal_name(LobbyRemoval reason) {
    return name_in(removal_names, reason);
}

std::optional<LobbyRemoval> lobby_removal_named(std::string_view name) {
    return named_in(removal_names, name);
}

} // namespace evo::app

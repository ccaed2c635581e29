// The live update for a change of a game (docs/api.md "Live updates"): what differs between
// two of its states, not the state. A move in a game of thousands of plies is then a few
// hundred bytes, where the state is hundreds of kilobytes.
#pragma once

#include <nlohmann/json.hpp>

namespace evo::app {

// The full state as a stream's first event sends it: {"ply", "version", "state"}.
nlohmann::json state_message(const nlohmann::json& state);

// From `before` to `after` (two states of one game, as GET answers them): the versions, the
// plies of the history that are kept ("from_ply": fewer after a takeback), the moves after
// them, and every other field whose value changed.
nlohmann::json change_message(const nlohmann::json& before, const nlohmann::json& after);

} // namespace evo::app

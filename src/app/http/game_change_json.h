// The live update for a change of a game (docs/api.md "Live updates"): what differs between
// two of its views, not the state. A move in a game of thousands of plies is then a few
// hundred bytes, where the state is hundreds of kilobytes, and making it writes the JSON of
// the new moves only, never of the whole history.
#pragma once

#include "app/events/game_streams.h"
#include "app/events/stream_text.h"
#include "app/record/game_view.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace evo::app {

// What the edge keeps of a view the streams of a game were sent: its JSON but the history, the
// fields the next change is told from.
struct SentFields {
    nlohmann::json json;
};
SentView sent_view(std::shared_ptr<const GameView> view);

// The full state as a stream's first event sends it: {"ply", "version", "state"}.
nlohmann::json state_message(const GameView& view);

// From `before` to `after` (two views of one game, as GET answers them without a seat): the
// versions, the plies of the history that are kept ("from_ply": fewer after a takeback), the
// moves after them, and every other field whose value changed.
nlohmann::json change_message(const SentView& before, const SentView& after);

// The game's presence at `now_ms`: {"spectators", "away": {"w": ms | null, "b": ms | null}}.
nlohmann::json presence_message(const Presence& presence, std::int64_t now_ms);

} // namespace evo::app

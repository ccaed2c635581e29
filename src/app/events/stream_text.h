// The port a game's stream events are written through (docs/api.md "Live updates"): the domain
// hands typed views and presence, the HTTP edge (http/stream_text.h) writes the text of the
// server-sent event once, one buffer for every stream of the game.
#pragma once

#include "app/record/game_view.h"
#include "game_streams.h"
#include "sink.h"

#include <cstdint>
#include <memory>

namespace evo::app {

// What the edge keeps of a view it wrote, to tell the next change from (http/game_change_json.h).
struct SentFields;

// A view the streams of a game were sent.
struct SentView {
    std::shared_ptr<const GameView> view;
    std::shared_ptr<const SentFields> fields;
};

class GameStreamText {
  public:
    virtual ~GameStreamText() = default;
    virtual SentView sent(std::shared_ptr<const GameView> view) const = 0;
    // The whole state, as a stream's first event; its id is the view's version.
    virtual EventText state(const GameView& view) const = 0;
    // What changed from `before` to `after` (two views of one game); its id is after's version.
    virtual EventText change(const SentView& before, const SentView& after) const = 0;
    // Who is there at `now_ms`.
    virtual EventText presence(const Presence& presence, std::int64_t now_ms) const = 0;
};

} // namespace evo::app

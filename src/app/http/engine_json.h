// The JSON edge of the engine's moves (docs/api.md, "Engine moves"): a search's progress
// lines, written here only (for an engine move's stream and the analyses), and how an engine
// move's answer reaches its client: the game's state, or a stream of "info" events and the
// "state" event ("error" when it fails).
#pragma once

#include "app/analysis/search_view.h"
#include "message.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace evo::app {

// {"cp": n} or {"mate": n}, from White's point of view.
nlohmann::json engine_score_json(const EngineScore& score);
// {"depth", "multipv", "score", "pv": [{"uci", "san"}, ...], "nodes", "nps", "time_ms"}.
nlohmann::json search_line_json(const SearchLine& line);

// The replies of an engine move to `responder`: with `stream`, an event stream.
std::shared_ptr<SearchReplies<GameView>> engine_move_replies(std::shared_ptr<Responder> responder,
                                                             bool stream);

} // namespace evo::app

// The JSON edge of the analysis board (docs/api.md, "Analysis"): the bodies of POST
// /api/position and POST /api/analysis read into typed requests, with the API's 400 errors
// for fields that are wrong, and an analysis's answer written: its lines, or a stream of
// progress lines and the answer ("done": true) as plain messages ({"error"} when it fails).
#pragma once

#include "app/analysis/search_view.h"
#include "message.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace evo::app {

// {"variant", "fen"?, "moves"?: [UCI, ...]}.
PositionRequest position_request(const nlohmann::json& body);
// The position and {"multipv"?, "depth"?, "movetime_ms"?} (at most `max_movetime_ms`).
AnalysisRequest analysis_request(const nlohmann::json& body, int max_movetime_ms);

// {"lines": [line, ...], "depth"} (a line as http/engine_json.h writes it).
nlohmann::json analysis_result_json(const AnalysisResult& result);

// The replies of an analysis to `responder`: with `stream`, an event stream.
std::shared_ptr<SearchReplies<AnalysisResult>>
analysis_replies(std::shared_ptr<Responder> responder, bool stream);

} // namespace evo::app

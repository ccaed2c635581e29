#include "analysis_service.h"

#include "api_error.h"
#include "core/notation.h"
#include "core_games.h"
#include "engine_refusal.h"
#include "game_json.h"
#include "http/event_text.h"
#include "http/game_view_json.h"
#include "http/json_answer.h"
#include "json_fields.h"
#include "notated_history.h"

#include <algorithm>
#include <map>

namespace evo::app {

using nlohmann::json;

namespace {

// The position a request names: a variant, an optional start FEN and moves from it.
// Unknown variant or bad FEN: 400; a move the rules reject: 422 naming it.
Game position_of(const json& body) {
    auto variant = optional_string(body, "variant");
    if (!variant) throw bad_request("name the variant (\"variant\": \"evochess\", ...)");
    std::vector<std::string> moves;
    if (body.contains("moves")) {
        const json& list = body["moves"];
        if (!list.is_array()) throw bad_request("\"moves\" must be a list of UCI moves");
        if (list.size() > max_analysis_moves)
            throw bad_request("at most " + std::to_string(max_analysis_moves) + " moves");
        for (const json& move : list) {
            if (!move.is_string()) throw bad_request("\"moves\" must be a list of UCI moves");
            moves.push_back(move.get<std::string>());
        }
    }
    Result<Game> game = start_game(*variant, optional_string(body, "fen").value_or(""));
    if (!game) throw bad_request(game.error());
    for (const std::string& text : moves) {
        Result<Move> move = parse_uci_move(game->position(), text);
        if (!move) throw unprocessable(move.error()); // names the move and what is wrong
        game->play(*move);
    }
    return std::move(*game);
}

// One message of an analysis stream.
void send_data(EventSink& sink, const json& message) {
    sink.send(event_text(message));
}

// The newest line of each rank, in rank order.
json final_lines(const std::map<int, json>& lines) {
    json list = json::array();
    for (const auto& [rank, line] : lines) list.push_back(line);
    return list;
}

} // namespace

AnalysisService::AnalysisService(SearchFunction search, TaskPool& engine_threads,
                                 int max_movetime_ms)
    : search_(std::move(search)), engine_threads_(engine_threads),
      max_movetime_ms_(std::min(max_movetime_ms, max_analysis_movetime_ms)) {}

AnalysisService::~AnalysisService() {
    stop_all();
}

json AnalysisService::position(const json& body) const {
    Game game = position_of(body);
    NotatedHistory history(game.start_position());
    return position_json(game, history.follow(game));
}

void AnalysisService::analyse(const json& body, bool stream,
                              const std::shared_ptr<Responder>& responder,
                              const std::string& client) {
    if (!search_) throw unavailable("this server runs without the engine");
    SearchRequest request{position_of(body), {}, nullptr};
    if (request.game.result().over())
        throw unprocessable("the game is over in that position: nothing to analyse");
    request.multipv = optional_int(body, "multipv", 1, max_analysis_lines).value_or(3);
    request.limits.depth = optional_int(body, "depth", 1, max_search_depth);
    request.limits.movetime_ms =
        optional_int(body, "movetime_ms", 1, max_movetime_ms_)
            .value_or(request.limits.depth
                          ? max_movetime_ms_
                          : std::min(default_analysis_movetime_ms, max_movetime_ms_));

    auto stop = std::make_shared<std::atomic<bool>>(false);
    {
        std::lock_guard lock(mutex_);
        if (stopping_) throw unavailable("the server is stopping");
        running_.insert(stop);
    }
    request.stop = stop.get();
    std::shared_ptr<EventSink> sink;
    if (stream) {
        sink = responder->open_event_stream();
        sink->on_close([stop] { *stop = true; }); // nobody reads on: stop searching
    } else {
        responder->on_hangup([stop] { *stop = true; }); // nobody waits for the answer
    }
    auto finish = [self = shared_from_this(), stop] {
        std::lock_guard lock(self->mutex_);
        self->running_.erase(stop);
    };
    Admission admission =
        engine_threads_.try_post(client, [this, request, sink, responder, finish, stop] {
            if (*stop) { // the client left (or the server stops) before the search began
                if (sink) sink->close();
                return finish();
            }
            std::map<int, json> lines;
            int depth = 0;
            try {
                SearchOutcome outcome = search_(request, [&](const SearchProgress& progress) {
                    // Score from White's point of view, moves in UCI and SAN, as the engine's
                    // progress messages of a game.
                    json line = search_progress_json(progress, request.game.position());
                    if (sink) send_data(*sink, line);
                    lines[progress.multipv] = std::move(line);
                    if (progress.multipv == 1) depth = progress.depth;
                });
                if (!outcome) throw conflict("the engine found no move: " + outcome.error());
                json answer = {{"lines", final_lines(lines)}, {"depth", depth}};
                if (sink) {
                    answer["done"] = true;
                    send_data(*sink, answer);
                } else {
                    responder->respond(json_response(answer));
                }
            } catch (const ApiError& error) {
                if (sink)
                    send_data(*sink, {{"error", error.what()}});
                else
                    responder->respond(error_response(error.kind(), error.what()));
            } catch (const std::exception& error) {
                if (sink)
                    send_data(*sink, {{"error", "internal error"}});
                else
                    responder->respond(error_response(ErrorKind::Internal, "internal error"));
            }
            if (sink) sink->close();
            finish();
        });
    if (admission == Admission::Queued) return;
    finish();
    ApiError refusal = engine_refusal(admission, engine_threads_.per_client());
    if (!sink) return responder->respond(error_response(refusal.kind(), refusal.what()));
    send_data(*sink, {{"error", refusal.what()}});
    sink->close();
}

void AnalysisService::stop_all() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const auto& stop : running_) *stop = true;
}

} // namespace evo::app

#include "service.h"

#include "app/common/api_error.h"
#include "app/record/core_games.h"
#include "app/record/notated_history.h"
#include "core/notation.h"
#include "engine_refusal.h"

#include <algorithm>
#include <map>

namespace evo::app {

namespace {

// The position a request names. Unknown variant or bad FEN: 400; a move the rules reject:
// 422 naming it.
Game position_of(const PositionRequest& request) {
    Result<Game> game = start_game(request.variant, request.fen);
    if (!game) throw bad_request(game.error());
    for (const std::string& text : request.moves) {
        Result<Move> move = parse_uci_move(game->position(), text);
        if (!move) throw unprocessable(move.error()); // names the move and what is wrong
        game->play(*move);
    }
    return std::move(*game);
}

} // namespace

AnalysisService::AnalysisService(SearchFunction search, TaskPool& engine_threads,
                                 int max_movetime_ms)
    : search_(std::move(search)), engine_threads_(engine_threads),
      max_movetime_ms_(std::min(max_movetime_ms, max_analysis_movetime_ms)) {}

AnalysisService::~AnalysisService() {
    stop_all();
}

PositionView AnalysisService::position(const PositionRequest& request) const {
    Game game = position_of(request);
    NotatedHistory history(game.start_position());
    return position_view_of(game, history.follow(game));
}

void AnalysisService::analyse(const AnalysisRequest& asked,
                              const std::shared_ptr<SearchReplies<AnalysisResult>>& replies,
                              const std::string& client) {
    if (!search_) throw unavailable("this server runs without the engine");
    SearchRequest request{position_of(asked.position), {}, nullptr};
    if (request.game.result().over())
        throw unprocessable("the game is over in that position: nothing to analyse");
    request.multipv = std::clamp(asked.multipv.value_or(3), 1, max_analysis_lines);
    request.limits.depth = asked.depth;
    request.limits.movetime_ms =
        std::min(asked.movetime_ms.value_or(request.limits.depth ? max_movetime_ms_
                                                                 : default_analysis_movetime_ms),
                 max_movetime_ms_);

    auto stop = std::make_shared<std::atomic<bool>>(false);
    {
        std::lock_guard lock(mutex_);
        if (stopping_) throw unavailable("the server is stopping");
        running_.insert(stop);
    }
    request.stop = stop.get();
    replies->begin([stop] { *stop = true; }); // nobody waits for the answer: stop searching
    auto finish = [self = shared_from_this(), stop] {
        std::lock_guard lock(self->mutex_);
        self->running_.erase(stop);
    };
    Admission admission = engine_threads_.try_post(client, [this, request, replies, finish, stop] {
        if (*stop) { // the client left (or the server stops) before the search began
            replies->abandon();
            return finish();
        }
        std::map<int, SearchLine> lines; // the newest line of each rank
        int depth = 0;
        try {
            SearchOutcome outcome = search_(request, [&](const SearchProgress& progress) {
                // Score from White's point of view, moves in UCI and SAN, as the engine's
                // progress lines of a game.
                SearchLine line = search_line(progress, request.game.position());
                replies->progress(line);
                lines[progress.multipv] = std::move(line);
                if (progress.multipv == 1) depth = progress.depth;
            });
            if (!outcome) throw conflict("the engine found no move: " + outcome.error());
            AnalysisResult result;
            for (auto& [rank, line] : lines) result.lines.push_back(std::move(line));
            result.depth = depth;
            replies->answer(result);
        } catch (const ApiError& error) {
            replies->fail(error);
        } catch (const std::exception& error) {
            replies->fail_internal(error);
        }
        finish();
    });
    if (admission == Admission::Queued) return;
    finish();
    replies->fail(engine_refusal(admission, engine_threads_.per_client()));
}

void AnalysisService::stop_all() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const auto& stop : running_) *stop = true;
}

} // namespace evo::app

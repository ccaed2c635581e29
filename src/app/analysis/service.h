// Positions and engine analysis that belong to no stored game: the analysis board and the
// review of a game ask what the rules say of a position (POST /api/position) and what the
// engine thinks of it (POST /api/analysis, MultiPV lines). Requests and answers are typed
// (search_view.h; their JSON is read and written at the HTTP edge, http/analysis_json.h).
// Searches run on the game service's engine threads, so analyses and engine moves share one
// bound.
#pragma once

#include "app/common/task_pool.h"
#include "app/record/game_view.h"
#include "engine_port.h"
#include "search_view.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <set>

namespace evo::app {

constexpr int max_analysis_lines = 5;
constexpr int max_analysis_movetime_ms = 10000;
constexpr int default_analysis_movetime_ms = 1000;
// Moves from the start FEN an analysed position may follow (a long game has a few hundred).
constexpr std::size_t max_analysis_moves = 2000;

// Held by shared_ptr: a queued search keeps its service alive.
class AnalysisService : public std::enable_shared_from_this<AnalysisService> {
  public:
    // No search runs longer than `max_movetime_ms` (nor 10 s).
    AnalysisService(SearchFunction search, TaskPool& engine_threads,
                    int max_movetime_ms = max_analysis_movetime_ms);
    ~AnalysisService();

    // The position's fields of a game state (docs/api.md). Unknown variant or bad FEN: 400;
    // a move the rules reject: 422 naming it.
    PositionView position(const PositionRequest& request) const;
    // Searches the position (3 lines unless asked; a depth, else a think time, of at most
    // max_movetime_ms()) and answers its lines to `replies`, with its progress lines. All
    // engine threads busy: 503; `client` has its share of them already: 429. A client that
    // hangs up stops its search.
    void analyse(const AnalysisRequest& request,
                 const std::shared_ptr<SearchReplies<AnalysisResult>>& replies,
                 const std::string& client);
    // The longest think time a request may ask for.
    int max_movetime_ms() const { return max_movetime_ms_; }
    // Ends every running analysis now (each answers what it has); new ones are refused.
    void stop_all();

  private:
    SearchFunction search_;
    TaskPool& engine_threads_;
    int max_movetime_ms_;
    std::mutex mutex_;
    std::set<std::shared_ptr<std::atomic<bool>>> running_;
    bool stopping_ = false;
};

} // namespace evo::app

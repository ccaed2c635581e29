// Positions and engine analysis that belong to no stored game: the analysis board and the
// review of a game ask what the rules say of a position (POST /api/position) and what the
// engine thinks of it (POST /api/analysis, MultiPV lines). Searches run on the game
// service's engine threads, so analyses and engine moves share one bound.
#pragma once

#include "engine_port.h"
#include "http/http_message.h"
#include "task_pool.h"

#include <nlohmann/json.hpp>

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

    // {variant, fen?, moves?} -> the position's fields of a game state (docs/api.md).
    nlohmann::json position(const nlohmann::json& body) const;
    // Searches {variant, fen?, moves?, multipv?, movetime_ms? | depth?} and answers the
    // lines, streamed as progress when `stream`. All engine threads busy: 503; `client` has
    // its share of them already: 429. A client that hangs up stops its search.
    void analyse(const nlohmann::json& body, bool stream,
                 const std::shared_ptr<Responder>& responder, const std::string& client);
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

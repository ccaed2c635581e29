// The search function of `evochess serve` when the engine library is built in: each search
// borrows an Engine from a small pool, so games can be searched at the same time.
#include "engine_port.h"

#include "core/game.h"
#include "engine/engine.h"
#include "engine/levels.h"
#include "engine/score_unit.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace evo::app {

namespace {

// Engines kept between searches; more are made while more searches run at once.
constexpr std::size_t max_idle_engines = 4;
constexpr int max_multipv = 16;

class EnginePool {
  public:
    std::unique_ptr<engine::Engine> borrow() {
        std::lock_guard lock(mutex_);
        if (idle_.empty()) return std::make_unique<engine::Engine>();
        auto engine = std::move(idle_.back());
        idle_.pop_back();
        return engine;
    }

    void give_back(std::unique_ptr<engine::Engine> engine) {
        std::lock_guard lock(mutex_);
        if (idle_.size() < max_idle_engines) idle_.push_back(std::move(engine));
    }

  private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<engine::Engine>> idle_;
};

// The score in pawns of the variant (score_unit.h): the API's `cp` means the same in every
// variant.
SearchProgress progress_of(const engine::SearchInfo& info, const Variant& variant) {
    SearchProgress progress;
    progress.multipv = info.multipv;
    progress.depth = info.depth;
    const engine::Score score = engine::in_pawns(info.score, variant);
    if (score.is_mate())
        progress.mate_in = score.value;
    else
        progress.centipawns = score.value;
    progress.pv = info.pv;
    progress.nodes = info.nodes;
    progress.nodes_per_second = info.nps;
    progress.time_ms = info.time_ms;
    return progress;
}

SearchOutcome search_with(EnginePool& pool, const SearchRequest& request,
                          const SearchProgressCallback& on_progress) {
    engine::Limits limits;
    limits.depth = request.limits.depth;
    limits.level = request.limits.level;
    if (request.limits.movetime_ms) limits.movetime_ms = *request.limits.movetime_ms;
    limits.stop_flag = request.stop;

    auto engine = pool.borrow();
    int lines = std::clamp(request.multipv, 1, max_multipv);
    engine->set_option("MultiPV", std::to_string(lines)); // engines are reused: set each time
    // Bounded lines too: the last one sent may be a fail-high that changed the move played.
    engine::SearchResult result =
        engine->search(request.game, limits, [&](const engine::SearchInfo& info) {
            if (info.multipv <= lines) on_progress(progress_of(info, request.game.variant()));
        });
    pool.give_back(std::move(engine));
    if (result.best_move.is_none()) return make_error("the side to move has no legal move");
    return result.best_move;
}

} // namespace

static_assert(engine::LevelCount == engine_level_count, "the API's level range is the engine's");

std::vector<EngineLevel> built_in_levels() {
    std::vector<EngineLevel> levels;
    for (const engine::Level& l : engine::levels())
        levels.push_back({l.number, std::string(l.name), std::string(l.description), l.elo});
    return levels;
}

SearchFunction built_in_search() {
    auto pool = std::make_shared<EnginePool>();
    return [pool](const SearchRequest& request, const SearchProgressCallback& on_progress) {
        return search_with(*pool, request, on_progress);
    };
}

} // namespace evo::app

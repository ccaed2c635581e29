// The search function of `evochess serve` when the engine library is built in: each search
// borrows an Engine from a small pool, so games can be searched at the same time.
#include "server.h"

#include "core/game.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "engine/levels.h"

#include <memory>
#include <mutex>
#include <vector>

namespace evo::app {

namespace {

// Engines kept between searches; more are made while more searches run at once.
constexpr std::size_t max_idle_engines = 4;

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

SearchProgress progress_of(const engine::SearchInfo& info, const Position& root) {
    SearchProgress progress;
    progress.depth = info.depth;
    if (info.score.is_mate())
        progress.mate_in = info.score.value;
    else
        progress.centipawns = info.score.value;
    progress.pv_uci = to_uci_line(root, info.pv);
    progress.nodes = info.nodes;
    progress.nodes_per_second = info.nps;
    progress.time_ms = info.time_ms;
    return progress;
}

SearchOutcome search_with(EnginePool& pool, const SearchRequest& request,
                          const SearchProgressCallback& on_progress) {
    const Variant* variant = find_variant(request.variant);
    if (!variant) return {"", "unknown variant " + request.variant};
    auto start = Position::from_fen(*variant, request.start_fen);
    if (!start) return {"", "bad start FEN: " + start.error()};
    Game game(*start);
    for (const std::string& uci : request.moves_uci) {
        auto move = parse_uci_move(game.position(), uci);
        if (!move) return {"", "stored move " + uci + ": " + move.error()};
        game.play(*move);
    }

    engine::Limits limits;
    limits.depth = request.limits.depth;
    limits.level = request.limits.level;
    if (request.limits.movetime_ms) limits.movetime_ms = *request.limits.movetime_ms;
    limits.stop_flag = request.stop;

    auto engine = pool.borrow();
    engine::SearchResult result = engine->search(game, limits, [&](const engine::SearchInfo& info) {
        if (info.multipv == 1 && !info.lowerbound && !info.upperbound)
            on_progress(progress_of(info, game.position()));
    });
    pool.give_back(std::move(engine));
    if (result.best_move.is_none()) return {"", "the side to move has no legal move"};
    return {to_uci(game.position(), result.best_move), ""};
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

#include "puzzle_search.h"

#include "engine/score_unit.h"

#include "core/movegen.h"

#include <string>

namespace evo::puzzles {

std::vector<Line> best_lines(engine::Engine& engine, const Game& game, std::uint64_t nodes,
                             int count) {
    MoveList legal;
    generate_legal(game.position(), legal);
    const int lines = std::min(count, legal.size());
    if (lines == 0) return {};
    engine.set_option("MultiPV", std::to_string(lines));
    // Each finished iteration reports lines 1..N in turn; a report with a bound is an
    // aspiration failure, not a finished line.
    std::vector<Line> pending, finished;
    auto on_info = [&](const engine::SearchInfo& info) {
        if (info.lowerbound || info.upperbound || info.pv.empty()) return;
        if (info.multipv == 1) pending.clear();
        if (info.multipv != int(pending.size()) + 1) return;
        pending.push_back({info.pv[0], engine::in_pawns(info.score, game.variant()), info.depth});
        if (int(pending.size()) == lines) finished = pending;
    };
    engine::Limits limits;
    limits.nodes = nodes;
    engine::SearchResult result = engine.search(game, limits, on_info);
    if (finished.empty() || finished[0].move != result.best_move)
        finished = {
            {result.best_move, engine::in_pawns(result.score, game.variant()), result.depth}};
    return finished;
}

int comparable(const engine::Score& score) {
    constexpr int MateBase = 1'000'000;
    if (!score.is_mate()) return score.value;
    return score.value > 0 ? MateBase - score.value : -MateBase - score.value;
}

engine::Score negated(const engine::Score& score) {
    return {score.kind, -score.value};
}

bool is_winning_mate(const engine::Score& score) {
    return score.is_mate() && score.value > 0;
}

void configure_for_mining(engine::Engine& engine) {
    engine.set_option("Threads", "1");
    engine.set_option("Hash", "16");
}

} // namespace evo::puzzles

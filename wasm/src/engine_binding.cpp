// The engine, searching in the caller's thread (the WebAssembly build has no threads): the
// package runs it in a Web Worker or a Node worker_thread (wasm/engine-worker.js), which
// posts each line as the search reports it.
#include "binding.h"

#include "core/game.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "engine/score_unit.h"

#include <emscripten/bind.h>

#include <cmath>
#include <memory>
#include <sstream>

namespace evo::wasm {

namespace {

constexpr int max_multipv = 64;

val line_of(const engine::SearchInfo& info, const Position& root) {
    val line = val::object();
    line.set("multipv", info.multipv);
    line.set("depth", info.depth);
    line.set("seldepth", info.seldepth);
    engine::Score score = engine::in_pawns(info.score, root.variant());
    line.set("centipawns", score.is_mate() ? val::null() : val(score.value));
    line.set("mate", score.is_mate() ? val(score.value) : val::null());
    line.set("pv", joined(to_uci_line(root, info.pv)));
    line.set("nodes", double(info.nodes));
    line.set("nps", double(info.nps));
    line.set("timeMs", double(info.time_ms));
    return line;
}

class JsEngine {
  public:
    val set_option(std::string name, std::string value) {
        return guard([&] {
            if (auto error = engine_->set_option(name, value))
                throw BindError{"bad-argument", *error};
            return true;
        });
    }

    void new_game() { engine_->new_game(); }

    // Searches the position `moves` (UCI, spaces) lead to from `fen` until the first limit:
    // depth, nodes, time (ms); 0 leaves a limit unset, but one is needed. `on_line` gets each
    // complete line (aspiration failures are left out) as it is found.
    val analyse(std::string variant, std::string fen, std::string moves, int depth, double nodes,
                double time_ms, int multipv, int level, val on_line) {
        return guard([&] {
            if (depth <= 0 && nodes <= 0 && time_ms <= 0)
                throw BindError{"bad-argument",
                                "give a limit: depth, nodes or time (a search without one never "
                                "ends)"};
            if (depth > 100) throw BindError{"bad-argument", "depth must be between 1 and 100"};
            if (multipv < 1 || multipv > max_multipv)
                throw BindError{"bad-argument",
                                "multipv must be between 1 and " + std::to_string(max_multipv)};
            if (level < 0 || level > 8) throw BindError{"bad-argument", "level must be 1..8"};
            Game game(position_of(variant_of(variant), fen));
            std::istringstream in(moves);
            std::string text;
            for (int i = 1; in >> text; ++i) {
                auto played = game.play(text);
                if (!played)
                    throw BindError{"illegal-move",
                                    "move " + std::to_string(i) + ": " + played.error()};
            }
            engine::Limits limits;
            if (depth > 0) limits.depth = depth;
            if (nodes > 0) limits.nodes = std::uint64_t(nodes);
            if (time_ms > 0) limits.movetime_ms = std::max<std::int64_t>(1, std::llround(time_ms));
            if (level > 0) limits.level = level;
            if (auto error = engine_->set_option("MultiPV", std::to_string(multipv)))
                throw BindError{"bad-argument", *error};
            const Position& root = game.position();
            engine::SearchResult result =
                engine_->search(game, limits, [&](const engine::SearchInfo& info) {
                    if (info.lowerbound || info.upperbound || info.multipv > multipv) return;
                    on_line(line_of(info, root));
                });
            val out = val::object();
            out.set("bestMove",
                    result.best_move.is_none() ? val::null() : val(to_uci(root, result.best_move)));
            auto pv = to_uci_line(root, result.pv);
            out.set("ponder", pv.size() > 1 ? val(pv[1]) : val::null());
            out.set("depth", result.depth);
            out.set("nodes", double(result.nodes));
            out.set("timeMs", double(result.time_ms));
            return out;
        });
    }

  private:
    std::unique_ptr<engine::Engine> engine_ = std::make_unique<engine::Engine>();
};

} // namespace

EMSCRIPTEN_BINDINGS(evochess_engine) {
    emscripten::class_<JsEngine>("Engine")
        .constructor<>()
        .function("setOption", &JsEngine::set_option)
        .function("newGame", &JsEngine::new_game)
        .function("analyse", &JsEngine::analyse);
}

} // namespace evo::wasm

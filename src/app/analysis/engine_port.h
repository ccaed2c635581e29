// How the server asks an engine to move, without knowing which engine: a search function
// given the game and limits, reporting progress and answering its best move.
#pragma once

#include "app/record/game_record.h"
#include "core/game.h"
#include "core/result.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace evo::app {

struct SearchRequest {
    Game game;                               // searched at its current position
    EngineLimits limits;                     // both set: whichever is reached first
    const std::atomic<bool>* stop = nullptr; // set when the search must end now
    int multipv = 1;                         // the best lines to report; 1 for a move
};

// One line of progress; the score is from the side to move's point of view.
struct SearchProgress {
    int multipv = 1; // which of the best lines, 1-based
    int depth = 0;
    std::optional<int> centipawns; // in pawns of the variant: 100 = one pawn (score_unit.h)
    std::optional<int> mate_in;    // moves; negative when the side to move is mated
    std::vector<Move> pv;          // as the engine gives it; shown as far as its moves are legal
    std::uint64_t nodes = 0;
    std::uint64_t nodes_per_second = 0;
    std::int64_t time_ms = 0;
};

// The best move, or why the search found none.
using SearchOutcome = Result<Move>;

// A playing level of the engine, as GET /api/info lists it (the engine's own table).
struct EngineLevel {
    int number = 0;
    std::string name;
    std::string description;
    int elo = 0; // approximate chess Elo (docs/strength.md)
};
constexpr int engine_level_count = 8;
// The built-in engine's levels, weakest first; empty when the build has no engine.
std::vector<EngineLevel> built_in_levels();

using SearchProgressCallback = std::function<void(const SearchProgress&)>;
// Must be callable from several threads at once (one search per game).
using SearchFunction =
    std::function<SearchOutcome(const SearchRequest&, const SearchProgressCallback&)>;

// The search function of the engine built into this binary, or an empty one if none is.
SearchFunction built_in_search();

} // namespace evo::app

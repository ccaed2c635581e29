// How the server asks an engine to move, without knowing which engine: a search function
// given the game and limits, reporting progress and answering its best move.
#pragma once

#include "game_record.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct SearchRequest {
    std::string variant;
    std::string start_fen;
    std::vector<std::string> moves_uci;      // the position to search is after these
    EngineLimits limits;                     // both set: whichever is reached first
    const std::atomic<bool>* stop = nullptr; // set when the search must end now
};

// One line of progress; the score is from the side to move's point of view.
struct SearchProgress {
    int depth = 0;
    std::optional<int> centipawns;
    std::optional<int> mate_in; // moves; negative when the side to move is mated
    std::vector<std::string> pv_uci;
    std::uint64_t nodes = 0;
    std::uint64_t nodes_per_second = 0;
    std::int64_t time_ms = 0;
};

struct SearchOutcome {
    std::string best_move_uci; // empty when the search failed
    std::string error;
};

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

} // namespace evo::app

// The arguments of `go` read into search limits. Every bad token is named in an error (the
// loop prints each as `info string`) and skipped; the command is still answered.
#pragma once

#include "engine/engine.h"

#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::uci {

constexpr int MaxPerftDepth = 20;

struct GoCommand {
    engine::Limits limits;
    // `go perft N`: a move-generator count instead of a search.
    bool perft = false;
    std::optional<int> perft_depth; // unset when N was bad
    std::vector<std::string> errors;
};

// Reads `go` arguments (without the word `go`) for a search of `pos`. Numbers too large
// for their field are capped (depth, mate, clocks); numbers that are malformed, negative
// where that means nothing, or beyond 64 bits are errors. When an error leaves nothing to
// end the search (no depth, nodes, movetime, clock of the side to move, infinite or
// ponder), the search is bounded to depth 1 so that `bestmove` still comes at once.
GoCommand parse_go(std::string_view args, const Position& pos);

} // namespace evo::uci

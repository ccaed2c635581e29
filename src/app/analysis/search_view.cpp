#include "search_view.h"

#include "core/movegen.h"
#include "core/notation.h"

#include <deque>

namespace evo::app {

SearchLine search_line(const SearchProgress& progress, const Position& root) {
    int sign = root.side_to_move() == White ? 1 : -1;
    SearchLine line;
    line.depth = progress.depth;
    line.multipv = progress.multipv;
    if (progress.mate_in)
        line.score.mate = sign * *progress.mate_in;
    else
        line.score.centipawns = sign * progress.centipawns.value_or(0);
    // The line as far as its moves are legal, each written in the position before it.
    Position position = root;
    std::deque<StateInfo> states;
    for (Move move : progress.pv) {
        if (!is_legal(position, move)) break;
        line.pv.push_back({move, to_uci(position, move), to_san(position, move)});
        position.do_move(move, states.emplace_back());
    }
    line.nodes = progress.nodes;
    line.nodes_per_second = progress.nodes_per_second;
    line.time_ms = progress.time_ms;
    return line;
}

} // namespace evo::app

#include "line_from_tt.h"

#include "core/movegen.h"

#include <algorithm>
#include <deque>

namespace evo::engine {

std::vector<Move> extend_line_from_tt(const Position& root, std::vector<Move> line,
                                      const TranspositionTable& tt, std::size_t max_length) {
    if (line.empty() || line.size() >= max_length) return line;
    Position pos = root;
    std::deque<StateInfo> states; // the position points into them: they must not move
    std::vector<Key> seen{pos.key()};
    auto play = [&](Move m) {
        pos.do_move(m, states.emplace_back());
        seen.push_back(pos.key());
    };
    for (Move m : line) play(m);
    while (line.size() < max_length) {
        TTHit hit = tt.probe(pos.key(), int(line.size()));
        if (!hit.found || hit.move.is_none() || !is_legal(pos, hit.move)) break;
        play(hit.move);
        line.push_back(hit.move);
        // A repetition ends the line: beyond it the table only goes round.
        if (std::count(seen.begin(), seen.end(), pos.key()) > 1) break;
    }
    return line;
}

} // namespace evo::engine

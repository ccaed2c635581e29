#include "perft.h"

#include "movegen.h"
#include "notation.h"

#include <stdexcept>

namespace evo {

namespace {

void verify(const Position& pos) {
    std::string why;
    if (!pos.is_consistent(&why)) throw std::logic_error("perft: " + why + " at " + pos.fen());
}

bool stopped(const PerftOptions& options) {
    return options.stop && options.stop->load(std::memory_order_relaxed);
}

template <bool Verify>
std::uint64_t perft_recursive(Position& pos, int depth, const PerftOptions& options) {
    if constexpr (Verify) {
        verify(pos);
        if (depth == 0) return 1;
    } else if (depth == 1) {
        // Bulk counting at the last ply: legal moves are counted, not made.
        return std::uint64_t(count_legal(pos));
    }
    MoveList list;
    generate_legal(pos, list);
    if constexpr (Verify)
        if (count_legal(pos) != list.size())
            throw std::logic_error("perft: counted and listed moves differ at " + pos.fen());
    std::uint64_t nodes = 0;
    if (stopped(options)) return nodes;
    StateInfo st;
    for (Move m : list) {
        pos.do_move(m, st);
        nodes += perft_recursive<Verify>(pos, depth - 1, options);
        pos.undo_move(m);
    }
    return nodes;
}

} // namespace

std::uint64_t perft(Position& pos, int depth, const PerftOptions& options) {
    if (depth <= 0) return 1;
    return options.verify_consistency ? perft_recursive<true>(pos, depth, options)
                                      : perft_recursive<false>(pos, depth, options);
}

PerftDivide perft_divide(Position& pos, int depth, const PerftOptions& options) {
    PerftDivide result;
    if (depth <= 0) {
        result.total = 1;
        return result;
    }
    MoveList list;
    generate_legal(pos, list);
    StateInfo st;
    for (Move m : list) {
        std::string name = to_uci(pos, m);
        pos.do_move(m, st);
        std::uint64_t n = perft(pos, depth - 1, options);
        pos.undo_move(m);
        if (stopped(options)) {
            result.complete = false;
            break;
        }
        result.moves.emplace_back(std::move(name), n);
        result.total += n;
    }
    return result;
}

} // namespace evo

// Move ordering: what kind of move each is, and a score per move so that the likely best
// come first (TT move, good captures and promotions, killers, counter move, history).
#pragma once

#include "history.h"

#include "core/movegen.h"

namespace evo::engine {

// RULES 2.4-2.5, 3.2-3.4: the move also evolves a unit (or is a last-rank promotion).
inline bool is_evolution(Move m) {
    return m.has_rook_evolution_elsewhere() || m.promotion().any();
}
// Neither a capture nor promotion-like: history, killers and quiet pruning apply.
inline bool is_quiet(const Position& pos, Move m) {
    return !is_capture(pos, m) && !is_promotion(pos, m);
}
PieceType captured_type(const Position& pos, Move m);

// What the ordering knows besides the position.
struct OrderingHints {
    Move tt_move = Move::none();
    Move killers[2] = {Move::none(), Move::none()};
    Move counter = Move::none();
    // One, two and four plies back (the side to move's own moves and the opponent's reply).
    const PieceToHistory* continuation[3] = {nullptr, nullptr, nullptr};
};

constexpr int TTMoveScore = 1 << 30;
// A quiet move's score until score_quiets gives it its own: above every quiet's and below
// the killers', so that picking meets it once the captures and killers are used up.
constexpr int UnscoredQuiet = (1 << 27) - 1;

// With `defer_quiets`, quiet moves other than killers and the counter move are scored
// UnscoredQuiet: a node cut by the TT move or a capture never reads their history.
void score_moves(const Position& pos, const SearchHistory& history, const OrderingHints& hints,
                 const MoveList& list, int* scores, bool defer_quiets = false);
// Gives every move from `index` on that is scored UnscoredQuiet its history score.
void score_quiets(const Position& pos, const SearchHistory& history, const OrderingHints& hints,
                  const MoveList& list, int* scores, int index);

// Quiescence keeps captures, queen promotions and a king becoming Cthulhu; evolutions only
// where the right would otherwise expire (RULES 3.1), since held rights (evochess) are
// valued by the evaluation and spending one is never forced.
void keep_tactical_moves(const Position& pos, MoveList& list);
// The moves keep_tactical_moves keeps, generated without the quiet ones where no evolution
// can be among them (not in check: evasions are all generated).
void generate_quiescence_moves(const Position& pos, MoveList& list);

// The best-scored move from `index` on (selection sort, one step); none at the end.
inline Move pick_next(MoveList& list, int* scores, int& index) {
    if (index >= list.size()) return Move::none();
    int best = index;
    for (int i = index + 1; i < list.size(); ++i)
        if (scores[i] > scores[best]) best = i;
    std::swap(list.moves[index], list.moves[best]);
    std::swap(scores[index], scores[best]);
    return list.moves[index++];
}

// Sorts the moves from `index` on by descending score (stable insertion sort: quick on the
// few dozen moves of a position), so that the rest are taken in order without a scan each.
inline void sort_rest(MoveList& list, int* scores, int index) {
    for (int i = index + 1; i < list.size(); ++i) {
        int score = scores[i];
        Move move = list.moves[i];
        int j = i - 1;
        for (; j >= index && scores[j] < score; --j) {
            scores[j + 1] = scores[j];
            list.moves[j + 1] = list.moves[j];
        }
        scores[j + 1] = score;
        list.moves[j + 1] = move;
    }
}

} // namespace evo::engine

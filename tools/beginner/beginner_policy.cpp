#include "beginner_policy.h"

#include "core/movegen.h"

#include <algorithm>
#include <vector>

namespace evo::beginner {

int unit_worth(PieceType type) {
    switch (type) {
    case Pawn: return 1;
    case Knight:
    case Bishop: return 3;
    case Rook: return 5;
    case Queen: return 9;
    default: return 0; // kings and Cthulhu are never captured
    }
}

namespace {

int captured_worth(const Position& pos, Move m) {
    if (!is_capture(pos, m)) return 0;
    if (m.kind() != MoveKind::Normal) return unit_worth(Pawn); // en passant of either kind
    return unit_worth(type_of(pos.piece_on(m.to())));
}

bool mates(const Position& pos, Move m) {
    Position after = pos;
    StateInfo st;
    after.do_move(m, st);
    MoveList replies;
    generate_legal(after, replies);
    return replies.empty() && after.in_check();
}

Move pick(const std::vector<Move>& moves, std::mt19937_64& rng) {
    return moves[std::size_t(rng() % moves.size())];
}

} // namespace

Move beginner_move(const Position& pos, std::mt19937_64& rng) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) return Move::none();
    std::vector<Move> mating;
    for (Move m : legal)
        if (mates(pos, m)) mating.push_back(m);
    if (!mating.empty()) return pick(mating, rng);
    int best_worth = 0;
    for (Move m : legal) best_worth = std::max(best_worth, captured_worth(pos, m));
    // The candidates: the greediest captures, or every move when nothing can be taken.
    std::vector<Move> candidates;
    for (Move m : legal)
        if (captured_worth(pos, m) == best_worth) candidates.push_back(m);
    std::vector<Move> destinations; // one move per (from, to)
    for (Move m : candidates)
        if (std::none_of(destinations.begin(), destinations.end(),
                         [&](Move d) { return d.from() == m.from() && d.to() == m.to(); }))
            destinations.push_back(m);
    Move chosen = pick(destinations, rng);
    std::vector<Move> choices;
    for (Move m : candidates)
        if (m.from() == chosen.from() && m.to() == chosen.to()) choices.push_back(m);
    return pick(choices, rng);
}

} // namespace evo::beginner

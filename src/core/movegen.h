// Legal move generation of full moves (RULES 1-4): every promotion and evolution choice,
// including "none", is its own move.
#pragma once

#include "position.h"

namespace evo {

// Every legal move, each choice expanded.
void generate_legal(const Position& pos, MoveList& list);

// The legal moves that are tactical (is_tactical below), each choice expanded: what a
// quiescence search tries when not in check, without generating the quiet moves.
void generate_tactical(const Position& pos, MoveList& list);

// The number of legal moves, counting evolution choices without listing them (perft leaves).
int count_legal(const Position& pos);

// Legal moves before evolution choices are added: last-rank promotions are expanded, but
// a move that could also evolve a unit appears once, as its "no promotion" form.
void generate_base_moves(const Position& pos, MoveList& list);

bool is_legal(const Position& pos, Move m);

// True if the move captures a unit (en passant included). Inline: the search asks it of
// every move several times.
inline bool is_capture(const Position& pos, Move m) {
    switch (m.kind()) {
    case MoveKind::EnPassant:
    case MoveKind::KingEnPassant: return true;
    case MoveKind::Normal: return !pos.empty(m.to());
    default: return false;
    }
}

// True if the move promotes (RULES 1.1/4.4 a pawn onto the last rank, 4.8 a king following
// its pawn there, 4.2 a king becoming Cthulhu there): it changes material as much as a
// capture does. Inline: the search asks it of every move while scoring.
inline bool is_promotion(const Position& pos, Move m) {
    if (m.kind() == MoveKind::KingFollows) return m.promotion().any();
    // Only a move to the last rank can be one.
    if (relative_rank(pos.side_to_move(), m.to()) != 7) return false;
    PieceType mover = type_of(pos.piece_on(m.from()));
    return mover == Pawn || (mover == King && pos.variant().king_becomes_cthulhu);
}

// The move captures or promotes: what generate_tactical generates.
inline bool is_tactical(const Position& pos, Move m) {
    return is_capture(pos, m) || is_promotion(pos, m);
}

} // namespace evo

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

// The move captures, or promotes: a pawn onto the last rank, a king following its pawn
// there, a king becoming Cthulhu there (RULES 4.1).
bool is_tactical(const Position& pos, Move m);

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

} // namespace evo

#include "gives_check.h"

namespace evo::engine {

bool gives_check(const Position& pos, Move m) {
    if (m.kind() != MoveKind::Normal) return true;
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const Bitboard royal = pos.pieces(~us, King, Cthulhu);
    const Square royal_square = lsb(royal);
    const Promotion promo = m.promotion();
    if (promo.other_color) return true;

    PieceType becomes = type_of(pos.piece_on(from));
    if (promo.any()) becomes = promo.type;
    // RULES 4.2: a king on its last rank is Cthulhu at once.
    if (becomes == King && pos.variant().king_becomes_cthulhu && relative_rank(us, to) == 7)
        becomes = Cthulhu;

    const Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    if (becomes == Pawn) {
        if (pawn_attacks(us, to) & royal) return true;
    } else if (becomes != King && (attacks_of(becomes, to, occupied) & royal)) {
        return true;
    }
    // A line opened by leaving `from`, or a rook made elsewhere (RULES 2.5).
    const Bitboard ours = pos.pieces(us) & ~square_bb(to) & ~square_bb(from);
    Bitboard diagonal = pos.pieces(Bishop) | pos.pieces(Queen) | pos.pieces(Cthulhu);
    Bitboard straight = pos.pieces(Rook) | pos.pieces(Queen) | pos.pieces(Cthulhu);
    if (m.has_rook_evolution_elsewhere()) {
        diagonal &= ~square_bb(m.rook_evolution_square());
        straight |= square_bb(m.rook_evolution_square());
    }
    return ((bishop_attacks(royal_square, occupied) & diagonal) |
            (rook_attacks(royal_square, occupied) & straight)) &
           ours;
}

} // namespace evo::engine

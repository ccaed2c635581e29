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

CheckInfo::CheckInfo(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    royal = pos.royal_square(~us);
    squares[Pawn] = pawn_attacks(~us, royal);
    squares[Knight] = knight_attacks(royal);
    squares[Bishop] = bishop_attacks(royal, occupied);
    squares[Rook] = rook_attacks(royal, occupied);
    squares[Queen] = squares[Bishop] | squares[Rook];
    const Bitboard diagonal = pos.pieces(us, Bishop) | pos.pieces(us, Queen, Cthulhu);
    const Bitboard straight = pos.pieces(us, Rook) | pos.pieces(us, Queen, Cthulhu);
    Bitboard snipers = (bishop_attacks(royal, 0) & diagonal) | (rook_attacks(royal, 0) & straight);
    while (snipers) {
        Bitboard between = between_bb(royal, pop_lsb(snipers)) & occupied;
        if (between && !more_than_one(between) && (between & pos.pieces(us)))
            discoverers |= between;
    }
}

bool gives_check(const Position& pos, Move m, const CheckInfo& info) {
    const Square from = m.from(), to = m.to();
    const PieceType mover = type_of(pos.piece_on(from));
    // Moves that change a unit (promotions, evolutions, Cthulhu) or leap along a line (a
    // king's double step) are judged the long way.
    const bool plain = m.kind() == MoveKind::Normal && !m.promotion().any() &&
                       !m.has_rook_evolution_elsewhere() &&
                       (mover == King ? bool(king_attacks(from) & square_bb(to)) &&
                                            !(pos.variant().king_becomes_cthulhu &&
                                              relative_rank(pos.side_to_move(), to) == 7)
                                      : mover >= Pawn && mover <= Queen);
    if (!plain) return gives_check(pos, m);
    // A slider moving along its line towards or away from the royal attacked it before the
    // move if it does after, which cannot be with our side to move: the squares seen
    // through the present board are the right ones.
    if (mover != King && (info.squares[mover] & square_bb(to))) return true;
    // Leaving `from` uncovers a slider unless the unit stays on the line (no plain move
    // here jumps past the slider along it).
    return (info.discoverers & square_bb(from)) && !aligned(info.royal, from, to);
}

} // namespace evo::engine

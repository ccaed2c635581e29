#include "see.h"

namespace evo::engine {

namespace {

// Sliders behind a removed unit join the exchange.
Bitboard slider_attackers(const Position& pos, Square s, Bitboard occupied) {
    Bitboard diagonal = pos.pieces(Bishop) | pos.pieces(Queen) | pos.pieces(Cthulhu);
    Bitboard straight = pos.pieces(Rook) | pos.pieces(Queen) | pos.pieces(Cthulhu);
    return (bishop_attacks(s, occupied) & diagonal) | (rook_attacks(s, occupied) & straight);
}

} // namespace

bool see_at_least(const Position& pos, Move m, Value threshold) {
    // Special moves (castling, king powers) exchange nothing worth measuring.
    if (m.kind() != MoveKind::Normal) return threshold <= 0;
    const Square from = m.from(), to = m.to();
    int swap = SeeValue[type_of(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    swap = SeeValue[type_of(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    Color side = pos.side_to_move();
    Bitboard attackers =
        (pos.attackers_to(to, White, occupied) | pos.attackers_to(to, Black, occupied)) & occupied;
    bool result = true;
    while (true) {
        side = ~side;
        attackers &= occupied;
        Bitboard ours = attackers & pos.pieces(side);
        if (!ours) break;
        result = !result;
        PieceType least = NoPieceType;
        for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King, Cthulhu})
            if (ours & pos.pieces(t)) {
                least = t;
                break;
            }
        if (least == King || least == Cthulhu) {
            // A royal piece may take only if the other side cannot take back.
            return (attackers & pos.pieces(~side)) ? !result : result;
        }
        swap = SeeValue[least] - swap;
        if (swap < result) break;
        occupied ^= square_bb(lsb(ours & pos.pieces(least)));
        attackers |= slider_attackers(pos, to, occupied) & occupied;
    }
    return result;
}

} // namespace evo::engine

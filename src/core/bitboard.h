// Bitboards and attack tables. Sliders use magic bitboards (portable, no PEXT).
#pragma once

#include "types.h"

#include <bit>

namespace evo {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard FileHBB = FileABB << 7;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard Rank8BB = Rank1BB << 56;
constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) {
    return Bitboard(1) << s;
}
constexpr Bitboard rank_bb(int r) {
    return Rank1BB << (8 * r);
}
constexpr Bitboard file_bb(int f) {
    return FileABB << f;
}
// A colour's n-th rank (0-based), counted from its own side.
constexpr Bitboard relative_rank_bb(Color c, int n) {
    return rank_bb(relative_rank(c, n));
}

inline int popcount(Bitboard b) {
    return std::popcount(b);
}
// The lowest square of a non-empty bitboard (the builtin, unlike std::countr_zero, lets
// the compiler assume b != 0, so no "square 64" path exists for it to warn about).
inline Square lsb(Bitboard b) {
    return Square(__builtin_ctzll(b));
}
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) {
    return b & (b - 1);
}

// Shift every square one step in a direction, dropping what falls off the board.
template <int D> constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == 8)
        return b << 8;
    else if constexpr (D == -8)
        return b >> 8;
    else if constexpr (D == 16)
        return b << 16;
    else if constexpr (D == -16)
        return b >> 16;
    else if constexpr (D == 9)
        return (b & ~FileHBB) << 9;
    else if constexpr (D == 7)
        return (b & ~FileABB) << 7;
    else if constexpr (D == -7)
        return (b & ~FileHBB) >> 7;
    else if constexpr (D == -9)
        return (b & ~FileABB) >> 9;
    else
        static_assert(D == 0, "unsupported shift");
}

// Squares a pawn of colour c standing on the given squares attacks.
template <Color C> constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == White ? shift<9>(b) | shift<7>(b) : shift<-7>(b) | shift<-9>(b);
}

namespace tables {
extern Bitboard pawn_attacks[2][64];
extern Bitboard knight_attacks[64];
extern Bitboard king_attacks[64];
extern Bitboard leap2_targets[64]; // RULES 4.1: Cthulhu's two-square leaps in 8 directions
extern Bitboard between[64][64];   // squares strictly between two aligned squares, else 0
extern Bitboard line[64][64];      // the whole line through two aligned squares, else 0

struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const {
        return unsigned(((occupied & mask) * magic) >> shift);
    }
};
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
} // namespace tables

// Fills the tables; safe to call more than once. Called by Position's static initialiser.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) {
    return tables::pawn_attacks[c][s];
}
inline Bitboard knight_attacks(Square s) {
    return tables::knight_attacks[s];
}
inline Bitboard king_attacks(Square s) {
    return tables::king_attacks[s];
}
inline Bitboard leap2_targets(Square s) {
    return tables::leap2_targets[s];
}
inline Bitboard between_bb(Square a, Square b) {
    return tables::between[a][b];
}
inline Bitboard line_bb(Square a, Square b) {
    return tables::line[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
    return line_bb(a, b) & square_bb(c);
}

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const auto& m = tables::rook_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const auto& m = tables::bishop_magics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Attacks of a non-pawn piece type (Cthulhu attacks as queen plus knight; its leaps never attack).
inline Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) {
    switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    case Cthulhu: return queen_attacks(s, occupied) | knight_attacks(s);
    default: return 0;
    }
}

} // namespace evo

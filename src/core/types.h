// Core vocabulary: squares, colours, pieces. Everything else in the project speaks these.
#pragma once

#include <cstdint>
#include <string_view>

namespace evo {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

enum PieceType : std::uint8_t {
    NoPieceType = 0,
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Cthulhu, // RULES 4.1: a promoted king; royal, moves as queen, knight or 2-square leap
    PieceTypeCount
};

// A piece is colour * 8 + type; 0 means an empty square.
enum Piece : std::uint8_t { NoPiece = 0 };
constexpr Piece make_piece(Color c, PieceType t) {
    return Piece(c * 8 + t);
}
constexpr PieceType type_of(Piece p) {
    return PieceType(p & 7);
}
constexpr Color color_of(Piece p) {
    return Color(p >> 3);
}

enum Square : std::int8_t {
    // clang-format off
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    // clang-format on
    NoSquare = 64
};

constexpr Square make_square(int file, int rank) {
    return Square(rank * 8 + file);
}
constexpr int file_of(Square s) {
    return s & 7;
}
constexpr int rank_of(Square s) {
    return s >> 3;
}
constexpr bool is_ok(Square s) {
    return s >= A1 && s <= H8;
}
constexpr Square operator+(Square s, int d) {
    return Square(int(s) + d);
}
constexpr Square operator-(Square s, int d) {
    return Square(int(s) - d);
}
inline Square& operator++(Square& s) {
    return s = Square(int(s) + 1);
}

// Pawns (and kings' double steps) of a colour move this way: +8 for White, -8 for Black.
constexpr int forward(Color c) {
    return c == White ? 8 : -8;
}
// The rank a colour's units count as their n-th (0-based): relative_rank(Black, 6) == 1.
constexpr int relative_rank(Color c, int rank) {
    return c == White ? rank : 7 - rank;
}
constexpr int relative_rank(Color c, Square s) {
    return relative_rank(c, rank_of(s));
}

constexpr char piece_letter(PieceType t) {
    return " PNBRQKC"[t];
}
// Uppercase for White, lowercase for Black, as in FEN.
constexpr char piece_char(Piece p) {
    char c = piece_letter(type_of(p));
    return color_of(p) == White ? c : char(c - 'A' + 'a');
}
constexpr PieceType piece_type_from_letter(char c) {
    switch (c | 0x20) {
    case 'p': return Pawn;
    case 'n': return Knight;
    case 'b': return Bishop;
    case 'r': return Rook;
    case 'q': return Queen;
    case 'k': return King;
    case 'c': return Cthulhu;
    default: return NoPieceType;
    }
}

} // namespace evo

// The state of a game between moves: board, side to move, castling, en passant, clocks and
// the variant state (RULES 2.2 counters, 5.1 promoteking field), with an incremental key.
#pragma once

#include "bitboard.h"
#include "move.h"
#include "result.h"
#include "variant.h"

#include <string>
#include <string_view>
#include <utility>

namespace evo {

// Castling rights as bits (RULES 5.1): K, Q, V and "king unmoved" (U) per colour.
enum CastlingRight : std::uint8_t {
    NoCastling = 0,
    WhiteKingSide = 1,
    WhiteQueenSide = 2,
    WhiteVertical = 4,
    WhiteKingUnmoved = 8,
    BlackKingSide = 16,
    BlackQueenSide = 32,
    BlackVertical = 64,
    BlackKingUnmoved = 128,
};
constexpr std::uint8_t castling_rights_of(Color c) {
    return c == White ? 0x0F : 0xF0;
}
constexpr std::uint8_t kingside_right(Color c) {
    return c == White ? WhiteKingSide : BlackKingSide;
}
constexpr std::uint8_t queenside_right(Color c) {
    return c == White ? WhiteQueenSide : BlackQueenSide;
}
constexpr std::uint8_t vertical_right(Color c) {
    return c == White ? WhiteVertical : BlackVertical;
}
constexpr std::uint8_t king_unmoved_flag(Color c) {
    return c == White ? WhiteKingUnmoved : BlackKingUnmoved;
}

// RULES 2.2: one player's evolution counters.
struct EvolutionCounters {
    std::uint16_t pawn_moves = 0;   // p: 0..N-1
    std::uint16_t minor_rights = 0; // m
    std::uint16_t captures = 0;     // c: 0..K-1
    std::uint16_t rook_rights = 0;  // r
    bool operator==(const EvolutionCounters&) const = default;
};

// What do_move saves so that undo_move can restore it. Callers own the storage.
struct StateInfo {
    // Copied forward by do_move, then updated.
    Key key;
    std::uint8_t castling;
    Square en_passant;  // only when an en-passant capture is legal (RULES 5.1, 1.2)
    Square passed_over; // the square a pawn's double step just crossed, capturable or not
    int rule50;
    int plies_from_null;
    EvolutionCounters counters[2];
    std::int8_t first_king_promoter;      // RULES 4.11: -1 none, else the Color
    std::uint16_t other_color_promotions; // RULES 4.12

    // Set by do_move, for undo_move.
    Piece captured;
    Piece moved;            // the unit on `from` before the move
    Piece evolved_original; // the knight/bishop that became a rook elsewhere (RULES 2.5)
    Bitboard checkers;
    StateInfo* previous;
};

class Position {
  public:
    // Reads a FEN (RULES 5.1) and checks that the position can be played: one royal piece
    // per side, the side not to move not in check, counters in range.
    static Result<Position> from_fen(const Variant& variant, std::string_view fen);
    static Position start(const Variant& variant);
    std::string fen() const;

    Position(const Position& other) { *this = other; }
    Position& operator=(const Position& other);

    // Plays a legal move. `st` must outlive the move (until undo_move).
    void do_move(Move m, StateInfo& st);
    void undo_move(Move m);
    // For null-move pruning in search: passes the turn.
    void do_null_move(StateInfo& st);
    void undo_null_move();

    const Variant& variant() const { return *variant_; }
    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NoPiece; }
    Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType t) const { return by_type_[t]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[c] & (by_type_[a] | by_type_[b]);
    }
    // The king or Cthulhu of a colour (RULES 4.1: exactly one royal piece per side).
    Square royal_square(Color c) const { return lsb(pieces(c, King, Cthulhu)); }
    Bitboard royals() const { return by_type_[King] | by_type_[Cthulhu]; }

    std::uint8_t castling() const { return st_->castling; }
    bool has_castling(std::uint8_t right) const { return st_->castling & right; }
    Square en_passant() const { return st_->en_passant; }
    // RULES 4.7: a king's diagonal step onto this square is always the en-passant capture.
    Square pawn_passed_over() const { return st_->passed_over; }
    int rule50() const { return st_->rule50; }
    int game_ply() const { return game_ply_; }
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    int plies_from_null() const { return st_->plies_from_null; }
    const EvolutionCounters& counters(Color c) const { return st_->counters[c]; }
    int first_king_promoter() const { return st_->first_king_promoter; }
    int other_color_promotions() const { return st_->other_color_promotions; }
    Key key() const { return st_->key; }
    const StateInfo* state() const { return st_; }

    Bitboard checkers() const { return st_->checkers; }
    bool in_check() const { return st_->checkers != 0; }
    // Units of colour `by` attacking `s`, with the given occupancy.
    Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
    bool attacked(Square s, Color by) const { return attackers_to(s, by, pieces()) != 0; }

    // Where castling's rook stands for a right (K, Q or V of either colour).
    Square castling_rook_square(std::uint8_t right) const;

    // The key computed from scratch; equals key() in a consistent position.
    Key compute_key() const;
    // Internal consistency check used by tests and debug perft.
    bool is_consistent(std::string* why = nullptr) const;

  private:
    Position() = default;
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void set_state_after_load();
    void apply_evolution_counters(Color us, bool pawn_moved, bool captured_piece, Move m);
    void change_piece(Square s, Piece to);
    void grant_castling_for_promoted_rook(Square s, Piece rook);
    void set_en_passant_if_capturable(Square ep);
    bool en_passant_capture_legal(Square ep) const;
    void update_castling_after(Square from, Square to);
    Key counters_key() const;

    const Variant* variant_ = nullptr;
    Piece board_[64];
    Bitboard by_type_[PieceTypeCount];
    Bitboard by_color_[2];
    Color side_ = White;
    int game_ply_ = 0;
    StateInfo root_state_{};
    StateInfo* st_ = &root_state_;
};

std::pair<Square, Square> castling_rook_path(Move castling, Color us);

namespace zobrist {
constexpr int SmallValues = 64;
struct Tables {
    Key piece_square[16][64];
    Key side;
    Key castling[256];
    Key en_passant[8];
    Key counter[2][4][SmallValues];
    Key first_promoter[2];
    Key other_promotions[SmallValues];
};
extern const Tables tables;
Key large_value(std::uint64_t salt, std::uint64_t value);

inline Key piece_square(Piece p, Square s) {
    return tables.piece_square[p][s];
}
inline Key side() {
    return tables.side;
}
inline Key castling(std::uint8_t rights) {
    return tables.castling[rights];
}
inline Key en_passant_file(int file) {
    return tables.en_passant[file];
}
// RULES 2.2 counters; a zero counter contributes nothing, so chess keys ignore them.
// Rights may accumulate without limit (2.6): large values get a hashed key.
inline Key counter(Color c, int which, int value) {
    return value < SmallValues ? tables.counter[c][which][value]
                               : large_value(std::uint64_t(c * 4 + which), std::uint64_t(value));
}
inline Key first_king_promoter(int color) {
    return color < 0 ? 0 : tables.first_promoter[color];
}
inline Key other_color_promotions(int n) {
    return n < SmallValues ? tables.other_promotions[n] : large_value(99, std::uint64_t(n));
}
} // namespace zobrist

} // namespace evo

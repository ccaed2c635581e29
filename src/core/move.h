// A move in 32 bits. A "full move" includes every choice (promotion, evolution), so two
// moves that differ only in a choice are different moves (RULES 5.2).
#pragma once

#include "types.h"

namespace evo {

enum class MoveKind : std::uint8_t {
    Normal,
    EnPassant,      // a pawn captures en passant
    Castle,         // ordinary castling; to is the king's destination (e1g1)
    VerticalCastle, // RULES 4.9: e1e3, the rook lands on e2
    KingDoubleStep, // RULES 4.6: e2e4
    KingEnPassant,  // RULES 4.7: the king captures a pawn en passant
    KingFollows,    // RULES 4.8: from/to are the king's; the pawn steps from `to` one rank on
};

// What a unit turns into at the end of the move: a piece type and whether it takes the
// other colour (RULES 4.4). Fits in 4 bits.
struct Promotion {
    PieceType type = NoPieceType;
    bool other_color = false;
    constexpr bool any() const { return type != NoPieceType; }
    constexpr bool operator==(const Promotion&) const = default;
};

class Move {
  public:
    Move() = default; // trivial, so move lists need no clearing
    static constexpr Move none() { return Move(0u); }
    static constexpr Move make(Square from, Square to, MoveKind kind = MoveKind::Normal,
                               Promotion promo = {}) {
        return Move(std::uint32_t(from) | std::uint32_t(to) << 6 | std::uint32_t(kind) << 12 |
                    std::uint32_t(promo.type) << 15 | std::uint32_t(promo.other_color) << 18);
    }
    // RULES 2.5: another own knight or bishop, on `square`, becomes a rook.
    constexpr Move with_rook_evolution_at(Square square) const {
        return Move((bits_ & ~(0x7Fu << 19)) | std::uint32_t(square) << 19 | 1u << 25);
    }
    constexpr Move with_promotion(Promotion promo) const {
        return Move((bits_ & ~(0xFu << 15)) | std::uint32_t(promo.type) << 15 |
                    std::uint32_t(promo.other_color) << 18);
    }

    constexpr Square from() const { return Square(bits_ & 63); }
    constexpr Square to() const { return Square(bits_ >> 6 & 63); }
    constexpr MoveKind kind() const { return MoveKind(bits_ >> 12 & 7); }
    // The promotion of the moving unit, or of the followed pawn for KingFollows.
    constexpr Promotion promotion() const {
        return {PieceType(bits_ >> 15 & 7), bool(bits_ >> 18 & 1)};
    }
    constexpr bool has_rook_evolution_elsewhere() const { return bits_ >> 25 & 1; }
    constexpr Square rook_evolution_square() const { return Square(bits_ >> 19 & 63); }

    constexpr std::uint32_t raw() const { return bits_; }
    static constexpr Move from_raw(std::uint32_t bits) { return Move(bits); }
    constexpr bool is_none() const { return bits_ == 0; }
    constexpr bool operator==(const Move&) const = default;

  private:
    constexpr explicit Move(std::uint32_t bits) : bits_(bits) {}
    std::uint32_t bits_; // 0 (a1a1) is never a legal move: Move::none()
};

// Fixed-capacity list: no allocation in the hot path. A side has at most 16 units outside
// promoteking, so at most ~250 base moves, each with at most 20 choices (RULES 2.4-2.5, 3.4).
struct MoveList {
    static constexpr int Capacity = 6144;
    Move moves[Capacity];
    int count = 0;
    void push(Move m) { moves[count++] = m; }
    int size() const { return count; }
    bool empty() const { return count == 0; }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    Move* begin() { return moves; }
    Move* end() { return moves + count; }
    Move operator[](int i) const { return moves[i]; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
};

} // namespace evo

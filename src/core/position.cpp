// Position: make/unmake with incremental key, attacks, castling bookkeeping.
// FEN reading and writing live in fen.cpp.
#include "position.h"

#include <cstring>

namespace evo {

namespace {
struct BitboardInit {
    BitboardInit() { init_bitboards(); }
} bitboard_init;
} // namespace

Position& Position::operator=(const Position& other) {
    if (this == &other) return *this;
    variant_ = other.variant_;
    std::memcpy(board_, other.board_, sizeof board_);
    std::memcpy(by_type_, other.by_type_, sizeof by_type_);
    std::memcpy(by_color_, other.by_color_, sizeof by_color_);
    side_ = other.side_;
    game_ply_ = other.game_ply_;
    root_state_ = *other.st_;
    root_state_.previous = nullptr;
    st_ = &root_state_;
    return *this;
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
    st_->key ^= zobrist::piece_square(p, s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
    board_[s] = NoPiece;
    st_->key ^= zobrist::piece_square(p, s);
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard both = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= both;
    by_color_[color_of(p)] ^= both;
    board_[from] = NoPiece;
    board_[to] = p;
    st_->key ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

void Position::change_piece(Square s, Piece to) {
    remove_piece(s);
    put_piece(to, s);
}

Bitboard Position::attackers_to(Square s, Color by, Bitboard occupied) const {
    Bitboard them = by_color_[by];
    Bitboard diagonal = by_type_[Bishop] | by_type_[Queen] | by_type_[Cthulhu];
    Bitboard straight = by_type_[Rook] | by_type_[Queen] | by_type_[Cthulhu];
    return them & ((pawn_attacks(~by, s) & by_type_[Pawn]) |
                   (knight_attacks(s) & (by_type_[Knight] | by_type_[Cthulhu])) |
                   (king_attacks(s) & by_type_[King]) | (bishop_attacks(s, occupied) & diagonal) |
                   (rook_attacks(s, occupied) & straight));
}

Square Position::castling_rook_square(std::uint8_t right) const {
    switch (right) {
    case WhiteKingSide: return H1;
    case WhiteQueenSide: return A1;
    case BlackKingSide: return H8;
    case BlackQueenSide: return A8;
    case WhiteVertical: return make_square(file_of(royal_square(White)), 7);
    case BlackVertical: return make_square(file_of(royal_square(Black)), 0);
    default: return NoSquare;
    }
}

// Where the rook of a castling move starts and lands: h1-f1, a1-d1, or for vertical
// castling (RULES 4.9) from the last rank to the square the king crossed.
std::pair<Square, Square> castling_rook_path(Move m, Color us) {
    Square from = m.from(), to = m.to();
    if (m.kind() == MoveKind::VerticalCastle)
        return {make_square(file_of(from), relative_rank(us, 7)), from + forward(us)};
    return to > from ? std::pair{from + 3, to - 1} : std::pair{from - 4, to + 1};
}

// A rook that moves or is captured takes its castling right with it.
void Position::update_castling_after(Square from, Square to) {
    for (std::uint8_t right : {WhiteKingSide, WhiteQueenSide, WhiteVertical, BlackKingSide,
                               BlackQueenSide, BlackVertical}) {
        if (!(st_->castling & right)) continue;
        Square rook = castling_rook_square(right);
        if (rook == from || rook == to) st_->castling &= std::uint8_t(~right);
    }
}

// RULES 4.9/4.10: a rook made by promotion may bring a castling right with it.
void Position::grant_castling_for_promoted_rook(Square s, Piece rook) {
    Color owner = color_of(rook);
    if (!(st_->castling & king_unmoved_flag(owner))) return;
    Square royal = royal_square(owner);
    if (type_of(board_[royal]) != King) return;
    bool own_colour_promotion = owner == side_;
    if (own_colour_promotion) {
        // 4.9: on the file of the own unmoved king, which stands on its first rank.
        if (file_of(s) == file_of(royal) && relative_rank(owner, royal) == 0 &&
            relative_rank(owner, s) == 7)
            st_->castling |= vertical_right(owner);
    } else if (royal == (owner == White ? E1 : E8)) {
        // 4.10: a rook of the other colour on that colour's corner square.
        if (s == (owner == White ? H1 : H8)) st_->castling |= kingside_right(owner);
        if (s == (owner == White ? A1 : A8)) st_->castling |= queenside_right(owner);
    }
}

bool Position::en_passant_capture_legal(Square ep) const {
    // Called with the capturing side to move.
    Color us = side_, them = ~us;
    Square captured = ep - forward(us);
    if (!(pieces(them, Pawn) & square_bb(captured))) return false;
    Bitboard candidates = pawn_attacks(them, ep) & pieces(us, Pawn);
    if (variant_->king_en_passant) candidates |= pawn_attacks(them, ep) & pieces(us, King);
    Square royal = royal_square(us);
    while (candidates) {
        Square from = pop_lsb(candidates);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        Square target = from == royal ? ep : royal;
        if (!(attackers_to(target, them, occupied) & ~square_bb(captured))) return true;
    }
    return false;
}

void Position::set_en_passant_if_capturable(Square ep) {
    if (en_passant_capture_legal(ep)) {
        st_->en_passant = ep;
        st_->key ^= zobrist::en_passant_file(file_of(ep));
    }
}

Key Position::counters_key() const {
    Key k = 0;
    for (Color c : {White, Black}) {
        const EvolutionCounters& e = st_->counters[c];
        k ^= zobrist::counter(c, 0, e.pawn_moves) ^ zobrist::counter(c, 1, e.minor_rights) ^
             zobrist::counter(c, 2, e.captures) ^ zobrist::counter(c, 3, e.rook_rights);
    }
    return k;
}

Key Position::compute_key() const {
    Key k = 0;
    for (Square s = A1; s <= H8; ++s)
        if (board_[s] != NoPiece) k ^= zobrist::piece_square(board_[s], s);
    if (side_ == Black) k ^= zobrist::side();
    k ^= zobrist::castling(st_->castling);
    if (st_->en_passant != NoSquare) k ^= zobrist::en_passant_file(file_of(st_->en_passant));
    k ^= counters_key();
    k ^= zobrist::first_king_promoter(st_->first_king_promoter);
    k ^= zobrist::other_color_promotions(st_->other_color_promotions);
    return k;
}

// RULES 2.3-2.6, 3.1: counters first, then the rights the move's promotion spends.
void Position::apply_evolution_counters(Color us, bool pawn_moved, bool captured_piece, Move m) {
    EvolutionCounters before = st_->counters[us];
    EvolutionCounters& e = st_->counters[us];
    if (pawn_moved && ++e.pawn_moves == variant_->minor_right_pawn_moves) {
        e.pawn_moves = 0;
        ++e.minor_rights;
    }
    if (captured_piece && ++e.captures == variant_->rook_right_captures) {
        e.captures = 0;
        ++e.rook_rights;
    }
    Promotion promo = m.promotion();
    bool last_rank = type_of(st_->moved) == Pawn && relative_rank(us, m.to()) == 7;
    if (promo.any() && !last_rank) {
        if (type_of(st_->moved) == Pawn && promo.type != Rook)
            --e.minor_rights;
        else if (type_of(st_->moved) != Pawn)
            --e.rook_rights;
        // A pawn straight to a rook (3.4) exists only where rights expire below.
    }
    if (m.has_rook_evolution_elsewhere()) --e.rook_rights;
    if (variant_->evolution == Evolution::Expire) e.minor_rights = e.rook_rights = 0;
    if (e == before) return;
    st_->key ^= zobrist::counter(us, 0, before.pawn_moves) ^ zobrist::counter(us, 0, e.pawn_moves) ^
                zobrist::counter(us, 1, before.minor_rights) ^
                zobrist::counter(us, 1, e.minor_rights) ^ zobrist::counter(us, 2, before.captures) ^
                zobrist::counter(us, 2, e.captures) ^ zobrist::counter(us, 3, before.rook_rights) ^
                zobrist::counter(us, 3, e.rook_rights);
}

void Position::do_move(Move m, StateInfo& st) {
    const StateInfo& prev = *st_;
    st.key = prev.key ^ zobrist::side();
    st.castling = prev.castling;
    st.en_passant = NoSquare;
    st.passed_over = NoSquare;
    st.rule50 = prev.rule50 + 1;
    st.plies_from_null = prev.plies_from_null + 1;
    st.counters[0] = prev.counters[0];
    st.counters[1] = prev.counters[1];
    st.first_king_promoter = prev.first_king_promoter;
    st.other_color_promotions = prev.other_color_promotions;
    st.captured = NoPiece;
    st.evolved_original = NoPiece;
    st.previous = st_;
    if (prev.en_passant != NoSquare) st.key ^= zobrist::en_passant_file(file_of(prev.en_passant));
    st_ = &st;

    const Color us = side_, them = ~us;
    const int up = forward(us);
    const Square from = m.from(), to = m.to();
    const MoveKind kind = m.kind();
    const Piece moved = board_[from];
    st.moved = moved;
    Square promoted_square = to;
    bool pawn_moved = type_of(moved) == Pawn;
    const std::uint8_t castling_before = st.castling;

    switch (kind) {
    case MoveKind::Castle:
    case MoveKind::VerticalCastle: {
        auto [rook_from, rook_to] = castling_rook_path(m, us);
        move_piece(from, to);
        move_piece(rook_from, rook_to);
        break;
    }
    case MoveKind::EnPassant:
    case MoveKind::KingEnPassant: {
        Square captured_square = to - up;
        st.captured = board_[captured_square];
        remove_piece(captured_square);
        move_piece(from, to);
        break;
    }
    case MoveKind::KingFollows:
        // RULES 4.8: the pawn steps on, then the king takes its square.
        move_piece(to, to + up);
        move_piece(from, to);
        promoted_square = to + up;
        pawn_moved = true;
        break;
    case MoveKind::Normal:
    case MoveKind::KingDoubleStep:
        if (board_[to] != NoPiece) {
            st.captured = board_[to];
            remove_piece(to);
        }
        move_piece(from, to);
        break;
    }

    if (st.captured != NoPiece || pawn_moved) st.rule50 = 0;

    if (type_of(moved) == King) {
        st.castling &= std::uint8_t(~castling_rights_of(us));
        // RULES 4.2: a king reaching its last rank becomes Cthulhu at once.
        if (variant_->king_becomes_cthulhu && relative_rank(us, to) == 7) {
            change_piece(to, make_piece(us, Cthulhu));
            if (st.first_king_promoter < 0) {
                st.first_king_promoter = std::int8_t(us);
                st.key ^= zobrist::first_king_promoter(us);
            }
        }
    }
    if (st.castling) update_castling_after(from, to);

    if (Promotion promo = m.promotion(); promo.any()) {
        Piece becomes = make_piece(promo.other_color ? them : us, promo.type);
        bool last_rank = relative_rank(us, promoted_square) == 7 &&
                         (pawn_moved && type_of(board_[promoted_square]) == Pawn);
        change_piece(promoted_square, becomes);
        if (last_rank && promo.other_color) {
            st.key ^= zobrist::other_color_promotions(st.other_color_promotions);
            ++st.other_color_promotions;
            st.key ^= zobrist::other_color_promotions(st.other_color_promotions);
        }
        if (last_rank && promo.type == Rook && variant_->promoted_rooks_grant_castling)
            grant_castling_for_promoted_rook(promoted_square, becomes);
    }
    if (m.has_rook_evolution_elsewhere()) {
        Square s = m.rook_evolution_square();
        st.evolved_original = board_[s];
        change_piece(s, make_piece(us, Rook));
    }
    if (variant_->has_evolution())
        apply_evolution_counters(us, pawn_moved,
                                 st.captured != NoPiece && type_of(st.captured) != Pawn, m);

    if (st.castling != castling_before)
        st.key ^= zobrist::castling(castling_before) ^ zobrist::castling(st.castling);

    side_ = them;
    ++game_ply_;
    if (type_of(moved) == Pawn && (int(to) - int(from) == 16 || int(from) - int(to) == 16)) {
        st.passed_over = from + up;
        set_en_passant_if_capturable(from + up);
    }
    // A king's double step never leaves a capturable square (RULES 4.6 makes it illegal).
    st.checkers = attackers_to(royal_square(them), us, pieces());
}

void Position::undo_move(Move m) {
    StateInfo* st = st_;
    side_ = ~side_;
    --game_ply_;
    const Color us = side_;
    const int up = forward(us);
    const Square from = m.from(), to = m.to();

    if (m.has_rook_evolution_elsewhere())
        change_piece(m.rook_evolution_square(), st->evolved_original);

    switch (m.kind()) {
    case MoveKind::Castle:
    case MoveKind::VerticalCastle: {
        auto [rook_from, rook_to] = castling_rook_path(m, us);
        move_piece(rook_to, rook_from);
        move_piece(to, from);
        break;
    }
    case MoveKind::EnPassant:
    case MoveKind::KingEnPassant:
        remove_piece(to);
        put_piece(st->moved, from);
        put_piece(st->captured, to - up);
        break;
    case MoveKind::KingFollows:
        remove_piece(to + up);
        move_piece(to, from);
        put_piece(make_piece(us, Pawn), to);
        break;
    case MoveKind::Normal:
    case MoveKind::KingDoubleStep:
        remove_piece(to);
        put_piece(st->moved, from);
        if (st->captured != NoPiece) put_piece(st->captured, to);
        break;
    }
    st_ = st->previous;
}

void Position::do_null_move(StateInfo& st) {
    st = *st_;
    st.previous = st_;
    st.key ^= zobrist::side();
    if (st.en_passant != NoSquare) st.key ^= zobrist::en_passant_file(file_of(st.en_passant));
    st.en_passant = st.passed_over = NoSquare;
    ++st.rule50;
    st.plies_from_null = 0;
    st.captured = NoPiece;
    st_ = &st;
    side_ = ~side_;
    st.checkers = 0; // null moves are only made when not in check
}

void Position::undo_null_move() {
    st_ = st_->previous;
    side_ = ~side_;
}

bool Position::is_consistent(std::string* why) const {
    auto fail = [&](const char* reason) {
        if (why) *why = reason;
        return false;
    };
    Bitboard all = 0;
    for (int t = Pawn; t < PieceTypeCount; ++t) {
        if (all & by_type_[t]) return fail("piece types overlap");
        all |= by_type_[t];
    }
    if (all != pieces()) return fail("type and colour bitboards disagree");
    if (by_color_[White] & by_color_[Black]) return fail("colours overlap");
    for (Square s = A1; s <= H8; ++s) {
        Piece p = board_[s];
        bool on = all & square_bb(s);
        if ((p == NoPiece) == on) return fail("mailbox and bitboards disagree");
        if (p != NoPiece && !(pieces(color_of(p), type_of(p)) & square_bb(s)))
            return fail("mailbox piece not in its bitboards");
    }
    for (Color c : {White, Black})
        if (popcount(pieces(c, King, Cthulhu)) != 1) return fail("not one royal piece per side");
    if (compute_key() != st_->key) return fail("incremental key differs from a fresh key");
    if (attackers_to(royal_square(side_), ~side_, pieces()) != st_->checkers)
        return fail("checkers are stale");
    return true;
}

} // namespace evo

// Legal generation from check and pin masks: no candidate is made and unmade to test it.
// Variant powers are switched on by the Variant description; each costs a predictable
// branch when it is off.
#include "movegen.h"

namespace evo {

namespace {

template <Color Us> struct Generator {
    static constexpr Color Them = ~Us;
    static constexpr int Up = forward(Us);
    static constexpr int UpLeft = Us == White ? 7 : -9;  // towards the a-file
    static constexpr int UpRight = Us == White ? 9 : -7; // towards the h-file

    const Position& pos;
    const Variant& variant;
    MoveList& list;
    Bitboard occupied, ours, theirs;
    Square royal;
    bool royal_is_king;
    Bitboard checkers;
    Bitboard check_mask = ~Bitboard(0);
    Bitboard pinned = 0;
    // Tactical moves only (captures and promotions): where the units may go.
    const bool tactical;
    const Bitboard destinations;

    Generator(const Position& p, MoveList& l, bool tactical_only)
        : pos(p), variant(p.variant()), list(l), occupied(p.pieces()), ours(p.pieces(Us)),
          theirs(p.pieces(Them)), royal(p.royal_square(Us)),
          royal_is_king(type_of(p.piece_on(royal)) == King), checkers(p.checkers()),
          tactical(tactical_only), destinations(tactical_only ? theirs : ~ours) {}

    bool attacked(Square s, Bitboard occ) const { return pos.attackers_to(s, Them, occ) != 0; }

    void find_pins() {
        Bitboard snipers = (rook_attacks(royal, 0) & pos.pieces(Them, Rook, Queen)) |
                           (bishop_attacks(royal, 0) & pos.pieces(Them, Bishop, Queen)) |
                           (queen_attacks(royal, 0) & pos.pieces(Them, Cthulhu));
        while (snipers) {
            Bitboard b = between_bb(royal, pop_lsb(snipers)) & occupied;
            if (b && !more_than_one(b)) pinned |= b & ours;
        }
    }

    // RULES 4.4: a unit of the other colour appearing on `to` must not attack our royal.
    bool other_color_unit_safe(PieceType t, Square to, Bitboard occ_after) const {
        Bitboard attacks = t == Pawn ? pawn_attacks(Them, to) : attacks_of(t, to, occ_after);
        return !(attacks & square_bb(royal));
    }

    void add_promotions(Square from, Square to, MoveKind kind, Square promoted_square,
                        Square royal_after, Bitboard occ_after) {
        for (PieceType t : variant.promotions()) {
            list.push(Move::make(from, to, kind, {t, false}));
            if (!variant.promotion_either_color) continue;
            Bitboard attacks = t == Pawn ? pawn_attacks(Them, promoted_square)
                                         : attacks_of(t, promoted_square, occ_after);
            if (!(attacks & square_bb(royal_after)))
                list.push(Move::make(from, to, kind, {t, true}));
        }
    }

    void add_pawn_targets(Bitboard targets, int delta) {
        Bitboard last = relative_rank_bb(Us, 7);
        Bitboard plain = targets & ~last;
        while (plain) {
            Square to = pop_lsb(plain);
            list.push(Move::make(to - delta, to));
        }
        Bitboard promoting = targets & last;
        while (promoting) {
            Square to = pop_lsb(promoting);
            Square from = to - delta;
            add_promotions(from, to, MoveKind::Normal, to, royal,
                           (occupied ^ square_bb(from)) | square_bb(to));
        }
    }

    void pawn_moves() {
        Bitboard pawns = pos.pieces(Us, Pawn);
        Bitboard free_pawns = pawns & ~pinned;
        // Tactical: a push only where it promotes.
        Bitboard push_to = tactical ? ~occupied & relative_rank_bb(Us, 7) : ~occupied;
        Bitboard single = shift<Up>(free_pawns) & push_to;
        Bitboard twice =
            tactical ? 0 : shift<Up>(single & relative_rank_bb(Us, 2)) & ~occupied & check_mask;
        add_pawn_targets(single & check_mask, Up);
        add_pawn_targets(twice, 2 * Up);
        add_pawn_targets(shift<UpLeft>(free_pawns) & theirs & check_mask, UpLeft);
        add_pawn_targets(shift<UpRight>(free_pawns) & theirs & check_mask, UpRight);

        // A pinned pawn moves only along its pin line, and never while in check.
        Bitboard pinned_pawns = checkers ? 0 : pawns & pinned;
        while (pinned_pawns) {
            Square from = pop_lsb(pinned_pawns);
            Bitboard along = line_bb(royal, from);
            Bitboard b = square_bb(from);
            Bitboard one = shift<Up>(b) & push_to;
            Bitboard two = tactical ? 0 : shift<Up>(one & relative_rank_bb(Us, 2)) & ~occupied;
            add_pawn_targets(one & along, Up);
            add_pawn_targets(two & along, 2 * Up);
            add_pawn_targets(shift<UpLeft>(b) & theirs & along, UpLeft);
            add_pawn_targets(shift<UpRight>(b) & theirs & along, UpRight);
        }

        Square ep = pos.pawn_passed_over();
        if (ep == NoSquare) return;
        Square captured = ep - Up;
        if (pos.piece_on(captured) != make_piece(Them, Pawn)) return;
        Bitboard capturers = pawn_attacks(Them, ep) & pawns;
        while (capturers) {
            Square from = pop_lsb(capturers);
            Bitboard occ = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
            if (!(pos.attackers_to(royal, Them, occ) & ~square_bb(captured)))
                list.push(Move::make(from, ep, MoveKind::EnPassant));
        }
    }

    template <PieceType T> void piece_moves() {
        Bitboard movers = pos.pieces(Us, T);
        Bitboard free_movers = movers & ~pinned;
        while (free_movers) {
            Square from = pop_lsb(free_movers);
            Bitboard targets = attacks_of(T, from, occupied) & destinations & check_mask;
            while (targets) list.push(Move::make(from, pop_lsb(targets)));
        }
        if constexpr (T == Knight) return; // a pinned knight never moves
        Bitboard pinned_movers = checkers ? 0 : movers & pinned;
        while (pinned_movers) {
            Square from = pop_lsb(pinned_movers);
            Bitboard targets = attacks_of(T, from, occupied) & destinations & line_bb(royal, from);
            while (targets) list.push(Move::make(from, pop_lsb(targets)));
        }
    }

    void king_moves() {
        Bitboard occ = occupied ^ square_bb(royal);
        // Tactical: captures, and steps onto the last rank where the king becomes Cthulhu.
        Bitboard king_to = variant.king_becomes_cthulhu
                               ? destinations | (relative_rank_bb(Us, 7) & ~ours)
                               : destinations;
        Bitboard targets = king_attacks(royal) & king_to;
        Square ep = pos.pawn_passed_over();
        // RULES 4.7: a diagonal forward step onto the square a pawn just passed is only
        // ever the en-passant capture.
        if (variant.king_en_passant && ep != NoSquare &&
            (pawn_attacks(Us, royal) & square_bb(ep))) {
            targets &= ~square_bb(ep);
            Square captured = ep - Up;
            if (pos.piece_on(captured) == make_piece(Them, Pawn)) {
                Bitboard occ_after = (occ ^ square_bb(captured)) | square_bb(ep);
                if (!(pos.attackers_to(ep, Them, occ_after) & ~square_bb(captured)))
                    list.push(Move::make(royal, ep, MoveKind::KingEnPassant));
            }
        }
        while (targets) {
            Square to = pop_lsb(targets);
            if (!attacked(to, occ)) list.push(Move::make(royal, to));
        }
        if (variant.king_follows_pawn) king_follows_pawn();
        if (checkers || tactical) return;
        if (variant.ordinary_castling) castling();
        if (variant.vertical_castling && pos.has_castling(vertical_right(Us))) vertical_castling();
        if (variant.king_double_step) king_double_step();
    }

    void castling() {
        constexpr Square KingHome = Us == White ? E1 : E8;
        if (royal != KingHome) return;
        if (pos.has_castling(kingside_right(Us)) &&
            !(occupied & (square_bb(KingHome + 1) | square_bb(KingHome + 2))) &&
            !attacked(KingHome + 1, occupied) && !attacked(KingHome + 2, occupied))
            list.push(Move::make(KingHome, KingHome + 2, MoveKind::Castle));
        if (pos.has_castling(queenside_right(Us)) &&
            !(occupied &
              (square_bb(KingHome - 1) | square_bb(KingHome - 2) | square_bb(KingHome - 3))) &&
            !attacked(KingHome - 1, occupied) && !attacked(KingHome - 2, occupied))
            list.push(Move::make(KingHome, KingHome - 2, MoveKind::Castle));
    }

    // RULES 4.9: king e1-e3, the rook from e8 to e2.
    void vertical_castling() {
        Square rook = pos.castling_rook_square(vertical_right(Us));
        if (between_bb(royal, rook) & occupied) return;
        if (attacked(royal + Up, occupied) || attacked(royal + 2 * Up, occupied)) return;
        list.push(Move::make(royal, royal + 2 * Up, MoveKind::VerticalCastle));
    }

    // RULES 4.6
    void king_double_step() {
        if (!royal_is_king || relative_rank(Us, royal) != 1) return;
        Square over = royal + Up, to = royal + 2 * Up;
        if ((occupied & square_bb(over)) || (occupied & square_bb(to))) return;
        // An enemy pawn or non-promoted king that could capture onto `over` forbids it.
        if (pawn_attacks(Us, over) & pos.pieces(Them, Pawn, King)) return;
        if (attacked(to, occupied ^ square_bb(royal))) return;
        list.push(Move::make(royal, to, MoveKind::KingDoubleStep));
    }

    // RULES 4.8: the pawn in front steps on and the king takes its square.
    void king_follows_pawn() {
        if (relative_rank(Us, royal) >= 6) return;
        Square pawn_from = royal + Up, pawn_to = pawn_from + Up;
        if (pos.piece_on(pawn_from) != make_piece(Us, Pawn) || !pos.empty(pawn_to)) return;
        Bitboard occ_after = (occupied ^ square_bb(royal)) | square_bb(pawn_to);
        if (attacked(pawn_from, occ_after)) return;
        if (relative_rank(Us, pawn_to) != 7) {
            if (tactical) return;
            list.push(Move::make(royal, pawn_from, MoveKind::KingFollows));
            return;
        }
        add_promotions(royal, pawn_from, MoveKind::KingFollows, pawn_to, pawn_from, occ_after);
    }

    // RULES 4.1/4.3
    void cthulhu_moves() {
        Bitboard occ = occupied ^ square_bb(royal);
        Bitboard lines = queen_attacks(royal, occupied);
        Bitboard jumps = knight_attacks(royal);
        Bitboard leaps = leap2_targets(royal) & ~occupied;
        Bitboard targets = (lines | jumps | leaps) & destinations;
        Bitboard enemy_royal = pos.pieces(Them, King, Cthulhu);
        while (targets) {
            Square to = pop_lsb(targets);
            if (attacked(to, occ)) continue;
            if ((lines & square_bb(to)) && !(leaps & square_bb(to))) {
                bool blocked = false;
                Bitboard crossed = between_bb(royal, to);
                while (crossed && !blocked) {
                    Square s = pop_lsb(crossed);
                    if (!attacked(s, occ)) continue;
                    // Passing through check is allowed where Cthulhu would give check itself.
                    Bitboard gives = (queen_attacks(s, occ) | knight_attacks(s)) & enemy_royal;
                    blocked = !gives;
                }
                if (blocked) continue;
            }
            list.push(Move::make(royal, to));
        }
    }

    void generate() {
        if (royal_is_king)
            king_moves();
        else
            cthulhu_moves();
        if (more_than_one(checkers)) return;
        if (checkers) check_mask = between_bb(royal, lsb(checkers)) | checkers;
        find_pins();
        pawn_moves();
        piece_moves<Knight>();
        piece_moves<Bishop>();
        piece_moves<Rook>();
        piece_moves<Queen>();
    }
};

struct EvolutionChoices {
    bool minor = false;       // the moving pawn may become N or B (2.4, 3.2)
    bool rook = false;        // an own N or B may become a rook (2.5, 3.3)
    bool direct_rook = false; // the moving pawn may become a rook (3.4)
};

// RULES 2.3-2.7, 3.1-3.5: what a base move may add, from the counters after it.
EvolutionChoices evolution_choices(const Position& pos, Move m) {
    const Variant& v = pos.variant();
    Color us = pos.side_to_move();
    Piece mover = pos.piece_on(m.from());
    bool pawn_move = type_of(mover) == Pawn;
    if (pawn_move && relative_rank(us, m.to()) == 7) return {}; // 2.7, 3.5
    Piece target = pos.piece_on(m.to());
    bool captures_piece =
        m.kind() == MoveKind::Normal && target != NoPiece && type_of(target) != Pawn;
    const EvolutionCounters& e = pos.counters(us);
    bool earns_minor = pawn_move && e.pawn_moves + 1 == v.minor_right_pawn_moves;
    bool earns_rook = captures_piece && e.captures + 1 == v.rook_right_captures;
    EvolutionChoices c;
    if (v.evolution == Evolution::Accumulate) {
        c.minor = pawn_move && (e.minor_rights > 0 || earns_minor);
        c.rook = e.rook_rights > 0 || earns_rook;
    } else {
        c.minor = earns_minor;
        c.rook = earns_rook;
        c.direct_rook = v.direct_rook_promotion && earns_minor && earns_rook;
    }
    return c;
}

void expand_evolution(const Position& pos, const MoveList& base, MoveList& out) {
    Bitboard minors = pos.pieces(pos.side_to_move(), Knight, Bishop);
    for (Move m : base) {
        out.push(m);
        if (m.promotion().any()) continue;
        EvolutionChoices c = evolution_choices(pos, m);
        if (c.minor) {
            out.push(m.with_promotion({Knight, false}));
            out.push(m.with_promotion({Bishop, false}));
        }
        if (c.direct_rook) out.push(m.with_promotion({Rook, false}));
        if (!c.rook) continue;
        for (Bitboard b = minors; b;) {
            Square s = pop_lsb(b);
            out.push(s == m.from() ? m.with_promotion({Rook, false}) : m.with_rook_evolution_at(s));
        }
    }
}

void generate_base(const Position& pos, MoveList& list, bool tactical) {
    list.count = 0;
    if (pos.side_to_move() == White) {
        Generator<White> g(pos, list, tactical);
        g.generate();
    } else {
        Generator<Black> g(pos, list, tactical);
        g.generate();
    }
}

void generate_expanded(const Position& pos, MoveList& list, bool tactical) {
    if (!pos.variant().has_evolution()) {
        generate_base(pos, list, tactical);
        return;
    }
    MoveList base;
    generate_base(pos, base, tactical);
    list.count = 0;
    expand_evolution(pos, base, list);
}

} // namespace

void generate_base_moves(const Position& pos, MoveList& list) {
    generate_base(pos, list, false);
}

void generate_legal(const Position& pos, MoveList& list) {
    generate_expanded(pos, list, false);
}

void generate_tactical(const Position& pos, MoveList& list) {
    generate_expanded(pos, list, true);
}

int count_legal(const Position& pos) {
    MoveList base;
    generate_base_moves(pos, base);
    if (!pos.variant().has_evolution()) return base.size();
    int minors = popcount(pos.pieces(pos.side_to_move(), Knight, Bishop));
    int total = 0;
    for (Move m : base) {
        ++total;
        if (m.promotion().any()) continue;
        EvolutionChoices c = evolution_choices(pos, m);
        total += 2 * c.minor + c.direct_rook + (c.rook ? minors : 0);
    }
    return total;
}

bool is_legal(const Position& pos, Move m) {
    MoveList list;
    generate_legal(pos, list);
    return list.contains(m);
}

} // namespace evo

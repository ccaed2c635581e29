#include "eval.h"

#include <algorithm>
#include <cstdlib>

namespace evo::engine {

namespace {

struct NoTrace {
    void add(int, Color, int) {}
    void set_phase(int) {}
    void set_fixed(int) {}
};

struct CountTrace {
    EvalTrace& trace;
    void add(int index, Color c, int n) { trace.count[index] += c == White ? n : -n; }
    void set_phase(int phase) { trace.phase = phase; }
    void set_fixed(int fixed) { trace.fixed = fixed; }
};

constexpr int PhaseWeight[PieceTypeCount] = {0, 0, 1, 1, 2, 4, 0, 0};
constexpr int PawnPhaseNumerator = 3; // 16 pawns = MaxPhase (evolution variants only)
constexpr int PawnPhaseDenominator = 2;

constexpr Bitboard forward_ranks(Color c, Square s) {
    return c == White ? ~Bitboard(0) << 8 << (8 * rank_of(s))
                      : ~Bitboard(0) >> 8 >> (8 * (7 - rank_of(s)));
}
constexpr Bitboard adjacent_files(Square s) {
    Bitboard f = file_bb(file_of(s));
    return ((f & ~FileHBB) << 1) | ((f & ~FileABB) >> 1);
}
constexpr Bitboard front_span(Color c, Square s) {
    return forward_ranks(c, s) & file_bb(file_of(s));
}
constexpr Bitboard passed_span(Color c, Square s) {
    return forward_ranks(c, s) & (file_bb(file_of(s)) | adjacent_files(s));
}

inline int pst_index(Color c, Square s) {
    int file = file_of(s);
    return relative_rank(c, s) * 4 + (file < 4 ? file : 7 - file);
}

inline int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

inline Bitboard pawn_attacks_of(Color c, Bitboard pawns) {
    return c == White ? pawn_attacks_bb<White>(pawns) : pawn_attacks_bb<Black>(pawns);
}

inline Bitboard push(Color c, Bitboard b) {
    return c == White ? b << 8 : b >> 8;
}

// The squares around a royal piece, plus the next rank towards the enemy.
inline Bitboard king_zone(Color c, Square royal) {
    Bitboard zone = king_attacks(royal) | square_bb(royal);
    return zone | push(c, zone);
}

template <class Trace> class Evaluator {
  public:
    Evaluator(const Position& pos, const EvalWeights& w, Trace& trace)
        : pos_(pos), w_(w), trace_(trace) {}

    Value run() {
        const Bitboard occupied = pos_.pieces();
        for (Color c : {White, Black}) {
            pawn_attacks_[c] = pawn_attacks_of(c, pos_.pieces(c, Pawn));
            attacked_[c] = pawn_attacks_[c] | king_attacks(pos_.royal_square(c));
            for (auto& by : attacked_by_[c]) by = 0;
            attacked_by_[c][Pawn] = pawn_attacks_[c];
        }
        int phase = 0;
        for (int t = Knight; t <= Queen; ++t)
            phase += PhaseWeight[t] * popcount(pos_.pieces(PieceType(t)));
        // Where pieces are earned from pawns (RULES 2-3) the game opens with pawns only:
        // pawns carry the phase too, a full set counting as a full middlegame.
        if (pos_.variant().has_evolution())
            phase += PawnPhaseNumerator * popcount(pos_.pieces(Pawn)) / PawnPhaseDenominator;
        phase = std::min(phase, MaxPhase);
        trace_.set_phase(phase);

        for (Color c : {White, Black}) {
            material_and_squares(c);
            pawns(c);
            pieces(c, occupied);
            evolution(c);
        }
        for (Color c : {White, Black}) {
            king_safety(c, occupied);
            threats(c);
        }
        add(term::Tempo, pos_.side_to_move(), 1);

        int fixed = lone_royal_endgame();
        trace_.set_fixed(fixed);
        Value white = (total_.mg * phase + total_.eg * (MaxPhase - phase)) / MaxPhase + fixed;
        return white;
    }

  private:
    void add(int index, Color c, int n) {
        if (c == White)
            total_ += w_[index] * n;
        else
            total_ -= w_[index] * n;
        trace_.add(index, c, n);
    }

    void material_and_squares(Color c) {
        for (int t = Pawn; t < PieceTypeCount; ++t) {
            Bitboard b = pos_.pieces(c, PieceType(t));
            if (!b) continue;
            if (t != King) add(term::Material + t, c, popcount(b));
            while (b) add(term::Pst + t * 32 + pst_index(c, pop_lsb(b)), c, 1);
        }
    }

    void pawns(Color c) {
        const Color them = ~c;
        const Bitboard ours = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        const Square own_royal = pos_.royal_square(c), enemy_royal = pos_.royal_square(them);
        add(term::PawnMobility, c, popcount(push(c, ours) & ~pos_.pieces()));
        for (Bitboard b = ours; b;) {
            Square s = pop_lsb(b);
            int rank = relative_rank(c, s);
            if (rank == 7) continue; // RULES 4.4: a pawn kept on the last rank never moves again
            Bitboard neighbours = ours & adjacent_files(s);
            if (!neighbours) add(term::IsolatedPawn, c, 1);
            if (ours & front_span(c, s)) add(term::DoubledPawn, c, 1);
            bool supported = pawn_attacks(them, s) & ours;
            bool phalanx = neighbours & rank_bb(rank_of(s));
            if (supported || phalanx) add(term::ConnectedPawn + rank, c, 1);
            Square stop = s + forward(c);
            if (neighbours && !(neighbours & ~forward_ranks(c, s)) && !phalanx &&
                (pawn_attacks(c, stop) & theirs))
                add(term::BackwardPawn, c, 1);
            if (theirs & passed_span(c, s)) continue;
            if (ours & front_span(c, s)) continue; // the front pawn of a doubled pair is the passer
            add(term::PassedPawn + rank, c, 1);
            if (!pos_.empty(stop)) add(term::PassedBlocked + rank, c, 1);
            add(term::PassedOwnKingDistance + rank, c, distance(stop, own_royal));
            add(term::PassedEnemyKingDistance + rank, c, distance(stop, enemy_royal));
        }
    }

    void mobility(Color c, int first, int counts, Bitboard attacks, Bitboard area) {
        add(first + std::min(popcount(attacks & area), counts - 1), c, 1);
    }

    void note_attacks(Color c, PieceType t, Bitboard attacks) {
        attacked_[c] |= attacks;
        attacked_by_[c][t] |= attacks;
        Bitboard in_zone = attacks & king_zone(~c, pos_.royal_square(~c));
        if (in_zone) {
            add(term::KingZoneAttack + t, c, popcount(in_zone));
            ++king_attackers_[c];
        }
    }

    void pieces(Color c, Bitboard occupied) {
        const Color them = ~c;
        const Bitboard area = ~pos_.pieces(c) & ~pawn_attacks_[them];
        for (Bitboard b = pos_.pieces(c, Knight); b;) {
            Bitboard a = knight_attacks(pop_lsb(b));
            note_attacks(c, Knight, a);
            mobility(c, term::MobilityKnight, MobilityCounts[Knight], a, area);
        }
        for (Bitboard b = pos_.pieces(c, Bishop); b;) {
            Bitboard a = bishop_attacks(pop_lsb(b), occupied);
            note_attacks(c, Bishop, a);
            mobility(c, term::MobilityBishop, MobilityCounts[Bishop], a, area);
        }
        if (more_than_one(pos_.pieces(c, Bishop))) add(term::BishopPair, c, 1);
        const Bitboard all_pawns = pos_.pieces(Pawn);
        for (Bitboard b = pos_.pieces(c, Rook); b;) {
            Square s = pop_lsb(b);
            Bitboard a = rook_attacks(s, occupied);
            note_attacks(c, Rook, a);
            mobility(c, term::MobilityRook, MobilityCounts[Rook], a, area);
            Bitboard file = file_bb(file_of(s));
            if (!(all_pawns & file))
                add(term::RookOpenFile, c, 1);
            else if (!(pos_.pieces(c, Pawn) & file))
                add(term::RookSemiOpenFile, c, 1);
        }
        for (Bitboard b = pos_.pieces(c, Queen); b;) {
            Bitboard a = queen_attacks(pop_lsb(b), occupied);
            note_attacks(c, Queen, a);
            mobility(c, term::MobilityQueen, MobilityCounts[Queen], a, area);
        }
        for (Bitboard b = pos_.pieces(c, Cthulhu); b;) {
            Square s = pop_lsb(b);
            Bitboard a = queen_attacks(s, occupied) | knight_attacks(s);
            note_attacks(c, Cthulhu, a);
            Bitboard reach = a | (leap2_targets(s) & ~occupied);
            mobility(c, term::MobilityCthulhu, MobilityCounts[Cthulhu], reach, area);
        }
    }

    // RULES 2.2-2.6, 3.1: held rights and counters near a right. All zero outside the
    // evolution variants, so no variant test is needed here.
    void evolution(Color c) {
        const EvolutionCounters& e = pos_.counters(c);
        int pawns = popcount(pos_.pieces(c, Pawn));
        int minors = popcount(pos_.pieces(c, Knight, Bishop));
        int usable_minor = std::min<int>(e.minor_rights, pawns);
        int usable_rook = std::min<int>(e.rook_rights, minors);
        if (usable_minor) add(term::MinorRight, c, usable_minor);
        if (e.minor_rights > usable_minor)
            add(term::SpareMinorRight, c, e.minor_rights - usable_minor);
        if (usable_rook) add(term::RookRight, c, usable_rook);
        if (e.rook_rights > usable_rook) add(term::SpareRookRight, c, e.rook_rights - usable_rook);
        if (e.pawn_moves && pawns)
            add(term::PawnMoveCounter + std::min<int>(e.pawn_moves, 3), c, 1);
        if (e.captures) add(term::CaptureCounter + std::min<int>(e.captures, 3), c, 1);
        if (pos_.first_king_promoter() == int(c)) add(term::DrawsAreWins, c, 1);
    }

    void king_safety(Color c, Bitboard occupied) {
        // c attacks the enemy royal piece.
        const Color them = ~c;
        const Square royal = pos_.royal_square(them);
        add(term::KingAttackers + std::min(king_attackers_[c], 7), c, 1);
        const Bitboard safe = ~attacked_[them] & ~pos_.pieces(c);
        const Bitboard knight_checks = knight_attacks(royal);
        const Bitboard bishop_checks = bishop_attacks(royal, occupied);
        const Bitboard rook_checks = rook_attacks(royal, occupied);
        if (knight_checks & attacked_by_[c][Knight] & safe) add(term::SafeCheck + Knight, c, 1);
        if (bishop_checks & attacked_by_[c][Bishop] & safe) add(term::SafeCheck + Bishop, c, 1);
        if (rook_checks & attacked_by_[c][Rook] & safe) add(term::SafeCheck + Rook, c, 1);
        if ((bishop_checks | rook_checks) & attacked_by_[c][Queen] & safe)
            add(term::SafeCheck + Queen, c, 1);
        if ((bishop_checks | rook_checks | knight_checks) & attacked_by_[c][Cthulhu] & safe)
            add(term::SafeCheck + Cthulhu, c, 1);

        // The defender's pawn cover, counted for the defender.
        Bitboard files = file_bb(file_of(royal)) | adjacent_files(royal);
        Bitboard front = push(them, square_bb(royal));
        Bitboard cover_ranks = push(them, front | push(them, front)) | front;
        Bitboard shelter_zone = files & (cover_ranks | push(them, cover_ranks));
        Bitboard own_pawns = pos_.pieces(them, Pawn);
        add(term::KingShelter, them,
            popcount(own_pawns & shelter_zone & forward_ranks(them, royal)));
        if (!(own_pawns & file_bb(file_of(royal)))) add(term::KingOpenFile, them, 1);
    }

    void threats(Color c) {
        const Color them = ~c;
        const Bitboard defended = attacked_[them];
        const Bitboard minors_attack = attacked_by_[c][Knight] | attacked_by_[c][Bishop];
        for (int t = Knight; t <= Queen; ++t) {
            Bitboard victims = pos_.pieces(them, PieceType(t));
            if (!victims) continue;
            if (int n = popcount(victims & pawn_attacks_[c])) add(term::ThreatByPawn + t, c, n);
            if (int n = popcount(victims & minors_attack)) add(term::ThreatByMinor + t, c, n);
            if (int n = popcount(victims & attacked_by_[c][Rook]))
                add(term::ThreatByRook + t, c, n);
        }
        Bitboard pieces = pos_.pieces(them) & ~pos_.pieces(Pawn) & ~pos_.royals();
        if (int n = popcount(pieces & attacked_[c] & ~defended)) add(term::Hanging, c, n);
    }

    // A side left with its royal piece alone: drive it to the edge and bring the other royal
    // closer, so that search finds the mate. Hand-set; not a tuned weight.
    int lone_royal_endgame() const {
        for (Color weak : {White, Black}) {
            Color strong = ~weak;
            if (pos_.pieces(weak) != pos_.pieces(weak, King, Cthulhu)) continue;
            if (!(pos_.pieces(strong) & ~pos_.pieces(strong, Pawn) & ~pos_.royals())) continue;
            Square lone = pos_.royal_square(weak), hunter = pos_.royal_square(strong);
            int edge = std::max(3 - file_of(lone), file_of(lone) - 4) +
                       std::max(3 - rank_of(lone), rank_of(lone) - 4);
            int bonus = 20 * edge + 10 * (7 - distance(lone, hunter));
            return strong == White ? bonus : -bonus;
        }
        return 0;
    }

    const Position& pos_;
    const EvalWeights& w_;
    Trace& trace_;
    WeightPair total_;
    Bitboard pawn_attacks_[2] = {};
    Bitboard attacked_[2] = {};
    Bitboard attacked_by_[2][PieceTypeCount] = {};
    int king_attackers_[2] = {};
};

} // namespace

Value evaluate(const Position& pos, const EvalWeights& weights) {
    NoTrace none;
    Value white = Evaluator<NoTrace>(pos, weights, none).run();
    return pos.side_to_move() == White ? white : -white;
}

Value evaluate_traced(const Position& pos, const EvalWeights& weights, EvalTrace& trace) {
    trace = EvalTrace{};
    CountTrace counting{trace};
    return Evaluator<CountTrace>(pos, weights, counting).run();
}

} // namespace evo::engine

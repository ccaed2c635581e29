#include "move_order.h"

#include "see.h"

#include "core/movegen.h"

namespace evo::engine {

namespace {

constexpr int GoodCaptureBase = 1 << 28;
constexpr int KillerBase = 1 << 27;
static_assert(UnscoredQuiet == KillerBase - 1);
constexpr int BadCaptureBase = -(1 << 28);
// The evolved forms of a move (RULES 2.4, 2.5) are tried before its plain form.
constexpr int EvolutionBonus = 2000;

// What a promotion-like move gains in material, roughly.
int promotion_gain(Move m) {
    Promotion p = m.promotion();
    if (!p.any()) return 400; // a king becoming Cthulhu
    int value = SeeValue[p.type];
    return p.other_color ? -value - SeeValue[Pawn] : value - SeeValue[Pawn];
}

} // namespace

PieceType captured_type(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant || m.kind() == MoveKind::KingEnPassant) return Pawn;
    return type_of(pos.piece_on(m.to()));
}

// A quiet move's score: its histories, and the evolved form first.
static int quiet_score(const Position& pos, const SearchHistory& h, const OrderingHints& hints,
                       Move m) {
    Piece piece = pos.piece_on(m.from());
    return h.butterfly[pos.side_to_move()][m.from()][m.to()] +
           hints.continuation[0]->table[piece][m.to()] +
           hints.continuation[1]->table[piece][m.to()] +
           hints.continuation[2]->table[piece][m.to()] + (is_evolution(m) ? EvolutionBonus : 0);
}

void score_quiets(const Position& pos, const SearchHistory& h, const OrderingHints& hints,
                  const MoveList& list, int* scores, int index) {
    for (int i = index; i < list.size(); ++i)
        if (scores[i] == UnscoredQuiet) scores[i] = quiet_score(pos, h, hints, list[i]);
}

void score_moves(const Position& pos, const SearchHistory& h, const OrderingHints& hints,
                 const MoveList& list, int* scores, bool defer_quiets) {
    for (int i = 0; i < list.size(); ++i) {
        Move m = list[i];
        if (m == hints.tt_move) {
            scores[i] = TTMoveScore;
            continue;
        }
        Piece piece = pos.piece_on(m.from());
        if (is_capture(pos, m)) {
            PieceType victim = captured_type(pos, m);
            int s = SeeValue[victim] * 16 + h.capture[piece][m.to()][victim] / 8;
            if (is_promotion(pos, m)) s += promotion_gain(m) * 16;
            scores[i] = (see_at_least(pos, m, -50) ? GoodCaptureBase : BadCaptureBase) + s;
        } else if (is_promotion(pos, m)) {
            int gain = promotion_gain(m);
            scores[i] = gain > 0 ? GoodCaptureBase + gain * 16 : BadCaptureBase + gain;
        } else if (m == hints.killers[0]) {
            scores[i] = KillerBase + 2;
        } else if (m == hints.killers[1]) {
            scores[i] = KillerBase + 1;
        } else if (m == hints.counter) {
            scores[i] = KillerBase;
        } else {
            scores[i] = defer_quiets ? UnscoredQuiet : quiet_score(pos, h, hints, m);
        }
    }
}

void keep_tactical_moves(const Position& pos, MoveList& list) {
    const bool rights_expire = pos.variant().evolution == Evolution::Expire;
    int kept = 0;
    for (Move m : list) {
        bool keep;
        if (is_promotion(pos, m)) {
            Promotion p = m.promotion();
            keep = !p.any() || (p.type == Queen && !p.other_color);
        } else if (is_evolution(m)) {
            keep = rights_expire;
        } else {
            keep = is_capture(pos, m);
        }
        if (keep) list.moves[kept++] = m;
    }
    list.count = kept;
}

void generate_quiescence_moves(const Position& pos, MoveList& list) {
    if (pos.variant().evolution == Evolution::Expire)
        generate_legal(pos, list); // its evolutions of quiet moves are kept too
    else
        generate_tactical(pos, list);
    keep_tactical_moves(pos, list);
}

} // namespace evo::engine

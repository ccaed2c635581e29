#include "search.h"

#include "eval.h"
#include "gives_check.h"
#include "line_from_tt.h"
#include "move_order.h"
#include "see.h"

#include "core/movegen.h"

#include <algorithm>
#include <cmath>

namespace evo::engine {

namespace {

// Late move reductions by depth and move number.
struct ReductionTable {
    int r[64][256];
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 256; ++m)
                r[d][m] = d == 0 || m == 0
                              ? 0
                              : int(0.75 + std::log(double(d)) * std::log(double(m)) / 2.0);
    }
};
const ReductionTable reductions;

int reduction(int depth, int move_count) {
    return reductions.r[std::min(depth, 63)][std::min(move_count, 255)];
}

// Quiet moves tried after this many are not worth searching at low depth.
int late_move_limit(int depth, bool improving) {
    return (3 + depth * depth) / (improving ? 1 : 2);
}

// Helper threads skip some depths so that they search different trees (Lazy SMP).
constexpr int SkipSize[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
constexpr int SkipPhase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

constexpr int RootBase = 1 << 29; // above every other score but the TT move's

bool has_pieces(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(Pawn) & ~pos.royals();
}

// A correction table's slot for a hash of bitboards: its top bits once mixed.
int correction_slot(std::uint64_t h) {
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return int(h >> 50);
}

// The correction history's slot for the pawn structure: a multiplicative hash of the two
// sides' pawns (no key of its own is kept in the position).
int correction_index(const Position& pos) {
    return correction_slot(std::uint64_t(pos.pieces(White, Pawn)) * 0x9E3779B97F4A7C15ULL ^
                           std::uint64_t(pos.pieces(Black, Pawn)) * 0xC2B2AE3D27D4EB4FULL);
}

// The slot for one colour's units other than pawns, by type and square.
int unit_correction_index(const Position& pos, Color c) {
    std::uint64_t h = 0;
    for (int t = Knight; t < PieceTypeCount; ++t)
        h = (h ^ std::uint64_t(pos.pieces(c, PieceType(t)))) * 0x9E3779B97F4A7C15ULL;
    return correction_slot(h);
}

} // namespace

std::uint64_t SearchShared::total_nodes() const {
    std::uint64_t n = 0;
    for (const Worker* w : workers) n += w->nodes();
    return n;
}

Worker::Worker(int id)
    : id_(id), states_(new StateInfo[MaxPly + 8]), lists_(new MoveList[MaxPly + 2]),
      scores_(new int[std::size_t(MaxPly + 2) * MoveList::Capacity]),
      picking_(new Picking[MaxPly + 2]), pv_(new Move[std::size_t(MaxPly + 2) * (MaxPly + 2)]),
      pv_length_(new int[MaxPly + 2]), history_(new SearchHistory) {
    history_->clear();
}

Worker::~Worker() = default;

void Worker::clear_history() {
    history_->clear();
}

void Worker::prepare(const Game& game, SearchShared& shared) {
    shared_ = &shared;
    pos_.emplace(game.position());

    // Keys of every position of the game, for repetitions (RULES 1.2).
    Position replay = game.start_position();
    std::vector<StateInfo> replay_states(game.moves().size());
    keys_.clear();
    keys_.push_back(replay.key());
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        replay.do_move(game.moves()[i], replay_states[i]);
        keys_.push_back(replay.key());
    }
    root_index_ = int(keys_.size()) - 1;
    keys_.resize(keys_.size() + MaxPly + 8);

    root_moves_.clear();
    MoveList& list = lists_[0];
    generate_legal(*pos_, list);
    for (Move m : list) {
        const auto& only = shared.limits.search_moves;
        if (!only.empty() && std::find(only.begin(), only.end(), m) == only.end()) continue;
        RootMove rm;
        rm.move = m;
        rm.pv.push_back(m);
        root_moves_.push_back(std::move(rm));
    }
    nodes_ = 0;
    completed_depth_ = 0;
    seldepth_ = 0;
    null_move_min_ply_ = 0;
    best_move_changes_ = 0;
    check_countdown_ = 1;
    if (shared.nnue.net) accumulators_.reset(*shared.nnue.net, MaxPly + 2);
}

void Worker::check_time() {
    if (--check_countdown_ > 0) return;
    const Limits& limits = shared_->limits;
    check_countdown_ =
        limits.nodes ? int(std::clamp<std::uint64_t>(*limits.nodes / 64, 1, 1024)) : 1024;
    if (limits.stop_flag && limits.stop_flag->load(std::memory_order_relaxed)) shared_->stop = true;
    // A search always completes depth 1, so that it has a move to answer.
    if (completed_depth_ < 1 || limits.infinite ||
        shared_->pondering.load(std::memory_order_relaxed))
        return;
    if (limits.nodes && shared_->total_nodes() >= *limits.nodes) shared_->stop = true;
    if (shared_->time.uses_clock() && elapsed_ms(shared_->start) >= shared_->time.maximum_ms())
        shared_->stop = true;
}

Worker::CorrectionEntries Worker::correction_entries() const {
    const Position& pos = *pos_;
    const Color us = pos.side_to_move();
    return {&history_->correction[us][correction_index(pos)],
            &history_->unit_correction[us][White][unit_correction_index(pos, White)],
            &history_->unit_correction[us][Black][unit_correction_index(pos, Black)]};
}

Value Worker::corrected_eval(Value raw) const {
    const CorrectionEntries e = correction_entries();
    return std::clamp(raw + combined_correction(*e.pawns, *e.white_units, *e.black_units),
                      -ValueMateInMaxPly + 1, ValueMateInMaxPly - 1);
}

void Worker::learn_correction(Value raw, Value best, int depth) {
    const CorrectionEntries e = correction_entries();
    for (std::int16_t* entry : {e.pawns, e.white_units, e.black_units})
        update_correction(*entry, best - raw, depth);
}

Value Worker::raw_static_eval(const TTHit& tt, int ply) {
    return tt.found && tt.static_eval != ValueNone ? tt.static_eval : evaluate_here(ply);
}

Value Worker::evaluate_here(int ply) {
    if (shared_->nnue.net) return shared_->nnue.value(accumulators_.evaluate(*pos_, ply));
    return evaluate(*pos_, *shared_->weights);
}

// RULES 1.2 (draws) and 4.11: a draw is a win for the first king promoter.
Value Worker::draw_value(int ply) const {
    const Position& pos = *pos_;
    int promoter = pos.first_king_promoter();
    if (promoter < 0 || !pos.variant().draws_won_by_first_king_promoter) return ValueZero;
    return promoter == int(pos.side_to_move()) ? mate_in(ply) : mated_in(ply);
}

bool Worker::is_draw(int ply) const {
    const Position& pos = *pos_;
    if (pos.rule50() >= 100 && !pos.in_check()) return true;
    if (insufficient_material(pos)) return true;
    // A repetition inside the search tree counts as a draw; before the root it takes two.
    int end = std::min(pos.rule50(), pos.plies_from_null());
    int current = root_index_ + ply;
    int count = 0;
    for (int back = 4; back <= end && current - back >= 0; back += 2) {
        int earlier = current - back;
        if (keys_[std::size_t(earlier)] != keys_[std::size_t(current)]) continue;
        if (earlier > root_index_ || ++count == 2) return true;
    }
    return false;
}

void Worker::do_move(Move m, Stack* ss) {
    Position& pos = *pos_;
    ss->current = m;
    ss->continuation = &history_->continuation[pos.piece_on(m.from())][m.to()];
    if (shared_->nnue.net) accumulators_.before_move(pos, ss->ply);
    pos.do_move(m, states_[ss->ply]);
    // The child's table entry is fetched from memory while its accumulator is updated,
    // work that the child needs anyway unless the table answers for it.
    shared_->tt->prefetch(pos.key());
    if (shared_->nnue.net) accumulators_.fill_if_empty(pos, ss->ply + 1);
    keys_[std::size_t(root_index_ + ss->ply + 1)] = pos.key();
    // The child's line starts empty: a child that fails high without a PV search must not
    // pass up a line left over from another position.
    pv_length_[ss->ply + 1] = ss->ply + 1;
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void Worker::undo_move(Move m) {
    pos_->undo_move(m);
}

void Worker::update_pv(int ply, Move m) {
    Move* line = &pv_[std::size_t(ply) * (MaxPly + 2)];
    const Move* child = &pv_[std::size_t(ply + 1) * (MaxPly + 2)];
    line[ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) line[i] = child[i];
    pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void Worker::score_moves(int ply, Move tt_move, const Stack* ss) {
    const Position& pos = *pos_;
    const MoveList& list = lists_[ply];
    int* scores = &scores_[std::size_t(ply) * MoveList::Capacity];
    picking_[ply] = Picking{};
    if (ply == 0) {
        // The root keeps the order of the last iteration.
        for (int i = 0; i < list.size(); ++i) {
            Move m = list[i];
            auto it = std::find_if(root_moves_.begin(), root_moves_.end(),
                                   [m](const RootMove& rm) { return rm.move == m; });
            scores[i] = m == tt_move ? TTMoveScore : RootBase - int(it - root_moves_.begin());
        }
        return;
    }
    OrderingHints hints;
    hints.tt_move = tt_move;
    hints.killers[0] = ss->killers[0];
    hints.killers[1] = ss->killers[1];
    if (!(ss - 1)->current.is_none()) {
        Square prev_to = (ss - 1)->current.to();
        hints.counter = history_->counter_moves[pos.piece_on(prev_to)][prev_to];
    }
    hints.continuation[0] = (ss - 1)->continuation;
    hints.continuation[1] = (ss - 2)->continuation;
    hints.continuation[2] = (ss - 4)->continuation;
    picking_[ply].hints = hints;
    picking_[ply].quiets_pending = true;
    engine::score_moves(pos, *history_, hints, list, scores, true);
}

void Worker::score_pending_quiets(int ply, int index) {
    Picking& picking = picking_[ply];
    if (!picking.quiets_pending) return;
    picking.quiets_pending = false;
    engine::score_quiets(*pos_, *history_, picking.hints, lists_[ply],
                         &scores_[std::size_t(ply) * MoveList::Capacity], index);
}

// The first moves are picked one scan each: a cut often comes before the rest are needed.
// Past them the node is likely to try them all, and one sort costs less than a scan each.
Move Worker::pick_next(int ply, int& index) {
    constexpr int PickedBeforeSort = 3;
    MoveList& list = lists_[ply];
    int* scores = &scores_[std::size_t(ply) * MoveList::Capacity];
    bool& sorted = picking_[ply].sorted;
    if (!sorted && index >= PickedBeforeSort) {
        score_pending_quiets(ply, index);
        sort_rest(list, scores, index);
        sorted = true;
    }
    if (sorted) return index < list.size() ? list.moves[index++] : Move::none();
    Move m = engine::pick_next(list, scores, index);
    if (!m.is_none() && scores[index - 1] == UnscoredQuiet) {
        // The quiets' turn has come: score them and pick again.
        score_pending_quiets(ply, --index);
        m = engine::pick_next(list, scores, index);
    }
    return m;
}

void Worker::update_continuation(Stack* ss, Piece piece, Square to, int bonus) {
    for (int back : {1, 2, 4})
        if (!(ss - back)->current.is_none())
            update_history((ss - back)->continuation->table[piece][to], bonus);
}

void Worker::update_quiet_stats(Stack* ss, Move best, const Move* quiets, int quiet_count,
                                int depth) {
    const Position& pos = *pos_;
    const Color us = pos.side_to_move();
    SearchHistory& h = *history_;
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    if (!(ss - 1)->current.is_none()) {
        Square prev_to = (ss - 1)->current.to();
        h.counter_moves[pos.piece_on(prev_to)][prev_to] = best;
    }
    int bonus = history_bonus(depth);
    update_history(h.butterfly[us][best.from()][best.to()], bonus);
    update_continuation(ss, pos.piece_on(best.from()), best.to(), bonus);
    for (int i = 0; i < quiet_count; ++i) {
        Move m = quiets[i];
        update_history(h.butterfly[us][m.from()][m.to()], -bonus);
        update_continuation(ss, pos.piece_on(m.from()), m.to(), -bonus);
    }
}

template <Worker::NodeType Node>
Value Worker::search(Value alpha, Value beta, int depth, bool cut_node, Stack* ss) {
    constexpr bool pv_node = Node != NonPV;
    constexpr bool root_node = Node == Root;
    if (depth <= 0) return qsearch < pv_node ? PV : NonPV > (alpha, beta, ss);

    Position& pos = *pos_;
    const int ply = ss->ply;
    const Color us = pos.side_to_move();
    shared_->tt->prefetch(pos.key()); // the probe below then waits less for memory
    if (id_ == 0) check_time();
    if (pv_node) {
        pv_length_[ply] = ply;
        seldepth_ = std::max(seldepth_, ply + 1);
    }
    if (!root_node) {
        if (shared_->stop.load(std::memory_order_relaxed)) return ValueZero;
        if (is_draw(ply)) return draw_value(ply);
        if (ply >= MaxPly - 1) return pos.in_check() ? ValueZero : evaluate_here(ply);
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }
    ss->in_check = pos.in_check();
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
    const Move excluded = ss->excluded;

    const Key key = pos.key();
    TTHit tt = shared_->tt->probe(key, ply);
    Move tt_move = root_node ? root_moves_[std::size_t(pv_index_)].move : tt.move;
    const Value tt_value = tt.found ? tt.value : ValueNone;
    // On a principal variation now or when the table's entry was stored: searched with less
    // reduction, as the line may become the principal one again.
    const bool tt_pv = pv_node || (tt.found && tt.was_pv);
    if (!pv_node && excluded.is_none() && tt.found && tt.depth >= depth && tt_value != ValueNone &&
        (std::uint8_t(tt.bound) & std::uint8_t(tt_value >= beta ? Bound::Lower : Bound::Upper)))
        return tt_value;

    // Static evaluation, improved by the table's bound where it says more.
    Value eval;
    Value raw_eval = ValueNone; // what the table keeps: the correction changes as it learns
    bool improving = false;
    if (ss->in_check) {
        ss->static_eval = eval = ValueNone;
    } else {
        raw_eval = raw_static_eval(tt, ply);
        ss->static_eval = eval = corrected_eval(raw_eval);
        if (tt_value != ValueNone &&
            (std::uint8_t(tt.bound) & std::uint8_t(tt_value > eval ? Bound::Lower : Bound::Upper)))
            eval = tt_value;
        Value two_ago = (ss - 2)->static_eval;
        improving = two_ago == ValueNone || ss->static_eval > two_ago;
    }

    if (!pv_node && !ss->in_check && excluded.is_none()) {
        // Razoring: hopeless at low depth unless a capture saves it.
        if (depth <= 3 && eval + 300 + 250 * depth * depth < alpha) {
            Value v = qsearch<NonPV>(alpha, alpha + 1, ss);
            if (v <= alpha) return v;
        }
        // Reverse futility: far above beta with little depth left.
        if (depth < 9 && eval - 90 * (depth - improving) >= beta && eval < ValueMateInMaxPly &&
            beta > -ValueMateInMaxPly)
            return eval;
        // Null move, with a guard against zugzwang: only with pieces besides pawns and the
        // royal (pawn-and-king positions are common in EvoChess), verified at high depth.
        if (!(ss - 1)->current.is_none() && eval >= beta &&
            ss->static_eval >= beta - 20 * depth + 160 && has_pieces(pos, us) &&
            beta > -ValueMateInMaxPly && (ply >= null_move_min_ply_ || us != null_move_color_)) {
            int r = 3 + depth / 3 + std::min((eval - beta) / 200, 3);
            ss->current = Move::none();
            ss->continuation = &history_->continuation[0][0];
            if (shared_->nnue.net) accumulators_.before_move(pos, ply);
            pos.do_null_move(states_[ply]);
            shared_->tt->prefetch(pos.key());
            keys_[std::size_t(root_index_ + ply + 1)] = pos.key();
            Value v = -search<NonPV>(-beta, -beta + 1, depth - r, !cut_node, ss + 1);
            pos.undo_null_move();
            if (v >= beta && v < ValueMateInMaxPly) {
                if (null_move_min_ply_ || depth < 12) return v;
                null_move_min_ply_ = ply + 3 * (depth - r) / 4;
                null_move_color_ = us;
                Value verified = search<NonPV>(beta - 1, beta, depth - r, false, ss);
                null_move_min_ply_ = 0;
                if (verified >= beta) return v;
            }
        }
    }

    // ProbCut: a capture that beats beta by a margin in a shallow search very likely beats
    // beta in the full one.
    const Value probcut_beta = beta + 200;
    if (!pv_node && !ss->in_check && excluded.is_none() && depth >= 5 && !is_decisive(beta) &&
        !(tt_value != ValueNone && tt.depth >= depth - 3 && tt_value < probcut_beta)) {
        MoveList& captures = lists_[ply];
        generate_quiescence_moves(pos, captures);
        score_moves(ply, tt_move, ss);
        int index = 0;
        for (Move m = pick_next(ply, index); !m.is_none(); m = pick_next(ply, index)) {
            if (!is_capture(pos, m) || !see_at_least(pos, m, probcut_beta - ss->static_eval))
                continue;
            do_move(m, ss);
            Value v = -qsearch<NonPV>(-probcut_beta, -probcut_beta + 1, ss + 1);
            if (v >= probcut_beta)
                v = -search<NonPV>(-probcut_beta, -probcut_beta + 1, depth - 4, !cut_node, ss + 1);
            undo_move(m);
            if (shared_->stop.load(std::memory_order_relaxed)) return ValueZero;
            if (v >= probcut_beta) {
                shared_->tt->store(key, ply, v, Bound::Lower, depth - 3, m, raw_eval, tt_pv);
                return v;
            }
        }
    }

    // Internal iterative reduction: no move to try first, so a shallower search will do.
    if (depth >= 4 && tt_move.is_none() && (pv_node || cut_node)) --depth;

    // Singular extension: when every move but the table's fails low against a margin below
    // its value, the table's move is searched deeper; when others beat beta too, the node
    // is cut (multi-cut). Done before the moves are generated: the check searches this ply.
    int singular_extension = 0;
    if (!root_node && depth >= 8 && !tt_move.is_none() && excluded.is_none() &&
        tt_value != ValueNone && !is_decisive(tt_value) &&
        (std::uint8_t(tt.bound) & std::uint8_t(Bound::Lower)) && tt.depth >= depth - 3) {
        Value singular_beta = tt_value - 2 * depth;
        ss->excluded = tt_move;
        Value v = search<NonPV>(singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node, ss);
        ss->excluded = Move::none();
        if (v < singular_beta)
            singular_extension = 1;
        else if (singular_beta >= beta)
            return singular_beta;
        else if (tt_value >= beta)
            singular_extension = -1;
    }

    MoveList& list = lists_[ply];
    if (!root_node) {
        generate_legal(pos, list);
        if (list.empty()) return ss->in_check ? mated_in(ply) : draw_value(ply);
        if (pos.rule50() >= 100) return draw_value(ply);
    } else {
        generate_legal(pos, list);
    }
    if (!tt_move.is_none() && !list.contains(tt_move)) tt_move = Move::none();
    score_moves(ply, tt_move, ss);
    const bool tt_capture = !tt_move.is_none() && is_capture(pos, tt_move);

    Value best = -ValueInfinite;
    Move best_move = Move::none();
    Move quiets[64];
    int quiet_count = 0;
    Move captures[32];
    int capture_count = 0;
    int move_count = 0;
    bool skip_quiets = false;
    std::optional<CheckInfo> check_info; // made when the first move needs it
    int index = 0;
    for (Move m = pick_next(ply, index); !m.is_none(); m = pick_next(ply, index)) {
        if (m == excluded) continue;
        RootMove* root_move = nullptr;
        if constexpr (root_node) {
            auto it = std::find_if(root_moves_.begin() + pv_index_, root_moves_.end(),
                                   [m](const RootMove& rm) { return rm.move == m; });
            if (it == root_moves_.end()) continue;
            root_move = &*it;
        }
        ss->move_count = ++move_count;
        const bool capture = is_capture(pos, m);
        const bool quiet = !capture && !is_promotion(pos, m);
        const Piece piece = pos.piece_on(m.from());
        int history_score = 0;
        if (quiet)
            history_score = history_->butterfly[us][m.from()][m.to()] +
                            (ss - 1)->continuation->table[piece][m.to()] +
                            (ss - 2)->continuation->table[piece][m.to()];
        int new_depth = depth - 1 + (m == tt_move ? singular_extension : 0);

        // Shallow pruning once a move has been found that avoids being mated.
        if (!root_node && best > -ValueMateInMaxPly && has_pieces(pos, us)) {
            int lmr_depth = std::max(new_depth - reduction(depth, move_count), 0);
            if (quiet) {
                // A move that gives check is pruned only if it loses too much (below);
                // whether it gives check is asked only where the answer can matter.
                const bool late = skip_quiets || move_count >= late_move_limit(depth, improving);
                const bool prune = late || (lmr_depth < 3 && history_score < -3000 * depth) ||
                                   (!ss->in_check && lmr_depth < 7 &&
                                    ss->static_eval + 120 + 110 * lmr_depth <= alpha) ||
                                   !see_at_least(pos, m, -30 * lmr_depth * lmr_depth);
                // Having passed the SEE bound above, a check passes the one below too.
                const bool see_implied = 30 * lmr_depth * lmr_depth <= 180 * depth;
                if (prune || !see_implied) {
                    if (!check_info) check_info.emplace(pos);
                    if (!gives_check(pos, m, *check_info)) {
                        if (prune) {
                            skip_quiets |= late;
                            continue;
                        }
                    } else if (!see_at_least(pos, m, -180 * depth)) {
                        continue;
                    }
                }
            } else if (!see_at_least(pos, m, -180 * depth)) {
                continue; // a capture, promotion or check that loses too much
            }
        }

        const std::uint64_t nodes_before = root_node ? nodes() : 0;
        do_move(m, ss);
        const bool gives_check = pos.in_check();
        if (gives_check && ply < 2 * root_depth_) ++new_depth; // check extension

        Value v = -ValueInfinite;
        if (depth >= 2 && move_count > 1 + (pv_node ? 1 : 0) && (quiet || !pv_node)) {
            int r = reduction(depth, move_count);
            r += !improving;
            r += cut_node;
            r += tt_capture;
            r -= tt_pv;
            r -= gives_check;
            if (quiet)
                r -= history_score / 8000;
            else
                r -= 1;
            int reduced = std::clamp(new_depth - r, 1, new_depth);
            v = -search<NonPV>(-(alpha + 1), -alpha, reduced, true, ss + 1);
            if (v > alpha && reduced < new_depth)
                v = -search<NonPV>(-(alpha + 1), -alpha, new_depth, !cut_node, ss + 1);
        } else if (!pv_node || move_count > 1) {
            v = -search<NonPV>(-(alpha + 1), -alpha, new_depth, !cut_node, ss + 1);
        }
        if (pv_node && (move_count == 1 || (v > alpha && (root_node || v < beta)))) {
            pv_length_[ply + 1] = ply + 1;
            v = -search<PV>(-beta, -alpha, new_depth, false, ss + 1);
        }
        undo_move(m);

        if (shared_->stop.load(std::memory_order_relaxed)) return ValueZero;

        if constexpr (root_node) {
            root_move->nodes += nodes() - nodes_before;
            if (move_count == 1 || v > alpha) {
                root_move->score = v;
                root_move->seldepth = seldepth_;
                root_move->lowerbound = v >= beta;
                root_move->upperbound = v <= alpha;
                root_move->pv.assign(1, m);
                const Move* child = &pv_[std::size_t(ply + 1) * (MaxPly + 2)];
                for (int i = ply + 1; i < pv_length_[ply + 1]; ++i)
                    root_move->pv.push_back(child[i]);
                if (move_count > 1 && pv_index_ == 0) ++best_move_changes_;
            } else {
                root_move->score = -ValueInfinite;
            }
        }

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node && !root_node) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
        if (m != best_move) {
            if (quiet && quiet_count < 64)
                quiets[quiet_count++] = m;
            else if (capture && capture_count < 32)
                captures[capture_count++] = m;
        }
    }

    if (move_count == 0)
        return excluded.is_none() ? (ss->in_check ? mated_in(ply) : draw_value(ply)) : alpha;

    if (best >= beta && !best_move.is_none()) {
        int bonus = history_bonus(depth);
        if (is_quiet(pos, best_move)) {
            update_quiet_stats(ss, best_move, quiets, quiet_count, depth);
        } else if (is_capture(pos, best_move)) {
            Piece p = pos.piece_on(best_move.from());
            update_history(history_->capture[p][best_move.to()][captured_type(pos, best_move)],
                           bonus);
        }
        for (int i = 0; i < capture_count; ++i) {
            Move m = captures[i];
            update_history(history_->capture[pos.piece_on(m.from())][m.to()][captured_type(pos, m)],
                           -bonus);
        }
    }

    if (excluded.is_none() && !(root_node && pv_index_ > 0)) {
        Bound bound = best >= beta
                          ? Bound::Lower
                          : (pv_node && !best_move.is_none() ? Bound::Exact : Bound::Upper);
        shared_->tt->store(key, ply, best, bound, depth, best_move, raw_eval, tt_pv);
        // A quiet result that the static evaluation misjudged, in the direction the bound
        // can tell, teaches the correction history.
        bool tactical = !best_move.is_none() && !is_quiet(pos, best_move);
        if (!ss->in_check && !tactical && !is_decisive(best) &&
            !(bound == Bound::Lower && best <= ss->static_eval) &&
            !(bound == Bound::Upper && best >= ss->static_eval))
            learn_correction(raw_eval, best, depth);
    }
    return best;
}

template <Worker::NodeType Node> Value Worker::qsearch(Value alpha, Value beta, Stack* ss) {
    constexpr bool pv_node = Node == PV;
    Position& pos = *pos_;
    const int ply = ss->ply;
    shared_->tt->prefetch(pos.key());
    if (id_ == 0) check_time();
    if (pv_node) {
        pv_length_[ply] = ply;
        seldepth_ = std::max(seldepth_, ply + 1);
    }
    if (shared_->stop.load(std::memory_order_relaxed)) return ValueZero;
    if (is_draw(ply)) return draw_value(ply);
    const bool in_check = pos.in_check();
    ss->in_check = in_check;
    if (ply >= MaxPly - 1) return in_check ? ValueZero : evaluate_here(ply);

    const Key key = pos.key();
    TTHit tt = shared_->tt->probe(key, ply);
    const Value tt_value = tt.found ? tt.value : ValueNone;
    if (!pv_node && tt.found && tt_value != ValueNone &&
        (std::uint8_t(tt.bound) & std::uint8_t(tt_value >= beta ? Bound::Lower : Bound::Upper)))
        return tt_value;

    MoveList& list = lists_[ply];
    Value best, futility_base;
    Value raw_eval = ValueNone;
    if (in_check) {
        ss->static_eval = ValueNone;
        best = futility_base = -ValueInfinite;
    } else {
        raw_eval = raw_static_eval(tt, ply);
        ss->static_eval = best = corrected_eval(raw_eval);
        if (tt_value != ValueNone &&
            (std::uint8_t(tt.bound) & std::uint8_t(tt_value > best ? Bound::Lower : Bound::Upper)))
            best = tt_value;
        if (best >= beta) {
            // Standing pat is only sound if the side can move: stalemate hides in
            // pawn-and-king positions, so look there.
            if (has_pieces(pos, pos.side_to_move())) return best;
            generate_legal(pos, list);
            return list.empty() ? draw_value(ply) : best;
        }
        alpha = std::max(alpha, best);
        futility_base = ss->static_eval + 150;
    }

    // Only the tactical moves are generated where the side has pieces: a stalemate is then
    // left unseen here, as rare there as it is common with pawns and the royal alone.
    if (!in_check && has_pieces(pos, pos.side_to_move())) {
        generate_quiescence_moves(pos, list);
    } else {
        generate_legal(pos, list);
        if (list.empty()) return in_check ? mated_in(ply) : draw_value(ply);
        if (!in_check) keep_tactical_moves(pos, list);
    }
    if (pos.rule50() >= 100) return draw_value(ply); // after the mate check: mate comes first
    Move tt_move = tt.move;
    if (!tt_move.is_none() && !list.contains(tt_move)) tt_move = Move::none();
    score_moves(ply, tt_move, ss);

    Move best_move = Move::none();
    int index = 0;
    for (Move m = pick_next(ply, index); !m.is_none(); m = pick_next(ply, index)) {
        if (!in_check && best > -ValueMateInMaxPly) {
            bool promotion = is_promotion(pos, m);
            if (is_capture(pos, m) && !promotion && !is_evolution(m)) {
                Value gain = futility_base + SeeValue[captured_type(pos, m)];
                if (gain <= alpha) {
                    best = std::max(best, gain);
                    continue;
                }
            }
            if (!see_at_least(pos, m, 0)) continue;
        }
        do_move(m, ss);
        Value v = -qsearch<Node>(-beta, -alpha, ss + 1);
        undo_move(m);
        if (shared_->stop.load(std::memory_order_relaxed)) return ValueZero;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pv_node) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    if (in_check && best == -ValueInfinite) return mated_in(ply);

    Bound bound = best >= beta ? Bound::Lower
                               : (pv_node && !best_move.is_none() ? Bound::Exact : Bound::Upper);
    shared_->tt->store(key, ply, best, bound, 0, best_move, raw_eval, pv_node);
    return best;
}

SearchInfo Worker::info_for(int line, int depth) const {
    const RootMove& rm = root_moves_[std::size_t(line)];
    bool updated = rm.score != -ValueInfinite;
    Value v = updated ? rm.score : rm.previous_score;
    if (v == -ValueInfinite) v = ValueZero;
    SearchInfo info;
    info.depth = updated ? depth : std::max(1, depth - 1);
    info.seldepth = rm.seldepth;
    info.multipv = line + 1;
    if (is_decisive(v)) {
        info.score.kind = Score::Kind::Mate;
        info.score.value = v > 0 ? (ValueMate - v + 1) / 2 : -(ValueMate + v + 1) / 2;
    } else {
        info.score.value = v;
    }
    info.lowerbound = rm.lowerbound;
    info.upperbound = rm.upperbound;
    info.nodes = shared_->total_nodes();
    info.time_ms = elapsed_ms(shared_->start);
    info.nps = info.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(info.time_ms, 1));
    info.hashfull = shared_->tt->hashfull();
    info.pv = rm.pv;
    return info;
}

void Worker::extend_short_lines() {
    if (!pos_) return;
    const int lines = std::min<int>(shared_->multipv, int(root_moves_.size()));
    for (int i = 0; i < lines; ++i) {
        RootMove& rm = root_moves_[std::size_t(i)];
        if (rm.pv.size() < 2) rm.pv = extend_line_from_tt(*pos_, std::move(rm.pv), *shared_->tt);
    }
}

void Worker::report(int depth) {
    if (!shared_->on_info || !*shared_->on_info) return;
    int lines = std::min<int>(shared_->multipv, int(root_moves_.size()));
    for (int i = 0; i < lines; ++i) (*shared_->on_info)(info_for(i, depth));
}

void Worker::iterative_deepening() {
    Stack stack[MaxPly + 10];
    Stack* ss = stack + 7;
    for (int i = 0; i < MaxPly + 10; ++i) {
        stack[i].ply = i - 7;
        stack[i].continuation = &history_->continuation[0][0];
    }
    if (root_moves_.empty()) return;
    const int lines = std::min<int>(shared_->multipv, int(root_moves_.size()));
    Value last_best = -ValueInfinite;

    for (root_depth_ = 1; root_depth_ <= shared_->max_depth; ++root_depth_) {
        if (shared_->stop.load(std::memory_order_relaxed)) break;
        if (id_ > 0) {
            int i = (id_ - 1) % 20;
            if (((root_depth_ + SkipPhase[i]) / SkipSize[i]) % 2) continue;
        }
        best_move_changes_ /= 2;
        for (RootMove& rm : root_moves_) rm.previous_score = rm.score;

        for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
            seldepth_ = 0;
            RootMove& current = root_moves_[std::size_t(pv_index_)];
            Value previous = current.average_score;
            Value delta = 18;
            Value alpha = -ValueInfinite, beta = ValueInfinite;
            if (root_depth_ >= 4 && previous != -ValueInfinite && !is_decisive(previous)) {
                alpha = std::max(previous - delta, -ValueInfinite);
                beta = std::min(previous + delta, ValueInfinite);
            }
            while (true) {
                Value v = search<Root>(alpha, beta, root_depth_, false, ss);
                std::stable_sort(
                    root_moves_.begin() + pv_index_, root_moves_.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (shared_->stop.load(std::memory_order_relaxed)) break;
                if (v <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(v - delta, -ValueInfinite);
                } else if (v >= beta) {
                    beta = std::min(v + delta, ValueInfinite);
                } else {
                    break;
                }
                if (id_ == 0 && elapsed_ms(shared_->start) > 3000) report(root_depth_);
                delta += delta / 2;
            }
            std::stable_sort(
                root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            for (RootMove& rm : root_moves_)
                if (rm.score != -ValueInfinite)
                    rm.average_score = rm.average_score == -ValueInfinite
                                           ? rm.score
                                           : (rm.average_score + rm.score) / 2;
        }
        bool stopped = shared_->stop.load(std::memory_order_relaxed);
        if (!stopped) {
            completed_depth_ = root_depth_;
            for (RootMove& rm : root_moves_) rm.completed_score = rm.score;
        }
        if (id_ != 0) continue;
        if (!stopped || root_depth_ == 1) report(root_depth_);
        if (stopped) break;

        // Time: stop before an iteration that could not finish; think longer while the
        // best move keeps changing or the score falls.
        const Limits& limits = shared_->limits;
        if (shared_->time.uses_clock() && !limits.infinite && !shared_->pondering.load()) {
            IterationSignals signals;
            signals.best_move_changes = best_move_changes_;
            signals.score_fell =
                last_best != -ValueInfinite && root_moves_[0].score < last_best - 25;
            signals.best_move_share =
                double(root_moves_[0].nodes) / double(std::max<std::uint64_t>(nodes(), 1));
            const double factor = stretch_factor(signals);
            if (shared_->time.stop_after_iteration(elapsed_ms(shared_->start), factor))
                shared_->stop = true;
        }
        last_best = root_moves_[0].score;
        // A forced mate found: deeper search will not change the move.
        if (!limits.infinite && !shared_->pondering.load() && is_decisive(last_best) &&
            ValueMate - std::abs(last_best) <= root_depth_ / 2 && !limits.depth)
            shared_->stop = true;
    }
}

} // namespace evo::engine

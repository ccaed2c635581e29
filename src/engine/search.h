// The search of one thread: iterative deepening, aspiration windows, PVS alpha-beta with
// pruning and reductions, quiescence. Threads of one search (Lazy SMP) share only the
// transposition table and the SearchShared flags.
#pragma once

#include "engine.h"
#include "eval_weights.h"
#include "history.h"
#include "move_order.h"
#include "nnue_eval.h"
#include "time_manager.h"
#include "tt.h"
#include "value.h"

#include "core/game.h"

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace evo::engine {

class Worker;

// What all threads of one search read or signal.
struct SearchShared {
    TranspositionTable* tt = nullptr;
    const EvalWeights* weights = nullptr;
    NnueEval nnue; // off unless a net evaluates this variant
    Limits limits;
    TimeManager time;
    Clock::time_point start;
    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};
    int multipv = 1;
    int max_depth = MaxPly - 1;
    std::vector<Worker*> workers;
    const InfoCallback* on_info = nullptr;

    std::uint64_t total_nodes() const;
};

struct RootMove {
    Move move = Move::none();
    Value score = -ValueInfinite;
    Value previous_score = -ValueInfinite;
    Value average_score = -ValueInfinite;
    // The score of the last iteration that ran to its end (-ValueInfinite: not a line then).
    Value completed_score = -ValueInfinite;
    bool lowerbound = false, upperbound = false;
    int seldepth = 0;
    // Nodes this thread has spent below the move, over all iterations: the time manager
    // stops sooner when the best move takes nearly all of them.
    std::uint64_t nodes = 0;
    std::vector<Move> pv;
};

class Worker {
  public:
    explicit Worker(int id);
    ~Worker();

    // Sets up the root: the game's position and history, the moves to search.
    void prepare(const Game& game, SearchShared& shared);
    void iterative_deepening();
    void clear_history();

    int id() const { return id_; }
    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    int completed_depth() const { return completed_depth_; }
    const std::vector<RootMove>& root_moves() const { return root_moves_; }
    SearchInfo info_for(int line, int depth) const;
    // After the search, with no thread searching: a reported line that ends at its first
    // move (a fail-high not re-searched before the stop) continues from the table.
    void extend_short_lines();

  private:
    struct Stack {
        int ply = 0;
        Move current = Move::none();
        Move excluded = Move::none();
        Move killers[2] = {Move::none(), Move::none()};
        Value static_eval = ValueNone;
        PieceToHistory* continuation = nullptr;
        int move_count = 0;
        bool in_check = false;
    };
    enum NodeType { NonPV, PV, Root };

    template <NodeType Node>
    Value search(Value alpha, Value beta, int depth, bool cut_node, Stack* ss);
    template <NodeType Node> Value qsearch(Value alpha, Value beta, Stack* ss);

    void do_move(Move m, Stack* ss);
    void undo_move(Move m);
    bool is_draw(int ply) const;
    Value draw_value(int ply) const;
    // The static evaluation of the position at `ply`: the net's when one is on, else the
    // hand-written one.
    Value evaluate_here(int ply);
    // The static evaluation moved by what the correction history learnt for this pawn
    // structure and these units; and the lesson from a search result `best` at `depth`.
    Value corrected_eval(Value raw) const;
    void learn_correction(Value raw, Value best, int depth);
    // The correction history's entries for the current position.
    struct CorrectionEntries {
        std::int16_t* pawns;
        std::int16_t* white_units;
        std::int16_t* black_units;
    };
    CorrectionEntries correction_entries() const;
    // The uncorrected static evaluation: the table's when it has one, else computed.
    Value raw_static_eval(const TTHit& tt, int ply);
    void check_time();

    void score_moves(int ply, Move tt_move, const Stack* ss);
    Move pick_next(int ply, int& index);
    void score_pending_quiets(int ply, int index);
    void update_quiet_stats(Stack* ss, Move best, const Move* quiets, int quiet_count, int depth);
    void update_continuation(Stack* ss, Piece piece, Square to, int bonus);
    void update_pv(int ply, Move m);
    void report(int depth);

    int id_;
    SearchShared* shared_ = nullptr;
    std::optional<Position> pos_;
    std::unique_ptr<StateInfo[]> states_;
    std::vector<Key> keys_; // game history keys, then one per search ply
    int root_index_ = 0;
    std::unique_ptr<MoveList[]> lists_;
    std::unique_ptr<int[]> scores_; // MoveList::Capacity per ply
    // How far a ply's list has been ordered: what it was scored with, whether its quiets
    // still wait for their scores, whether the rest of it is in order.
    struct Picking {
        OrderingHints hints;
        bool quiets_pending = false;
        bool sorted = false;
    };
    std::unique_ptr<Picking[]> picking_;
    std::unique_ptr<Move[]> pv_; // (MaxPly + 1) per ply, triangular
    std::unique_ptr<int[]> pv_length_;
    std::unique_ptr<SearchHistory> history_;
    std::vector<RootMove> root_moves_;
    int pv_index_ = 0;
    int root_depth_ = 0;
    int seldepth_ = 0;
    int completed_depth_ = 0;
    int null_move_min_ply_ = 0;
    Color null_move_color_ = White;
    int check_countdown_ = 0;
    int best_move_changes_ = 0;
    std::atomic<std::uint64_t> nodes_{0};
    nnue::AccumulatorStack accumulators_;
};

} // namespace evo::engine

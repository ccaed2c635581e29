// The engine as a library: what the UCI loop, the web server, bench and the match tool call.
// One Engine runs one search at a time (search() blocks); stop() and ponderhit() may be
// called from any other thread while it runs. For concurrent searches use one Engine each.
#pragma once

#include "core/game.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::engine {

// When a search must end. Unset fields do not bind; with nothing set the search runs
// until stop() (or the maximum depth). Whichever limit is reached first ends it.
struct Limits {
    std::optional<int> depth;                // plies
    std::optional<std::uint64_t> nodes;      // summed over threads
    std::optional<std::int64_t> movetime_ms; // exact time for this move
    std::optional<std::int64_t> time_ms[2];  // clocks, indexed by Color (wtime, btime)
    std::int64_t increment_ms[2] = {0, 0};   // winc, binc
    std::optional<int> moves_to_go;          // moves until the next time control
    bool infinite = false;                   // ignore every limit until stop()
    bool ponder = false;                     // pondering: no time limit until ponderhit()
    std::vector<Move> search_moves;          // only these root moves (empty: all)
    // Override the strength options for this search: a level of levels.h (1..8), else the
    // level nearest this Elo; unset: the options.
    std::optional<int> level;
    std::optional<int> elo;
    // Also ends the search when it becomes true (for callers that own their own flag).
    const std::atomic<bool>* stop_flag = nullptr;
};

// A score from the side to move's point of view.
struct Score {
    enum class Kind : std::uint8_t { Centipawns, Mate };
    Kind kind = Kind::Centipawns;
    // The evaluation's own units (their pawn differs per variant: in_pawns of score_unit.h
    // turns them into the centipawns every report shows), or moves to mate: positive when
    // the side to move mates, negative when it is mated (UCI's `score mate N`).
    int value = 0;
    bool is_mate() const { return kind == Kind::Mate; }
};

// One line of progress: sent after each completed iteration (one per MultiPV line) and
// when an aspiration window fails (then lowerbound/upperbound is set).
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1; // 1-based
    Score score;
    bool lowerbound = false;
    bool upperbound = false;
    std::uint64_t nodes = 0;
    std::uint64_t nps = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0; // permille
    std::vector<Move> pv;
};

struct SearchResult {
    Move best_move = Move::none(); // none only when the side to move has no legal move
    Move ponder_move = Move::none();
    Score score;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
};

// An option as the UCI `option` line describes it.
struct OptionDescription {
    enum class Type : std::uint8_t { Spin, Check, Combo, Button, String };
    std::string name;
    Type type = Type::Spin;
    std::string default_value;
    int min = 0, max = 0;             // Spin
    std::vector<std::string> choices; // Combo
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Engine {
  public:
    Engine();
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Options by their UCI names (case-insensitive): Hash (MB), Threads, MultiPV,
    // Move Overhead (ms), UCI_LimitStrength, UCI_Elo, Skill Level (0..20), Level (1..8),
    // Clear Hash, Use NNUE, EvalFile (docs/nnue.md, "Inference"). The three strength options each
    // select a level of levels.h; the weakest of them plays. Answers an error message for an
    // unknown name or a bad value (nothing changes then). Not to be called while a search runs.
    std::optional<std::string> set_option(std::string_view name, std::string_view value);
    std::vector<OptionDescription> options() const;

    // Forgets everything learnt (hash table, histories): a new opponent or game.
    void new_game();

    // Searches the game's current position; the game's history counts for repetitions.
    // `on_info` is called from the searching thread.
    SearchResult search(const Game& game, const Limits& limits, const InfoCallback& on_info = {});

    // The same search in the background: returns once the search is set up (so a stop()
    // or ponderhit() that follows always reaches it) and calls `on_done` from the search
    // thread at the end. `game` may change once this returns. Waits for a previous search.
    void start_search(const Game& game, const Limits& limits, InfoCallback on_info,
                      std::function<void(const SearchResult&)> on_done);
    // Waits until the background search (if any) has called its on_done.
    void wait();
    bool searching() const;

    // Ends the running search as soon as possible; search() still answers a best move.
    void stop();
    // The predicted move was played: a ponder search continues under its time limits.
    void ponderhit();

    int hashfull() const;

    // With Use NNUE on: why `variant` is evaluated by the hand-written evaluation all the
    // same (no net for its family, a net file of another family); nothing when the net is used
    // or Use NNUE is off.
    std::optional<std::string> evaluation_problem(const Variant& variant);
    // Whether a search of `variant` evaluates with a net.
    bool uses_nnue(const Variant& variant);
    // What a search of `variant` evaluates with: "hand-written", or "net " and the net's
    // fingerprint in 16 hex digits (nnue::fingerprint).
    std::string evaluation_fingerprint(const Variant& variant);
    // The net's static evaluation of `pos` (side to move's view, evaluation units), when a
    // search of its variant evaluates with a net.
    std::optional<int> nnue_evaluation(const Position& pos);

    // Weak levels draw their move at random; this makes the draws repeatable (tests).
    void seed_random(std::uint64_t seed);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Mate scores as UCI writes them, e.g. "cp 31" or "mate -3".
std::string uci_score(const Score& score);

} // namespace evo::engine

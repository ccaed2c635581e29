// What the engine's searches answer, as typed views (no JSON): a line of a search's progress
// (an engine move's stream, an analysis), an analysis's lines, and the requests of the
// analysis board. Their JSON is read and written only at the HTTP edge (http/engine_json.h,
// http/analysis_json.h).
#pragma once

#include "app/common/api_error.h"
#include "app/record/game_view.h"
#include "engine_port.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

// A search's score from White's point of view: mate in `mate` moves (negative: White is
// mated), else `centipawns` (in pawns of the variant, score_unit.h).
struct EngineScore {
    std::optional<int> mate;
    int centipawns = 0;
};

// One line of a search's progress, searched from a root position: its moves as far as they
// are legal, each with its text in the position before it.
struct SearchLine {
    int depth = 0;
    int multipv = 1;
    EngineScore score;
    std::vector<LegalMove> pv;
    std::uint64_t nodes = 0;
    std::uint64_t nodes_per_second = 0;
    std::int64_t time_ms = 0;
};

// The line the engine reported searching from `root` (its score from the side to move's).
SearchLine search_line(const SearchProgress& progress, const Position& root);

// A position the analysis board names: a variant, a start FEN (empty: the variant's) and
// moves from it in UCI.
struct PositionRequest {
    std::string variant;
    std::string fen;
    std::vector<std::string> moves;
};

// An analysis: the position, the best lines wanted, and the limits (none: the service's).
struct AnalysisRequest {
    PositionRequest position;
    std::optional<int> multipv;
    std::optional<int> depth;
    std::optional<int> movetime_ms;
};

// An analysis's answer: the newest line of each rank, in rank order, and the depth of the
// best one.
struct AnalysisResult {
    std::vector<SearchLine> lines;
    int depth = 0;
};

// Where a search's progress and its answer go (the HTTP edge writes them): a stream of
// progress lines and the answer, or the answer alone. Every search ends in one `answer`,
// `fail` or `abandon`.
template <class Answer> class SearchReplies {
  public:
    virtual ~SearchReplies() = default;
    // The search is accepted (a stream is opened now); `stop` runs if the client goes away.
    virtual void begin(std::function<void()> stop) = 0;
    virtual void progress(const SearchLine& line) = 0;
    virtual void answer(const Answer& answer) = 0;
    // The search was refused, or failed: `error`; or an unexpected failure, `internal`.
    virtual void fail(const ApiError& error) = 0;
    virtual void fail_internal(const std::exception& error) = 0;
    // Nobody waits for the answer any more: end without one.
    virtual void abandon() = 0;
};

} // namespace evo::app

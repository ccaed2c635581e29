// The weights in use per variant, fitted by tools/tune (see tools/tune/README.md); each
// tuned/<variant>.inc lists one {middlegame, endgame} pair per term, in term order.
#include "eval_weights.h"

namespace evo::engine {

namespace {

constexpr EvalWeights ChessWeights{{{
#include "tuned/chess.inc"
}}};
constexpr EvalWeights EvoChessWeights{{{
#include "tuned/evochess.inc"
}}};
constexpr EvalWeights EChessWeights{{{
#include "tuned/echess.inc"
}}};
constexpr EvalWeights PromoteKingWeights{{{
#include "tuned/promoteking.inc"
}}};

struct TunedEntry {
    std::string_view variant;
    const EvalWeights* weights;
};
constexpr TunedEntry Tuned[] = {
    {"chess", &ChessWeights},
    {"evochess", &EvoChessWeights},
    {"echess", &EChessWeights},
    {"promoteking", &PromoteKingWeights},
};

} // namespace

const EvalWeights* tuned_weights(std::string_view variant_name) {
    for (const TunedEntry& e : Tuned)
        if (e.variant == variant_name) return e.weights;
    return nullptr;
}

} // namespace evo::engine

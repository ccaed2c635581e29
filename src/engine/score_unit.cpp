// Search scores in pawns of the variant (score_unit.h).
#include "score_unit.h"

#include <algorithm>
#include <cstdint>

namespace evo::engine {

int pawn_value(const EvalWeights& weights) {
    return std::max(1, weights[term::Material + Pawn].mg);
}

int pawn_value(const Variant& variant) {
    return pawn_value(weights_for(variant));
}

int to_centipawns(int units, int pawn_units) {
    const std::int64_t scaled = std::int64_t(units) * 100;
    const std::int64_t half = pawn_units / 2;
    return int(scaled >= 0 ? (scaled + half) / pawn_units : -((-scaled + half) / pawn_units));
}

Score in_pawns(const Score& score, const Variant& variant) {
    if (score.is_mate()) return score;
    Score out = score;
    out.value = to_centipawns(score.value, pawn_value(variant));
    return out;
}

} // namespace evo::engine

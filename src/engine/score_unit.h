// The unit of the scores the engine reports (UCI `score cp`, the web API's `cp`, bench):
// pawns of the variant, 100 = one pawn. The search counts in its evaluation's own units,
// and these differ per variant (a tuned EvoChess pawn is worth 387 of them in the
// middlegame, a chess pawn 82), so a score leaves the engine divided by the pawn's value, as
// Stockfish's NormalizeToPawnValue does. Mate scores are moves, not units: they pass as they are.
#pragma once

#include "engine.h"
#include "eval_weights.h"

#include "core/variant.h"

namespace evo::engine {

// The middlegame pawn value of `weights`, in evaluation units (at least 1). One constant per
// variant, not tapered by phase: the tuner fits one winning-chance curve to the evaluation
// over all phases, so a constant scale keeps equal scores equally winning.
int pawn_value(const EvalWeights& weights);
// The same for the weights the engine evaluates `variant` with (weights_for): a variant
// loaded from a file uses those of its weights, the hand-set defaults unless tuned.
int pawn_value(const Variant& variant);

// `units` of the evaluation as centipawns of a pawn worth `pawn_units`, rounded to nearest.
int to_centipawns(int units, int pawn_units);

// A search score in the variant's pawns; mate scores unchanged.
Score in_pawns(const Score& score, const Variant& variant);

} // namespace evo::engine

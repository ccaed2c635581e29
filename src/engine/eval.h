// Static evaluation, from the side to move's point of view. Every term is a weight times a
// count, tapered between middlegame and endgame by the material on the board, so the same
// code can report its counts to the tuner (EvalTrace).
#pragma once

#include "eval_weights.h"
#include "value.h"

#include "core/position.h"

namespace evo::engine {

// Phase runs from 0 (bare endgame) to this (all FIDE pieces on the board; in the evolution
// variants pawns count too).
constexpr int MaxPhase = 24;

Value evaluate(const Position& pos, const EvalWeights& weights);

// For tuning: each weight's count for White minus Black, and the phase it is tapered by.
struct EvalTrace {
    int count[term::Count] = {};
    int phase = 0;
    // The part of the evaluation no weight explains (hand-set endgame knowledge), White's view.
    int fixed = 0;
};
// Fills `trace` and answers the evaluation from White's point of view.
Value evaluate_traced(const Position& pos, const EvalWeights& weights, EvalTrace& trace);

} // namespace evo::engine

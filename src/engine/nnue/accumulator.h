// The accumulators of a search thread, one entry a ply (docs/nnue.md, "Inference"). An entry
// holds what its position's features are made of (the units' bitboards and the features past
// the piece-square ones) and the accumulators of both perspectives. It is filled before a
// move is made from its position (before_move) or when that position is evaluated, whichever
// comes first: from its parent's entry when that one is filled, by adding the rows of the
// features the child gained and subtracting those it lost (the bitboards that differ, and a
// merge of the two short sorted lists of other features), else by a full refresh. Whatever a
// move did (evolution, a promotion into the other colour, Cthulhu, counters, rights), the
// accumulator therefore equals a full refresh of the child's features by construction
// (tested).
#pragma once

#include "features.h"
#include "quantised.h"
#include "simd.h"

#include "core/position.h"

#include <cstdint>
#include <vector>

namespace evo::nnue {

// biases + the rows of `features` into `out` (hidden values).
void refresh_accumulator(const QuantisedNet& net, const std::uint16_t* features, int count,
                         std::int16_t* out, const Kernels& kernels);

// The raw output (units of 1 / OutputDivisor of the float net's output) from the side to
// move's accumulator and the other side's.
std::int64_t raw_output(const QuantisedNet& net, const std::int16_t* side_to_move,
                        const std::int16_t* other, const Kernels& kernels);

// The same for a position from scratch (tests, the UCI `eval`).
std::int64_t evaluate_position(const QuantisedNet& net, const Position& pos,
                               const Kernels& kernels);

class AccumulatorStack {
  public:
    // Room for plies 0..plies-1 of `net`, every entry empty.
    void reset(const QuantisedNet& net, int plies, const Kernels& kernels = best_kernels());
    // The position at `ply` changed (a move or a null move was made from ply - 1).
    void invalidate(int ply) { entries_[std::size_t(ply)].filled = false; }
    // Before a move from `pos`, the position at `ply`: fills its entry (so that the child's
    // is filled from it, however the child is reached) and empties the child's.
    void before_move(const Position& pos, int ply) {
        fill_if_empty(pos, ply);
        invalidate(ply + 1);
    }
    // Fills the entry of `pos`, the position at `ply`, if it is empty.
    void fill_if_empty(const Position& pos, int ply) {
        if (!entries_[std::size_t(ply)].filled) fill(pos, ply);
    }
    // The raw output of `pos`, the position at `ply`.
    std::int64_t evaluate(const Position& pos, int ply);
    // The accumulator of `perspective` at `ply` (filled by evaluate).
    const std::int16_t* accumulator(int ply, Color perspective) const {
        return &values_[(std::size_t(ply) * 2 + perspective) * std::size_t(net_->hidden)];
    }

    // How entries were filled: from the parent, or from scratch.
    std::uint64_t incremental_updates = 0, refreshes = 0;

  private:
    struct Entry {
        bool filled = false;
        Bitboard units[2][7] = {}; // by colour and type (pawn..Cthulhu)
        std::uint8_t extra_count[2] = {};
        std::uint16_t extra[2][MaxExtraFeatures];
    };
    std::int16_t* values(int ply, Color perspective) {
        return &values_[(std::size_t(ply) * 2 + perspective) * std::size_t(net_->hidden)];
    }
    void fill(const Position& pos, int ply);

    const QuantisedNet* net_ = nullptr;
    const Kernels* kernels_ = nullptr;
    std::vector<Entry> entries_;
    std::vector<std::int16_t> values_; // [ply][perspective][hidden]
};

} // namespace evo::nnue

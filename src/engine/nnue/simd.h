// The integer kernels of inference, in a portable scalar form and an AVX2 form chosen at run
// time (docs/nnue.md, "Inference"). Both do the same integer arithmetic, so they give equal
// results bit for bit (tested); int16 sums wrap the same way in both.
#pragma once

#include <cstdint>

namespace evo::nnue {

enum class SimdPath : std::uint8_t { Scalar, Avx2 };

struct Kernels {
    SimdPath path;
    // acc[i] += row[i], acc[i] -= row[i] for i < n.
    void (*add_row)(std::int16_t* acc, const std::int16_t* row, int n);
    void (*sub_row)(std::int16_t* acc, const std::int16_t* row, int n);
    // Sum over i < n of clamp(acc[i], 0, QA)^2 x weights[i].
    std::int64_t (*screlu_dot)(const std::int16_t* acc, const std::int16_t* weights, int n);
};

// Whether this CPU (and build) can run the AVX2 kernels.
bool avx2_available();
// The kernels of `path`; the scalar ones when AVX2 is asked for but not available.
const Kernels& kernels(SimdPath path);
// The fastest available, unless the environment variable EVO_NNUE_SCALAR is set (to anything
// but "0"): then the scalar ones. Decided once.
const Kernels& best_kernels();

} // namespace evo::nnue

#include "simd.h"

#include "quantised.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#define EVO_NNUE_X86 1
#include <immintrin.h>
#endif

namespace evo::nnue {
namespace {

void add_row_scalar(std::int16_t* acc, const std::int16_t* row, int n) {
    for (int i = 0; i < n; ++i) acc[i] = std::int16_t(acc[i] + row[i]);
}
void sub_row_scalar(std::int16_t* acc, const std::int16_t* row, int n) {
    for (int i = 0; i < n; ++i) acc[i] = std::int16_t(acc[i] - row[i]);
}
std::int64_t screlu_dot_scalar(const std::int16_t* acc, const std::int16_t* weights, int n) {
    std::int64_t sum = 0;
    for (int i = 0; i < n; ++i) {
        std::int32_t c = std::clamp<std::int32_t>(acc[i], 0, QA);
        sum += std::int64_t(c * c * std::int32_t(weights[i])); // |c*c*w| < 2^31
    }
    return sum;
}

#ifdef EVO_NNUE_X86
__attribute__((target("avx2"))) void add_row_avx2(std::int16_t* acc, const std::int16_t* row,
                                                  int n) {
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
        __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + i));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(acc + i), _mm256_add_epi16(a, r));
    }
    add_row_scalar(acc + i, row + i, n - i);
}
__attribute__((target("avx2"))) void sub_row_avx2(std::int16_t* acc, const std::int16_t* row,
                                                  int n) {
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
        __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + i));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(acc + i), _mm256_sub_epi16(a, r));
    }
    sub_row_scalar(acc + i, row + i, n - i);
}
// Eight int32 products c*c*w widened into four int64 lanes each half.
__attribute__((target("avx2"))) __m256i add_products(__m256i sum, __m128i c16, __m128i w16) {
    __m256i c = _mm256_cvtepi16_epi32(c16);
    __m256i p = _mm256_mullo_epi32(_mm256_mullo_epi32(c, c), _mm256_cvtepi16_epi32(w16));
    sum = _mm256_add_epi64(sum, _mm256_cvtepi32_epi64(_mm256_castsi256_si128(p)));
    return _mm256_add_epi64(sum, _mm256_cvtepi32_epi64(_mm256_extracti128_si256(p, 1)));
}
__attribute__((target("avx2"))) std::int64_t screlu_dot_avx2(const std::int16_t* acc,
                                                             const std::int16_t* weights, int n) {
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
        __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + i));
        __m256i c = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        sum = add_products(sum, _mm256_castsi256_si128(c), _mm256_castsi256_si128(w));
        sum = add_products(sum, _mm256_extracti128_si256(c, 1), _mm256_extracti128_si256(w, 1));
    }
    std::int64_t lanes[4];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(lanes), sum);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] +
           screlu_dot_scalar(acc + i, weights + i, n - i);
}
#endif

const Kernels ScalarKernels{SimdPath::Scalar, add_row_scalar, sub_row_scalar, screlu_dot_scalar};
#ifdef EVO_NNUE_X86
const Kernels Avx2Kernels{SimdPath::Avx2, add_row_avx2, sub_row_avx2, screlu_dot_avx2};
#endif

} // namespace

bool avx2_available() {
#ifdef EVO_NNUE_X86
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

const Kernels& kernels(SimdPath path) {
#ifdef EVO_NNUE_X86
    if (path == SimdPath::Avx2 && avx2_available()) return Avx2Kernels;
#endif
    (void)path;
    return ScalarKernels;
}

const Kernels& best_kernels() {
    static const Kernels& chosen = []() -> const Kernels& {
        const char* force = std::getenv("EVO_NNUE_SCALAR");
        bool scalar = force && std::strcmp(force, "0") != 0;
        return kernels(scalar ? SimdPath::Scalar : SimdPath::Avx2);
    }();
    return chosen;
}

} // namespace evo::nnue

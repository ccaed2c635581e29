// Zobrist keys. Fixed seed: keys are the same in every run, so stored keys and bench
// signatures stay comparable.
#include "position.h"

namespace evo::zobrist {

namespace {

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

Tables make_tables() {
    Tables t{};
    std::uint64_t seed = 0x5EED0F0E70C4E55ULL;
    auto next = [&] { return seed = splitmix(seed); };
    for (auto& row : t.piece_square)
        for (auto& k : row) k = next();
    t.side = next();
    Key castling_bit[8];
    for (auto& k : castling_bit) k = next();
    for (int r = 0; r < 256; ++r)
        for (int b = 0; b < 8; ++b)
            if (r & (1 << b)) t.castling[r] ^= castling_bit[b];
    for (auto& k : t.en_passant) k = next();
    for (auto& colour : t.counter)
        for (auto& which : colour)
            for (int v = 1; v < SmallValues; ++v) which[v] = next();
    for (auto& k : t.first_promoter) k = next();
    for (int v = 1; v < SmallValues; ++v) t.other_promotions[v] = next();
    return t;
}

} // namespace

const Tables tables = make_tables();

Key large_value(std::uint64_t salt, std::uint64_t value) {
    return splitmix(0xC0FFEE00ULL ^ (salt << 56) ^ value);
}

} // namespace evo::zobrist

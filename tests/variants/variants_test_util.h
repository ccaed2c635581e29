// Helpers for the variants-file tests.
#pragma once

#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "variants/variant_loader.h"

#include <gtest/gtest.h>

#include <string>

namespace evo::test {

// Loads `text` (registering its variants) and returns the variant `name`, or fails the test.
inline const Variant* load_text(const std::string& text, std::string_view name) {
    auto loaded = variants::load_variants_text(text, "test.ini");
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message());
    return loaded.ok() ? find_variant(name) : nullptr;
}

inline std::uint64_t perft_of(const Variant& v, std::string_view fen, int depth) {
    auto pos = Position::from_fen(v, fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    if (!pos) return 0;
    PerftOptions options;
    options.verify_consistency = true;
    return perft(*pos, depth, options);
}

} // namespace evo::test

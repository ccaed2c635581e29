// lichess's variant keys: chess is "standard" (and "fromPosition" read as chess), the others
// their registry names; keys of variants not here, and "chess" itself, name none.
#include "core/variant_keys.h"

#include <gtest/gtest.h>

namespace evo {
namespace {

TEST(VariantKeysTest, ChessIsStandardAndTheOthersTheirRegistryNames) {
    EXPECT_EQ(lichess_variant_key("chess"), "standard");
    EXPECT_EQ(lichess_variant_key("evochess"), "evochess");
    EXPECT_EQ(lichess_variant_key("promoteking"), "promoteking");
    EXPECT_EQ(variant_of_lichess_key("standard"), "chess");
    EXPECT_EQ(variant_of_lichess_key("fromPosition"), "chess");
    EXPECT_EQ(variant_of_lichess_key("echess"), "echess");
    for (const char* name : {"evochess", "echess", "promoteking"})
        EXPECT_EQ(variant_of_lichess_key(lichess_variant_key(name)), name);
}

TEST(VariantKeysTest, KeysOfNoVariantHereNameNone) {
    EXPECT_EQ(variant_of_lichess_key("chess"), std::nullopt);
    EXPECT_EQ(variant_of_lichess_key("crazyhouse"), std::nullopt);
    EXPECT_EQ(variant_of_lichess_key(""), std::nullopt);
    EXPECT_EQ(variant_of_lichess_key(std::string_view("evochess\0x", 10)), std::nullopt);
}

} // namespace
} // namespace evo

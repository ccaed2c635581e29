// One reading of comma-separated lists: items trimmed, empty ones skipped, at most `most`.
#include "core/comma_list.h"

#include <gtest/gtest.h>

namespace evo {
namespace {

using Items = std::vector<std::string>;

TEST(CommaListTest, ItemsAreTrimmedAndEmptyOnesSkipped) {
    EXPECT_EQ(comma_list("evochess,standard"), (Items{"evochess", "standard"}));
    EXPECT_EQ(comma_list(" evochess , standard\n"), (Items{"evochess", "standard"}));
    EXPECT_EQ(comma_list(",,a,, ,\tb,"), (Items{"a", "b"}));
    EXPECT_EQ(comma_list("a b,c"), (Items{"a b", "c"}));
    EXPECT_EQ(comma_list(""), Items{});
    EXPECT_EQ(comma_list(" , ,"), Items{});
}

TEST(CommaListTest, ReadsAtMostTheItemsAsked) {
    EXPECT_EQ(comma_list("a,b,c,d", 2), (Items{"a", "b"}));
    EXPECT_EQ(comma_list(",,a,,b,c", 2), (Items{"a", "b"}));
    std::string long_list;
    for (int i = 0; i < 5000; ++i) long_list += "x,";
    EXPECT_EQ(comma_list(long_list).size(), 1000u);
}

TEST(CommaListTest, BytesOtherThanBlanksAreKept) {
    EXPECT_EQ(comma_list(std::string_view("a\0b,c", 5)), (Items{std::string("a\0b", 3), "c"}));
}

} // namespace
} // namespace evo

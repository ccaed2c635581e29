// The rating changes read with a game: both seats' rows in either order; anything short of
// both (no rows, one row, a malformed text) is no change at all.
#include "app/storage/rating_changes_column.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

TEST(RatingChangesColumnTest, BothSeatsInEitherOrder) {
    auto changes = rating_changes_from_json(R"([["b", 1500, 1487.5], ["w", 1500, 1512.5]])");
    ASSERT_TRUE(changes);
    EXPECT_DOUBLE_EQ((*changes)[0].before, 1500);
    EXPECT_DOUBLE_EQ((*changes)[0].after, 1512.5);
    EXPECT_DOUBLE_EQ((*changes)[1].after, 1487.5);
}

TEST(RatingChangesColumnTest, AnythingShortOfBothSeatsIsNone) {
    EXPECT_FALSE(rating_changes_from_json(std::nullopt)); // PostgreSQL's json_agg of no rows
    EXPECT_FALSE(rating_changes_from_json("[]"));         // SQLite's json_group_array of none
    EXPECT_FALSE(rating_changes_from_json(R"([["w", 1500, 1512]])"));
    EXPECT_FALSE(rating_changes_from_json(R"([["w", 1500, 1512], ["w", 1500, 1512]])"));
    EXPECT_FALSE(rating_changes_from_json(R"([["w", "x", 1512], ["b", 1500, 1488]])"));
    EXPECT_FALSE(rating_changes_from_json("not json"));
}

} // namespace
} // namespace evo::app

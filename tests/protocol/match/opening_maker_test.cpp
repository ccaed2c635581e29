#include "protocol/match/opening_maker.h"

#include "protocol/match/openings.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

TEST(OpeningMaker, MaterialBalanceAndSanLine) {
    auto pos = Position::from_fen(chess_variant(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(material_balance(*pos), 5);
    EXPECT_EQ(material_balance(Position::start(chess_variant())), 0);
    Game game(chess_variant());
    for (const char* move : {"e4", "e5", "Nf3"}) ASSERT_TRUE(game.play(move).ok());
    EXPECT_EQ(san_line(game), "1. e4 e5 2. Nf3");
}

TEST(OpeningMaker, MakesDistinctLevelLinesThatReadBack) {
    for (const Variant* variant : all_variants()) {
        OpeningMakerSettings settings;
        settings.variant = variant;
        settings.count = 20;
        settings.seed = 7;
        auto lines = make_openings(settings);
        ASSERT_TRUE(lines.ok()) << lines.error();
        ASSERT_EQ(lines->size(), 20u) << variant->name;
        std::string text;
        for (const std::string& line : *lines) text += line + "\n";
        auto openings = parse_openings(text, *variant, "made");
        ASSERT_TRUE(openings.ok()) << openings.error();
        for (const Opening& opening : *openings) {
            EXPECT_EQ(opening.game.moves().size(), 4u);
            EXPECT_EQ(material_balance(opening.game.position()), 0);
        }
        // The same seed gives the same set.
        EXPECT_EQ(*make_openings(settings), *lines);
    }
}

} // namespace
} // namespace evo::match

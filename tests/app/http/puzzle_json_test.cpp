// The JSON of the puzzle API (docs/api.md, "Puzzles"), as the web trainer reads it: the text
// of each answer, field by field, from PuzzleService's typed results.
#include "app/http/json_answer.h"
#include "app/http/puzzle_json.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

Puzzle fools_mate() {
    return {"ab12",
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            {"f2f3", "e7e5", "g2g4", "d8h4"},
            1234,
            {"mate", "short"}};
}

TEST(PuzzleJson, APuzzleIsItsFileFieldsAndTheDailyOneItsDate) {
    Puzzle puzzle = fools_mate();
    const std::string fields =
        R"("fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","id":"ab12",)"
        R"("moves":["f2f3","e7e5","g2g4","d8h4"],"rating":1234,"themes":["mate","short"],)"
        R"("variant":"chess")";
    EXPECT_EQ(to_json_text(puzzle_json(puzzle)), "{" + fields + "}");
    EXPECT_EQ(to_json_text(daily_puzzle_json({&puzzle, "2027-01-15"})),
              R"({"date":"2027-01-15",)" + fields + "}");
}

TEST(PuzzleJson, ThemesAreCountedByName) {
    EXPECT_EQ(to_json_text(puzzle_themes_json({"chess", 7, {{"mate", 7}, {"fork", 3}}})),
              R"({"themes":{"fork":3,"mate":7},"total":7,"variant":"chess"})");
    EXPECT_EQ(to_json_text(puzzle_themes_json({"evochess", 0, {}})),
              R"({"themes":{},"total":0,"variant":"evochess"})");
}

TEST(PuzzleJson, AnAttemptShowsBothRatingsRoundedAndTheNewOneExact) {
    PuzzleAttemptResult visitor{"ab12", "chess", true, {1500, 350, 0.06}, {1662.5, 290.25, 0.0599},
                                false,  0};
    EXPECT_EQ(to_json_text(puzzle_attempt_json(visitor)),
              R"({"before":{"provisional":true,"rating":1500,"rd":350,"volatility":0.06},)"
              R"("exact":{"rating":1662.5,"rd":290.25,"volatility":0.0599},"puzzle":"ab12",)"
              R"("rating":{"provisional":true,"rating":1663,"rd":290,"volatility":0.0599},)"
              R"("solved":true,"stored":false,"variant":"chess"})");

    PuzzleAttemptResult account{
        "cd34", "evochess", false, {1800.4, 100, 0.06}, {1790.2, 99.5, 0.06}, true, 12};
    EXPECT_EQ(
        to_json_text(puzzle_attempt_json(account)),
        R"({"attempts":12,)"
        R"("before":{"provisional":false,"rating":1800,"rd":100,"volatility":0.06},)"
        R"("counted":true,"exact":{"rating":1790.2,"rd":99.5,"volatility":0.06},"puzzle":"cd34",)"
        R"("rating":{"provisional":false,"rating":1790,"rd":100,"volatility":0.06},)"
        R"("solved":false,"stored":true,"variant":"evochess"})");
}

TEST(PuzzleJson, AnAccountsRatingIsRoundedWithItsExactValues) {
    EXPECT_EQ(to_json_text(puzzle_rating_json({"chess", {1500, 350, 0.06}, 0})),
              R"({"attempts":0,"exact":{"rating":1500.0,"rd":350.0,"volatility":0.06},)"
              R"("provisional":true,"rating":1500,"rd":350,"variant":"chess","volatility":0.06})");
    EXPECT_EQ(to_json_text(puzzle_rating_json({"chess", {1612.75, 80.5, 0.0601}, 9})),
              R"({"attempts":9,"exact":{"rating":1612.75,"rd":80.5,"volatility":0.0601},)"
              R"("provisional":false,"rating":1613,"rd":81,"variant":"chess",)"
              R"("volatility":0.0601})");
}

} // namespace
} // namespace evo::app::testing

// PuzzleService's typed results (docs/api.md, "Puzzles"): the set's own puzzle chosen near a
// rating or by id, the day's puzzle and its date, a variant's theme counts, and an attempt's
// ratings before and after, stored for an account and not for a visitor.
#include "../http/api_test_server.h"
#include "puzzle_lines.h"

#include "app/common/api_error.h"
#include "app/puzzles/service.h"
#include "app/ratings/glicko2.h"
#include "app/storage/sqlite/account_repository.h"

#include <gtest/gtest.h>

namespace evo::app::testing {
namespace {

PuzzleSet make_set() {
    PuzzleSet set;
    for (int rating : {1000, 1200, 1400, 1600})
        set.add({std::string("p").append(std::to_string(rating)),
                 "chess",
                 start_fen,
                 {"f2f3", "e7e5", "g2g4", "d8h4"},
                 rating,
                 rating >= 1400 ? std::vector<std::string>{"mate", "fork"}
                                : std::vector<std::string>{"mate"}});
    set.add({"e1", "evochess", start_fen, {"f2f3", "e7e5", "g2g4", "d8h4"}, 1500, {"mate"}});
    return set;
}

ErrorKind error_of(const std::function<void()>& call) {
    try {
        call();
    } catch (const ApiError& error) {
        return error.kind();
    }
    ADD_FAILURE() << "no ApiError";
    return ErrorKind::Internal;
}

void expect_rating(const Glicko2Rating& actual, const Glicko2Rating& expected) {
    EXPECT_DOUBLE_EQ(actual.rating, expected.rating);
    EXPECT_DOUBLE_EQ(actual.rd, expected.rd);
    EXPECT_DOUBLE_EQ(actual.volatility, expected.volatility);
}

Glicko2Rating after_one(const Glicko2Rating& before, int puzzle_rating, bool solved) {
    return glicko2_update(
        before, {{{double(puzzle_rating), puzzle_opponent_rd, 0.06}, solved ? 1.0 : 0.0}});
}

class PuzzleServiceTest : public ::testing::Test {
  protected:
    std::int64_t account(const std::string& name) {
        AccountRecord record{0, name, "not a hash", clock_.now_ms()};
        EXPECT_TRUE(accounts_.create(record));
        return record.id;
    }

    TemporaryDirectory directory_;
    ManualClock clock_{1'800'000'000'000}; // 2027-01-15T08:00:00Z
    SqliteAccountRepository accounts_{(directory_.path() / "games.sqlite3").string()};
    PuzzleSet set_ = make_set();
    PuzzleService puzzles_{set_, clock_, &accounts_};
};

TEST_F(PuzzleServiceTest, ChoiceAndIdAnswerTheSetsOwnPuzzle) {
    PuzzleRequest near;
    near.variant = "chess";
    near.rating = 1450;
    EXPECT_EQ(&puzzles_.choose(near), set_.find("p1400"));
    near.seed = 1;
    EXPECT_EQ(&puzzles_.choose(near), set_.find("p1600"));
    near.theme = "fork";
    near.exclude = {"p1600"};
    near.seed = 0;
    EXPECT_EQ(&puzzles_.choose(near), set_.find("p1400"));
    near.exclude = {"p1400", "p1600"};
    EXPECT_EQ(error_of([&] { puzzles_.choose(near); }), ErrorKind::NotFound);
    EXPECT_EQ(error_of([&] { puzzles_.choose(PuzzleRequest{}); }), ErrorKind::BadRequest);

    const Puzzle& one = puzzles_.get("p1200");
    EXPECT_EQ(&one, set_.find("p1200"));
    EXPECT_EQ(one.rating, 1200);
    EXPECT_EQ(error_of([&] { puzzles_.get("nosuch"); }), ErrorKind::NotFound);
}

TEST_F(PuzzleServiceTest, TheDailyPuzzleIsOfTheVariantAndCarriesItsUtcDate) {
    DailyPuzzle morning = puzzles_.daily("chess");
    ASSERT_NE(morning.puzzle, nullptr);
    EXPECT_EQ(morning.puzzle->variant, "chess");
    EXPECT_EQ(morning.puzzle, set_.find(morning.puzzle->id));
    EXPECT_EQ(morning.date, "2027-01-15");
    clock_.advance(15LL * 3600 * 1000); // 23:00 the same day
    DailyPuzzle evening = puzzles_.daily("chess");
    EXPECT_EQ(evening.puzzle, morning.puzzle);
    EXPECT_EQ(evening.date, "2027-01-15");
    clock_.advance(3600 * 1000);
    EXPECT_EQ(puzzles_.daily("chess").date, "2027-01-16");
    EXPECT_EQ(puzzles_.daily("evochess").puzzle, set_.find("e1"));
    EXPECT_EQ(error_of([&] { puzzles_.daily("shogi"); }), ErrorKind::NotFound);
}

TEST_F(PuzzleServiceTest, ThemesCountTheVariantsPuzzles) {
    PuzzleThemes themes = puzzles_.themes("chess");
    EXPECT_EQ(themes.variant, "chess");
    EXPECT_EQ(themes.total, 4u);
    EXPECT_EQ(themes.counts, (std::map<std::string, int>{{"fork", 2}, {"mate", 4}}));
    EXPECT_EQ(error_of([&] { puzzles_.themes(""); }), ErrorKind::BadRequest);
}

TEST_F(PuzzleServiceTest, AVisitorsAttemptStartsFromTheGivenRatingAndIsNotStored) {
    Glicko2Rating given{1700, 200, 0.07};
    PuzzleAttemptResult result = puzzles_.attempt("p1400", false, std::nullopt, given);
    EXPECT_EQ(result.puzzle, "p1400");
    EXPECT_EQ(result.variant, "chess");
    EXPECT_FALSE(result.solved);
    expect_rating(result.before, given);
    expect_rating(result.after, after_one(given, 1400, false));
    EXPECT_FALSE(result.stored);
    EXPECT_EQ(result.attempts, 0);

    PuzzleAttemptResult first = puzzles_.attempt("e1", true, std::nullopt, std::nullopt);
    expect_rating(first.before, initial_rating());
    expect_rating(first.after, after_one(initial_rating(), 1500, true));

    // A server without accounts stores nobody's.
    PuzzleService without(set_, clock_, nullptr);
    EXPECT_FALSE(without.attempt("p1000", true, 7, std::nullopt).stored);
}

TEST_F(PuzzleServiceTest, AnAccountsAttemptsAreStoredAndCounted) {
    std::int64_t solver = account("solver");
    PuzzleRating before = puzzles_.rating_of(solver, "chess");
    EXPECT_EQ(before.variant, "chess");
    expect_rating(before.rating, initial_rating());
    EXPECT_EQ(before.attempts, 0);

    PuzzleAttemptResult first = puzzles_.attempt("p1400", true, solver, std::nullopt);
    Glicko2Rating one = after_one(initial_rating(), 1400, true);
    EXPECT_TRUE(first.stored);
    EXPECT_EQ(first.attempts, 1);
    expect_rating(first.after, one);
    // The stored rating counts, not one given.
    PuzzleAttemptResult second =
        puzzles_.attempt("p1000", false, solver, Glicko2Rating{3000, 50, 0.06});
    expect_rating(second.before, one);
    expect_rating(second.after, after_one(one, 1000, false));
    EXPECT_EQ(second.attempts, 2);

    PuzzleRating chess = puzzles_.rating_of(solver, "chess");
    expect_rating(chess.rating, second.after);
    EXPECT_EQ(chess.attempts, 2);
    EXPECT_EQ(puzzles_.rating_of(solver, "evochess").attempts, 0);
}

} // namespace
} // namespace evo::app::testing

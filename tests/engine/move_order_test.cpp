// Move ordering: the rest of a scored list sorted at once comes in descending score order, as
// picking the best one at a time does, ties in their listed order.
#include "engine_test_util.h"

#include "engine/move_order.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace evo::engine {
namespace {

// A list of `scores.size()` distinct moves, the i-th from square i.
std::unique_ptr<MoveList> numbered_moves(const std::vector<int>& scores) {
    auto list = std::make_unique<MoveList>();
    for (std::size_t i = 0; i < scores.size(); ++i)
        list->push(Move::make(Square(i), Square(63 - i)));
    return list;
}

TEST(MoveOrderTest, SortRestOrdersByScoreKeepingTiesInTheirPlace) {
    std::vector<int> scores = {50, -3, 7, 7, 1000, -3, 0, 7};
    auto list = numbered_moves(scores);
    sort_rest(*list, scores.data(), 0);
    std::vector<int> from;
    for (Move m : *list) from.push_back(int(m.from()));
    EXPECT_EQ(from, (std::vector<int>{4, 0, 2, 3, 7, 6, 1, 5}));
    EXPECT_EQ(scores, (std::vector<int>{1000, 50, 7, 7, 7, 0, -3, -3}));
}

TEST(MoveOrderTest, SortRestLeavesTheMovesAlreadyTakenAlone) {
    std::vector<int> scores = {1, 2, 3, 9, 4, 8};
    auto list = numbered_moves(scores);
    sort_rest(*list, scores.data(), 3);
    std::vector<int> from;
    for (Move m : *list) from.push_back(int(m.from()));
    EXPECT_EQ(from, (std::vector<int>{0, 1, 2, 3, 5, 4}));
}

TEST(MoveOrderTest, SortingTheRestTakesTheScoresInTheOrderPickingDoes) {
    const std::vector<int> scores = {5, 9, -1, 9, 3, 12, 0, 5, 5, -7, 2, 9};
    auto picked = numbered_moves(scores);
    std::vector<int> picked_scores = scores;
    std::vector<int> picked_order;
    int index = 0;
    while (!pick_next(*picked, picked_scores.data(), index).is_none())
        picked_order.push_back(picked_scores[std::size_t(index - 1)]);
    auto sorted = numbered_moves(scores);
    std::vector<int> sorted_scores = scores;
    sort_rest(*sorted, sorted_scores.data(), 0);
    EXPECT_EQ(sorted_scores, picked_order);
}

// Quiets scored late (when the captures and killers are used up) get the scores they would
// have had at once.
TEST(MoveOrderTest, DeferredQuietsGetTheScoresTheyWouldHaveHadAtOnce) {
    Position pos =
        test::load("evochess", "4k3/ppp1pppp/8/8/3p4/4P3/PPPP1PPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0");
    auto history = std::make_unique<SearchHistory>();
    history->clear();
    std::mt19937 rng(7);
    for (auto& side : history->butterfly)
        for (auto& from : side)
            for (auto& entry : from) entry = std::int16_t(int(rng() % 2001) - 1000);
    MoveList list;
    generate_legal(pos, list);
    ASSERT_GT(list.size(), 10);
    OrderingHints hints;
    hints.killers[0] = list[3];
    hints.continuation[0] = hints.continuation[1] = hints.continuation[2] =
        &history->continuation[0][0];
    std::vector<int> at_once(std::size_t(list.size())), deferred(std::size_t(list.size()));
    score_moves(pos, *history, hints, list, at_once.data());
    score_moves(pos, *history, hints, list, deferred.data(), true);
    EXPECT_NE(at_once, deferred);
    EXPECT_EQ(deferred[3], at_once[3]) << "a killer is scored at once";
    score_quiets(pos, *history, hints, list, deferred.data(), 0);
    EXPECT_EQ(at_once, deferred);
}

} // namespace
} // namespace evo::engine

// The arena's pairing (docs/tournaments.md, P1-P7): the wave's cost is the exhaustive
// minimum on small random events, no immediate rematch, no fourth game in a row with a colour.
#include "app/tournaments/arena_pairing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

namespace evo::app {
namespace {

PairingCandidate player(ArenaPlayerId id, int rank, int rating = 1500) {
    PairingCandidate c;
    c.player = id;
    c.rank = rank;
    c.rating = rating;
    return c;
}

TEST(ArenaPairing, CostIsRankDistanceTimesTheFactorPlusRatingDistance) {
    // Ranks 1 and 3 of at most 10: factor 300 + 1700 x 9 / 10 = 1830.
    EXPECT_EQ(arena_pair_cost(player(1, 1, 1500), player(2, 3, 1600), 10, false), 2 * 1830 + 100);
    // Near the bottom the factor falls to 300 + 1700 x 1 / 10 = 470.
    EXPECT_EQ(arena_pair_cost(player(1, 9, 1500), player(2, 10, 1450), 10, false), 470 + 50);
}

TEST(ArenaPairing, NoRematchAndNoFourthColourInARow) {
    auto a = player(1, 1);
    auto b = player(2, 2);
    a.last_opponent = 2;
    EXPECT_EQ(arena_pair_cost(a, b, 2, false), -1);
    EXPECT_EQ(arena_pair_cost(b, a, 2, false), -1);
    EXPECT_EQ(arena_pair_cost(a, b, 2, true), 1); // only two active: they play again
    a.last_opponent = 0;
    a.colours = {3, 3};
    b.colours = {3, 5};
    EXPECT_EQ(arena_pair_cost(a, b, 2, false), -1);
    b.colours = {2, 2};
    EXPECT_GE(arena_pair_cost(a, b, 2, false), 0);
    a.colours = {-3, -3};
    b.colours = {-3, -1};
    EXPECT_EQ(arena_pair_cost(a, b, 2, false), -1);
}

TEST(ArenaPairing, ColourHistoryAndWhoGetsWhite) {
    ColourHistory h;
    h = colour_history_after(h, true);
    h = colour_history_after(h, true);
    EXPECT_EQ(h.streak, 2);
    EXPECT_EQ(h.balance, 2);
    h = colour_history_after(h, false);
    EXPECT_EQ(h.streak, -1);
    EXPECT_EQ(h.balance, 1);
    EXPECT_TRUE(first_gets_white({-1, 0}, {1, 0}, false));
    EXPECT_FALSE(first_gets_white({1, 0}, {-1, 0}, true));
    EXPECT_TRUE(first_gets_white({1, -2}, {1, 2}, false));
    EXPECT_TRUE(first_gets_white({1, 1}, {1, 1}, true));
    EXPECT_FALSE(first_gets_white({1, 1}, {1, 1}, false));
}

struct Best {
    int pairs = 0;
    std::int64_t cost = 0;
};

Best exhaustive(std::size_t from, std::vector<bool>& used,
                const std::vector<PairingCandidate>& group, int max_rank) {
    while (from < group.size() && used[from]) ++from;
    if (from >= group.size()) return {};
    used[from] = true;
    Best best = exhaustive(from + 1, used, group, max_rank);
    for (std::size_t j = from + 1; j < group.size(); ++j) {
        if (used[j]) continue;
        const auto cost = arena_pair_cost(group[from], group[j], max_rank, false);
        if (cost < 0) continue;
        used[j] = true;
        Best with = exhaustive(from + 1, used, group, max_rank);
        used[j] = false;
        with.pairs += 1;
        with.cost += cost;
        if (with.pairs > best.pairs || (with.pairs == best.pairs && with.cost < best.cost))
            best = with;
    }
    used[from] = false;
    return best;
}

std::vector<PairingCandidate> random_event(std::mt19937& random, int n) {
    std::vector<int> ranks(n * 3);
    for (int i = 0; i < n * 3; ++i) ranks[i] = i + 1;
    std::shuffle(ranks.begin(), ranks.end(), random);
    std::vector<PairingCandidate> players;
    for (int i = 0; i < n; ++i) {
        auto p = player(i + 1, ranks[i], 800 + static_cast<int>(random() % 1600));
        p.colours.streak = static_cast<int>(random() % 9) - 4;
        if (p.colours.streak == 0) p.colours.streak = 1;
        p.colours.balance = p.colours.streak + static_cast<int>(random() % 5) - 2;
        p.waiting_since_ms = static_cast<std::int64_t>(random() % 100'000);
        players.push_back(p);
    }
    for (int i = 0; i < n; ++i)
        if (random() % 3 != 0) players[i].last_opponent = 1 + random() % n;
    return players;
}

// The wave's players as lila chooses them: the even number, or all when that pairs nobody.
TEST(ArenaPairing, TheWavesCostIsTheExhaustiveMinimum) {
    std::mt19937 random(50);
    for (int trial = 0; trial < 2000; ++trial) {
        const int n = 2 + static_cast<int>(random() % 9);
        const auto waiting = random_event(random, n);
        ArenaPairingInput input;
        input.waiting = waiting;
        input.seed = trial;
        const auto pairs = arena_pairings(input);

        std::vector<PairingCandidate> even(waiting);
        if (n % 2 == 1)
            even.erase(std::max_element(even.begin(), even.end(), [](const auto& a, const auto& b) {
                return a.waiting_since_ms < b.waiting_since_ms;
            }));
        const auto best_of = [](const std::vector<PairingCandidate>& group) {
            int max_rank = 0;
            for (const auto& p : group) max_rank = std::max(max_rank, p.rank);
            std::vector<bool> used(group.size(), false);
            return std::make_pair(exhaustive(0, used, group, max_rank), max_rank);
        };
        auto [best, max_rank] = best_of(even);
        if (best.pairs == 0 && n % 2 == 1) std::tie(best, max_rank) = best_of(waiting);

        std::map<ArenaPlayerId, PairingCandidate> by_id;
        for (const auto& p : waiting) by_id[p.player] = p;
        std::set<ArenaPlayerId> seen;
        std::int64_t cost = 0;
        for (const auto& pair : pairs) {
            ASSERT_TRUE(seen.insert(pair.white).second) << "paired twice, trial " << trial;
            ASSERT_TRUE(seen.insert(pair.black).second) << "paired twice, trial " << trial;
            const auto c = arena_pair_cost(by_id[pair.white], by_id[pair.black], max_rank, false);
            ASSERT_GE(c, 0) << "a pair the rules forbid, trial " << trial;
            cost += c;
        }
        ASSERT_EQ(static_cast<int>(pairs.size()), best.pairs) << "trial " << trial;
        ASSERT_EQ(cost, best.cost) << "trial " << trial;
    }
}

// A whole arena of 12 players over many waves: results at random, colour histories and last
// opponents kept as the service will keep them.
TEST(ArenaPairing, AnArenaNeverRematchesAtOnceNorGivesAFourthColourInARow) {
    std::mt19937 random(12);
    constexpr int n = 12;
    std::vector<PairingCandidate> players;
    for (int i = 0; i < n; ++i) players.push_back(player(i + 1, i + 1, 1200 + 50 * i));
    int games = 0;
    for (int wave = 0; wave < 300; ++wave) {
        // A random subset waits.
        std::vector<PairingCandidate> waiting;
        for (const auto& p : players)
            if (random() % 4 != 0) waiting.push_back(p);
        ArenaPairingInput input;
        input.waiting = waiting;
        input.seed = wave;
        for (const auto& pair : arena_pairings(input)) {
            auto& white = players[pair.white - 1];
            auto& black = players[pair.black - 1];
            ASSERT_NE(white.last_opponent, black.player) << "wave " << wave;
            ASSERT_NE(black.last_opponent, white.player) << "wave " << wave;
            white.colours = colour_history_after(white.colours, true);
            black.colours = colour_history_after(black.colours, false);
            ASSERT_LE(white.colours.streak, max_colour_streak) << "wave " << wave;
            ASSERT_GE(black.colours.streak, -max_colour_streak) << "wave " << wave;
            white.last_opponent = black.player;
            black.last_opponent = white.player;
            ++games;
        }
        // New ranks: shuffle a little, as scores change.
        std::vector<int> ranks(n);
        for (int i = 0; i < n; ++i) ranks[i] = i + 1;
        std::shuffle(ranks.begin(), ranks.end(), random);
        for (int i = 0; i < n; ++i) players[i].rank = ranks[i];
    }
    EXPECT_GT(games, 300 * 3);
}

TEST(ArenaPairing, OnlyTwoActivePlayersMeetAgain) {
    auto a = player(1, 1);
    auto b = player(2, 2);
    a.last_opponent = 2;
    b.last_opponent = 1;
    a.colours = {3, 3};
    b.colours = {3, 3};
    const std::vector<PairingCandidate> waiting{a, b};
    ArenaPairingInput input;
    input.waiting = waiting;
    EXPECT_TRUE(arena_pairings(input).empty());
    input.only_two_active = true;
    EXPECT_EQ(arena_pairings(input).size(), 1u);
}

TEST(ArenaPairing, OddTheLastToComeWaitsUnlessNobodyElseCanPlay) {
    std::vector<PairingCandidate> waiting{player(1, 1), player(2, 2), player(3, 3)};
    waiting[0].waiting_since_ms = 100;
    waiting[1].waiting_since_ms = 300; // the last to come
    waiting[2].waiting_since_ms = 200;
    ArenaPairingInput input;
    input.waiting = waiting;
    auto pairs = arena_pairings(input);
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_NE(pairs[0].white, 2);
    EXPECT_NE(pairs[0].black, 2);
    // 1 and 3 just met: then all three are considered and the last to come plays.
    waiting[0].last_opponent = 3;
    pairs = arena_pairings(input);
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_TRUE(pairs[0].white == 2 || pairs[0].black == 2);
}

TEST(ArenaPairing, TheColoursFollowTheHistories) {
    auto a = player(1, 1);
    auto b = player(2, 2);
    a.colours = {2, 2};
    b.colours = {-1, 0};
    const std::vector<PairingCandidate> waiting{a, b};
    ArenaPairingInput input;
    input.waiting = waiting;
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
        input.seed = seed;
        const auto pairs = arena_pairings(input);
        ASSERT_EQ(pairs.size(), 1u);
        EXPECT_EQ(pairs[0].white, 2);
    }
}

std::vector<PairingCandidate> ranked_event(int n) {
    std::vector<PairingCandidate> players;
    for (int i = 0; i < n; ++i) players.push_back(player(i + 1, n - i, 1500 + i)); // shuffled ranks
    return players;
}

int rank_of(const std::vector<PairingCandidate>& players, ArenaPlayerId id) {
    return players[id - 1].rank;
}

TEST(ArenaPairing, MoreThanAHundredAreSplitInTwoMatchings) {
    const auto waiting = ranked_event(150);
    ArenaPairingInput input;
    input.waiting = waiting;
    const auto pairs = arena_pairings(input);
    // Groups of 150 / 4 x 2 = 74 by rank, two matchings, then neighbours for the last two.
    ASSERT_EQ(pairs.size(), 75u);
    for (const auto& pair : pairs) {
        const int group_white = (rank_of(waiting, pair.white) - 1) / 74;
        const int group_black = (rank_of(waiting, pair.black) - 1) / 74;
        EXPECT_EQ(group_white, group_black);
    }
}

TEST(ArenaPairing, BeyondTwoHundredNeighboursArePairedAfterTwoGroupsOfAHundred) {
    const auto waiting = ranked_event(250);
    ArenaPairingInput input;
    input.waiting = waiting;
    const auto pairs = arena_pairings(input);
    ASSERT_EQ(pairs.size(), 125u);
    for (const auto& pair : pairs) {
        const int white = rank_of(waiting, pair.white);
        const int black = rank_of(waiting, pair.black);
        EXPECT_EQ((white - 1) / 100, (black - 1) / 100);
        if (white > 200) {
            EXPECT_EQ((white - 201) / 2, (black - 201) / 2); // neighbours
        }
    }
}

TEST(ArenaPairing, RecentlyStartedPairsNeighboursInRankOrder) {
    auto waiting = ranked_event(6);
    waiting[0].last_opponent = 2; // no history counts yet
    ArenaPairingInput input;
    input.waiting = waiting;
    input.recently_started = true;
    const auto pairs = arena_pairings(input);
    ASSERT_EQ(pairs.size(), 3u);
    for (const auto& pair : pairs) {
        const int a = rank_of(waiting, pair.white);
        const int b = rank_of(waiting, pair.black);
        EXPECT_EQ((std::min(a, b) - 1) / 2, (std::max(a, b) - 1) / 2);
        EXPECT_EQ(std::abs(a - b), 1);
    }
}

} // namespace
} // namespace evo::app

#include "arena_pairing.h"

#include "arena_waiting.h"
#include "min_cost_matching.h"

#include <algorithm>
#include <cstdlib>
#include <random>

namespace evo::app {

ColourHistory colour_history_after(ColourHistory history, bool played_white) {
    if (played_white) return {std::max(history.streak + 1, 1), history.balance + 1};
    return {std::min(history.streak - 1, -1), history.balance - 1};
}

bool colours_allow(ColourHistory a, ColourHistory b, int max_streak) {
    return (a.streak > -max_streak || b.streak > -max_streak) &&
           (a.streak < max_streak || b.streak < max_streak);
}

bool first_gets_white(ColourHistory a, ColourHistory b, bool coin) {
    if (a.streak != b.streak) return a.streak < b.streak;
    if (a.balance != b.balance) return a.balance < b.balance;
    return coin;
}

std::int64_t arena_pair_cost(const PairingCandidate& a, const PairingCandidate& b, int max_rank,
                             bool only_two_active) {
    if (only_two_active) return 1;
    const bool just_met = a.last_opponent == b.player || b.last_opponent == a.player;
    if (just_met || !colours_allow(a.colours, b.colours)) return -1;
    // lila's rank factor: 2000 for the leaders down to 300 at the bottom, so that the top of
    // the table meets its neighbours first.
    const std::int64_t higher = std::min(a.rank, b.rank);
    const std::int64_t rank_factor = 300 + 1700 * (max_rank - higher) / std::max(max_rank, 1);
    return std::abs(std::int64_t{a.rank} - b.rank) * rank_factor +
           std::abs(std::int64_t{a.rating} - b.rating);
}

namespace {

using Ranked = std::vector<const PairingCandidate*>;

ArenaPair coloured(const PairingCandidate& a, const PairingCandidate& b, std::mt19937_64& coins) {
    const bool coin = (coins() & 1) != 0;
    if (first_gets_white(a.colours, b.colours, coin)) return {a.player, b.player};
    return {b.player, a.player};
}

std::vector<ArenaPair> best_pairings(const Ranked& group, bool only_two_active,
                                     std::mt19937_64& coins) {
    if (group.size() < 2) return {};
    int max_rank = 0;
    for (const auto* p : group) max_rank = std::max(max_rank, p->rank);
    std::vector<MatchingEdge> edges;
    const int size = static_cast<int>(group.size());
    for (int i = 0; i < size; ++i)
        for (int j = i + 1; j < size; ++j) {
            const auto cost = arena_pair_cost(*group[i], *group[j], max_rank, only_two_active);
            if (cost >= 0) edges.push_back({i, j, cost});
        }
    const std::vector<int> mates = min_cost_matching(size, edges);
    std::vector<ArenaPair> pairs;
    for (int i = 0; i < size; ++i)
        if (mates[i] > i) pairs.push_back(coloured(*group[i], *group[mates[i]], coins));
    return pairs;
}

// Neighbours in rank order, colours from their histories (lila's proximity pairing).
std::vector<ArenaPair> neighbour_pairings(const Ranked& players, bool random_colours,
                                          std::mt19937_64& coins) {
    std::vector<ArenaPair> pairs;
    for (std::size_t i = 0; i + 1 < players.size(); i += 2) {
        if (random_colours) {
            const bool coin = (coins() & 1) != 0;
            pairs.push_back(coin ? ArenaPair{players[i]->player, players[i + 1]->player}
                                 : ArenaPair{players[i + 1]->player, players[i]->player});
        } else {
            pairs.push_back(coloured(*players[i], *players[i + 1], coins));
        }
    }
    return pairs;
}

constexpr std::size_t max_group_size = 100;

std::vector<ArenaPair> pair_ranked(const Ranked& idles, const ArenaPairingInput& input,
                                   std::mt19937_64& coins) {
    if (idles.size() < 2) return {};
    if (input.recently_started) return neighbour_pairings(idles, true, coins);
    if (idles.size() <= max_group_size) return best_pairings(idles, input.only_two_active, coins);
    // Two groups of best pairings, each even, then neighbours for up to six groups more.
    const std::size_t group = std::min(idles.size() / 4 * 2, max_group_size);
    const auto slice = [&](std::size_t from, std::size_t to) {
        to = std::min(to, idles.size());
        return from >= to ? Ranked{} : Ranked(idles.begin() + from, idles.begin() + to);
    };
    std::vector<ArenaPair> pairs = best_pairings(slice(0, group), input.only_two_active, coins);
    for (const auto& pair : best_pairings(slice(group, 2 * group), input.only_two_active, coins))
        pairs.push_back(pair);
    for (const auto& pair : neighbour_pairings(slice(2 * group, 8 * group), false, coins))
        pairs.push_back(pair);
    return pairs;
}

Ranked ranked_of(std::span<const PairingCandidate> waiting, const std::vector<ArenaPlayerId>& ids) {
    Ranked ranked;
    for (const auto& candidate : waiting)
        if (std::find(ids.begin(), ids.end(), candidate.player) != ids.end())
            ranked.push_back(&candidate);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto* a, const auto* b) { return a->rank < b->rank; });
    return ranked;
}

} // namespace

std::vector<ArenaPair> arena_pairings(const ArenaPairingInput& input) {
    std::mt19937_64 coins(input.seed);
    std::vector<WaitingPlayer> waiting;
    std::vector<ArenaPlayerId> everyone;
    for (const auto& candidate : input.waiting) {
        waiting.push_back({candidate.player, candidate.waiting_since_ms});
        everyone.push_back(candidate.player);
    }
    std::vector<ArenaPair> pairs =
        pair_ranked(ranked_of(input.waiting, arena_players_to_pair(waiting)), input, coins);
    if (pairs.empty() && waiting.size() % 2 == 1)
        pairs = pair_ranked(ranked_of(input.waiting, everyone), input, coins);
    return pairs;
}

} // namespace evo::app

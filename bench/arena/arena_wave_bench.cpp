// The arena's speed at 1,000 players (issue 50, "Speed"; figures in docs/performance.md): the
// time of one pairing wave (arena_pairings: W3's choice, the minimum-cost matching, colours)
// for 100, 300 and 1,000 waiting players, p50 and p99 over many waves of random events; and
// the standings' update rate (arena_standings over every noted result) for 1,000 entrants
// after 10,000 games. Pure rules only: no storage, no HTTP.
//   build/bench/arena/arena_wave_bench [--waves N] [--seed S]
#include "app/tournaments/arena_pairing.h"
#include "app/tournaments/arena_standings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace evo::app;

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double percentile(std::vector<double> values, double share) {
    std::sort(values.begin(), values.end());
    auto at = std::size_t(share * double(values.size() - 1) + 0.5);
    return values[std::min(at, values.size() - 1)];
}

// A wave of `waiting` players out of an event of `players`: distinct ranks, ratings 1000-2400,
// colour histories and last opponents as a long event leaves them.
std::vector<PairingCandidate> random_wave(std::mt19937_64& random, int players, int waiting) {
    std::vector<int> ranks(static_cast<std::size_t>(players));
    for (int i = 0; i < players; ++i) ranks[std::size_t(i)] = i + 1;
    std::shuffle(ranks.begin(), ranks.end(), random);
    std::vector<PairingCandidate> wave;
    for (int i = 0; i < waiting; ++i) {
        PairingCandidate candidate;
        candidate.player = i + 1;
        candidate.rank = ranks[std::size_t(i)];
        candidate.rating = 1000 + int(random() % 1400);
        candidate.colours = {int(random() % 7) - 3, int(random() % 9) - 4};
        candidate.last_opponent = ArenaPlayerId(1 + random() % std::uint64_t(players));
        candidate.waiting_since_ms = std::int64_t(random() % 60'000);
        wave.push_back(candidate);
    }
    return wave;
}

void bench_waves(int players, int waiting, int waves, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<double> times;
    std::size_t pairs = 0;
    for (int wave = 0; wave < waves; ++wave) {
        std::vector<PairingCandidate> candidates = random_wave(random, players, waiting);
        ArenaPairingInput input;
        input.waiting = candidates;
        input.seed = random();
        auto start = Clock::now();
        pairs += arena_pairings(input).size();
        times.push_back(milliseconds_since(start));
    }
    std::printf("wave: %4d of %d players waiting: p50 %8.2f ms  p99 %8.2f ms  (%d waves, %.1f "
                "pairs each)\n",
                waiting, players, percentile(times, 0.5), percentile(times, 0.99), waves,
                double(pairs) / waves);
}

void bench_standings(int players, int games, int updates, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    ArenaSettings settings;
    settings.variant = "evochess";
    settings.clock = {180, 2};
    settings.minutes = 60;
    std::vector<ArenaEntrant> entrants;
    for (int i = 0; i < players; ++i) {
        ArenaEntrant entrant;
        entrant.id = i + 1;
        entrant.player = "account:" + std::to_string(i + 1);
        entrant.rating = 1000 + int(random() % 1400);
        entrant.joined_ms = i;
        entrants.push_back(entrant);
    }
    std::vector<ArenaGameResult> results;
    for (int g = 0; g < games; ++g) {
        ArenaGameResult result;
        result.game_id = g + 1;
        const auto white = random() % std::uint64_t(players);
        auto black = random() % std::uint64_t(players - 1);
        if (black >= white) ++black;
        result.white = entrants[white].player;
        result.black = entrants[black].player;
        const auto outcome = random() % 10;
        if (outcome < 4) result.winner = evo::White;
        if (outcome >= 4 && outcome < 8) result.winner = evo::Black;
        result.plies = 10 + int(random() % 120);
        result.white_berserked = random() % 8 == 0;
        result.black_berserked = random() % 8 == 0;
        results.push_back(result);
    }
    std::vector<double> times;
    for (int update = 0; update < updates; ++update) {
        auto start = Clock::now();
        std::vector<StandingRow> rows = arena_standings(settings, entrants, results);
        times.push_back(milliseconds_since(start));
        if (rows.size() != entrants.size()) std::abort();
    }
    const double p50 = percentile(times, 0.5);
    std::printf("standings: %d entrants, %d games: p50 %.2f ms  p99 %.2f ms  (%.0f updates/s)\n",
                players, games, p50, percentile(times, 0.99), 1000.0 / p50);
}

} // namespace

int main(int argc, char** argv) {
    int waves = 200;
    std::uint64_t seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--waves"))
            waves = std::max(1, std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--seed"))
            seed = std::strtoull(argv[i + 1], nullptr, 10);
        else {
            std::fprintf(stderr, "usage: arena_wave_bench [--waves N] [--seed S]\n");
            return 2;
        }
    }
    for (int waiting : {100, 300, 1000}) bench_waves(1000, waiting, waves, seed + waiting);
    bench_standings(1000, 10'000, std::max(20, waves / 4), seed);
    return 0;
}

// `evochess bench`: fixed positions of all four variants searched to a fixed depth with
// one thread and a fresh hash each. The node total is a signature of the search: it
// changes only when search behaviour changes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::engine {

struct BenchPosition {
    std::string_view variant;
    std::string_view fen;
};

const std::vector<BenchPosition>& bench_positions();

constexpr int DefaultBenchDepth = 11;
constexpr int DefaultBenchHashMb = 16;

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nodes_per_second() const {
        return nodes * 1000 / std::uint64_t(time_ms > 0 ? time_ms : 1);
    }
};

// What else a bench may set: engine options (name, value) such as Use NNUE and EvalFile, and
// the positions of one net family only (nnue::net_family; empty: all).
struct BenchSetup {
    std::vector<std::pair<std::string, std::string>> options;
    std::string family;
};

// `progress` gets one line per position (may be empty).
BenchResult run_bench(int depth, int hash_mb,
                      const std::function<void(const std::string&)>& progress = {},
                      const BenchSetup& setup = {});

// The three closing lines, as Stockfish prints them.
std::string bench_summary(const BenchResult& result);

} // namespace evo::engine

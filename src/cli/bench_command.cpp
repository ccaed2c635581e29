// `evochess bench [--depth N] [--hash MB]`: the search speed and node signature (engine/bench.h).
#include "command.h"

#include "engine/bench.h"

#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct BenchArgs {
    int depth = engine::DefaultBenchDepth;
    int hash_mb = engine::DefaultBenchHashMb;
};

int run_bench_command(const BenchArgs& args) {
    if (args.depth < 1 || args.depth > 60) {
        std::fprintf(stderr, "error: depth must be between 1 and 60\n");
        return 2;
    }
    if (args.hash_mb < 1 || args.hash_mb > 32768) {
        std::fprintf(stderr, "error: hash must be between 1 and 32768 MB (the UCI maximum)\n");
        return 2;
    }
    engine::BenchResult result =
        engine::run_bench(args.depth, args.hash_mb, [](const std::string& line) {
            std::printf("%s\n", line.c_str());
            std::fflush(stdout);
        });
    std::printf("\n%s", engine::bench_summary(result).c_str());
    return 0;
}

const RegisterCommand bench_command{
    "bench", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<BenchArgs>();
        CLI::App* cmd = app.add_subcommand(
            "bench", "search fixed positions of every variant; print nodes and speed");
        cmd->add_option("--depth", args->depth, "search depth in plies")->capture_default_str();
        cmd->add_option("--hash", args->hash_mb, "hash table size in MB")->capture_default_str();
        return [=] { return run_bench_command(*args); };
    }};

} // namespace

} // namespace evo::cli

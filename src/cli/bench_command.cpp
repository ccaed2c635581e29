// `evochess bench [--depth N] [--hash MB] [--eval-file NET]`: the search speed and node signature
// (engine/bench.h).
#include "command.h"

#include "engine/bench.h"
#include "engine/nnue/net_file.h"

#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct BenchArgs {
    int depth = engine::DefaultBenchDepth;
    int hash_mb = engine::DefaultBenchHashMb;
    std::string eval_file;
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
    auto print = [](const std::string& line) {
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
    };
    if (args.eval_file.empty()) {
        engine::BenchResult result = engine::run_bench(args.depth, args.hash_mb, print);
        std::printf("\n%s", engine::bench_summary(result).c_str());
        return 0;
    }
    // With a net: its family's positions, first with the hand-written evaluation, then with
    // the net, for the speed of each on the same positions (docs/nnue.md, "Inference").
    auto net = nnue::load_net(args.eval_file);
    if (!net) {
        std::fprintf(stderr, "error: %s\n", net.error().c_str());
        return 2;
    }
    engine::BenchSetup setup{{}, net->family};
    print("# hand-written evaluation, the positions of family " + net->family);
    engine::BenchResult hand = engine::run_bench(args.depth, args.hash_mb, print, setup);
    print("# NNUE " + args.eval_file);
    setup.options = {{"EvalFile", args.eval_file}, {"Use NNUE", "true"}};
    engine::BenchResult learned = engine::run_bench(args.depth, args.hash_mb, print, setup);
    std::printf("\nhand-written evaluation: %llu nodes/second\n",
                static_cast<unsigned long long>(hand.nodes_per_second()));
    std::printf("NNUE:                    %llu nodes/second\n\n%s",
                static_cast<unsigned long long>(learned.nodes_per_second()),
                engine::bench_summary(learned).c_str());
    return 0;
}

const RegisterCommand bench_command{
    "bench", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<BenchArgs>();
        CLI::App* cmd = app.add_subcommand(
            "bench", "search fixed positions of every variant; print nodes and speed");
        cmd->add_option("--depth", args->depth, "search depth in plies")->capture_default_str();
        cmd->add_option("--hash", args->hash_mb, "hash table size in MB")->capture_default_str();
        cmd->add_option("--eval-file", args->eval_file,
                        "a net file: its family's positions with the hand-written evaluation, "
                        "then with the net (nodes/second of each)");
        return [=] { return run_bench_command(*args); };
    }};

} // namespace

} // namespace evo::cli

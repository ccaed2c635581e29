// `evochess puzzles`: mine puzzles from self-play games and PGN games into a JSON Lines file
// (docs/puzzles.md). The mining is in src/protocol/puzzles; this reads the options.
#include "command.h"

#include "protocol/puzzles/puzzle_miner.h"
#include "protocol/puzzles/puzzle_output.h"

#include "core/pgn.h"

#include <nlohmann/json.hpp>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace evo::cli {

namespace {

struct PuzzlesArgs {
    std::vector<std::string> variants;
    int games = -1; // unset: 20 per variant given
    std::uint64_t seed = 1;
    std::uint64_t nodes = 20'000;
    std::uint64_t verify_nodes = 200'000;
    int threads = 1;
    std::string out;
    std::string pgn;
    bool resume = false;
};

std::atomic<bool> interrupted{false};
extern "C" void on_puzzles_interrupt(int) {
    interrupted.store(true);
}

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

Result<std::vector<Game>> read_pgn_games(const std::string& path) {
    std::ifstream in(path);
    if (!in) return make_error("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    std::vector<Game> games;
    std::vector<std::string> texts = split_pgn_games(text.str());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        auto parsed = parse_pgn(texts[i]);
        if (!parsed)
            return make_error(path + ", game " + std::to_string(i + 1) + ": " + parsed.error());
        games.push_back(parsed->game);
    }
    if (games.empty()) return make_error(path + " holds no game");
    return games;
}

int run_puzzles_command(const PuzzlesArgs& args) {
    puzzles::MiningSettings s;
    for (const std::string& name : args.variants) {
        const Variant* v = find_variant(name);
        if (!v) return fail("unknown variant '" + name + "' (" + variant_names() + ")");
        s.variants.push_back(v);
    }
    if (!args.pgn.empty()) {
        auto games = read_pgn_games(args.pgn);
        if (!games) return fail(games.error());
        s.recorded_games = std::move(*games);
    }
    if (s.variants.empty() && s.recorded_games.empty()) return fail("give --variant or --pgn");
    s.games = args.games >= 0 ? args.games : (s.variants.empty() ? 0 : 20);
    if (s.games > 1'000'000) return fail("--games must be 0 to 1000000");
    if (args.nodes < 100 || args.verify_nodes < 100)
        return fail("--nodes and --verify-nodes must be at least 100");
    if (args.threads < 1 || args.threads > 64) return fail("--threads must be 1 to 64");
    s.seed = args.seed;
    s.finder_nodes = args.nodes;
    s.rules.verify_nodes = args.verify_nodes;
    s.threads = args.threads;
    s.interrupted = &interrupted;

    // What the puzzles depend on; a resumed run must match it (--games may grow).
    nlohmann::json settings = {{"variants", args.variants}, {"seed", s.seed},
                               {"nodes", s.finder_nodes},   {"verify_nodes", s.rules.verify_nodes},
                               {"pgn", args.pgn},           {"max_plies", s.max_plies}};
    auto output = puzzles::PuzzleOutput::open(args.out, settings.dump(), args.resume);
    if (!output) return fail(output.error());
    std::shared_ptr<puzzles::PuzzleOutput> out = *output;
    s.done = out->done();

    const int total = s.games * int(s.variants.size()) + int(s.recorded_games.size());
    int done = int(out->done().size()), mined = 0;
    const auto start = std::chrono::steady_clock::now();
    const bool tty = isatty(STDERR_FILENO);
    bool write_failed = false;
    s.on_game = [&](const std::string& key, const std::vector<puzzles::Puzzle>& found) {
        if (!out->record(key, found)) write_failed = true;
        ++done;
        ++mined;
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "%sgames %d/%d  puzzles %d  %.2f games/s%s", tty ? "\r" : "", done,
                     total, out->puzzles(), seconds > 0 ? mined / seconds : 0.0, tty ? "" : "\n");
        std::fflush(stderr);
    };
    std::signal(SIGINT, on_puzzles_interrupt);
    puzzles::mine(s);
    if (tty && mined) std::fputc('\n', stderr);
    if (write_failed) return fail("cannot write " + args.out);
    std::fprintf(stderr, "%d puzzles in %s%s\n", out->puzzles(), args.out.c_str(),
                 interrupted ? " (interrupted: run again with --resume)" : "");
    return interrupted ? 1 : 0;
}

const RegisterCommand puzzles_command{
    "puzzles", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<PuzzlesArgs>();
        CLI::App* cmd = app.add_subcommand(
            "puzzles", "mine puzzles with one winning line from self-play or PGN games");
        cmd->add_option("--variant", args->variants, "a variant to play; repeatable");
        cmd->add_option("--games", args->games, "self-play games per --variant (default 20)");
        cmd->add_option("--seed", args->seed, "for the games' random openings")
            ->capture_default_str();
        cmd->add_option("--nodes", args->nodes, "nodes a move of the finder (the games' player)")
            ->capture_default_str();
        cmd->add_option("--verify-nodes", args->verify_nodes,
                        "nodes of each verifying search (two best moves)")
            ->capture_default_str();
        cmd->add_option("--threads", args->threads, "games mined at once")->capture_default_str();
        cmd->add_option("--pgn", args->pgn, "also mine the games of this PGN file");
        cmd->add_option("--out", args->out, "the puzzles file (JSON Lines)")->required();
        cmd->add_flag("--resume", args->resume,
                      "keep the puzzles in --out and skip the games already mined");
        return [=] { return run_puzzles_command(*args); };
    }};

} // namespace

} // namespace evo::cli

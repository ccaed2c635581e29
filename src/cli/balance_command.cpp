// `evochess balance`: how balanced are variants? Self-play over random balanced openings,
// White's score with its interval, draws, lengths, rights; a table and an SVG plot.
#include "command.h"

#include "protocol/balance/balance_report.h"
#include "protocol/balance/balance_run.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

namespace evo::cli {

namespace {

struct BalanceArgs {
    std::vector<std::string> variants;
    int games = 40;
    std::string tc;
    std::int64_t nodes = 0;
    int depth = 0;
    int concurrency = 1;
    int plies = 4;
    std::uint64_t seed = 1;
    std::string plot;
    bool progress = false;
};

std::atomic<bool> interrupted{false};
extern "C" void on_balance_interrupt(int) {
    interrupted.store(true);
}

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

// "[=====>      ] 37/120 evo-n2k1 12/40" on one line of stderr.
void draw_progress(int done, int total, const std::string& variant, int played, int planned) {
    const int width = 30;
    int filled = total ? done * width / total : 0;
    std::string bar(std::size_t(filled), '=');
    bar.append(std::size_t(width - filled), ' ');
    std::fprintf(stderr, "\r[%s] %d/%d games  %s %d/%d ", bar.c_str(), done, total, variant.c_str(),
                 played, planned);
    if (done == total) std::fputc('\n', stderr);
    std::fflush(stderr);
}

int run_balance_command(const BalanceArgs& args) {
    balance::BalanceSettings s;
    for (const std::string& name : args.variants) {
        const Variant* v = find_variant(name);
        if (!v) return fail("unknown variant '" + name + "' (" + variant_names() + ")");
        s.variants.push_back(v);
    }
    if (!args.tc.empty()) {
        auto tc = match::parse_time_control(args.tc);
        if (!tc) return fail(tc.error());
        s.limits.clock = *tc;
    }
    s.limits.nodes = args.nodes;
    s.limits.depth = args.depth;
    if (!s.limits.clock && s.limits.nodes <= 0 && s.limits.depth <= 0)
        return fail("give a limit: --tc, --nodes or --depth");
    if (args.concurrency < 1 || args.concurrency > 64) return fail("--concurrency must be 1 to 64");
    if (args.plies < 0 || args.plies > 40) return fail("--plies must be 0 to 40");
    std::error_code ec;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return fail("cannot find the evochess binary to start as the engine");
    s.engine_command = {self.string()};
    for (const std::string& file : variant_files()) {
        s.engine_command.push_back("--variants");
        s.engine_command.push_back(std::filesystem::absolute(file).string());
    }
    s.engine_command.push_back("uci");
    s.games = args.games;
    s.concurrency = args.concurrency;
    s.opening_plies = args.plies;
    s.seed = args.seed;
    s.interrupted = &interrupted;
    int total = s.games * int(s.variants.size()), done = 0;
    if (args.progress || isatty(STDERR_FILENO))
        s.progress = [&](const std::string& variant, int played, int planned) {
            draw_progress(++done, total, variant, played, planned);
        };
    std::signal(SIGINT, on_balance_interrupt);

    auto result = balance::run_balance(s);
    if (!result) return fail(result.error());
    std::string limit = !args.tc.empty() ? "tc " + args.tc
                        : args.nodes     ? std::to_string(args.nodes) + " nodes a move"
                                         : "depth " + std::to_string(args.depth);
    std::string header = "self-play, " + std::to_string(s.games) +
                         " games per variant over random balanced openings of " +
                         std::to_string(args.plies) + " plies, " + limit +
                         (interrupted ? " (interrupted)" : "") + "\n\n";
    std::fputs((header + balance::report_text(*result)).c_str(), stdout);
    if (!args.plot.empty()) {
        std::ofstream svg(args.plot);
        svg << balance::score_plot_svg(*result, "White's score, " + limit);
        if (!svg) return fail("cannot write " + args.plot);
        std::printf("\nplot: %s\n", args.plot.c_str());
    }
    return interrupted ? 1 : 0;
}

const RegisterCommand balance_command{
    "balance", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<BalanceArgs>();
        CLI::App* cmd = app.add_subcommand(
            "balance", "self-play variants over random balanced openings; White's score");
        cmd->add_option("--variant", args->variants, "a variant to measure; repeatable")
            ->required();
        cmd->add_option("--games", args->games, "games per variant")->capture_default_str();
        cmd->add_option("--tc", args->tc, "time control, e.g. 10+0.1");
        cmd->add_option("--nodes", args->nodes, "nodes per move");
        cmd->add_option("--depth", args->depth, "depth per move");
        cmd->add_option("--concurrency", args->concurrency, "games at once")->capture_default_str();
        cmd->add_option("--plies", args->plies, "random opening plies")->capture_default_str();
        cmd->add_option("--seed", args->seed, "for the openings")->capture_default_str();
        cmd->add_option("--plot", args->plot, "write an SVG plot of White's score here");
        cmd->add_flag("--progress", args->progress, "progress bar on stderr even when not a tty");
        return [=] { return run_balance_command(*args); };
    }};

} // namespace

} // namespace evo::cli

// `evochess match`: UCI engines play each other with the rules core as referee.
#include "command.h"

#include "protocol/match/match_runner.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct MatchArgs {
    std::vector<std::string> engines; // one "cmd=... name=..." text per --engine
    std::string variant = "chess";
    int games = 2;
    std::string time_control;
    std::int64_t nodes = 0;
    int depth = 0;
    std::int64_t movetime_ms = 0;
    int flag_margin_ms = 50;
    int concurrency = 1;
    std::string openings;
    std::string pgn;
    std::vector<std::string> sprt;
    std::string uci_log;
};

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) {
    interrupted.store(true);
}

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

int run_match_command(const MatchArgs& args) {
    match::MatchConfig config;
    config.variant = find_variant(args.variant);
    if (!config.variant)
        return fail("unknown variant '" + args.variant + "' (" + variant_names() + ")");
    for (const std::string& text : args.engines) {
        auto spec = match::parse_engine_spec(text);
        if (!spec) return fail(spec.error());
        config.engines.push_back(std::move(*spec));
    }
    match::make_names_unique(config.engines);
    config.games = args.games;
    config.concurrency = args.concurrency;
    if (!args.time_control.empty()) {
        auto clock = match::parse_time_control(args.time_control);
        if (!clock) return fail(clock.error());
        config.limits.clock = *clock;
    }
    config.limits.nodes = args.nodes;
    config.limits.depth = args.depth;
    config.limits.movetime = match::Milliseconds(args.movetime_ms);
    config.limits.flag_margin = match::Milliseconds(args.flag_margin_ms);
    if (!args.sprt.empty()) {
        std::string joined;
        for (const std::string& part : args.sprt) joined += part + " ";
        auto sprt = match::parse_sprt(joined);
        if (!sprt) return fail(sprt.error());
        config.sprt = *sprt;
    }
    if (!args.openings.empty()) {
        auto openings = match::load_openings(args.openings, *config.variant);
        if (!openings) return fail(openings.error());
        config.openings = std::move(*openings);
    }
    config.pgn_path = args.pgn;
    config.uci_log_path = args.uci_log;
    config.interrupted = &interrupted;

    // Ctrl-C ends the match between moves, with a summary of the games finished so far.
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    auto summary = match::run_match(config, stdout);
    if (!summary) return fail(summary.error());
    return summary->interrupted ? 130 : 0;
}

const RegisterCommand match_command{
    "match", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<MatchArgs>();
        CLI::App* cmd = app.add_subcommand(
            "match", "play UCI engines against each other, refereed by the rules; Elo and SPRT");
        cmd->add_option(
               "--engine", args->engines,
               "\"cmd=PROGRAM [ARGS] name=NAME option.Hash=16 [tc=|nodes=|depth=|movetime=] "
               "...\" (at least two; tc=, nodes=, depth=, movetime= in ms are this engine's "
               "own limits)")
            ->required();
        cmd->add_option("--variant", args->variant, "a built-in variant or one from --variants")
            ->capture_default_str();
        cmd->add_option("--games", args->games, "games per pair of engines")
            ->check(CLI::Range(1, 1000000))
            ->capture_default_str();
        cmd->add_option("--tc", args->time_control, "clock: seconds[+increment], e.g. 10+0.1");
        cmd->add_option("--nodes", args->nodes, "nodes per move")
            ->check(CLI::Range(std::int64_t(1), std::int64_t(1'000'000'000'000)));
        cmd->add_option("--depth", args->depth, "plies per move")->check(CLI::Range(1, 1000));
        cmd->add_option("--movetime", args->movetime_ms, "milliseconds per move (UCI go movetime)")
            ->check(CLI::Range(std::int64_t(1), std::int64_t(match::MaxMovetime.count())));
        cmd->add_option("--flag-margin", args->flag_margin_ms,
                        "milliseconds past the flag a move still counts")
            ->check(CLI::Range(0, 60000))
            ->capture_default_str();
        cmd->add_option("--concurrency", args->concurrency, "games at once")
            ->check(CLI::Range(1, 256))
            ->capture_default_str();
        cmd->add_option(
            "--openings", args->openings,
            "file of FEN or move lines, or PGN; each opening is played with both colours");
        cmd->add_option("--pgn", args->pgn, "write the games to this PGN file");
        cmd->add_option("--sprt", args->sprt,
                        "elo0=0 elo1=5 alpha=0.05 beta=0.05 (stops when decided)")
            ->expected(1, 4);
        cmd->add_option("--uci-log", args->uci_log, "write every UCI line exchanged to this file");
        return [=] { return run_match_command(*args); };
    }};

} // namespace

} // namespace evo::cli

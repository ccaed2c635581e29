// `evochess openings`: makes the opening sets of bench/openings (see its README).
#include "command.h"

#include "protocol/match/opening_maker.h"

#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct OpeningsArgs {
    match::OpeningMakerSettings settings;
    std::string variant = "chess";
    std::string engine;
};

int run_openings(OpeningsArgs args) {
    args.settings.variant = find_variant(args.variant);
    if (!args.settings.variant) {
        std::fprintf(stderr, "error: unknown variant '%s' (%s)\n", args.variant.c_str(),
                     variant_names().c_str());
        return 2;
    }
    if (args.settings.count < 1 || args.settings.plies < 1) {
        std::fprintf(stderr, "error: --count and --plies must be at least 1\n");
        return 2;
    }
    if (!args.engine.empty()) {
        auto spec = match::parse_engine_spec(args.engine);
        if (!spec) {
            std::fprintf(stderr, "error: %s\n", spec.error().c_str());
            return 2;
        }
        args.settings.engine = *spec;
    }
    auto lines = match::make_openings(args.settings);
    if (!lines) {
        std::fprintf(stderr, "error: %s\n", lines.error().c_str());
        return 2;
    }
    for (const std::string& line : *lines) std::printf("%s\n", line.c_str());
    if (int(lines->size()) < args.settings.count)
        std::fprintf(stderr, "warning: only %zu openings found\n", lines->size());
    return 0;
}

const RegisterCommand openings_command{
    "openings", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<OpeningsArgs>();
        match::OpeningMakerSettings& s = args->settings;
        CLI::App* cmd = app.add_subcommand(
            "openings",
            "print random balanced opening lines (SAN), one per line, for `match --openings`");
        cmd->add_option("--variant", args->variant, "a built-in variant or one from --variants")
            ->capture_default_str();
        cmd->add_option("--count", s.count, "openings to make")
            ->check(CLI::Range(1, 1000000))
            ->capture_default_str();
        cmd->add_option("--plies", s.plies, "random legal plies from the start")
            ->check(CLI::Range(1, 200))
            ->capture_default_str();
        cmd->add_option("--seed", s.seed, "random seed")->capture_default_str();
        cmd->add_option("--engine", args->engine,
                        "balance check: \"cmd=... option.X=...\" (else material only)");
        cmd->add_option("--depth", s.depth, "depth of the engine's check")
            ->check(CLI::Range(1, 60))
            ->capture_default_str();
        cmd->add_option("--max-score", s.max_score,
                        "keep lines the engine scores within this many centipawns")
            ->check(CLI::Range(0, 100000))
            ->capture_default_str();
        return [=] { return run_openings(*args); };
    }};

} // namespace

} // namespace evo::cli

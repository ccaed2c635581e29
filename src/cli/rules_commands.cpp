#include "rules_commands.h"

#include "command.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position_loader.h"

#include <cstdio>
#include <optional>

namespace evo::cli {

namespace {

// Bad input: one line on stderr, exit status 2. The CLI names the variant as it was typed.
std::optional<Position> load(const PositionArgs& args) {
    auto pos = load_position(args.variant, args.fen, {});
    if (pos) return std::move(pos).value();
    if (pos.error_kind() == ErrorKind::UnknownVariant)
        std::fprintf(stderr, "error: unknown variant '%s' (%s)\n", args.variant.c_str(),
                     variant_names().c_str());
    else
        std::fprintf(stderr, "error: bad FEN: %s\n", pos.error().c_str());
    return std::nullopt;
}

} // namespace

int run_perft(const PositionArgs& args, int depth, bool verify) {
    auto pos = load(args);
    if (!pos) return 2;
    if (depth < 0 || depth > 20) {
        std::fprintf(stderr, "error: depth must be between 0 and 20\n");
        return 2;
    }
    PerftOptions options;
    options.verify_consistency = verify;
    PerftDivide divide = perft_divide(*pos, depth, options);
    std::string out;
    for (const auto& [uci, nodes] : divide.moves) out += uci + ": " + std::to_string(nodes) + "\n";
    out += "\nNodes searched: " + std::to_string(divide.total) + "\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}

int run_moves(const PositionArgs& args) {
    auto pos = load(args);
    if (!pos) return 2;
    MoveList list;
    generate_legal(*pos, list);
    std::string out;
    for (Move m : list) out += to_uci(*pos, m) + " " + to_san(*pos, m) + "\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}

namespace {

void add_position_options(CLI::App* cmd, PositionArgs& position) {
    cmd->add_option("--variant", position.variant, "a built-in variant or one from --variants")
        ->capture_default_str();
    cmd->add_option("--fen", position.fen, "start FEN (default: the variant's start position)");
}

const RegisterCommand perft_command{
    "perft", [](CLI::App& app) -> std::function<int()> {
        auto position = std::make_shared<PositionArgs>();
        auto depth = std::make_shared<int>(1);
        auto verify = std::make_shared<bool>(false);
        CLI::App* cmd =
            app.add_subcommand("perft", "count leaf nodes of the legal move tree, per root move");
        add_position_options(cmd, *position);
        cmd->add_option("--depth", *depth, "plies")->required();
        cmd->add_flag("--verify", *verify, "check keys and bitboards at every node (slow)");
        return [=] { return run_perft(*position, *depth, *verify); };
    }};

const RegisterCommand moves_command{"moves", [](CLI::App& app) -> std::function<int()> {
                                        auto position = std::make_shared<PositionArgs>();
                                        CLI::App* cmd = app.add_subcommand(
                                            "moves", "list the legal moves as 'uci san' lines");
                                        add_position_options(cmd, *position);
                                        return [=] { return run_moves(*position); };
                                    }};

} // namespace

} // namespace evo::cli

// `evochess check-variants FILE`: validates a variants file and prints, per variant, its
// start position and perft 1..depth (as Fairy-Stockfish's `check`). A bad file: one error
// line naming file, line, variant, field and why; exit status 2; nothing loaded.
#include "command.h"

#include "core/perft.h"
#include "variants/variant_loader.h"

#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct CheckArgs {
    std::string file;
    int depth = 4;
};

int run_check_variants(const CheckArgs& args) {
    if (args.depth < 0 || args.depth > 6) {
        std::fprintf(stderr, "error: --depth must be between 0 and 6\n");
        return 2;
    }
    auto loaded = variants::load_variants_file(args.file);
    if (!loaded) {
        std::fprintf(stderr, "error: %s\n", loaded.error().message().c_str());
        return 2;
    }
    std::string out;
    for (const Variant* v : loaded.value()) {
        Position pos = Position::start(*v);
        out += "[" + std::string(v->name) + "] " + std::string(v->display_name) + "\n";
        out += "  description: " + std::string(v->description) + "\n";
        out += "  start: " + pos.fen() + "\n";
        for (int d = 1; d <= args.depth; ++d)
            out += "  perft " + std::to_string(d) + ": " + std::to_string(perft(pos, d)) + "\n";
    }
    out += args.file + ": " + std::to_string(loaded.value().size()) + " variant" +
           (loaded.value().size() == 1 ? "" : "s") + " ok\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}

const RegisterCommand check_variants_command{
    "check-variants", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<CheckArgs>();
        CLI::App* cmd = app.add_subcommand(
            "check-variants", "validate a variants file; print each variant's start and perft");
        cmd->add_option("file", args->file, "the variants file (docs/variants.md)")->required();
        cmd->add_option("--depth", args->depth, "perft up to this depth")->capture_default_str();
        return [=] { return run_check_variants(*args); };
    }};

} // namespace

} // namespace evo::cli

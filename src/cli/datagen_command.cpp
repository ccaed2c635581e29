// `evochess datagen`: self-play training data for a learned evaluation (docs/nnue.md), and
// `--read FILE` to print a data file's positions as FEN. The games and the format are in
// src/protocol/datagen; this reads the options.
#include "command.h"

#include "protocol/datagen/data_file.h"
#include "protocol/datagen/selfplay_data.h"

#include "engine/engine.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>

namespace evo::cli {

namespace {

struct DatagenArgs {
    std::string variant;
    int games = 100;
    std::uint64_t seed = 1;
    std::uint64_t nodes = 5'000;
    int threads = 1;
    int max_plies = 400;
    std::string eval = "nnue";
    std::string out;
    bool resume = false;
    std::string read;
    long long show = -1; // all
};

std::atomic<bool> interrupted{false};
extern "C" void on_datagen_interrupt(int) {
    interrupted.store(true);
}

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

// One line a record: FEN | score (White's view, evaluation units) | result.
int read_command(const DatagenArgs& args) {
    auto reader = datagen::DataReader::open(args.read);
    if (!reader) return fail(reader.error());
    datagen::DataReader& in = **reader;
    const datagen::Header& h = in.header();
    std::printf("# variant %s family %s records %llu nodes %u seed %llu pawn %u\n",
                h.variant.c_str(), h.family.c_str(), (unsigned long long)in.records(), h.nodes,
                (unsigned long long)h.seed, unsigned(h.pawn_units));
    for (long long shown = 0; args.show < 0 || shown < args.show; ++shown) {
        auto record = in.next();
        if (!record) break;
        if (!*record)
            return fail(args.read + " record " + std::to_string(shown + 1) + ": " +
                        record->error());
        const datagen::DecodedRecord& r = **record;
        std::printf("%s | %d | %s%s\n", r.fen.c_str(), r.score,
                    datagen::outcome_text(r.outcome).c_str(), r.adjudicated ? " adjudicated" : "");
    }
    return 0;
}

int generate_command(const DatagenArgs& args) {
    datagen::DatagenSettings s;
    s.variant = find_variant(args.variant);
    if (args.variant.empty()) return fail("give --variant (or --read FILE)");
    if (!s.variant) return fail("unknown variant '" + args.variant + "' (" + variant_names() + ")");
    if (args.out.empty()) return fail("give --out FILE");
    if (args.games < 0 || args.games > 10'000'000) return fail("--games must be 0 to 10000000");
    if (args.nodes < 100 || args.nodes > 1'000'000'000)
        return fail("--nodes must be 100 to 1000000000");
    if (args.threads < 1 || args.threads > 64) return fail("--threads must be 1 to 64");
    if (args.max_plies < 20 || args.max_plies > 2000) return fail("--max-plies must be 20 to 2000");
    s.games = args.games;
    s.seed = args.seed;
    s.nodes = args.nodes;
    s.threads = args.threads;
    s.max_plies = args.max_plies;
    s.interrupted = &interrupted;
    // The labelling evaluation: the engine's default (a built-in net where the variant's
    // family has one), the hand-written one, or a net file (checked here, once).
    engine::Engine probe;
    if (args.eval == "hand-written") {
        s.engine_options = {{"Use NNUE", "false"}};
    } else if (args.eval != "nnue") {
        if (auto error = probe.set_option("EvalFile", args.eval)) return fail(*error);
        if (auto problem = probe.evaluation_problem(*s.variant)) return fail(*problem);
        s.engine_options = {{"EvalFile", args.eval}};
    }
    auto header = datagen::header_for(*s.variant, std::uint32_t(s.nodes), s.seed);
    if (!header) return fail(header.error());

    // What the positions depend on; a resumed run must match it (--games may grow).
    const std::string settings =
        "datagen format " + std::to_string(datagen::FormatVersion) + " variant " + args.variant +
        " seed " + std::to_string(s.seed) + " nodes " + std::to_string(s.nodes) + " max_plies " +
        std::to_string(s.max_plies) +
        // Files written before --eval existed were hand-written's. A net is named by its
        // contents too: another net under the same name (a new build's, a rewritten file)
        // labels otherwise.
        (args.eval == "hand-written"
             ? ""
             : " eval " + args.eval + " " + probe.evaluation_fingerprint(*s.variant));
    auto opened = datagen::DataWriter::open(args.out, *header, settings, args.resume);
    if (!opened) return fail(opened.error());
    std::shared_ptr<datagen::DataWriter> out = *opened;
    s.first_game = out->games_done();

    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t positions_before = out->positions();
    const bool tty = isatty(STDERR_FILENO);
    bool write_failed = false, reported = false;
    s.on_game = [&](int game, const std::vector<datagen::TrainingPosition>& positions) {
        if (!out->record(game, positions)) write_failed = true;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double rate =
            seconds > 0 ? double(out->positions() - positions_before) / seconds : 0.0;
        std::fprintf(stderr, "%sgames %d/%d  positions %llu  %.0f positions/s%s", tty ? "\r" : "",
                     out->games_done(), s.games, (unsigned long long)out->positions(), rate,
                     tty ? "" : "\n");
        std::fflush(stderr);
        reported = true;
    };
    std::signal(SIGINT, on_datagen_interrupt);
    datagen::generate(s);
    if (tty && reported) std::fputc('\n', stderr);
    if (write_failed) return fail("cannot write " + args.out);
    std::fprintf(stderr, "%llu positions in %s%s\n", (unsigned long long)out->positions(),
                 args.out.c_str(), interrupted ? " (interrupted: run again with --resume)" : "");
    return interrupted ? 1 : 0;
}

const RegisterCommand datagen_command{
    "datagen", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<DatagenArgs>();
        CLI::App* cmd = app.add_subcommand(
            "datagen", "self-play training data for a learned evaluation (docs/nnue.md)");
        cmd->add_option("--variant", args->variant, "the variant to play");
        cmd->add_option("--games", args->games, "games to play in all")->capture_default_str();
        cmd->add_option("--seed", args->seed, "for the games' random openings")
            ->capture_default_str();
        cmd->add_option("--nodes", args->nodes, "nodes a move")->capture_default_str();
        cmd->add_option("--threads", args->threads, "games played at once")->capture_default_str();
        cmd->add_option("--max-plies", args->max_plies, "a game this long is scored a draw")
            ->capture_default_str();
        cmd->add_option("--eval", args->eval,
                        "what labels the positions: nnue (the engine's default, a built-in net "
                        "where the variant has one), hand-written, or a net file")
            ->capture_default_str();
        cmd->add_option("--out", args->out, "the data file (FILE.state beside it)");
        cmd->add_flag("--resume", args->resume,
                      "keep the games in --out and play the next ones (--games may grow)");
        cmd->add_option("--read", args->read, "print this data file's positions instead");
        cmd->add_option("--show", args->show, "with --read: only the first N positions");
        return [=] { return args->read.empty() ? generate_command(*args) : read_command(*args); };
    }};

} // namespace

} // namespace evo::cli

#include "bench.h"

#include "engine.h"
#include "score_unit.h"

#include "nnue/features.h"

#include "core/notation.h"

#include <chrono>

namespace evo::engine {

const std::vector<BenchPosition>& bench_positions() {
    static const std::vector<BenchPosition> positions = {
        {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"},
        {"chess", "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19"},
        {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11"},
        {"evochess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0"},
        {"evochess", "8/1pkp4/p5pp/P3pp2/1PP5/4N1P1/3P3P/4K3 w - - 0 10 1,0,0,0/2,1,1,0"},
        {"evochess", "8/2k2pp1/p1Bpp2p/3P4/p4P2/6PP/1PPK4/8 b - - 0 10 2,1,1,0/1,1,0,0"},
        {"evochess", "1n2k1b1/pppppppp/8/8/8/8/PPPPPPPP/1N2K1B1 w - - 0 1 2,3,1,4/2,4,1,2"},
        {"echess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 0,0,0,0/0,0,0,0"},
        {"echess", "4k3/pp1p1ppp/2n1p3/2p5/3P4/4PN2/PPP2PPP/4K3 w - - 0 5 2,0,0,0/0,0,0,0"},
        {"promoteking", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -,0"},
        {"promoteking",
         "r1b1kb1r/pp2qpp1/2n2n1p/2p1p3/P3P3/2N1NP2/1PPP2PP/R1BQKB1R b KQkq - 2 11 -,0"},
        {"promoteking", "4C3/1p6/8/4b3/8/1k6/8/8 b - - 1 53 w,0"},
        {"promoteking", "8/5k2/8/3K4/8/8/5P2/8 w - - 0 1 -,0"},
    };
    return positions;
}

BenchResult run_bench(int depth, int hash_mb,
                      const std::function<void(const std::string&)>& progress,
                      const BenchSetup& setup) {
    Engine engine;
    // A size the machine cannot give is said, not silently replaced (the table kept is).
    auto error = engine.set_option("Hash", std::to_string(hash_mb));
    if (error && progress) progress("info string " + *error);
    engine.set_option("Threads", "1");
    for (const auto& [name, value] : setup.options)
        if (auto refused = engine.set_option(name, value); refused && progress)
            progress("info string " + *refused);
    BenchResult total;
    const auto& positions = bench_positions();
    auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const BenchPosition& bp = positions[i];
        const Variant* variant = find_variant(bp.variant);
        auto pos = variant ? Position::from_fen(*variant, bp.fen)
                           : Result<Position>(make_error("unknown variant"));
        if (!pos) {
            if (progress)
                progress("skipped bad bench position " + std::string(bp.fen) + ": " + pos.error());
            continue;
        }
        if (!setup.family.empty() && nnue::net_family(*variant) != setup.family) continue;
        if (auto problem = engine.evaluation_problem(*variant); problem && progress)
            progress("info string " + *problem);
        engine.new_game();
        Game game(*pos);
        Limits limits;
        limits.depth = depth;
        SearchResult r = engine.search(game, limits);
        total.nodes += r.nodes;
        if (progress)
            progress("Position " + std::to_string(i + 1) + "/" + std::to_string(positions.size()) +
                     " (" + std::string(bp.variant) + "): bestmove " +
                     (r.best_move.is_none() ? std::string("(none)") : to_uci(*pos, r.best_move)) +
                     " score " + uci_score(in_pawns(r.score, *variant)) + " nodes " +
                     std::to_string(r.nodes));
    }
    total.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    return total;
}

std::string bench_summary(const BenchResult& result) {
    return "Total time (ms) : " + std::to_string(result.time_ms) +
           "\nNodes searched  : " + std::to_string(result.nodes) +
           "\nNodes/second    : " + std::to_string(result.nodes_per_second()) + "\n";
}

} // namespace evo::engine

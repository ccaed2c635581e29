// Self-play data for tuning: fast games of one variant from random openings, writing each
// quiet position with the game's result, one "FEN|result" line each (result from White's
// view: 1, 0.5 or 0, after RULES 4.11's conversion of draws).
//
// usage: evochess_datagen VARIANT GAMES NODES SEED > positions.txt
#include "engine/engine.h"
#include "engine/gives_check.h"
#include "engine/move_order.h"

#include "core/game.h"
#include "core/movegen.h"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace evo;

namespace {

constexpr int RandomPlies = 8; // random moves first, for variety
constexpr int MaxPlies = 400;
constexpr int ResignScore = 1500; // a score both sides agree on for this many plies ends it
constexpr int ResignPlies = 6;

// Positions whose value the static evaluation can see: not in check, and the engine's move
// is no capture, last-rank promotion or check. Evolutions (RULES 2.4-2.5, 3.2-3.4) count as
// quiet: the evaluation values held rights and counters, so it should predict their use.
bool quiet(const Position& pos, Move m) {
    if (pos.in_check() || is_capture(pos, m) || is_promotion(pos, m)) return false;
    return !engine::gives_check(pos, m);
}

double white_score(const GameResult& r) {
    if (r.outcome == Outcome::WhiteWins) return 1.0;
    if (r.outcome == Outcome::BlackWins) return 0.0;
    return 0.5;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s VARIANT GAMES NODES SEED\n", argv[0]);
        return 2;
    }
    const Variant* variant = find_variant(argv[1]);
    if (!variant) {
        std::fprintf(stderr, "unknown variant %s\n", argv[1]);
        return 2;
    }
    int games = std::atoi(argv[2]);
    std::uint64_t nodes = std::strtoull(argv[3], nullptr, 10);
    std::mt19937_64 rng(std::strtoull(argv[4], nullptr, 10));

    engine::Engine engine;
    engine.set_option("Hash", "8");
    for (int g = 0; g < games; ++g) {
        engine.new_game();
        Game game(*variant);
        bool ok = true;
        for (int ply = 0; ply < RandomPlies && !game.result().over(); ++ply) {
            MoveList list;
            generate_legal(game.position(), list);
            game.play(list[int(rng() % unsigned(list.size()))]);
        }
        if (game.result().over()) continue;
        std::vector<std::string> fens;
        int decisive_plies = 0;
        std::optional<double> adjudicated;
        while (!game.result().over() && int(game.moves().size()) < MaxPlies && ok) {
            engine::Limits limits;
            limits.nodes = nodes;
            engine::SearchResult r = engine.search(game, limits);
            if (r.best_move.is_none()) break;
            const Position& pos = game.position();
            if (quiet(pos, r.best_move) && !r.score.is_mate()) fens.push_back(pos.fen());
            int cp = r.score.is_mate() ? (r.score.value > 0 ? 100000 : -100000) : r.score.value;
            decisive_plies = std::abs(cp) >= ResignScore ? decisive_plies + 1 : 0;
            if (decisive_plies >= ResignPlies) {
                bool white_ahead = (cp > 0) == (pos.side_to_move() == White);
                adjudicated = white_ahead ? 1.0 : 0.0;
                break;
            }
            game.play(r.best_move);
        }
        double result = adjudicated ? *adjudicated : white_score(game.result());
        for (const auto& fen : fens) std::printf("%s|%.1f\n", fen.c_str(), result);
        std::fflush(stdout);
        std::fprintf(stderr, "game %d: %zu positions, result %.1f\n", g + 1, fens.size(), result);
    }
    return 0;
}

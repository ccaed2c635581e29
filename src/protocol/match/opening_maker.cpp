#include "opening_maker.h"

#include "game_referee.h"
#include "uci_engine.h"

#include "core/movegen.h"
#include "core/notation.h"

#include <cstdlib>
#include <random>
#include <set>

namespace evo::match {

namespace {

constexpr int PieceValue[PieceTypeCount] = {0, 1, 3, 3, 5, 9, 0, 12};

std::optional<Game> random_line(const Variant& variant, int plies, std::mt19937_64& random) {
    Game game(variant);
    for (int ply = 0; ply < plies; ++ply) {
        MoveList moves;
        generate_legal(game.position(), moves);
        if (moves.empty()) return std::nullopt;
        game.play(moves[int(random() % std::uint64_t(moves.size()))]);
        if (game.result().over()) return std::nullopt;
    }
    return game;
}

} // namespace

int material_balance(const Position& position) {
    int balance = 0;
    for (int type = Pawn; type < PieceTypeCount; ++type)
        balance += PieceValue[type] * (popcount(position.pieces(White, PieceType(type))) -
                                       popcount(position.pieces(Black, PieceType(type))));
    return balance;
}

std::string san_line(const Game& game) {
    Game replay(game.start_position());
    std::string line;
    for (Move m : game.moves()) {
        const Position& position = replay.position();
        if (!line.empty()) line += ' ';
        if (position.side_to_move() == White)
            line.append(std::to_string(position.fullmove_number())).append(". ");
        else if (line.empty())
            line.append(std::to_string(position.fullmove_number())).append("... ");
        line += to_san(position, m);
        replay.play(m);
    }
    return line;
}

Result<std::vector<std::string>> make_openings(const OpeningMakerSettings& settings) {
    const Variant& variant = *settings.variant;
    std::optional<UciEngine> engine;
    if (settings.engine) {
        engine.emplace(*settings.engine);
        auto started = engine->start(variant.name);
        if (!started) return make_error(started.error());
    }
    SearchLimits check;
    check.depth = settings.depth;
    std::string go = go_command(check, Milliseconds(0), Milliseconds(0));

    std::mt19937_64 random(settings.seed);
    std::set<std::string> seen; // by FEN: two move orders to one position are one opening
    std::vector<std::string> lines;
    for (int tries = 0; int(lines.size()) < settings.count && tries < settings.count * 100;
         ++tries) {
        auto game = random_line(variant, settings.plies, random);
        if (!game || material_balance(game->position()) != 0) continue;
        if (!seen.insert(game->position().fen()).second) continue;
        if (engine) {
            EngineReply reply = engine->think(position_command(*game), go, Milliseconds(60000));
            if (reply.status != EngineReply::Status::Move)
                return make_error("engine '" + settings.engine->name +
                                  "' failed during the balance check");
            if (!reply.score || std::abs(*reply.score) > settings.max_score) continue;
        }
        lines.push_back(san_line(*game));
    }
    return lines;
}

} // namespace evo::match

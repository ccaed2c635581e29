#include "loaded_game.h"

#include "app/common/api_error.h"
#include "core/notation.h"
#include "core_games.h"
#include "declared_result.h"
#include "game_summary.h"

namespace evo::app {

std::string game_name(std::int64_t id) {
    return "game " + std::to_string(id);
}

Color turn_of(const LoadedGame& game) {
    return game.game.position().side_to_move();
}

bool is_over(const LoadedGame& game) {
    return app::is_over(game.game, game.record.declared_result);
}

void require_game_in_progress(const LoadedGame& game) {
    if (!is_over(game)) return;
    GameSummary summary = summarize(game.game, game.record.declared_result);
    throw unprocessable("the game is over (" + summary.result.value_or("*") + ", " +
                        summary.reason.value_or("") + ")");
}

void require_online(const LoadedGame& game, const char* what) {
    if (!game.record.online) throw conflict(std::string(what) + " is for online games");
}

Move move_from_text(const LoadedGame& game, const std::string& text, bool is_san) {
    const Position& position = game.game.position();
    Result<Move> move = is_san ? parse_san_move(position, text) : parse_uci_move(position, text);
    if (!move) throw unprocessable(move.error()); // names the move and what is wrong
    return *move;
}

void play_move(LoadedGame& game, Move move) {
    Color mover = turn_of(game);
    game.game.play(move);
    if (game.record.draw_offer == ~mover) game.record.draw_offer.reset();
    game.record.takeback_offer.reset();
}

void declare(LoadedGame& game, DeclaredResult result) {
    game.record.declared_result = std::move(result);
    apply_declared_result(game.game, game.record.declared_result);
    game.record.draw_offer.reset();
    game.record.takeback_offer.reset();
}

void take_back(LoadedGame& game, std::size_t plies, std::int64_t now) {
    for (std::size_t ply = 0; ply < plies; ++ply) game.game.undo(); // drops an outside result
    game.record.declared_result.reset();
    if (!game.record.clock) return;
    std::optional<Color> runs;
    if (!game.game.moves().empty()) runs = turn_of(game);
    game.record.clock->restart_for(runs, now);
}

} // namespace evo::app

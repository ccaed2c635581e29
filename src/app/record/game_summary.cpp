#include "game_summary.h"

#include <string>
#include <utility>

namespace evo::app {

GameSummary summarize(const Game& game, const std::optional<DeclaredResult>& declared) {
    std::string fen = game.position().fen();
    if (is_aborted(declared))
        return {std::move(fen), "*", std::string(declared_reason_name(DeclaredReason::Aborted))};
    GameResult result = game.result();
    if (!result.over()) return {std::move(fen), std::nullopt, std::nullopt};
    return {std::move(fen), result.pgn_result(), result.description()};
}

} // namespace evo::app

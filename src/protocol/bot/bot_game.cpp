#include "bot_game.h"

#include "bot_policy.h"

#include "core/notation.h"
#include "core/position.h"
#include "core/variant.h"
#include "core/variant_keys.h"

#include <algorithm>

namespace evo::bot {

Result<Game> game_of(const GameFull& full, const GameState& state) {
    auto name = variant_of_lichess_key(full.variant_key);
    if (!name)
        return make_error(ErrorKind::UnknownVariant,
                          "unknown variant '" + full.variant_key.substr(0, 40) + "'");
    const Variant& variant = *find_variant(*name);
    std::optional<Game> game;
    if (full.initial_fen == "startpos" || full.initial_fen.empty()) {
        game.emplace(variant);
    } else {
        auto start = Position::from_fen(variant, full.initial_fen);
        if (!start) return make_error("initial FEN: ", start.failure());
        game.emplace(*start);
    }
    std::string_view moves = state.moves;
    for (int ply = 1; !moves.empty(); ++ply) {
        std::size_t space = moves.find(' ');
        std::string_view word = moves.substr(0, space);
        moves = space == std::string_view::npos ? "" : moves.substr(space + 1);
        if (word.empty()) continue;
        auto move = parse_uci_move(game->position(), word);
        if (!move) return make_error("move " + std::to_string(ply) + ": ", move.failure());
        game->play(*move);
    }
    return std::move(*game);
}

std::optional<Color> seat_of(const GameFull& full, const std::string& account_id) {
    if (!account_id.empty() && full.white_id == account_id) return White;
    if (!account_id.empty() && full.black_id == account_id) return Black;
    return std::nullopt;
}

engine::Limits think_limits(const GameFull& full, const GameState& state, int level,
                            std::int64_t untimed_move_ms) {
    engine::Limits limits;
    limits.level = level;
    if (full.clocked) {
        limits.time_ms[White] = std::max<std::int64_t>(state.wtime, 1);
        limits.time_ms[Black] = std::max<std::int64_t>(state.btime, 1);
        limits.increment_ms[White] = state.winc;
        limits.increment_ms[Black] = state.binc;
    } else {
        limits.movetime_ms = untimed_move_ms;
    }
    return limits;
}

} // namespace evo::bot

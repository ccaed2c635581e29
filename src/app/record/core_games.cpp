#include "core_games.h"

#include "core/notation.h"

namespace evo::app {

Result<Game> start_game(const std::string& variant_name, const std::string& fen) {
    const Variant* variant = find_variant(variant_name);
    if (!variant)
        return make_error("unknown variant '" + variant_name + "' (the variants are " +
                          variant_names() + ")");
    if (fen.empty()) return Game(*variant);
    auto position = Position::from_fen(*variant, fen);
    if (!position) return make_error("bad FEN for " + variant_name + ": " + position.error());
    return Game(*position);
}

Result<Game> replay_game(const std::string& variant, const std::string& start_fen,
                         const std::vector<std::string>& moves_uci) {
    Result<Game> game = start_game(variant, start_fen);
    if (!game) return game;
    for (std::size_t ply = 0; ply < moves_uci.size(); ++ply) {
        auto move = parse_uci_move(game->position(), moves_uci[ply]);
        if (!move) return make_error("move " + std::to_string(ply + 1) + ": " + move.error());
        game->play(*move);
    }
    return game;
}

} // namespace evo::app

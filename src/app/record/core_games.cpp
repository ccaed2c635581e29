#include "core_games.h"

#include "core/position_loader.h"

namespace evo::app {

namespace {

// A load's error in the app's words (the HTTP API's text), of the same kind: the variant as
// the request named it, and the FEN's error after "bad FEN for <variant>: ".
Error app_error(const std::string& variant_name, const Error& error) {
    if (error.kind == evo::ErrorKind::UnknownVariant)
        return make_error(evo::ErrorKind::UnknownVariant, "unknown variant '" + variant_name +
                                                              "' (the variants are " +
                                                              variant_names() + ")");
    if (is_move_error(error.kind)) return error; // "move <n>: ..."
    return make_error("bad FEN for " + variant_name + ": ", error);
}

} // namespace

Result<Game> start_game(const std::string& variant_name, const std::string& fen) {
    return replay_game(variant_name, fen, {});
}

Result<Game> replay_game(const std::string& variant, const std::string& start_fen,
                         const std::vector<std::string>& moves_uci) {
    Result<Game> game = load_game(variant, start_fen, moves_uci);
    if (!game) return app_error(variant, game.failure());
    return game;
}

} // namespace evo::app

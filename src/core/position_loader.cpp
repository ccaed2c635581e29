#include "position_loader.h"

#include "message_text.h"
#include "notation.h"

namespace evo {

namespace {

Result<Move> read_move(const Position& pos, std::string_view text, MoveText notation) {
    return notation == MoveText::Uci ? parse_uci_move(pos, text) : parse_move(pos, text);
}

// Plays `moves` with `play(move)` on what `position()` shows; the first bad one is the error.
template <class Position_, class Play>
std::optional<Error> play_all(Position_ position, Play play, const std::vector<std::string>& moves,
                              MoveText notation) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        auto m = read_move(position(), moves[i], notation);
        if (!m) return make_error("move " + std::to_string(i + 1) + ": ", m.failure());
        play(*m);
    }
    return std::nullopt;
}

} // namespace

Result<const Variant*> variant_named(std::string_view name) {
    if (const Variant* variant = find_variant(name)) return variant;
    return make_error(ErrorKind::UnknownVariant,
                      "unknown variant '" + quote_input(name) + "' (" + variant_names() + ")");
}

Result<Position> position_from_fen(const Variant& variant, std::string_view fen) {
    return Position::from_fen(variant, fen.empty() ? std::string_view(variant.start_fen) : fen);
}

Result<Position> load_position(const Variant& variant, std::string_view fen,
                               const std::vector<std::string>& moves, MoveText text) {
    Result<Position> pos = position_from_fen(variant, fen);
    if (!pos) return pos;
    auto error = play_all([&]() -> const Position& { return *pos; },
                          [&](Move m) {
                              StateInfo st;
                              pos->do_move(m, st);
                              *pos = Position(*pos); // copies the state out of `st`
                          },
                          moves, text);
    if (error) return *error;
    return pos;
}

Result<Position> load_position(std::string_view variant, std::string_view fen,
                               const std::vector<std::string>& moves, MoveText text) {
    auto found = variant_named(variant);
    if (!found) return found.failure();
    return load_position(**found, fen, moves, text);
}

Result<Game> load_game(const Variant& variant, std::string_view fen,
                       const std::vector<std::string>& moves, MoveText text) {
    auto start = position_from_fen(variant, fen);
    if (!start) return start.failure();
    Game game(*start);
    auto error = play_all([&]() -> const Position& { return game.position(); },
                          [&](Move m) { game.play(m); }, moves, text);
    if (error) return *error;
    return game;
}

Result<Game> load_game(std::string_view variant, std::string_view fen,
                       const std::vector<std::string>& moves, MoveText text) {
    auto found = variant_named(variant);
    if (!found) return found.failure();
    return load_game(**found, fen, moves, text);
}

bool is_move_error(ErrorKind kind) {
    return kind == ErrorKind::MalformedMove || kind == ErrorKind::IllegalMove ||
           kind == ErrorKind::AmbiguousMove || kind == ErrorKind::GameOver;
}

} // namespace evo

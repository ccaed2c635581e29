// Variant + FEN + moves -> a position: the one way the CLI, the app and the Python and
// WebAssembly bindings turn what a caller sends into a position or a game, with a typed
// error (result.h) when the input is bad.
#pragma once

#include "game.h"
#include "position.h"
#include "variant.h"

#include <string>
#include <string_view>
#include <vector>

namespace evo {

// How the moves of a load are written: UCI only (RULES 5.2), or UCI or SAN (parse_move).
enum class MoveText { Uci, UciOrSan };

// The variant of this name, built in or registered. ErrorKind::UnknownVariant otherwise,
// "unknown variant '<name>' (<the known names>)".
Result<const Variant*> variant_named(std::string_view name);

// The position of `fen` in `variant`; an empty FEN is the variant's start. The errors are
// those of Position::from_fen (MalformedFen, InvalidPosition, NotInVariant), unprefixed.
Result<Position> position_from_fen(const Variant& variant, std::string_view fen);

// The position `moves` lead to from `fen` (empty: the start), each read in the position the
// ones before it reached. A bad move is an error of its kind (MalformedMove, IllegalMove,
// AmbiguousMove) whose message starts "move <n>: " (n counted from 1). Only the current
// state is kept: a long list costs time in proportion and no memory. Moves are played
// whatever the result, as a list of moves from storage or a caller was.
Result<Position> load_position(const Variant& variant, std::string_view fen,
                               const std::vector<std::string>& moves,
                               MoveText text = MoveText::Uci);
// The same from a variant's name (first the error of variant_named).
Result<Position> load_position(std::string_view variant, std::string_view fen,
                               const std::vector<std::string>& moves,
                               MoveText text = MoveText::Uci);

// The same as a game: the start position and every move kept (repetitions, undo, PGN).
Result<Game> load_game(const Variant& variant, std::string_view fen,
                       const std::vector<std::string>& moves, MoveText text = MoveText::Uci);
Result<Game> load_game(std::string_view variant, std::string_view fen,
                       const std::vector<std::string>& moves, MoveText text = MoveText::Uci);

// Whether an error of a load is about a move (not the variant name or the FEN).
bool is_move_error(ErrorKind kind);

} // namespace evo

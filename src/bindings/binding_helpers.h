// What the Python module (python/) and the WebAssembly binding (wasm/) share: the core's
// calls behind their position, move and perft functions, answering values or the core's
// typed errors. Each binding turns an error into its own exception by the kind
// (binding_error_class); the messages are the core's, unchanged. Compiled into both
// bindings (python/CMakeLists.txt, wasm/CMakeLists.txt); depends on the core only.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "core/position_loader.h"
#include "core/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::bindings {

// The exception classes both bindings have (Python: UnknownVariantError, FenError,
// IllegalMoveError, PgnError; JS: EvoChessError.kind unknown-variant, bad-fen,
// illegal-move, bad-pgn), and Other for the rest (ValueError, bad-argument).
enum class ErrorClass { UnknownVariant, Fen, Move, Pgn, Other };
// The class of an error met while reading a variant name, a FEN or a move. (A PGN text's
// errors keep the kind of what failed inside it, a FEN or a move: the bindings raise every
// error of parse_pgn as a PGN error.)
ErrorClass binding_error_class(ErrorKind kind);

// A move in UCI or SAN, legal in `pos`.
Result<Move> move_of(const Position& pos, std::string_view text);

// The legal moves as UCI or SAN texts, in generation order.
std::vector<std::string> legal_uci(const Position& pos);
std::vector<std::string> legal_san(const Position& pos);

// The deepest perft both bindings allow.
inline constexpr int max_perft_depth = 20;
// "depth must be between 0 and 20" for a depth out of range, else nothing.
std::optional<std::string> perft_depth_problem(int depth);

} // namespace evo::bindings

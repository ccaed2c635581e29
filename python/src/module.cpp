// import evochess: the rules core, variants files and the engine for Python (docs/python.md).
#include "bindings.h"

PYBIND11_MODULE(evochess, m) {
    m.doc() = R"(The rules and engine of EvoChess, EChess, Promote King Chess and chess.

Variants: variants(), variant(name), load_variants(path) for INI files.
Positions and games: Position(variant, fen) (immutable; play() returns the next one) and
Game(variant, fen) with push()/pop(), legal moves in UCI and SAN, FEN with the seventh
field, evolution counters and rights as attributes, results (Promote King points), PGN
(Game.from_pgn, Game.pgn), perft.
Engine: Engine().analyse(game, depth=..., nodes=..., time=..., multipv=...).
Stateless, in pyffish's style: legal_moves(variant, fen, moves), get_fen, to_san, to_uci.
Bad input raises a subclass of evochess.Error (a ValueError) with the core's message:
FenError, IllegalMoveError, PgnError, VariantFileError, UnknownVariantError.
See docs/python.md.)";
    m.attr("__version__") = "0.1.0";
    evo::python::bind_errors(m);
    evo::python::bind_variants(m);
    evo::python::bind_position(m);
    evo::python::bind_game(m);
    evo::python::bind_engine(m);
    evo::python::bind_stateless(m);
}

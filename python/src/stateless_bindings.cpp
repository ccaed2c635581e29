// The stateless layer, for those who prefer pyffish's style: a variant, a FEN and a list of
// UCI moves in, plain strings out.
#include "bindings.h"
#include "errors.h"

#include "core/notation.h"
#include "core/perft.h"

#include <pybind11/stl.h>

#include <chrono>

namespace evo::python {

namespace {

// The position `moves` (UCI) lead to from `fen`. Only the current state is kept, so a long
// list costs time in proportion and no memory; a move that is not legal raises, naming it.
Position reached(const py::object& variant, const std::string& fen,
                 const std::vector<std::string>& moves) {
    Position pos = position_of(variant_of(variant), fen);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        auto m = parse_uci_move(pos, moves[i]);
        if (!m) throw IllegalMoveError("move " + std::to_string(i + 1) + ": " + m.error());
        StateInfo st;
        pos.do_move(*m, st);
        pos = Position(pos); // copies the state out of `st`
    }
    return pos;
}

// The same work as one legal_moves() call from Python, timed in C++: the cost without the
// binding, for bench/python_legal_moves.py.
double native_legal_moves_seconds(const py::object& variant, const std::string& fen, int calls) {
    Position pos = position_of(variant_of(variant), fen);
    std::size_t sink = 0;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) sink += legal_uci(pos).size();
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
    if (sink == 1) py::print(""); // keeps the loop from being optimised away
    return seconds.count();
}

} // namespace

void bind_stateless(py::module_& m) {
    const py::arg variant("variant"), fen("fen");
    const py::arg_v moves = py::arg("moves") = std::vector<std::string>{};
    m.def(
        "legal_moves",
        [](const py::object& v, const std::string& f, const std::vector<std::string>& ms) {
            return legal_uci(reached(v, f, ms));
        },
        variant, fen, moves,
        "The legal moves (UCI) of the position reached from `fen` ('' for the start) by the UCI "
        "`moves`.");
    m.def(
        "legal_moves_san",
        [](const py::object& v, const std::string& f, const std::vector<std::string>& ms) {
            return legal_san(reached(v, f, ms));
        },
        variant, fen, moves, "As legal_moves, in SAN.");
    m.def(
        "get_fen",
        [](const py::object& v, const std::string& f, const std::vector<std::string>& ms) {
            return reached(v, f, ms).fen();
        },
        variant, fen, moves, "The FEN of the position reached from `fen` by the UCI `moves`.");
    m.def(
        "to_san",
        [](const py::object& v, const std::string& f, const std::string& move) {
            Position pos = position_of(variant_of(v), f);
            return to_san(pos, move_of(pos, move));
        },
        variant, fen, py::arg("move"), "The SAN of a UCI move in the position of `fen`.");
    m.def(
        "to_uci",
        [](const py::object& v, const std::string& f, const std::string& move) {
            Position pos = position_of(variant_of(v), f);
            return to_uci(pos, move_of(pos, move));
        },
        variant, fen, py::arg("move"), "The UCI of a SAN move in the position of `fen`.");
    m.def(
        "perft",
        [](const py::object& v, const std::string& f, int depth) {
            if (depth < 0 || depth > 20) throw py::value_error("depth must be between 0 and 20");
            Position pos = position_of(variant_of(v), f);
            py::gil_scoped_release unlocked;
            return perft(pos, depth);
        },
        variant, fen, py::arg("depth"), "The perft count of the position of `fen`.");
    m.def("_native_legal_moves_seconds", &native_legal_moves_seconds, variant, fen,
          py::arg("calls"),
          "Benchmark helper: seconds for `calls` legal-move listings done in C++ alone.");
}

} // namespace evo::python

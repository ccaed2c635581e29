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

// The position `moves` (UCI) lead to from `fen` (load_position); a move that is not legal
// raises, naming it.
Position reached(const py::object& variant, const std::string& fen,
                 const std::vector<std::string>& moves) {
    return checked(load_position(variant_of(variant), fen, moves));
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
            check_perft_depth(depth);
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

// The engine: analyse a game or position with depth, node and time limits and MultiPV,
// as the web server's analysis does (src/app/engine_search.cpp).
#include "bindings.h"
#include "errors.h"
#include "py_game.h"

#include "core/notation.h"
#include "engine/engine.h"
#include "engine/score_unit.h"

#include <pybind11/stl.h>

#include <cmath>
#include <map>
#include <memory>
#include <optional>

namespace evo::python {

namespace {

constexpr int max_multipv = 64;

// One line of an analysis, its score in the variant's centipawns (score_unit.h) or mate.
struct Line {
    int multipv = 1;
    int depth = 0;
    int seldepth = 0;
    std::optional<int> centipawns;
    std::optional<int> mate;
    std::vector<std::string> pv;
    std::uint64_t nodes = 0;
};

struct Analysis {
    std::optional<std::string> best_move; // None when the side to move has no legal move
    std::optional<std::string> ponder;
    std::vector<Line> lines; // by multipv
    int depth = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
};

struct PyEngine {
    std::unique_ptr<engine::Engine> engine = std::make_unique<engine::Engine>();
};

void set_option(engine::Engine& engine, const std::string& name, const std::string& value) {
    if (auto error = engine.set_option(name, value)) throw py::value_error(*error);
}

Line line_of(const engine::SearchInfo& info, const Position& root) {
    Line line;
    line.multipv = info.multipv;
    line.depth = info.depth;
    line.seldepth = info.seldepth;
    engine::Score score = engine::in_pawns(info.score, root.variant());
    if (score.is_mate())
        line.mate = score.value;
    else
        line.centipawns = score.value;
    line.pv = to_uci_line(root, info.pv);
    line.nodes = info.nodes;
    return line;
}

Game game_of(const py::object& target) {
    if (py::isinstance<PyGame>(target)) return target.cast<const PyGame&>().game;
    if (py::isinstance<Position>(target)) return Game(target.cast<const Position&>());
    throw py::type_error("analyse takes an evochess.Game or an evochess.Position");
}

Analysis analyse(PyEngine& self, const py::object& target, std::optional<int> depth,
                 std::optional<std::uint64_t> nodes, std::optional<double> time, int multipv,
                 std::optional<int> level) {
    if (!depth && !nodes && !time)
        throw py::value_error("give a limit: depth, nodes or time (a search without one never "
                              "ends)");
    if (depth && (*depth < 1 || *depth > 100))
        throw py::value_error("depth must be between 1 and 100");
    if (nodes && *nodes < 1) throw py::value_error("nodes must be at least 1");
    if (time && !(*time > 0 && *time < 1e6))
        throw py::value_error("time must be a positive number of seconds");
    if (multipv < 1 || multipv > max_multipv)
        throw py::value_error("multipv must be between 1 and " + std::to_string(max_multipv));
    if (level && (*level < 1 || *level > 8)) throw py::value_error("level must be 1..8");

    Game game = game_of(target);
    engine::Limits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    if (time) limits.movetime_ms = std::max<std::int64_t>(1, std::llround(*time * 1000));
    limits.level = level;
    set_option(*self.engine, "MultiPV", std::to_string(multipv));

    // The last complete report of each line (a bounded one is a failed aspiration window).
    std::map<int, Line> lines;
    engine::SearchResult result;
    {
        py::gil_scoped_release unlocked;
        result = self.engine->search(game, limits, [&](const engine::SearchInfo& info) {
            if (info.lowerbound || info.upperbound || info.multipv > multipv) return;
            lines[info.multipv] = line_of(info, game.position());
        });
    }
    Analysis out;
    if (!result.best_move.is_none()) out.best_move = to_uci(game.position(), result.best_move);
    if (!result.ponder_move.is_none() && !result.pv.empty()) {
        auto pv = to_uci_line(game.position(), result.pv);
        if (pv.size() > 1) out.ponder = pv[1];
    }
    for (auto& [index, line] : lines) out.lines.push_back(std::move(line));
    out.depth = result.depth;
    out.nodes = result.nodes;
    out.time_ms = result.time_ms;
    return out;
}

std::string line_repr(const Line& l) {
    std::string score = l.mate ? "mate " + std::to_string(*l.mate)
                               : "cp " + std::to_string(l.centipawns.value_or(0));
    std::string pv;
    for (const auto& m : l.pv) pv += (pv.empty() ? "" : " ") + m;
    return "Line(multipv=" + std::to_string(l.multipv) + ", depth=" + std::to_string(l.depth) +
           ", " + score + ", pv='" + pv + "')";
}

} // namespace

void bind_engine(py::module_& m) {
    py::class_<Line>(m, "Line", "One line of an analysis (one per MultiPV).")
        .def_readonly("multipv", &Line::multipv, "1 for the best line, 2 for the next, ...")
        .def_readonly("depth", &Line::depth)
        .def_readonly("seldepth", &Line::seldepth)
        .def_readonly("centipawns", &Line::centipawns,
                      "The score for the side to move in centipawns of the variant's pawn, or "
                      "None when `mate` is set.")
        .def_readonly("mate", &Line::mate,
                      "Moves to mate: positive when the side to move mates, negative when it "
                      "is mated; None for a centipawn score.")
        .def_readonly("pv", &Line::pv, "The line's moves as UCI texts.")
        .def_readonly("nodes", &Line::nodes)
        .def("__repr__", &line_repr);

    py::class_<Analysis>(m, "Analysis", "What Engine.analyse found.")
        .def_readonly("best_move", &Analysis::best_move,
                      "The move the engine would play (UCI), None if there is no legal move.")
        .def_readonly("ponder", &Analysis::ponder, "The expected reply (UCI) or None.")
        .def_readonly("lines", &Analysis::lines, "The lines, best first.")
        .def_readonly("depth", &Analysis::depth)
        .def_readonly("nodes", &Analysis::nodes)
        .def_readonly("time_ms", &Analysis::time_ms)
        .def("__repr__", [](const Analysis& a) {
            return "<evochess.Analysis best_move=" + a.best_move.value_or("None") +
                   " depth=" + std::to_string(a.depth) +
                   " lines=" + std::to_string(a.lines.size()) + ">";
        });

    py::class_<PyEngine>(m, "Engine",
                         "The evochess engine. One search at a time per Engine (the GIL is "
                         "released while it searches, so other threads may run).")
        .def(py::init([](int hash_mb, int threads) {
                 PyEngine e;
                 set_option(*e.engine, "Hash", std::to_string(hash_mb));
                 set_option(*e.engine, "Threads", std::to_string(threads));
                 return e;
             }),
             py::arg("hash_mb") = 16, py::arg("threads") = 1,
             "An engine with a hash table of `hash_mb` MB searching with `threads` threads.")
        .def("analyse", &analyse, py::arg("position"), py::kw_only(), py::arg("depth") = py::none(),
             py::arg("nodes") = py::none(), py::arg("time") = py::none(), py::arg("multipv") = 1,
             py::arg("level") = py::none(),
             "Searches a Game (its history counts for repetitions) or a Position until the first "
             "limit is reached: depth (plies), nodes, time (seconds); at least one is needed. "
             "`multipv` lines are returned, best first; `level` (1..8) plays weaker "
             "(docs/strength.md).")
        .def(
            "set_option",
            [](PyEngine& e, const std::string& name, const std::string& value) {
                set_option(*e.engine, name, value);
            },
            py::arg("name"), py::arg("value"),
            "Sets a UCI option (Hash, Threads, Level, ...); ValueError for a bad name or value.")
        .def(
            "new_game", [](PyEngine& e) { e.engine->new_game(); },
            "Forgets what was learnt (hash table, histories).");
}

} // namespace evo::python

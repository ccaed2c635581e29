// Game: a start position and the moves played, with push/pop, results and PGN.
#include "bindings.h"
#include "errors.h"
#include "py_game.h"

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"

#include <pybind11/stl.h>

#include <optional>

namespace evo::python {

namespace {

std::vector<std::string> played_san(const Game& game) {
    std::vector<std::string> out;
    Game replay(game.start_position());
    for (Move m : game.moves()) {
        out.push_back(to_san(replay.position(), m));
        replay.play(m);
    }
    return out;
}

std::vector<std::string> played_uci(const Game& game) {
    std::vector<std::string> out;
    Game replay(game.start_position());
    for (Move m : game.moves()) {
        out.push_back(to_uci(replay.position(), m));
        replay.play(m);
    }
    return out;
}

// Tags given by the caller replace those read from a PGN; the roster's order stays.
PgnTags merged_tags(PgnTags tags, const std::optional<std::map<std::string, std::string>>& extra) {
    if (!extra) return tags;
    for (const auto& [name, value] : *extra) {
        bool replaced = false;
        for (auto& tag : tags)
            if (tag.first == name) tag.second = value, replaced = true;
        if (!replaced) tags.emplace_back(name, value);
    }
    return tags;
}

PyGame read_pgn(const std::string& text) {
    auto read = parse_pgn(text);
    if (!read) throw PgnError(read.error());
    return PyGame{std::move(read->game), std::move(read->tags)};
}

std::optional<std::string> winner(const GameResult& r) {
    if (r.outcome == Outcome::WhiteWins) return std::string("w");
    if (r.outcome == Outcome::BlackWins) return std::string("b");
    return std::nullopt;
}

} // namespace

void bind_game(py::module_& m) {
    py::class_<GameResult>(m, "GameResult",
                           "The result of a game by the rules (RULES 1.2, 2.8, 4.11, 4.12).")
        .def_property_readonly("over", &GameResult::over)
        .def_property_readonly("outcome", &GameResult::pgn_result,
                               "'1-0', '0-1', '1/2-1/2', or '*' while the game goes on.")
        .def_property_readonly("winner", &winner, "'w', 'b', or None (a draw or not over).")
        .def_property_readonly(
            "reason", [](const GameResult& r) { return std::string(end_reason_name(r.reason)); },
            "Why the game ended, e.g. 'checkmate', 'stalemate'; 'none' while it goes on.")
        .def_property_readonly("description", &GameResult::description,
                               "A sentence for people, e.g. 'stalemate, won by the first king "
                               "promotion'.")
        .def_readonly("draw_converted", &GameResult::draw_converted,
                      "A draw turned into a win for the first king promoter (RULES 4.11).")
        .def_readonly("white_points", &GameResult::white_points,
                      "Points (Promote King Chess scores them, RULES 4.12; else 1, 1/2, 0).")
        .def_readonly("black_points", &GameResult::black_points)
        .def("__repr__", [](const GameResult& r) {
            return "GameResult('" + r.pgn_result() + "', '" + r.description() + "')";
        });

    py::class_<PyGame>(m, "Game",
                       "A game: a start position and the moves played, with the result by the "
                       "rules. Moves are UCI or SAN texts.")
        .def(py::init([](const py::object& variant, const std::string& fen) {
                 return PyGame{Game(position_of(variant_of(variant), fen)), {}};
             }),
             py::arg("variant") = "chess", py::arg("fen") = "",
             "A game from `fen` (default: the variant's start position).")
        .def_static("from_pgn", &read_pgn, py::arg("text"),
                    "Reads the one game of a PGN text, with its [Variant] and [FEN] tags "
                    "(split_pgn splits a file of many). PgnError if it cannot be read.")
        .def_property_readonly(
            "variant", [](const PyGame& g) -> const Variant& { return g.game.variant(); },
            py::return_value_policy::reference)
        .def_property_readonly(
            "position", [](const PyGame& g) { return g.game.position(); },
            "The current position (a copy).")
        .def_property_readonly("start_position",
                               [](const PyGame& g) { return g.game.start_position(); })
        .def(
            "fen", [](const PyGame& g) { return g.game.position().fen(); },
            "The FEN of the current position.")
        .def_property_readonly(
            "moves", [](const PyGame& g) { return played_uci(g.game); },
            "The moves played, as UCI texts.")
        .def_property_readonly(
            "san_moves", [](const PyGame& g) { return played_san(g.game); },
            "The moves played, as SAN texts.")
        .def_property_readonly(
            "tags",
            [](const PyGame& g) {
                std::map<std::string, std::string> out(g.tags.begin(), g.tags.end());
                return out;
            },
            "The PGN tags the game was read with (empty for a new game).")
        .def(
            "legal_moves", [](const PyGame& g) { return legal_uci(g.game.position()); },
            "The legal moves of the current position as UCI texts.")
        .def(
            "legal_moves_san", [](const PyGame& g) { return legal_san(g.game.position()); },
            "The legal moves of the current position as SAN texts.")
        .def(
            "push",
            [](PyGame& g, const std::string& move) {
                Position before = g.game.position();
                auto played = g.game.play(move);
                if (!played) throw IllegalMoveError(played.error());
                return to_uci(before, *played);
            },
            py::arg("move"),
            "Plays a UCI or SAN move and returns its UCI. IllegalMoveError (the game unchanged) if "
            "it is not legal or the game is over.")
        .def(
            "pop",
            [](PyGame& g) {
                if (g.game.moves().empty()) throw py::index_error("no move to take back");
                Move last = g.game.moves().back();
                g.game.undo();
                return to_uci(g.game.position(), last);
            },
            "Takes back the last move and returns its UCI (IndexError if none was played).")
        .def(
            "result", [](const PyGame& g) { return g.game.result(); },
            "The result by the rules of the current position (or the one read from a PGN).")
        .def(
            "repetitions", [](const PyGame& g) { return g.game.repetitions(); },
            "How often the current position has occurred (RULES 1.2).")
        .def(
            "pgn",
            [](const PyGame& g, const std::optional<std::map<std::string, std::string>>& tags) {
                return to_pgn(g.game, merged_tags(g.tags, tags));
            },
            py::arg("tags") = py::none(),
            "The game as PGN, with [Variant], [FEN] and [Points] as the variant needs; `tags` "
            "adds or replaces tags.")
        .def("__len__", [](const PyGame& g) { return g.game.moves().size(); })
        .def("__copy__", [](const PyGame& g) { return g; })
        .def("__repr__", [](const PyGame& g) {
            return "<evochess.Game " + std::string(g.game.variant().name) + ", " +
                   std::to_string(g.game.moves().size()) + " moves, " +
                   g.game.result().pgn_result() + ">";
        });

    m.def(
        "split_pgn", [](const std::string& text) { return split_pgn_games(text); }, py::arg("text"),
        "Splits the text of a PGN file into the texts of its games.");
    m.def("read_pgn", &read_pgn, py::arg("text"), "The same as Game.from_pgn.");
}

} // namespace evo::python

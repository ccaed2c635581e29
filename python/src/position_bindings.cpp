// Position: one position of a variant, immutable from Python (play() returns a new one).
#include "bindings.h"
#include "errors.h"

#include "core/message_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"

#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <sstream>

namespace evo::python {

namespace {

std::string fen_field(const Position& pos, int index) {
    std::istringstream in(pos.fen());
    std::string field;
    for (int i = 0; i <= index; ++i) in >> field;
    return field;
}

std::optional<std::string> piece_at(const Position& pos, const std::string& square) {
    Square s = parse_square(square);
    if (s == NoSquare) throw py::value_error("not a square: '" + quote_input(square) + "'");
    Piece p = pos.piece_on(s);
    if (p == NoPiece) return std::nullopt;
    char letter = " PNBRQKC"[type_of(p)];
    return std::string(1, color_of(p) == White ? letter : char(letter - 'A' + 'a'));
}

std::string counters_repr(const EvolutionCounters& c) {
    return "Counters(pawn_moves=" + std::to_string(c.pawn_moves) +
           ", minor_rights=" + std::to_string(c.minor_rights) +
           ", captures=" + std::to_string(c.captures) +
           ", rook_rights=" + std::to_string(c.rook_rights) + ")";
}

} // namespace

const char* color_name(Color c) {
    return c == White ? "w" : "b";
}

Position position_of(const Variant& variant, const std::string& fen) {
    return checked(position_from_fen(variant, fen));
}

Move move_of(const Position& pos, const std::string& text) {
    return checked(bindings::move_of(pos, text));
}

void check_perft_depth(int depth) {
    if (auto problem = bindings::perft_depth_problem(depth)) throw py::value_error(*problem);
}

void bind_position(py::module_& m) {
    py::class_<EvolutionCounters>(
        m, "Counters",
        "One player's evolution counters (RULES 2.2): pawn moves towards the next minor right "
        "(0..N-1), minor rights held, piece captures towards the next rook right (0..K-1), "
        "rook rights held.")
        .def_readonly("pawn_moves", &EvolutionCounters::pawn_moves)
        .def_readonly("minor_rights", &EvolutionCounters::minor_rights)
        .def_readonly("captures", &EvolutionCounters::captures)
        .def_readonly("rook_rights", &EvolutionCounters::rook_rights)
        .def("__eq__",
             [](const EvolutionCounters& a, const EvolutionCounters& b) { return a == b; })
        .def("__repr__", &counters_repr);

    py::class_<Position>(m, "Position",
                         "A position of a variant: board, side to move, castling, en passant, "
                         "clocks and the variant's state (the seventh FEN field). Immutable: "
                         "play() returns the next position.")
        .def(py::init([](const py::object& variant, const std::string& fen) {
                 return position_of(variant_of(variant), fen);
             }),
             py::arg("variant") = "chess", py::arg("fen") = "",
             "The position of `fen` (default: the variant's start). FenError if it is malformed "
             "or cannot be played.")
        .def("fen", &Position::fen, "The FEN, with the seventh field when the variant has one.")
        .def_property_readonly("variant", &Position::variant, py::return_value_policy::reference)
        .def_property_readonly(
            "turn", [](const Position& p) { return color_name(p.side_to_move()); },
            "The side to move: 'w' or 'b'.")
        .def_property_readonly(
            "castling", [](const Position& p) { return fen_field(p, 2); },
            "The castling field of the FEN, e.g. 'KQkq', 'KVkv' or '-'.")
        .def_property_readonly(
            "en_passant",
            [](const Position& p) -> std::optional<std::string> {
                if (p.en_passant() == NoSquare) return std::nullopt;
                return square_name(p.en_passant());
            },
            "The en-passant square when a capture there is legal, else None.")
        .def_property_readonly("halfmove_clock", &Position::rule50,
                               "Plies since the last capture or pawn move (the 50-move rule).")
        .def_property_readonly("fullmove_number", &Position::fullmove_number)
        .def_property_readonly(
            "white_counters", [](const Position& p) { return p.counters(White); },
            "White's evolution counters and rights (all zero outside EvoChess/EChess).")
        .def_property_readonly(
            "black_counters", [](const Position& p) { return p.counters(Black); },
            "Black's evolution counters and rights.")
        .def(
            "counters",
            [](const Position& p, const std::string& color) {
                if (color != "w" && color != "b") throw py::value_error("a colour is 'w' or 'b'");
                return p.counters(color == "w" ? White : Black);
            },
            py::arg("color"), "The evolution counters of 'w' or 'b'.")
        .def_property_readonly(
            "first_king_promoter",
            [](const Position& p) -> std::optional<std::string> {
                if (p.first_king_promoter() < 0) return std::nullopt;
                return color_name(Color(p.first_king_promoter()));
            },
            "Promote King Chess: who promoted a king first ('w' or 'b'), else None (RULES 4.11).")
        .def_property_readonly("other_color_promotions", &Position::other_color_promotions,
                               "Promote King Chess: promotions into the other colour (RULES "
                               "4.12).")
        .def_property_readonly("in_check", &Position::in_check)
        .def("piece_at", &piece_at, py::arg("square"),
             "The unit on a square as a FEN letter ('C'/'c' for Cthulhu), or None if empty.")
        .def("legal_moves", &legal_uci, "The legal moves as UCI texts (RULES 5.2).")
        .def("legal_moves_san", &legal_san, "The legal moves as SAN texts (RULES 5.3).")
        .def(
            "is_legal",
            [](const Position& p, const std::string& move) { return parse_move(p, move).ok(); },
            py::arg("move"), "Whether a UCI or SAN move is legal here.")
        .def(
            "san",
            [](const Position& p, const std::string& move) { return to_san(p, move_of(p, move)); },
            py::arg("move"), "The SAN of a legal move given in UCI (or SAN).")
        .def(
            "uci",
            [](const Position& p, const std::string& move) { return to_uci(p, move_of(p, move)); },
            py::arg("move"), "The UCI of a legal move given in SAN (or UCI).")
        .def(
            "play",
            [](const Position& p, const std::string& move) {
                Move m = move_of(p, move);
                Position next = p;
                StateInfo st;
                next.do_move(m, st);
                return Position(next); // the copy keeps the state, not a pointer to `st`
            },
            py::arg("move"), "The position after a legal UCI or SAN move.")
        .def(
            "perft",
            [](const Position& p, int depth) {
                check_perft_depth(depth);
                Position pos = p;
                py::gil_scoped_release unlocked;
                return perft(pos, depth);
            },
            py::arg("depth"), "The number of leaf nodes of the legal move tree (perft).")
        .def(
            "perft_divide",
            [](const Position& p, int depth) {
                check_perft_depth(depth);
                Position pos = p;
                PerftDivide divide;
                {
                    py::gil_scoped_release unlocked;
                    divide = perft_divide(pos, depth);
                }
                return std::map<std::string, std::uint64_t>(divide.moves.begin(),
                                                            divide.moves.end());
            },
            py::arg("depth"), "Perft per legal root move: {uci: leaf nodes}.")
        .def("__eq__",
             [](const Position& a, const Position& b) {
                 return &a.variant() == &b.variant() && a.fen() == b.fen();
             })
        .def("__hash__", [](const Position& p) { return p.key(); })
        .def("__copy__", [](const Position& p) { return p; })
        .def("__deepcopy__", [](const Position& p, py::dict) { return p; })
        .def("__repr__", [](const Position& p) {
            return "Position('" + std::string(p.variant().name) + "', '" + p.fen() + "')";
        });
}

} // namespace evo::python

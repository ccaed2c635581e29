// What the files of the Python module share: the parts each one binds, and how a Python
// argument names a variant or a move. The work is the core's and the helpers it shares with
// the WebAssembly binding (src/bindings/binding_helpers.h); this side raises the errors.
#pragma once

#include "bindings/binding_helpers.h"
#include "core/position.h"
#include "core/variant.h"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace evo::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_variants(py::module_& m);
void bind_position(py::module_& m);
void bind_game(py::module_& m);
void bind_engine(py::module_& m);
void bind_stateless(py::module_& m);

// A variant given as a Variant object or by name (UnknownVariantError for a name nobody knows).
const Variant& variant_of(const py::object& variant);
// The position a FEN describes; an empty FEN is the variant's start (FenError if malformed).
Position position_of(const Variant& variant, const std::string& fen);
// A move in UCI or SAN, legal in `pos` (IllegalMoveError otherwise).
Move move_of(const Position& pos, const std::string& text);
// The legal moves as UCI texts, in generation order.
using bindings::legal_san;
using bindings::legal_uci;
// ValueError for a perft depth out of 0..20.
void check_perft_depth(int depth);
// "w" or "b".
const char* color_name(Color c);

} // namespace evo::python

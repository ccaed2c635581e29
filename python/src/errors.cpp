#include "errors.h"

#include "bindings.h"

namespace evo::python {

void raise_error(const Error& error) {
    switch (bindings::binding_error_class(error.kind)) {
    case bindings::ErrorClass::UnknownVariant: throw UnknownVariantError(error.message);
    case bindings::ErrorClass::Fen: throw FenError(error.message);
    case bindings::ErrorClass::Move: throw IllegalMoveError(error.message);
    case bindings::ErrorClass::Pgn: throw PgnError(error.message);
    case bindings::ErrorClass::Other: break;
    }
    throw py::value_error(error.message);
}

namespace {

// The Python classes live as long as the interpreter: never destroyed from C++ (a static
// object's destructor would run after Python has shut down).
template <class Cpp>
py::exception<Cpp>& make_class(py::module_& m, const char* name, py::handle base, const char* doc) {
    auto* type = new py::exception<Cpp>(m, name, base.ptr());
    type->doc() = doc;
    return *type;
}

// The Python classes, for the translator (a plain function: it can capture nothing).
py::exception<UnknownVariantError>* unknown_variant_class;
py::exception<FenError>* fen_class;
py::exception<IllegalMoveError>* illegal_move_class;
py::exception<PgnError>* pgn_class;
py::exception<VariantFileError>* variant_file_class;

void translate(std::exception_ptr thrown) {
    try {
        if (thrown) std::rethrow_exception(thrown);
    } catch (const UnknownVariantError& e) {
        (*unknown_variant_class)(e.what());
    } catch (const FenError& e) {
        (*fen_class)(e.what());
    } catch (const IllegalMoveError& e) {
        (*illegal_move_class)(e.what());
    } catch (const PgnError& e) {
        (*pgn_class)(e.what());
    } catch (const VariantFileError& e) {
        py::object error = py::handle(variant_file_class->ptr())(e.what());
        error.attr("kind") = e.kind;
        error.attr("file") = e.file;
        error.attr("line") = e.line;
        error.attr("variant") = e.variant;
        error.attr("field") = e.field;
        PyErr_SetObject(variant_file_class->ptr(), error.ptr());
    }
}

} // namespace

void bind_errors(py::module_& m) {
    // Every bad input is a ValueError too, so code that catches ValueError keeps working.
    auto& base = make_class<std::runtime_error>(
        m, "Error", PyExc_ValueError,
        "Base class of the errors evochess raises for bad input (a ValueError).");
    unknown_variant_class = &make_class<UnknownVariantError>(
        m, "UnknownVariantError", base,
        "A variant name that is neither built in nor loaded from a file.");
    fen_class = &make_class<FenError>(
        m, "FenError", base,
        "A FEN that is malformed or describes a position that cannot be played.");
    illegal_move_class = &make_class<IllegalMoveError>(
        m, "IllegalMoveError", base,
        "A move text that is malformed, ambiguous or not legal in the position.");
    pgn_class = &make_class<PgnError>(
        m, "PgnError", base,
        "A PGN text that cannot be read (bad tags, an illegal move, trailing text).");
    variant_file_class = &make_class<VariantFileError>(
        m, "VariantFileError", base,
        "A variants (INI) file that cannot be loaded. Attributes: kind, file, line (0: the "
        "whole file), variant and field ('' when none is concerned).");
    py::register_exception_translator(&translate);
}

} // namespace evo::python

// Variants: the built-in games and those loaded from INI files (docs/variants.md).
#include "bindings.h"
#include "errors.h"

#include "core/message_text.h"
#include "variants/variant_fields.h"
#include "variants/variant_loader.h"

#include <pybind11/stl.h>

namespace evo::python {

namespace {

using variants::evolution_name;

std::vector<const Variant*> loaded(const variants::Outcome<std::vector<const Variant*>>& outcome) {
    if (!outcome) {
        const variants::FileError& e = outcome.error();
        throw VariantFileError(e.message(), std::string(variants::kind_name(e.kind)), e.file,
                               e.line, e.variant, e.field);
    }
    return outcome.value();
}

} // namespace

const Variant& variant_of(const py::object& variant) {
    if (py::isinstance<Variant>(variant)) return variant.cast<const Variant&>();
    if (!py::isinstance<py::str>(variant))
        throw py::type_error("a variant is a name (str) or an evochess.Variant");
    return *checked(variant_named(variant.cast<std::string>()));
}

void bind_variants(py::module_& m) {
    // Variants live as long as the process (a replaced one stays alive for its positions), so
    // Python holds plain references and never deletes them.
    py::class_<Variant, std::unique_ptr<Variant, py::nodelete>>(
        m, "Variant",
        "The rules of one game, as data. Get one with evochess.variant(name) or "
        "evochess.load_variants(path).")
        .def_property_readonly("name", [](const Variant& v) { return std::string(v.name); })
        .def_property_readonly("display_name",
                               [](const Variant& v) { return std::string(v.display_name); })
        .def_property_readonly("description",
                               [](const Variant& v) { return std::string(v.description); })
        .def_property_readonly("start_fen",
                               [](const Variant& v) { return std::string(v.start_fen); })
        .def_property_readonly(
            "evolution", [](const Variant& v) { return evolution_name(v.evolution); },
            "'none', 'accumulate' (rights are kept, EvoChess) or 'expire' (EChess).")
        .def_readonly("minor_right_pawn_moves", &Variant::minor_right_pawn_moves,
                      "N: the pawn moves that earn a minor right.")
        .def_readonly("rook_right_captures", &Variant::rook_right_captures,
                      "K: the piece captures that earn a rook right.")
        .def_readonly("scores_points", &Variant::scores_points,
                      "Whether results give points (Promote King Chess, RULES 4.12).")
        .def_readonly("king_becomes_cthulhu", &Variant::king_becomes_cthulhu)
        .def("__repr__",
             [](const Variant& v) { return "<evochess.Variant " + std::string(v.name) + ">"; })
        .def("__eq__", [](const Variant& a, const Variant& b) { return &a == &b; })
        .def("__hash__", [](const Variant& v) { return std::hash<const Variant*>()(&v); });

    m.def(
        "variants",
        [] {
            std::vector<std::string> names;
            for (const Variant* v : all_variants()) names.emplace_back(v->name);
            return names;
        },
        "The names of every known variant: the built-in ones, then those loaded from files.");
    m.def(
        "variant", [](const py::object& name) -> const Variant& { return variant_of(name); },
        py::arg("name"), py::return_value_policy::reference,
        "The variant of this name (UnknownVariantError if nobody knows it).");
    m.def(
        "load_variants",
        [](const std::string& path) { return loaded(variants::load_variants_file(path)); },
        py::arg("path"), py::return_value_policy::reference,
        "Loads a variants INI file (docs/variants.md) and makes its variants known everywhere; "
        "returns them. All or nothing: VariantFileError names the file, line, variant and field.");
    m.def(
        "load_variants_text",
        [](const std::string& text, const std::string& source) {
            return loaded(variants::load_variants_text(text, source));
        },
        py::arg("text"), py::arg("source") = "<string>", py::return_value_policy::reference,
        "As load_variants, from the text of a file; `source` names it in errors.");
}

} // namespace evo::python

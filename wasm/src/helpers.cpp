#include "binding.h"

#include <sstream>

namespace evo::wasm {

void fail(const Error& error) {
    switch (bindings::binding_error_class(error.kind)) {
    case bindings::ErrorClass::UnknownVariant: throw BindError{"unknown-variant", error.message};
    case bindings::ErrorClass::Fen: throw BindError{"bad-fen", error.message};
    case bindings::ErrorClass::Move: throw BindError{"illegal-move", error.message};
    case bindings::ErrorClass::Pgn: throw BindError{"bad-pgn", error.message};
    case bindings::ErrorClass::Other: break;
    }
    throw BindError{"bad-argument", error.message};
}

const Variant& variant_of(const std::string& name) {
    return *checked(variant_named(name));
}

Position position_of(const Variant& variant, const std::string& fen) {
    return checked(position_from_fen(variant, fen));
}

Move move_of(const Position& pos, const std::string& text) {
    return checked(bindings::move_of(pos, text));
}

Position reached(const std::string& variant, const std::string& fen, const std::string& moves) {
    std::istringstream in(moves);
    std::vector<std::string> list;
    for (std::string text; in >> text;) list.push_back(text);
    return checked(load_position(variant, fen, list));
}

std::string legal_uci(const Position& pos) {
    return joined(bindings::legal_uci(pos));
}

std::string legal_san(const Position& pos) {
    return joined(bindings::legal_san(pos));
}

void check_perft_depth(int depth) {
    if (auto problem = bindings::perft_depth_problem(depth))
        throw BindError{"bad-argument", *problem};
}

std::string joined(const std::vector<std::string>& texts, char separator) {
    std::string out;
    for (const auto& t : texts) {
        if (!out.empty()) out += separator;
        out += t;
    }
    return out;
}

} // namespace evo::wasm

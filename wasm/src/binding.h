// What the files of the WebAssembly binding share. Every exported function answers a JS
// object: {value} on success, {error, message} (and a variants file's place) on bad input,
// which the JS wrapper (wasm/evochess.js) turns into a thrown EvoChessError. The core reports
// errors as values; the binding throws BindError inside itself only, caught by guard().
#pragma once

#include "bindings/binding_helpers.h"
#include "core/move.h"
#include "core/position.h"
#include "core/variant.h"

#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace evo::wasm {

using emscripten::val;

// The kinds the JS side sees as EvoChessError.kind.
struct BindError {
    std::string kind; // unknown-variant, bad-fen, illegal-move, bad-pgn, bad-variant-file,
                      // bad-argument
    std::string message;
    val details = val::undefined(); // the variants file's file, line, variant and field
};

template <class Body> val guard(Body body) {
    val out = val::object();
    try {
        out.set("value", body());
    } catch (const BindError& e) {
        out.set("error", e.kind);
        out.set("message", e.message);
        out.set("details", e.details);
    }
    return out;
}

// Throws the core's error as the BindError its kind maps to (bindings::binding_error_class):
// unknown-variant, bad-fen, illegal-move, bad-pgn, else bad-argument.
[[noreturn]] void fail(const Error& error);
// The value, or the error thrown.
template <class T> T checked(Result<T> result) {
    if (!result) fail(result.failure());
    return std::move(result).value();
}

const Variant& variant_of(const std::string& name);
// The position a FEN describes; an empty FEN is the variant's start.
Position position_of(const Variant& variant, const std::string& fen);
// A move in UCI or SAN, legal in `pos`.
Move move_of(const Position& pos, const std::string& text);
// The position UCI `moves` (separated by spaces) lead to from `fen` (load_position).
Position reached(const std::string& variant, const std::string& fen, const std::string& moves);
// The legal moves, separated by spaces, in generation order.
std::string legal_uci(const Position& pos);
std::string legal_san(const Position& pos);
void check_perft_depth(int depth);
std::string joined(const std::vector<std::string>& texts, char separator = ' ');

} // namespace evo::wasm

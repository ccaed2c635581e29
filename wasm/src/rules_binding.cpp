// The rules, stateless: variants, and positions given as (variant, FEN) with UCI move lists.
// JS's Position is such a pair (wasm/evochess.js), so it holds no WebAssembly memory.
#include "binding.h"

#include "core/message_text.h"
#include "core/notation.h"
#include "core/perft.h"
#include "variants/variant_fields.h"
#include "variants/variant_loader.h"

#include <emscripten/bind.h>

#include <sstream>

namespace evo::wasm {

namespace {

using variants::evolution_name;

val variant_names_list() {
    return guard([] {
        std::vector<std::string> names;
        for (const Variant* v : all_variants()) names.emplace_back(v->name);
        return joined(names, '\n');
    });
}

// What the FEN's seventh field holds (RULES 5.1): what a board shows beside the position.
std::string extra_state_name(ExtraState state) {
    switch (state) {
    case ExtraState::EvolutionCounters: return "evolution-counters";
    case ExtraState::PromoteKing: return "promote-king";
    case ExtraState::None: break;
    }
    return "none";
}

val variant_info(std::string name) {
    return guard([&] {
        const Variant& v = variant_of(name);
        val out = val::object();
        out.set("name", std::string(v.name));
        out.set("displayName", std::string(v.display_name));
        out.set("description", std::string(v.description));
        out.set("startFen", std::string(v.start_fen));
        out.set("evolution", evolution_name(v.evolution));
        out.set("minorRightPawnMoves", v.minor_right_pawn_moves);
        out.set("rookRightCaptures", v.rook_right_captures);
        out.set("scoresPoints", v.scores_points);
        out.set("kingBecomesCthulhu", v.king_becomes_cthulhu);
        out.set("extraState", extra_state_name(v.extra_state));
        return out;
    });
}

val load_variants_text(std::string text, std::string source) {
    return guard([&] {
        auto outcome = variants::load_variants_text(text, source);
        if (!outcome) {
            const variants::FileError& e = outcome.error();
            val details = val::object();
            details.set("kind", std::string(variants::kind_name(e.kind)));
            details.set("file", e.file);
            details.set("line", e.line);
            details.set("variant", e.variant);
            details.set("field", e.field);
            throw BindError{"bad-variant-file", e.message(), details};
        }
        std::vector<std::string> names;
        for (const Variant* v : outcome.value()) names.emplace_back(v->name);
        return joined(names, '\n');
    });
}

std::string fen_field(const Position& pos, int index) {
    std::istringstream in(pos.fen());
    std::string field;
    for (int i = 0; i <= index; ++i) in >> field;
    return field;
}

val counters_of(const EvolutionCounters& c) {
    val out = val::object();
    out.set("pawnMoves", c.pawn_moves);
    out.set("minorRights", c.minor_rights);
    out.set("captures", c.captures);
    out.set("rookRights", c.rook_rights);
    return out;
}

// Everything a Position shows besides its moves, read once.
val position_info(std::string variant, std::string fen) {
    return guard([&] {
        Position pos = position_of(variant_of(variant), fen);
        val out = val::object();
        out.set("fen", pos.fen());
        out.set("turn", std::string(pos.side_to_move() == White ? "w" : "b"));
        out.set("castling", fen_field(pos, 2));
        out.set("enPassant",
                pos.en_passant() == NoSquare ? val::null() : val(square_name(pos.en_passant())));
        out.set("halfmoveClock", pos.rule50());
        out.set("fullmoveNumber", pos.fullmove_number());
        out.set("white", counters_of(pos.counters(White)));
        out.set("black", counters_of(pos.counters(Black)));
        out.set("firstKingPromoter",
                pos.first_king_promoter() < 0
                    ? val::null()
                    : val(std::string(pos.first_king_promoter() == White ? "w" : "b")));
        out.set("otherColorPromotions", pos.other_color_promotions());
        out.set("inCheck", pos.in_check());
        return out;
    });
}

val legal_moves(std::string variant, std::string fen, std::string moves) {
    return guard([&] { return legal_uci(reached(variant, fen, moves)); });
}

val legal_moves_san(std::string variant, std::string fen, std::string moves) {
    return guard([&] { return legal_san(reached(variant, fen, moves)); });
}

val get_fen(std::string variant, std::string fen, std::string moves) {
    return guard([&] { return reached(variant, fen, moves).fen(); });
}

val to_san_text(std::string variant, std::string fen, std::string move) {
    return guard([&] {
        Position pos = position_of(variant_of(variant), fen);
        return to_san(pos, move_of(pos, move));
    });
}

val to_uci_text(std::string variant, std::string fen, std::string move) {
    return guard([&] {
        Position pos = position_of(variant_of(variant), fen);
        return to_uci(pos, move_of(pos, move));
    });
}

// The FEN after one legal UCI or SAN move.
val play(std::string variant, std::string fen, std::string move) {
    return guard([&] {
        Position pos = position_of(variant_of(variant), fen);
        Move m = move_of(pos, move);
        StateInfo st;
        pos.do_move(m, st);
        return pos.fen();
    });
}

val piece_at(std::string variant, std::string fen, std::string square) {
    return guard([&] {
        Position pos = position_of(variant_of(variant), fen);
        Square s = parse_square(square);
        if (s == NoSquare)
            throw BindError{"bad-argument", "not a square: '" + quote_input(square) + "'"};
        Piece p = pos.piece_on(s);
        if (p == NoPiece) return val::null();
        char letter = " PNBRQKC"[type_of(p)];
        return val(std::string(1, color_of(p) == White ? letter : char(letter - 'A' + 'a')));
    });
}

val perft_count(std::string variant, std::string fen, int depth) {
    return guard([&] {
        check_perft_depth(depth);
        Position pos = position_of(variant_of(variant), fen);
        return double(perft(pos, depth)); // exact below 2^53
    });
}

// "uci:count" pairs separated by spaces.
val perft_divide_text(std::string variant, std::string fen, int depth) {
    return guard([&] {
        check_perft_depth(depth);
        Position pos = position_of(variant_of(variant), fen);
        PerftDivide divide = perft_divide(pos, depth);
        std::string out;
        for (const auto& [move, count] : divide.moves)
            out += (out.empty() ? "" : " ") + move + ":" + std::to_string(count);
        return out;
    });
}

} // namespace

EMSCRIPTEN_BINDINGS(evochess_rules) {
    using emscripten::function;
    function("variantNames", &variant_names_list);
    function("variantInfo", &variant_info);
    function("loadVariantsText", &load_variants_text);
    function("positionInfo", &position_info);
    function("legalMoves", &legal_moves);
    function("legalMovesSan", &legal_moves_san);
    function("getFen", &get_fen);
    function("toSan", &to_san_text);
    function("toUci", &to_uci_text);
    function("play", &play);
    function("pieceAt", &piece_at);
    function("perft", &perft_count);
    function("perftDivide", &perft_divide_text);
}

} // namespace evo::wasm

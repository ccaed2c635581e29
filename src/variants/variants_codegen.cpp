// Build step: compiles the built-in games' variants file into C++ (the core's
// `constexpr Variant Builtin[]`), so the built-in descriptions are the file and cost
// nothing at start-up. Usage: variants_codegen builtin.ini builtin_variants.inc
#include "ini_sections.h"
#include "variant_compiler.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace {

using namespace evo;

std::string quoted(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", unsigned(static_cast<unsigned char>(c)));
            out += buf;
            continue;
        }
        out += c;
    }
    return out + "\"";
}

const char* b(bool v) {
    return v ? "true" : "false";
}

std::string piece_type(PieceType t) {
    static const char* const Names[] = {"NoPieceType", "Pawn",  "Knight", "Bishop",
                                        "Rook",        "Queen", "King",   "Cthulhu"};
    return Names[t];
}

std::string cpp(const Variant& v) {
    static const char* const Evolutions[] = {"None", "Accumulate", "Expire"};
    static const char* const Extras[] = {"None", "EvolutionCounters", "PromoteKing"};
    std::ostringstream o;
    o << "    Variant{\n        .name = " << quoted(v.name)
      << ",\n        .start_fen = " << quoted(v.start_fen) << ",\n        .promotion_types = {";
    for (int i = 0; i < 5; ++i) o << (i ? ", " : "") << piece_type(v.promotion_types[i]);
    o << "},\n        .promotion_type_count = " << v.promotion_type_count
      << ",\n        .promotion_either_color = " << b(v.promotion_either_color)
      << ",\n        .pawns_on_back_ranks = " << b(v.pawns_on_back_ranks)
      << ",\n        .evolution = Evolution::" << Evolutions[int(v.evolution)]
      << ",\n        .minor_right_pawn_moves = " << v.minor_right_pawn_moves
      << ",\n        .rook_right_captures = " << v.rook_right_captures
      << ",\n        .direct_rook_promotion = " << b(v.direct_rook_promotion)
      << ",\n        .king_becomes_cthulhu = " << b(v.king_becomes_cthulhu)
      << ",\n        .king_double_step = " << b(v.king_double_step)
      << ",\n        .king_en_passant = " << b(v.king_en_passant)
      << ",\n        .king_follows_pawn = " << b(v.king_follows_pawn)
      << ",\n        .ordinary_castling = " << b(v.ordinary_castling)
      << ",\n        .vertical_castling = " << b(v.vertical_castling)
      << ",\n        .promoted_rooks_grant_castling = " << b(v.promoted_rooks_grant_castling)
      << ",\n        .tracks_unmoved_king = " << b(v.tracks_unmoved_king)
      << ",\n        .draws_won_by_first_king_promoter = " << b(v.draws_won_by_first_king_promoter)
      << ",\n        .scores_points = " << b(v.scores_points)
      << ",\n        .extra_state = ExtraState::" << Extras[int(v.extra_state)]
      << ",\n        .display_name = " << quoted(v.display_name)
      << ",\n        .description = " << quoted(v.description) << ",\n    },\n";
    return o.str();
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: variants_codegen builtin.ini out.inc\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
        std::fprintf(stderr, "error: %s cannot be read\n", argv[1]);
        return 2;
    }
    auto sections = variants::read_ini_sections(text.str(), argv[1]);
    if (!sections) {
        std::fprintf(stderr, "error: %s\n", sections.error().message().c_str());
        return 2;
    }
    auto compiled = variants::compile_variants(sections.value(), argv[1], {});
    if (!compiled) {
        std::fprintf(stderr, "error: %s\n", compiled.error().message().c_str());
        return 2;
    }
    bool has_chess = false;
    std::string out = std::string("// Generated from ") + argv[1] +
                      " by variants_codegen. Do not edit.\nconstexpr Variant Builtin[] = {\n";
    for (const auto& c : compiled.value()) {
        has_chess = has_chess || c.definition.name == "chess";
        VariantDefinition d = c.definition;
        d.bind();
        out += cpp(d.rules);
    }
    out += "};\n";
    if (!has_chess) {
        std::fprintf(stderr, "error: %s: the built-in variants must include 'chess'\n", argv[1]);
        return 2;
    }
    std::ofstream file(argv[2], std::ios::binary);
    file << out;
    return file ? 0 : 2;
}

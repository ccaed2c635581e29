// The built-in games are src/variants/builtin.ini: loaded from that file again at run time
// (under other names), they give the same perft as the compiled-in ones and as before the
// variants file existed (RULES 1-4, standard cases).
#include "variants_test_util.h"

#include <fstream>

namespace evo {
namespace {

// builtin.ini with every variant name prefixed: [chess] -> [file-chess],
// [evochess:chess] -> [file-evochess:file-chess], ...
std::string builtin_file_renamed(const std::string& prefix = "file-") {
    std::ifstream in(std::string(EVO_SOURCE_DIR) + "/src/variants/builtin.ini");
    EXPECT_TRUE(in.good());
    std::string out, line;
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] == '[') {
            line.insert(1, prefix);
            if (std::size_t colon = line.find(':'); colon != std::string::npos)
                line.insert(colon + 1, prefix);
        }
        out += line + "\n";
    }
    return out;
}

struct StandardCase {
    const char* variant;
    const char* fen; // empty: the start position
    int depth;
    std::uint64_t nodes; // as measured before the variants file (docs/performance.md)
};

const StandardCase Cases[] = {
    {"chess", "", 4, 197281},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
    {"evochess", "", 5, 3816827},
    {"evochess", "4k3/1P6/8/3n4/4P3/2N5/8/4KB2 w - - 0 1 2,1,1,1/0,0,0,0", 3, 33845},
    {"echess", "", 5, 3816827},
    {"echess", "4k3/8/8/4n3/3P4/2B5/8/4K3 w - - 0 1 2,0,1,0/0,0,0,0", 3, 2968},
    {"promoteking", "", 4, 236239},
};

TEST(BuiltinFile, FourGamesLoadedFromTheFileGiveTheSamePerft) {
    auto loaded = variants::load_variants_text(builtin_file_renamed(), "builtin.ini");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message();
    ASSERT_EQ(loaded.value().size(), 4u);
    for (const StandardCase& c : Cases) {
        const Variant* compiled = find_variant(c.variant);
        const Variant* from_file = find_variant("file-" + std::string(c.variant));
        ASSERT_NE(compiled, nullptr);
        ASSERT_NE(from_file, nullptr);
        std::string fen = *c.fen ? c.fen : std::string(compiled->start_fen);
        EXPECT_EQ(test::perft_of(*compiled, fen, c.depth), c.nodes) << c.variant << " " << fen;
        EXPECT_EQ(test::perft_of(*from_file, fen, c.depth), c.nodes) << c.variant << " " << fen;
    }
}

// The compiled-in table is the file: every rule field equal.
TEST(BuiltinFile, CompiledTableMatchesTheFile) {
    auto parsed = variants::parse_variants_text(builtin_file_renamed("again-"), "b.ini");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message();
    for (VariantDefinition& d : parsed.value()) {
        d.bind();
        const Variant* v = find_variant(d.name.substr(6));
        ASSERT_NE(v, nullptr) << d.name;
        const Variant& f = d.rules;
        EXPECT_EQ(f.start_fen, v->start_fen);
        EXPECT_EQ(f.display_name, v->display_name);
        EXPECT_EQ(f.description, v->description);
        EXPECT_EQ(f.promotion_type_count, v->promotion_type_count);
        for (int i = 0; i < v->promotion_type_count; ++i)
            EXPECT_EQ(f.promotion_types[i], v->promotion_types[i]);
        EXPECT_EQ(f.evolution, v->evolution);
        EXPECT_EQ(f.minor_right_pawn_moves, v->minor_right_pawn_moves);
        EXPECT_EQ(f.rook_right_captures, v->rook_right_captures);
        EXPECT_EQ(f.direct_rook_promotion, v->direct_rook_promotion);
        EXPECT_EQ(f.king_becomes_cthulhu, v->king_becomes_cthulhu);
        EXPECT_EQ(f.vertical_castling, v->vertical_castling);
        EXPECT_EQ(f.extra_state, v->extra_state);
        EXPECT_EQ(f.scores_points, v->scores_points);
    }
}

// RULES 2.2: the built-in values the rules text states.
TEST(BuiltinFile, Rules_2_2_EvoChessHasN3K2) {
    const Variant* evo = find_variant("evochess");
    ASSERT_NE(evo, nullptr);
    EXPECT_EQ(evo->minor_right_pawn_moves, 3);
    EXPECT_EQ(evo->rook_right_captures, 2);
    EXPECT_EQ(evo->evolution, Evolution::Accumulate);
    EXPECT_EQ(find_variant("echess")->evolution, Evolution::Expire);
    EXPECT_TRUE(find_variant("echess")->direct_rook_promotion);
}

} // namespace
} // namespace evo

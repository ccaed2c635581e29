// RULES 5.4: PGN [Variant "name"] round-trips for a variant loaded from a file.
#include "variants_test_util.h"

#include "core/pgn.h"

namespace evo {
namespace {

// RULES 2.3/2.4 with N = 2: White's second pawn move earns a minor right, spent on that
// pawn (d4=N); under evochess (N = 3) that move would be illegal, so reading the PGN back
// needs the loaded variant.
TEST(VariantPgn, Rules_5_4_VariantTagRoundTrips) {
    const Variant* v = test::load_text("[pgn-n2:evochess]\nminor_right_pawn_moves = 2\n", "pgn-n2");
    ASSERT_NE(v, nullptr);
    Game game(*v);
    for (const char* move : {"e4", "e5", "d4=N"}) ASSERT_TRUE(game.play(move).ok()) << move;
    std::string pgn = to_pgn(game);
    EXPECT_NE(pgn.find("[Variant \"pgn-n2\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("2. d4=N"), std::string::npos) << pgn;
    auto back = parse_pgn(pgn);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->game.variant().name, "pgn-n2");
    EXPECT_EQ(back->game.position().fen(), game.position().fen());
    EXPECT_EQ(to_pgn(back->game), pgn);

    // The same text read as evochess fails at d4=N.
    std::string as_evochess = pgn;
    as_evochess.replace(as_evochess.find("pgn-n2"), 6, "evochess");
    EXPECT_FALSE(parse_pgn(as_evochess).ok());
}

} // namespace
} // namespace evo

// Static exchange evaluation on plain captures, and with Cthulhu (RULES 4.1) in the exchange.
#include "engine_test_util.h"

#include "engine/see.h"

namespace evo::test {
namespace {

Move parse(const Position& pos, const char* uci) {
    auto m = parse_uci_move(pos, uci);
    EXPECT_TRUE(m.ok()) << uci << ": " << m.error();
    return m.ok() ? *m : Move::none();
}

TEST(SeeTest, UndefendedPieceWins) {
    Position pos = load("chess", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    EXPECT_TRUE(engine::see_at_least(pos, parse(pos, "d1d5"), 100));
    EXPECT_FALSE(engine::see_at_least(pos, parse(pos, "d1d5"), 101));
}

TEST(SeeTest, DefendedPawnCostsTheRook) {
    Position pos = load("chess", "4k3/4p3/3p4/8/8/8/8/3RK3 w - - 0 1");
    EXPECT_FALSE(engine::see_at_least(pos, parse(pos, "d1d6"), 0));
}

TEST(SeeTest, BatteryDoesNotSaveTheRookForAPawn) {
    // Rook d1 behind rook d2; the pawn on d6 is defended by a pawn: R for 2 P.
    Position pos = load("chess", "4k3/2p5/3p4/8/8/8/3R4/3RK3 w - - 0 1");
    EXPECT_FALSE(engine::see_at_least(pos, parse(pos, "d2d6"), 0));
    EXPECT_TRUE(engine::see_at_least(pos, parse(pos, "d2d6"), -300));
}

TEST(SeeTest, XRayBehindTheCapturerCounts) {
    // The pawn on d6 is defended by the rook on d8; the rook on d1 backs the one on d2.
    Position pos = load("chess", "3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1");
    EXPECT_TRUE(engine::see_at_least(pos, parse(pos, "d2d6"), 100));
}

TEST(SeeTest, RoyalPieceCannotRecaptureIntoDefence) {
    // RULES 4.1: Cthulhu defends like a queen and a knight, but cannot take into a defended square.
    Position pos = load("promoteking", "4c3/8/3p4/8/8/8/3RP3/3RK3 w - - 0 1 b,0");
    EXPECT_TRUE(engine::see_at_least(pos, parse(pos, "d2d6"), 100));
}

} // namespace
} // namespace evo::test

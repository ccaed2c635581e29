// The net's inputs on hand-made positions: piece-square indices as docs/nnue.md lays them out,
// each side's perspective the mirror of the other's, rights and counters as inputs of their
// own, Cthulhu and the Promote King state seen.
#include "engine/nnue/features.h"

#include "core/variant.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace evo::nnue {
namespace {

Position parse(const char* variant, const char* fen) {
    auto pos = Position::from_fen(*find_variant(variant), fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return *pos;
}

bool has(const std::vector<std::uint16_t>& features, int index) {
    return std::find(features.begin(), features.end(), index) != features.end();
}

TEST(NnueFeatures, PieceSquareIndicesFollowTheDocumentedLayout) {
    Position pos = parse("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    // Own pieces first, type pawn..Cthulhu, squares from a1; Black sees the board flipped.
    EXPECT_EQ(active_features(pos, White),
              (std::vector<std::uint16_t>{12, 5 * 64 + 4, 12 * 64 + 60}));
    EXPECT_EQ(active_features(pos, Black),
              (std::vector<std::uint16_t>{5 * 64 + 4, 7 * 64 + 52, 12 * 64 + 60}));
}

TEST(NnueFeatures, EachPerspectiveIsTheMirrorOfTheOther) {
    Position pos = parse("evochess", "4k3/8/8/3n4/8/8/4P3/R3K3 w Q - 0 1 2,1,0,0/0,0,1,2");
    Position mirrored = parse("evochess", "r3k3/4p3/8/8/3N4/8/8/4K3 b q - 0 1 0,0,1,2/2,1,0,0");
    EXPECT_EQ(active_features(pos, White), active_features(mirrored, Black));
    EXPECT_EQ(active_features(pos, Black), active_features(mirrored, White));
    EXPECT_NE(active_features(pos, White), active_features(pos, Black));
}

TEST(NnueFeatures, PositionsDifferingOnlyInRightsHaveDifferentFeatures) {
    const char* board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ";
    Position none = parse("evochess", (std::string(board) + "0,0,0,0/0,0,0,0").c_str());
    Position minor = parse("evochess", (std::string(board) + "0,1,0,0/0,0,0,0").c_str());
    Position rook = parse("evochess", (std::string(board) + "0,0,0,1/0,0,0,0").c_str());
    Position counter = parse("evochess", (std::string(board) + "0,0,0,0/2,0,0,0").c_str());
    for (Color c : {White, Black}) {
        auto base = active_features(none, c);
        EXPECT_NE(base, active_features(minor, c));
        EXPECT_NE(base, active_features(rook, c));
        EXPECT_NE(base, active_features(counter, c));
        EXPECT_NE(active_features(minor, c), active_features(rook, c));
        EXPECT_EQ(base.size(), 32u + 8u); // 32 units, 4 one-hot inputs a side
    }
    // White's minor right is its own input from White's view, the other side's from Black's.
    EXPECT_TRUE(has(active_features(minor, White), PieceSquareFeatures + CounterSlots + 1));
    EXPECT_TRUE(has(active_features(minor, Black),
                    PieceSquareFeatures + CounterFeaturesPerSide + CounterSlots + 1));
    // Many rights share the capped input.
    Position many = parse("evochess", (std::string(board) + "0,9,0,0/0,0,0,0").c_str());
    EXPECT_TRUE(has(active_features(many, White), PieceSquareFeatures + CounterSlots + 3));
}

TEST(NnueFeatures, ChessHasNoCounterInputs) {
    Position pos = parse("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    auto features = active_features(pos, White);
    EXPECT_EQ(features.size(), 32u);
    EXPECT_LT(features.back(), PieceSquareFeatures);
}

TEST(NnueFeatures, CthulhuAndThePromoteKingStateAreInputs) {
    Position pos = parse("promoteking", "8/3K4/8/8/8/8/8/c7 w - - 0 1 -,0");
    // Black's Cthulhu on a1: the other colour's seventh plane from White's view.
    EXPECT_TRUE(has(active_features(pos, White), (7 + 6) * 64 + 0));
    EXPECT_TRUE(has(active_features(pos, Black), 6 * 64 + 56));
    const int base = PieceSquareFeatures + CounterFeatures;
    EXPECT_TRUE(has(active_features(pos, White), base + 0)); // nobody promoted a king
    Position promoted = parse("promoteking", "3Cp2P/8/2p5/8/8/5P2/2q5/k6p b - - 4 40 w,2");
    EXPECT_TRUE(has(active_features(promoted, White), base + 1));
    EXPECT_TRUE(has(active_features(promoted, Black), base + 2));
    EXPECT_TRUE(has(active_features(promoted, White), base + FirstPromoterSlots + 2));
    // A black pawn on the first rank (RULES 4.4) is a pawn input like any other.
    EXPECT_TRUE(has(active_features(promoted, White), 7 * 64 + 7));
}

} // namespace
} // namespace evo::nnue

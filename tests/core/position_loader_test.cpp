// Variant + FEN + moves -> a position or a game (position_loader.h), the one load the CLI,
// the app and both bindings use: its values and its typed errors, messages included.
#include "core/position_loader.h"
#include "test_util.h"

namespace evo {
namespace {

const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(PositionLoader, TheStartWhenNoFenIsGiven) {
    auto pos = load_position("chess", "", {});
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(pos->fen(), start);
    EXPECT_EQ(&pos->variant(), &chess_variant());
    auto pk = load_position("promoteking", "", {});
    ASSERT_TRUE(pk.ok());
    EXPECT_EQ(pk->fen(), Position::start(*find_variant("promoteking")).fen());
}

TEST(PositionLoader, PlaysUciMovesFromTheFen) {
    auto pos = load_position("chess", start, {"e2e4", "c7c5", "g1f3"});
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(pos->fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    // The same through the overload that takes the variant itself.
    auto same = load_position(chess_variant(), "", {"e2e4", "c7c5", "g1f3"});
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(same->fen(), pos->fen());
    // The state is the position's own, not a dead StateInfo's: it can go on.
    MoveList list;
    generate_legal(*pos, list);
    EXPECT_EQ(list.size(), 22u);
}

TEST(PositionLoader, EvolutionCountersFollowTheMoves) {
    auto pos = load_position("evochess", "", {"e2e4", "e7e5"});
    ASSERT_TRUE(pos.ok()) << pos.error();
    // The evochess start has only kings and pawns; each side's first pawn move counts.
    EXPECT_EQ(pos->fen(), "4k3/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/4K3 w - - 0 2 1,0,0,0/1,0,0,0");
}

TEST(PositionLoader, SanOnlyWhenAsked) {
    auto uci_only = load_position("chess", "", {"e4"});
    EXPECT_EQ(uci_only.error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(uci_only.error(), "move 1: not a UCI move: 'e4'");
    auto either = load_position("chess", "", {"e4", "c7c5", "Nf3"}, MoveText::UciOrSan);
    ASSERT_TRUE(either.ok()) << either.error();
    EXPECT_EQ(either->fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(PositionLoader, AnUnknownVariant) {
    auto pos = load_position("xiangqi", start, {"e2e4"});
    EXPECT_EQ(pos.error_kind(), ErrorKind::UnknownVariant);
    EXPECT_EQ(pos.error(), "unknown variant 'xiangqi' (" + variant_names() + ")");
    // The name is quoted as input: control bytes escaped.
    EXPECT_EQ(variant_named("a\x01").error(), "unknown variant 'a\\x01' (" + variant_names() + ")");
    EXPECT_EQ(load_game("", "", {}).error_kind(), ErrorKind::UnknownVariant);
    auto found = variant_named("echess");
    ASSERT_TRUE(found.ok());
    EXPECT_EQ((*found)->name, "echess");
}

TEST(PositionLoader, ABadFenIsTheFensErrorUnprefixed) {
    auto pos = load_position("chess", "8/8 w", {"e2e4"});
    EXPECT_EQ(pos.error_kind(), ErrorKind::MalformedFen);
    EXPECT_EQ(pos.error(), "FEN board must have 8 ranks separated by '/'");
    auto check = load_position("chess", "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", {});
    EXPECT_EQ(check.error_kind(), ErrorKind::InvalidPosition);
    EXPECT_EQ(check.error(), "the side not to move is in check");
    auto cthulhu = load_game("chess", "4k3/8/8/8/8/8/8/4C3 w - - 0 1", {});
    EXPECT_EQ(cthulhu.error_kind(), ErrorKind::NotInVariant);
    EXPECT_EQ(cthulhu.error(), "Cthulhu (C) exists only in promoteking");
    EXPECT_FALSE(is_move_error(pos.error_kind()));
}

TEST(PositionLoader, ABadMoveIsNamedByItsNumber) {
    auto illegal = load_position("chess", "", {"e2e4", "e7e5", "e4e5"});
    EXPECT_EQ(illegal.error_kind(), ErrorKind::IllegalMove);
    EXPECT_EQ(illegal.error(), "move 3: illegal move: 'e4e5'");
    EXPECT_TRUE(is_move_error(illegal.error_kind()));
    auto malformed = load_game("chess", "", {"e2e4", "xx"});
    EXPECT_EQ(malformed.error_kind(), ErrorKind::MalformedMove);
    EXPECT_EQ(malformed.error(), "move 2: not a UCI move: 'xx'");
    auto ambiguous =
        load_position("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", {"Nd2"}, MoveText::UciOrSan);
    EXPECT_EQ(ambiguous.error_kind(), ErrorKind::AmbiguousMove);
    EXPECT_EQ(ambiguous.error(), "move 1: ambiguous move: 'Nd2'");
}

TEST(PositionLoader, AGameKeepsItsStartAndMoves) {
    auto game = load_game("chess", "", {"g1f3", "g8f6", "f3g1", "f6g8"});
    ASSERT_TRUE(game.ok()) << game.error();
    EXPECT_EQ(game->start_position().fen(), start);
    EXPECT_EQ(game->moves().size(), 4u);
    EXPECT_EQ(game->position().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
    EXPECT_EQ(game->repetitions(), 2);
    auto from_fen = load_game(chess_variant(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", {"e2e4"});
    ASSERT_TRUE(from_fen.ok());
    EXPECT_EQ(from_fen->start_position().fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(from_fen->position().fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

// Moves from storage are replayed as they were, even past a result by the rules.
TEST(PositionLoader, MovesArePlayedWhateverTheResult) {
    // Fool's mate, then nothing: the loaded game is over.
    auto mated = load_game("chess", "", {"f2f3", "e7e5", "g2g4", "d8h4"});
    ASSERT_TRUE(mated.ok());
    EXPECT_TRUE(mated->result().over());
    // Threefold repetition is a result, but more moves of a list are still played.
    auto repeated = load_game(
        "chess", "", {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "e2e4"});
    ASSERT_TRUE(repeated.ok()) << repeated.error();
    EXPECT_EQ(repeated->moves().size(), 9u);
}

} // namespace
} // namespace evo

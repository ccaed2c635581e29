// The app's small modules on core types: the notation cache of played moves and declared
// results laid on a core game.
#include "app/core_games.h"
#include "app/declared_result.h"
#include "app/notated_history.h"
#include "core/notation.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

Game chess_after(const std::vector<std::string>& moves_uci) {
    Result<Game> game = replay_game("chess", "", moves_uci);
    EXPECT_TRUE(game) << game.error();
    return std::move(*game);
}

TEST(NotatedHistory, FollowsMovesPlayedAndTakenBack) {
    Game game = chess_after({"e2e4", "e7e5", "g1f3"});
    NotatedHistory notation(game.start_position());
    const auto& written = notation.follow(game);
    ASSERT_EQ(written.size(), 3u);
    EXPECT_EQ(written[2].uci, "g1f3");
    EXPECT_EQ(written[2].san, "Nf3");
    EXPECT_EQ(written[2].fen_after, game.position().fen());

    game.undo();
    game.play(*parse_uci_move(game.position(), "f1c4"));
    const auto& rewritten = notation.follow(game);
    ASSERT_EQ(rewritten.size(), 3u);
    EXPECT_EQ(rewritten[2].san, "Bc4");
    EXPECT_EQ(rewritten[2].fen_after, game.position().fen());

    game.undo();
    game.undo();
    EXPECT_EQ(notation.follow(game).size(), 1u);
}

TEST(ReplayGame, NamesTheMoveTheRulesReject) {
    Result<Game> game = replay_game("chess", "", {"e2e4", "e2e4"});
    ASSERT_FALSE(game);
    EXPECT_EQ(game.error(), "move 2: illegal move: 'e2e4'");
    EXPECT_FALSE(start_game("nochess", ""));
}

TEST(DeclaredResult, TimeForfeitAgainstABareKingIsADraw) {
    Result<Game> game = start_game("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    ASSERT_TRUE(game) << game.error();
    // White's flag fell, but Black has only its king: it could never mate (RULES 4.11).
    apply_declared_result(*game, DeclaredResult{"0-1", "time forfeit"});
    EXPECT_EQ(game->result().pgn_result(), "1/2-1/2");
    EXPECT_TRUE(is_over(*game, DeclaredResult{"0-1", "time forfeit"}));
}

TEST(DeclaredResult, AnAbortedGameIsOverWithoutAResult) {
    Game game = chess_after({"e2e4"});
    std::optional<DeclaredResult> aborted = DeclaredResult{"*", aborted_reason};
    apply_declared_result(game, aborted);
    EXPECT_FALSE(game.result().over());
    EXPECT_TRUE(is_over(game, aborted));
    EXPECT_FALSE(declared_result_of(game));
}

} // namespace
} // namespace evo::app

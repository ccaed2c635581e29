// The app's small modules on core types: the notation cache of played moves and declared
// results laid on a core game.
#include "app/record/core_games.h"
#include "app/record/declared_result.h"
#include "app/record/notated_history.h"
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
    DeclaredResult flag_fell = DeclaredResult::win(Black, DeclaredReason::TimeForfeit);
    apply_declared_result(*game, flag_fell);
    EXPECT_EQ(game->result().pgn_result(), "1/2-1/2");
    EXPECT_TRUE(is_over(*game, flag_fell));
}

TEST(DeclaredResult, AnAbortedGameIsOverWithoutAResult) {
    Game game = chess_after({"e2e4"});
    std::optional<DeclaredResult> aborted = DeclaredResult::aborted();
    apply_declared_result(game, aborted);
    EXPECT_FALSE(game.result().over());
    EXPECT_TRUE(is_over(game, aborted));
    EXPECT_FALSE(declared_result_of(game));
}

// The texts are those a database has always held: each result reads back as itself.
TEST(DeclaredResult, ReadsBackFromTheTextsItIsStoredAs) {
    const std::pair<DeclaredResult, std::pair<const char*, const char*>> stored[] = {
        {DeclaredResult::win(White, DeclaredReason::Resignation), {"1-0", "resignation"}},
        {DeclaredResult::win(Black, DeclaredReason::TimeForfeit), {"0-1", "time forfeit"}},
        {DeclaredResult::draw(DeclaredReason::Agreement), {"1/2-1/2", "agreement"}},
        {DeclaredResult::win(White, DeclaredReason::OpponentLeft), {"1-0", "opponent left"}},
        {DeclaredResult::aborted(), {"*", "aborted"}},
    };
    for (const auto& [declared, text] : stored) {
        EXPECT_EQ(outcome_text(declared.outcome), text.first);
        EXPECT_EQ(declared_reason_name(declared.reason), text.second);
        EXPECT_EQ(declared_result_from_text(text.first, text.second), declared) << text.second;
    }
}

TEST(DeclaredResult, TextsThatAreNotOursOrDoNotGoTogetherAreRefused) {
    EXPECT_FALSE(declared_result_from_text("1-0", "walked off"));
    EXPECT_FALSE(declared_result_from_text("2-0", "resignation"));
    EXPECT_FALSE(declared_result_from_text("1-0", ""));
    EXPECT_FALSE(declared_result_from_text("*", "resignation")); // "*" is an aborted game's
    EXPECT_FALSE(declared_result_from_text("1-0", "aborted"));
}

// A PGN's result its moves do not give is kept as agreement (a draw) or resignation.
TEST(DeclaredResult, APgnResultIsAgreementOrResignation) {
    Game drawn = chess_after({"e2e4"});
    drawn.set_outside_result(Outcome::Draw, EndReason::Agreement);
    EXPECT_EQ(declared_result_of(drawn), DeclaredResult::draw(DeclaredReason::Agreement));
    Game won = chess_after({"e2e4"});
    won.set_outside_result(Outcome::BlackWins, EndReason::Resignation);
    EXPECT_EQ(declared_result_of(won), DeclaredResult::win(Black, DeclaredReason::Resignation));
}

} // namespace
} // namespace evo::app

// evochess against itself in every variant: real games to the end, by the rules.
#include "match_test_util.h"

#include "core/pgn.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

// The binary speaks UCI only once the engine layer brings its `uci` subcommand.
bool uci_subcommand_built() {
    std::FILE* pipe = ::popen((std::string(EVOCHESS_BINARY) + " --help").c_str(), "r");
    if (!pipe) return false;
    std::string help;
    char chunk[1024];
    std::size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0) help.append(chunk, n);
    ::pclose(pipe);
    return help.find("\n  uci ") != std::string::npos;
}

class SelfPlay : public ::testing::TestWithParam<const char*> {};

TEST_P(SelfPlay, EvochessPlaysItselfToAResult) {
    if (!uci_subcommand_built())
        GTEST_SKIP() << "evochess has no `uci` subcommand in this build yet";
    const Variant* variant = find_variant(GetParam());
    ASSERT_NE(variant, nullptr);
    EngineSpec evochess =
        *parse_engine_spec("cmd=\"" + std::string(EVOCHESS_BINARY) + " uci\" name=evochess");
    MatchConfig config;
    config.engines = {evochess, evochess};
    make_names_unique(config.engines);
    config.variant = variant;
    config.games = 2;
    config.concurrency = 2;
    config.limits.nodes = 2000;
    config.limits.hang_timeout = Milliseconds(30000);
    auto out = test::play(config);
    EXPECT_EQ(out.summary.games_played, 2) << out.printed;
    // No game may end by a fault: evochess plays only legal moves and does not crash.
    for (const auto& [ending, count] : out.summary.pairings.at(0).endings) {
        EXPECT_EQ(ending.find("illegal"), std::string::npos) << out.pgn;
        EXPECT_EQ(ending.find("failure"), std::string::npos) << out.pgn;
    }
    // The PGN reads back by the rules, with its result.
    std::vector<std::string> games = split_pgn_games(out.pgn);
    ASSERT_EQ(games.size(), 2u) << out.pgn;
    for (const std::string& text : games) {
        auto game = parse_pgn(text);
        ASSERT_TRUE(game.ok()) << game.error() << "\n" << text;
        EXPECT_TRUE(game->game.result().over()) << text;
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, SelfPlay,
                         ::testing::Values("chess", "evochess", "echess", "promoteking"));

} // namespace
} // namespace evo::match

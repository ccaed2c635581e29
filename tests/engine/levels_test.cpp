// The level table: ordered from weak to strong, the UCI options that select its rows, and
// how a weak level chooses (legal, repeatable with a seed, never its queen left hanging).
#include "engine_test_util.h"

#include "engine/levels.h"

#include <set>

namespace evo::test {
namespace {

using engine::Level;
using engine::LevelCount;
using engine::Value;
using engine::ValueInfinite;

std::uint64_t nodes_or_unbounded(const Level& l) {
    return l.nodes.value_or(UINT64_MAX);
}

TEST(LevelsTest, TableGrowsStrongerRowByRow) {
    const auto& table = engine::levels();
    for (int i = 0; i < LevelCount; ++i) {
        const Level& l = table[std::size_t(i)];
        EXPECT_EQ(l.number, i + 1);
        EXPECT_FALSE(l.name.empty());
        EXPECT_FALSE(l.description.empty());
        EXPECT_GE(l.lines, 1);
        EXPECT_LE(l.temperature_cp, l.max_loss_cp);
        if (i == 0) continue;
        const Level& weaker = table[std::size_t(i - 1)];
        EXPECT_GT(l.elo, weaker.elo) << l.name;
        EXPECT_GE(nodes_or_unbounded(l), nodes_or_unbounded(weaker)) << l.name;
        EXPECT_GE(l.depth.value_or(1000), weaker.depth.value_or(1000)) << l.name;
        EXPECT_LE(l.lines, weaker.lines) << l.name;
        EXPECT_LE(l.temperature_cp, weaker.temperature_cp) << l.name;
    }
    EXPECT_TRUE(table.back().full_strength());
    EXPECT_FALSE(table.front().full_strength());
}

TEST(LevelsTest, UciEloSelectsTheNearestLevel) {
    for (const Level& l : engine::levels()) EXPECT_EQ(engine::level_for_elo(l.elo), l.number);
    EXPECT_EQ(engine::level_for_elo(0), 1);
    EXPECT_EQ(engine::level_for_elo(100000), LevelCount);
    const Level& second = engine::level(2);
    EXPECT_EQ(engine::level_for_elo(second.elo + 1), 2);
    EXPECT_EQ(engine::level_for_elo(second.elo - 1), 2);

    engine::Engine engine;
    bool described = false;
    for (const engine::OptionDescription& o : engine.options()) {
        if (o.name != "UCI_Elo") continue;
        described = true;
        EXPECT_EQ(o.min, engine::levels().front().elo);
        EXPECT_EQ(o.max, engine::levels().back().elo);
    }
    EXPECT_TRUE(described);
    EXPECT_TRUE(engine.set_option("UCI_Elo", std::to_string(engine::min_level_elo() - 1)));
    EXPECT_TRUE(engine.set_option("UCI_Elo", std::to_string(engine::max_level_elo() + 1)));
    EXPECT_FALSE(engine.set_option("UCI_Elo", std::to_string(engine::min_level_elo())));
    EXPECT_TRUE(engine.set_option("Level", "0"));
    EXPECT_TRUE(engine.set_option("Level", std::to_string(LevelCount + 1)));
    EXPECT_FALSE(engine.set_option("Level", "1"));
}

TEST(LevelsTest, SkillLevelSpansTheTable) {
    EXPECT_EQ(engine::level_for_skill(0), 1);
    EXPECT_EQ(engine::level_for_skill(engine::MaxSkillLevel), LevelCount);
    for (int s = 1; s <= engine::MaxSkillLevel; ++s)
        EXPECT_GE(engine::level_for_skill(s), engine::level_for_skill(s - 1));
}

engine::RootMove scored(Move m, Value score) {
    engine::RootMove rm;
    rm.move = m;
    rm.completed_score = score;
    return rm;
}

TEST(LevelsTest, ChanceFallsWithTheLossAndStopsAtTheMaximum) {
    const Level& beginner = engine::level(1);
    Position pos = Position::start(chess_variant());
    MoveList list;
    generate_legal(pos, list);
    std::vector<engine::RootMove> moves;
    // Best first, then losses of 20, 60, just over the maximum, and a move with no score.
    moves.push_back(scored(list[0], 30));
    moves.push_back(scored(list[1], 10));
    moves.push_back(scored(list[2], -30));
    moves.push_back(scored(list[3], Value(30 - beginner.max_loss_cp - 1)));
    moves.push_back(scored(list[4], -ValueInfinite));
    auto candidates = engine::level_candidates(moves, beginner);
    ASSERT_EQ(candidates.size(), 4u);
    auto weights = engine::choice_weights(candidates, beginner);
    EXPECT_GT(weights[0], weights[1]);
    EXPECT_GT(weights[1], weights[2]);
    EXPECT_GT(weights[2], 0.0);
    EXPECT_EQ(weights[3], 0.0);

    const Level& full = engine::full_strength_level();
    auto only_best = engine::choice_weights(engine::level_candidates(moves, full), full);
    ASSERT_EQ(only_best.size(), 1u);
}

std::vector<std::string> play_at_level(int level, std::uint64_t seed, const Variant& variant,
                                       int plies) {
    engine::Engine engine;
    engine.seed_random(seed);
    Game game(variant);
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies && !game.result().over(); ++ply) {
        engine::Limits limits;
        limits.level = level;
        engine::SearchResult r = engine.search(game, limits);
        EXPECT_TRUE(is_legal(game.position(), r.best_move)) << variant.name << " ply " << ply;
        if (!is_legal(game.position(), r.best_move)) break;
        moves.push_back(to_uci(game.position(), r.best_move));
        game.play(r.best_move);
    }
    return moves;
}

TEST(LevelsTest, TemperatureAndLossCapAreInPawnsOfTheVariant) {
    // A blunder costs the same in pawns in every variant: a pawn worth four chess pawns in
    // evaluation units gets four times the temperature and cap; chess keeps the table's.
    const Level& beginner = engine::level(1);
    Level chess = engine::in_variant_units(beginner, 82, 82);
    EXPECT_EQ(chess.temperature_cp, beginner.temperature_cp);
    EXPECT_EQ(chess.max_loss_cp, beginner.max_loss_cp);
    Level heavy = engine::in_variant_units(beginner, 328, 82);
    EXPECT_EQ(heavy.temperature_cp, 4 * beginner.temperature_cp);
    EXPECT_EQ(heavy.max_loss_cp, 4 * beginner.max_loss_cp);
    EXPECT_EQ(heavy.nodes, beginner.nodes);
    EXPECT_EQ(heavy.lines, beginner.lines);
}

TEST(LevelsTest, WeakLevelsPlayLegalMovesRepeatablyWithASeed) {
    for (const Variant* v : all_variants()) {
        for (int level : {1, 3}) {
            auto first = play_at_level(level, 7, *v, 16);
            EXPECT_FALSE(first.empty()) << v->name;
            EXPECT_EQ(first, play_at_level(level, 7, *v, 16)) << v->name << " level " << level;
        }
    }
}

TEST(LevelsTest, TheBeginnerVariesItsMovesButNeverLeavesTheQueenHanging) {
    // The queen on d4 is attacked by the pawn on e5, which f6 guards: every move but a queen
    // move loses the queen, and so does Qxe5; many queen moves are about as good.
    Game game(load("chess", "4k3/8/5p2/4p3/3Q4/8/PP5P/1N2K3 w - - 0 1"));
    std::set<std::string> chosen;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        engine::Engine engine;
        engine.seed_random(seed);
        engine::Limits limits;
        limits.level = 1;
        engine::SearchResult r = engine.search(game, limits);
        ASSERT_TRUE(is_legal(game.position(), r.best_move));
        std::string uci = to_uci(game.position(), r.best_move);
        EXPECT_EQ(uci.substr(0, 2), "d4") << uci;
        EXPECT_NE(uci, "d4e5");
        chosen.insert(uci);
    }
    EXPECT_GT(chosen.size(), 1u);
}

// Level 1 keeps the temperature it was calibrated with: it chooses from the hand-written
// evaluation's scores, with the net on or off, in a variant with a built-in net.
TEST(LevelsTest, TheBeginnerChoosesByTheHandWrittenEvaluation) {
    Game game(Position::start(*find_variant("evochess")));
    auto search = [&](bool net, int level) {
        engine::Engine engine;
        engine.seed_random(5);
        engine.set_option("Use NNUE", net ? "true" : "false");
        engine::Limits limits;
        limits.level = level;
        return engine.search(game, limits);
    };
    ASSERT_TRUE(engine::Engine().uses_nnue(game.variant())) << "EvoChess has a built-in net";
    engine::SearchResult with_net = search(true, 1), without = search(false, 1);
    EXPECT_EQ(with_net.best_move, without.best_move);
    EXPECT_EQ(with_net.score.value, without.score.value);
    EXPECT_EQ(with_net.nodes, without.nodes);
    // The levels above search with the net: their searches differ.
    engine::SearchResult level2_net = search(true, 2), level2_without = search(false, 2);
    EXPECT_TRUE(level2_net.nodes != level2_without.nodes ||
                level2_net.score.value != level2_without.score.value);
}

} // namespace
} // namespace evo::test

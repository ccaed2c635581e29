#include "protocol/match/engine_spec.h"

#include <gtest/gtest.h>

namespace evo::match {
namespace {

TEST(EngineSpec, ReadsCommandNameAndOptions) {
    auto spec = parse_engine_spec("cmd='/usr/games/stockfish --x \"a b\"' name=sf option.Hash=16 "
                                  "option.Skill\\ Level=3");
    ASSERT_TRUE(spec.ok()) << spec.error();
    EXPECT_EQ(spec->command, (std::vector<std::string>{"/usr/games/stockfish", "--x", "a b"}));
    EXPECT_EQ(spec->name, "sf");
    ASSERT_EQ(spec->options.size(), 2u);
    EXPECT_EQ(spec->options[0], std::make_pair(std::string("Hash"), std::string("16")));
    EXPECT_EQ(spec->options[1], std::make_pair(std::string("Skill Level"), std::string("3")));
}

TEST(EngineSpec, NameDefaultsToTheProgramFileName) {
    auto spec = parse_engine_spec("cmd=/usr/games/toga2");
    ASSERT_TRUE(spec.ok());
    EXPECT_EQ(spec->name, "toga2");
}

TEST(EngineSpec, RejectsBadSettings) {
    EXPECT_FALSE(parse_engine_spec("name=x").ok());               // no cmd
    EXPECT_FALSE(parse_engine_spec("cmd=x hash=16").ok());        // unknown key
    EXPECT_FALSE(parse_engine_spec("cmd=x stockfish").ok());      // not key=value
    EXPECT_FALSE(parse_engine_spec("cmd='unclosed name=x").ok()); // quote
}

// cutechess-cli's per-engine limits: time odds and depth-limited opponents.
TEST(EngineSpec, ReadsTheEnginesOwnLimits) {
    auto spec = parse_engine_spec("cmd=evochess tc=2+0.02 nodes=5000 depth=4");
    ASSERT_TRUE(spec.ok()) << spec.error();
    ASSERT_TRUE(spec->clock.has_value());
    EXPECT_EQ(spec->clock->base, Milliseconds(2000));
    EXPECT_EQ(spec->clock->increment, Milliseconds(20));
    EXPECT_EQ(spec->nodes, 5000);
    EXPECT_EQ(spec->depth, 4);
    EXPECT_EQ(own_limits_text(*spec), "tc 2+0.02, nodes 5000, depth 4");

    SearchLimits match;
    match.clock = TimeControl{Milliseconds(10000), Milliseconds(100)};
    SearchLimits own = limits_for(match, *spec);
    EXPECT_EQ(own.clock->base, Milliseconds(2000));
    EXPECT_EQ(own.depth, 4);
    auto plain = parse_engine_spec("cmd=evochess");
    EXPECT_EQ(limits_for(match, *plain).clock->base, Milliseconds(10000));
    EXPECT_EQ(limits_for(match, *plain).depth, 0);

    auto timed = parse_engine_spec("cmd=stockfish movetime=200");
    ASSERT_TRUE(timed.ok()) << timed.error();
    EXPECT_EQ(own_limits_text(*timed), "movetime 200 ms");
    EXPECT_EQ(limits_for(match, *timed).movetime, Milliseconds(200));
    EXPECT_EQ(limits_for(match, *plain).movetime, Milliseconds(0));

    for (const char* bad : {"cmd=x tc=", "cmd=x tc=fast", "cmd=x depth=0", "cmd=x depth=-2",
                            "cmd=x nodes=1e6", "cmd=x depth=5000", "cmd=x nodes=",
                            "cmd=x movetime=0", "cmd=x movetime=0.5", "cmd=x movetime=3600001"})
        EXPECT_FALSE(parse_engine_spec(bad).ok()) << bad;
}

TEST(EngineSpec, SameNamesGetNumbers) {
    std::vector<EngineSpec> engines(3);
    for (auto& engine : engines) engine.name = "evochess";
    make_names_unique(engines);
    EXPECT_EQ(engines[0].name, "evochess");
    EXPECT_EQ(engines[1].name, "evochess 2");
    EXPECT_EQ(engines[2].name, "evochess 3");
}

} // namespace
} // namespace evo::match

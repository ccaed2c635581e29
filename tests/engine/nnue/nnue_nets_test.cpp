// Which net evaluates a variant (NnueNets, src/engine/nnue_eval.h) with a given list of
// built-in nets: the tiny chess net of test_nets(), or none at all. The engine's own list
// (shipped_nets()) has a net for every family, so only here is a family without one.
#include "engine/nnue_eval.h"

#include "core/variant.h"

#include <gtest/gtest.h>

namespace evo::nnue {
std::span<const EmbeddedNet> test_nets();
}

namespace evo::engine {
namespace {

const Variant& variant(std::string_view name) {
    return *find_variant(name);
}

TEST(NnueNets, AVariantEvaluatesWithTheBuiltInNetOfItsFamily) {
    NnueNets nets(nnue::test_nets());
    std::string why;
    NnueEval chess = nets.for_variant(variant("chess"), &why);
    ASSERT_NE(chess.net, nullptr);
    EXPECT_EQ(chess.net->family, "chess");
    EXPECT_GT(chess.units_per_output, 0);
    EXPECT_EQ(why, "");
    // Decoded once: a second list holder gets the same net.
    EXPECT_EQ(NnueNets(nnue::test_nets()).for_variant(variant("chess")).net, chess.net);
    // EvoChess has no net in this list: the hand-written evaluation, without a word.
    EXPECT_EQ(nets.for_variant(variant("evochess"), &why).net, nullptr);
    EXPECT_EQ(why, "");
    nets.set_enabled(false);
    EXPECT_EQ(nets.for_variant(variant("chess")).net, nullptr);
}

TEST(NnueNets, WithoutABuiltInNetAVariantSaysSoOnlyWhenANetIsAskedFor) {
    NnueNets nets(std::span<const nnue::EmbeddedNet>{});
    std::string why;
    EXPECT_EQ(nets.for_variant(variant("chess"), &why).net, nullptr);
    EXPECT_EQ(why, "");
    nets.set_enabled(true); // Use NNUE set on by the GUI
    EXPECT_EQ(nets.for_variant(variant("chess"), &why).net, nullptr);
    EXPECT_EQ(why, "no net is built in for variant chess (family chess); set EvalFile to a net "
                   "file; the hand-written evaluation is used");
}

} // namespace
} // namespace evo::engine

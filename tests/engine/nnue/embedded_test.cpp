// The embedding of nets (embed_nets.cmake): a tiny net written at build time by
// make_tiny_net is compiled into this test as test_nets(), as nets/FAMILY.nnue files are into
// the engine as shipped_nets(); its bytes decode to the same net.
#include "random_net.h"

#include "engine/nnue/embedded.h"
#include "engine/nnue/net_file.h"

#include <gtest/gtest.h>

namespace evo::nnue {

std::span<const EmbeddedNet> test_nets();

namespace {

TEST(NnueEmbedding, ANetFileBuiltIntoTheBinaryDecodesToTheSameNet) {
    const EmbeddedNet* tiny = find_embedded_net(test_nets(), "chess");
    ASSERT_NE(tiny, nullptr);
    EXPECT_EQ(find_embedded_net(test_nets(), "evochess"), nullptr);
    auto net = decode_net({tiny->bytes.begin(), tiny->bytes.end()});
    ASSERT_TRUE(net.ok()) << net.error();
    EXPECT_EQ(*net, testing::random_net("chess", 4, 1));
}

} // namespace
} // namespace evo::nnue

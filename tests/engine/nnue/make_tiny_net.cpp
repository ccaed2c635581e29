// Writes a net of random weights (random_net.h): make_tiny_net OUT [FAMILY HIDDEN SEED].
// The build embeds the default one (chess, 4 hidden units, seed 1) for embedded_test.cpp;
// docs/nnue.md's speed figures used nets of 128 hidden units made with it.
#include "random_net.h"

#include "engine/nnue/net_file.h"

#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    if (argc != 2 && argc != 5) return 2;
    std::string family = argc == 5 ? argv[2] : "chess";
    int hidden = argc == 5 ? std::atoi(argv[3]) : 4;
    std::uint64_t seed = argc == 5 ? std::strtoull(argv[4], nullptr, 10) : 1;
    if (hidden < 1) return 2;
    auto net = evo::nnue::testing::random_net(family, hidden, seed);
    return evo::nnue::write_net(argv[1], net) ? 0 : 1;
}

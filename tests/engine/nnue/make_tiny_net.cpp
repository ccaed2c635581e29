// Writes the tiny net that embedded_test.cpp finds built in: make_tiny_net OUT.
#include "random_net.h"

#include "engine/nnue/net_file.h"

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    return evo::nnue::write_net(argv[1], evo::nnue::testing::random_net("chess", 4, 1)) ? 0 : 1;
}

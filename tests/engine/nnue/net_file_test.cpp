// The net file: what is written loads back equal; a truncated, damaged or foreign file, or one
// holding a weight that is not a number, is refused with a clear error.
#include "engine/nnue/net_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

namespace evo::nnue {
namespace {

Net small_net() {
    Net net = Net::zeros("evochess", 5, 3, 400.0f);
    for (std::size_t i = 0; i < net.input_weights.size(); ++i)
        net.input_weights[i] = 0.01f * float(i) - 0.05f;
    net.input_biases = {0.25f, -0.5f, 1.0f};
    net.output_weights = {0.5f, -1.5f, 2.0f, 0.125f, -0.25f, 3.0f};
    net.output_bias = -0.75f;
    return net;
}

void expect_refused(const std::vector<std::uint8_t>& bytes, const std::string& expected) {
    auto net = decode_net(bytes);
    ASSERT_FALSE(net.ok());
    EXPECT_NE(net.error().find(expected), std::string::npos) << net.error();
}

TEST(NnueNetFile, RoundTripsThroughAFile) {
    const std::string path = ::testing::TempDir() + "nnue_round_trip.net";
    ASSERT_TRUE(write_net(path, small_net()));
    auto loaded = load_net(path);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_EQ(*loaded, small_net());
    EXPECT_EQ(encode_net(small_net()).size(), NetHeaderSize + 4 * (15 + 3 + 6 + 1) + 8);
}

TEST(NnueNetFile, RefusesATruncatedOrDamagedFile) {
    const auto bytes = encode_net(small_net());
    expect_refused({bytes.begin(), bytes.end() - 1}, "truncated");
    expect_refused({bytes.begin(), bytes.begin() + 30}, "not an evochess net file");
    for (std::size_t at : {NetHeaderSize + 4, bytes.size() - 9, std::size_t(26)}) {
        auto damaged = bytes;
        damaged[at] ^= 0x10;
        expect_refused(damaged, "checksum");
    }
    auto grown = bytes;
    grown.push_back(0);
    expect_refused(grown, "bytes, its header says");
    auto version = bytes;
    version[8] = 9;
    expect_refused(version, "version 9");
    auto foreign = bytes;
    foreign[0] = 'X';
    expect_refused(foreign, "not an evochess net file");
    auto missing = load_net("/nonexistent-dir/x.net");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("cannot read"), std::string::npos);
}

TEST(NnueNetFile, RefusesAWeightThatIsNotANumber) {
    Net net = small_net();
    net.output_weights[2] = std::numeric_limits<float>::quiet_NaN();
    expect_refused(encode_net(net), "not a finite number");
}

} // namespace
} // namespace evo::nnue

// nnue_trainer end to end, as a user runs it: `evochess datagen` writes a few hundred
// positions, a few epochs lower the loss of held-out games below the random net's (the best
// epoch's net is the one written), the net file loads; the same seed writes
// the same net on any number of threads; bad input gives one line and status 2.
#include "engine/nnue/features.h"
#include "engine/nnue/net_file.h"

#include "protocol/cli_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

namespace evo::nnue {
namespace {

// Standard output of a shell command, and its exit status.
std::pair<std::string, int> run(const std::string& command) {
    std::string text;
    std::FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return {text, -1};
    char chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) text.append(chunk, n);
    int status = ::pclose(pipe);
    return {text, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<double> validation_losses(const std::string& output) {
    std::vector<double> losses;
    std::regex line(R"(epoch \d+  train loss [0-9.]+  validation loss ([0-9.]+))");
    for (std::sregex_iterator it(output.begin(), output.end(), line), end; it != end; ++it)
        losses.push_back(std::stod((*it)[1]));
    return losses;
}

TEST(NnueTrainerCli, TrainsOnDatagenOutputAndWritesALoadableNet) {
    const std::string dir = ::testing::TempDir();
    const std::string data = dir + "nnue_trainer_evochess.bin";
    std::remove(data.c_str());
    // Many short games: the validation positions are the last games', unseen in training.
    auto [generated, datagen_status] =
        run(std::string(EVOCHESS_BINARY) + " datagen --variant evochess --games 40 --nodes 300 " +
            "--eval hand-written --max-plies 40 --threads 2 --seed 3 --out " + data);
    ASSERT_EQ(datagen_status, 0);
    ASSERT_GT(bytes_of(data).size(), 80u + 52u * 500u);

    const std::string train = std::string(TRAINER_BINARY) + " --data " + data +
                              " --epochs 3 --hidden 16 --lr 0.01 --batch 32 --seed 5" +
                              " --lambda 0.7 --validation 0.2 --out ";
    auto [output, status] = run(train + dir + "nnue_a.net --threads 2");
    ASSERT_EQ(status, 0) << output;
    std::vector<double> losses = validation_losses(output);
    ASSERT_EQ(losses.size(), 4u) << output; // epoch 0, the random net, then 3
    // The net written is the best epoch's: on so little data a later epoch may overfit.
    EXPECT_LT(*std::min_element(losses.begin() + 1, losses.end()), 0.9 * losses.front()) << output;

    auto net = load_net(dir + "nnue_a.net");
    ASSERT_TRUE(net.ok()) << net.error();
    EXPECT_EQ(net->family, "evochess");
    EXPECT_EQ(net->hidden, 16);
    EXPECT_EQ(net->feature_count, FeatureCount);

    // The same seed, the same net, on one thread as on two.
    ASSERT_EQ(run(train + dir + "nnue_b.net --threads 1").second, 0);
    EXPECT_EQ(bytes_of(dir + "nnue_a.net"), bytes_of(dir + "nnue_b.net"));

    // The net cut short is refused by the loader.
    std::string bytes = bytes_of(dir + "nnue_a.net");
    std::ofstream(dir + "nnue_cut.net", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    auto cut = load_net(dir + "nnue_cut.net");
    ASSERT_FALSE(cut.ok());
    EXPECT_NE(cut.error().find("truncated"), std::string::npos) << cut.error();
}

TEST(NnueTrainerCli, BadInputGivesOneLineAndStatus2) {
    auto expect_error = [](const std::string& arguments, const std::string& expected) {
        evo::test::expect_one_line_error(evo::test::run_subcommand(TRAINER_BINARY, "", arguments),
                                         arguments, expected);
    };
    const std::string out = " --out " + ::testing::TempDir() + "nnue_bad.net";
    expect_error(out, "give --data");
    expect_error("--data /nonexistent-dir/d.bin" + out, "cannot read");
    expect_error("--data x.bin --epochs 0" + out, "--epochs");
    expect_error("--data x.bin --lambda 2" + out, "--lambda");
    expect_error("--data x.bin --frobnicate 1" + out, "unknown option");
}

} // namespace
} // namespace evo::nnue

// `evochess datagen` as a user runs it: bad input gives one line and status 2; a short run
// writes a file that --read prints as FENs the core parses; the same seed writes the same
// bytes, on one thread or two, straight or resumed; a variant from a file plays too.
#include "protocol/datagen/training_format.h"

#include "engine/nnue/net_file.h"

#include "protocol/cli_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace evo::datagen {
namespace {

using evo::test::CommandResult;

CommandResult run_cli(const std::string& arguments) {
    return evo::test::run_subcommand(EVOCHESS_BINARY, "datagen", arguments);
}

void expect_one_line_error(const std::string& arguments, const std::string& expected) {
    evo::test::expect_one_line_error(run_cli(arguments), arguments, expected);
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// What `datagen --read` prints on standard output.
std::string read_output(const std::string& arguments) {
    std::string command = std::string(EVOCHESS_BINARY) + " " + arguments + " 2>/dev/null";
    std::string text;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return text;
    char chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) text.append(chunk, n);
    ::pclose(pipe);
    return text;
}

TEST(DatagenCli, BadInputGivesOneLineAndStatus2) {
    const std::string out = ::testing::TempDir() + "datagen_cli_bad.bin";
    expect_one_line_error("--variant nosuch --out " + out, "unknown variant 'nosuch'");
    expect_one_line_error("--out " + out, "give --variant");
    expect_one_line_error("--variant chess", "give --out");
    expect_one_line_error("--variant chess --out /nonexistent-dir/d.bin", "cannot write");
    expect_one_line_error("--variant chess --threads 0 --out " + out, "--threads");
    expect_one_line_error("--variant chess --nodes 5 --out " + out, "--nodes");
    expect_one_line_error("--read /nonexistent-dir/d.bin", "cannot read");
    const std::string junk = ::testing::TempDir() + "datagen_cli_junk.bin";
    std::ofstream(junk) << "hello";
    expect_one_line_error("--read " + junk, "not an evochess datagen file");
}

TEST(DatagenCli, WritesReadableDataTheSameBytesEveryTime) {
    const std::string dir = ::testing::TempDir();
    const std::string args = "--variant evochess --games 3 --nodes 300 --max-plies 120 --seed 5";
    CommandResult first = run_cli(args + " --out " + dir + "datagen_a.bin");
    ASSERT_EQ(first.status, 0) << first.errors;
    EXPECT_NE(first.errors.find("games 3/3"), std::string::npos) << first.errors;
    CommandResult threads = run_cli(args + " --threads 2 --out " + dir + "datagen_b.bin");
    ASSERT_EQ(threads.status, 0) << threads.errors;
    const std::string bytes = bytes_of(dir + "datagen_a.bin");
    ASSERT_GT(bytes.size(), HeaderSize + 50 * RecordSize);
    EXPECT_EQ(bytes, bytes_of(dir + "datagen_b.bin"));

    // Two games, then one more resumed: the same file as three at once.
    const std::string resumed = dir + "datagen_c.bin";
    const std::string two = "--variant evochess --games 2 --nodes 300 --max-plies 120 --seed 5";
    ASSERT_EQ(run_cli(two + " --out " + resumed).status, 0);
    CommandResult again = run_cli(args + " --resume --out " + resumed);
    ASSERT_EQ(again.status, 0) << again.errors;
    EXPECT_NE(again.errors.find("games 3/3"), std::string::npos) << again.errors;
    EXPECT_EQ(bytes_of(resumed), bytes);
    const std::string other_seed =
        "--variant evochess --games 3 --nodes 300 --max-plies 120 --seed 6";
    expect_one_line_error(other_seed + " --resume --out " + resumed, "other settings");

    // Every record printed as a FEN the core reads, with its score and result.
    std::istringstream lines(read_output("datagen --read " + dir + "datagen_a.bin"));
    std::string line;
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line.rfind("# variant evochess family evochess records ", 0), 0u) << line;
    int records = 0, with_rights = 0;
    while (std::getline(lines, line)) {
        ++records;
        std::size_t bar = line.find(" | ");
        ASSERT_NE(bar, std::string::npos) << line;
        auto pos = Position::from_fen(*find_variant("evochess"), line.substr(0, bar));
        ASSERT_TRUE(pos.ok()) << line << ": " << pos.error();
        EXPECT_EQ(pos->fen(), line.substr(0, bar));
        for (Color c : {White, Black})
            with_rights += pos->counters(c).minor_rights + pos->counters(c).rook_rights > 0;
        const std::string labels = line.substr(line.find(" | ", bar + 3) + 3);
        EXPECT_TRUE(labels.starts_with("1-0") || labels.starts_with("0-1") ||
                    labels.starts_with("1/2-1/2"))
            << line;
    }
    EXPECT_EQ(std::size_t(records), (bytes.size() - HeaderSize) / RecordSize);
    EXPECT_GT(with_rights, 0);
    std::string shown = read_output("datagen --read " + dir + "datagen_a.bin --show 2");
    EXPECT_EQ(std::count(shown.begin(), shown.end(), '\n'), 3) << shown;
}

// --eval picks what labels the positions: the default (EvoChess's built-in net) and the
// hand-written evaluation search other trees, so they write other files; a resumed run must
// keep its evaluation; a net file that cannot label the variant is refused before any game.
TEST(DatagenCli, EvalChoosesTheLabellingEvaluation) {
    const std::string dir = ::testing::TempDir();
    const std::string args = "--variant evochess --games 2 --nodes 300 --max-plies 60 --seed 7";
    ASSERT_EQ(run_cli(args + " --out " + dir + "datagen_net.bin").status, 0);
    ASSERT_EQ(run_cli(args + " --eval nnue --out " + dir + "datagen_net2.bin").status, 0);
    ASSERT_EQ(run_cli(args + " --eval hand-written --out " + dir + "datagen_hand.bin").status, 0);
    EXPECT_EQ(bytes_of(dir + "datagen_net.bin"), bytes_of(dir + "datagen_net2.bin"));
    EXPECT_NE(bytes_of(dir + "datagen_net.bin"), bytes_of(dir + "datagen_hand.bin"));
    expect_one_line_error(args + " --resume --out " + dir + "datagen_hand.bin", "other settings");

    expect_one_line_error(args + " --eval /nonexistent-dir/x.nnue --out " + dir + "d.bin",
                          "/nonexistent-dir/x.nnue");
    const std::string junk = dir + "datagen_junk.nnue";
    std::ofstream(junk) << "not a net";
    expect_one_line_error(args + " --eval " + junk + " --out " + dir + "d.bin", junk);
    expect_one_line_error("--variant chess --games 1 --eval " + std::string(EVOCHESS_NET) +
                              " --out " + dir + "d.bin",
                          "family 'evochess'");
}

// A net is part of a file's settings by its contents, not its name: a rewritten net file
// would label the rest of the games otherwise.
TEST(DatagenCli, AResumedRunLabelsWithTheSameNet) {
    const std::string dir = ::testing::TempDir();
    const std::string net = dir + "datagen_label.nnue";
    auto original = nnue::load_net(EVOCHESS_NET);
    ASSERT_TRUE(original) << original.error();
    ASSERT_TRUE(nnue::write_net(net, *original));
    const std::string args = "--variant evochess --nodes 300 --max-plies 60 --seed 7 --eval " +
                             net + " --out " + dir + "datagen_label.bin";
    ASSERT_EQ(run_cli(args + " --games 1").status, 0);
    ASSERT_EQ(run_cli(args + " --games 2 --resume").status, 0);
    nnue::Net other = *original;
    other.output_bias += 0.5f;
    ASSERT_TRUE(nnue::write_net(net, other));
    expect_one_line_error(args + " --games 3 --resume", "other settings");
}

TEST(DatagenCli, PlaysAVariantFromAFileUnderItsParentsFamily) {
    const std::string out = ::testing::TempDir() + "datagen_lab.bin";
    const std::string lab = std::string("--variants ") + LAB_VARIANTS;
    CommandResult run =
        run_cli(lab + " --variant evo-n2k1 --games 1 --nodes 200 --max-plies 60 --out " + out);
    ASSERT_EQ(run.status, 0) << run.errors;
    std::string text = read_output("--variants " + std::string(LAB_VARIANTS) + " datagen --read " +
                                   out + " --show 1");
    EXPECT_EQ(text.rfind("# variant evo-n2k1 family evochess ", 0), 0u) << text;
    expect_one_line_error("--read " + out, "not loaded");
}

} // namespace
} // namespace evo::datagen

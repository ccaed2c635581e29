// A file read whole only when it is a regular file within the bound (issue 47, M5): a
// directory, /dev/zero or a file past the bound is one clear error, read no further.
#include "core/bounded_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace evo {
namespace {

std::string temp_file(const std::string& name, const std::string& bytes) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

void expect_refused(const Result<std::string>& read, const std::string& why) {
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().find(why), std::string::npos) << read.error();
}

TEST(BoundedFile, ReadsARegularFileWhole) {
    std::string bytes(200000, 'x'); // more than one part of the read
    bytes[0] = '\0';
    bytes.back() = 'y';
    auto read = read_bounded_file(temp_file("bounded_whole.bin", bytes), bytes.size());
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(*read, bytes);
    auto empty = read_bounded_file(temp_file("bounded_empty.bin", ""), 0);
    ASSERT_TRUE(empty.ok());
    EXPECT_EQ(*empty, "");
}

TEST(BoundedFile, RefusesAFileOnePastTheBound) {
    const std::string path = temp_file("bounded_big.bin", std::string(1025, 'x'));
    expect_refused(read_bounded_file(path, 1024), "cannot read " + path + ": larger than 1 KiB");
    EXPECT_TRUE(read_bounded_file(path, 1025).ok());
}

TEST(BoundedFile, RefusesWhatIsNotARegularFile) {
    expect_refused(read_bounded_file("/nonexistent-dir/x", 100),
                   "cannot read /nonexistent-dir/x: no such file");
    expect_refused(read_bounded_file(::testing::TempDir(), 100), "a directory, not a file");
    // A device that never ends is refused before a byte is read.
    if (std::filesystem::exists("/dev/zero"))
        expect_refused(read_bounded_file("/dev/zero", 100), "not a regular file");
}

} // namespace
} // namespace evo

// Runs an `evochess` subcommand the way a user would, for the CLI tests of the protocol
// layer (match, puzzles): its exit status and what it wrote to stderr.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace evo::test {

struct CommandResult {
    int status = -1;
    std::string errors; // stderr
};

// `binary subcommand arguments`, stdout thrown away.
inline CommandResult run_subcommand(const std::string& binary, const std::string& subcommand,
                                    const std::string& arguments) {
    std::string command = binary + " " + subcommand + " " + arguments + " 2>&1 >/dev/null";
    CommandResult result;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return result;
    char chunk[1024];
    std::size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0) result.errors.append(chunk, n);
    int status = ::pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// Bad input's contract: exit status 2 and one line, "error: ...", that holds `expected`.
inline void expect_one_line_error(const CommandResult& result, const std::string& arguments,
                                  const std::string& expected) {
    EXPECT_EQ(result.status, 2) << arguments << "\n" << result.errors;
    EXPECT_TRUE(result.errors.starts_with("error: ")) << result.errors;
    EXPECT_EQ(result.errors.find('\n'), result.errors.size() - 1)
        << "not one line: " << result.errors;
    EXPECT_NE(result.errors.find(expected), std::string::npos) << result.errors;
}

} // namespace evo::test

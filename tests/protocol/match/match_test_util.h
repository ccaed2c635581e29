// Helpers for the match tests: fake engines and matches run in-process.
#pragma once

#include "protocol/match/match_runner.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace evo::match::test {

// "cmd=... name=NAME" for the fake engine in `mode`, playing `moves` first.
inline EngineSpec fake_engine(const std::string& name, const std::string& mode,
                              const std::string& moves = "") {
    auto spec = parse_engine_spec("cmd=\"python3 " + std::string(EVO_FAKE_ENGINE) + " " + mode +
                                  " " + moves + "\" name=" + name);
    return *spec;
}

struct MatchOutput {
    MatchSummary summary;
    std::string printed; // progress and summary
    std::string pgn;
};

inline std::string read_file(const std::string& path) {
    std::string text;
    if (std::FILE* file = std::fopen(path.c_str(), "r")) {
        char chunk[4096];
        std::size_t n;
        while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0) text.append(chunk, n);
        std::fclose(file);
    }
    return text;
}

// Runs a match; the test fails if it does not start.
inline MatchOutput play(MatchConfig config) {
    // ctest runs tests as parallel processes: each needs its own file.
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string test_name = test ? std::string(test->test_suite_name()) + "." + test->name() : "";
    for (char& c : test_name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    std::string pgn_path = ::testing::TempDir() + "match_test_" + std::to_string(::getpid()) + "_" +
                           test_name + ".pgn";
    config.pgn_path = pgn_path;
    if (!config.variant) config.variant = &chess_variant();
    char* printed = nullptr;
    std::size_t size = 0;
    std::FILE* out = open_memstream(&printed, &size);
    auto summary = run_match(config, out);
    std::fclose(out);
    MatchOutput output{summary ? *summary : MatchSummary{}, printed ? printed : "",
                       read_file(pgn_path)};
    std::free(printed);
    std::remove(pgn_path.c_str());
    EXPECT_TRUE(summary.ok()) << summary.error();
    return output;
}

} // namespace evo::match::test

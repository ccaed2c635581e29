// The puzzle loader (docs/puzzles.md): it refuses bad lines with a log line and keeps the good
// ones; every line of the shipped set passes the checks the server makes.
#include "../http/api_test_server.h"
#include "puzzle_lines.h"

#include "app/puzzles/set.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace evo::app::testing {
namespace {

using nlohmann::json;

TEST(PuzzleLoader, RefusesBadLinesWithALogLineAndKeepsTheGoodOnes) {
    TemporaryDirectory directory;
    write_file(directory.path() / "chess.jsonl",
               {line("good1", 1000, {"mate"}), "{not json",
                json{{"id", "illegal"},
                     {"variant", "chess"},
                     {"fen", start_fen},
                     {"moves", {"e2e4", "e7e5", "e1e3", "d8h4"}},
                     {"rating", 900}}
                    .dump(),
                line("novariant", 900, {}, "nosuchvariant"),
                json{{"id", "odd"},
                     {"variant", "chess"},
                     {"fen", start_fen},
                     {"moves", {"e2e4"}},
                     {"rating", 900}}
                    .dump(),
                json{{"id", "badfen"},
                     {"variant", "chess"},
                     {"fen", "8/8/8 w - - 0 1"},
                     {"moves", {"e2e4", "e7e5"}},
                     {"rating", 900}}
                    .dump(),
                "", line("good1", 1200, {"mate"}), line("good2", 1100, {})});
    write_file(directory.path() / "notes.txt", {"not puzzles"});
    std::ostringstream log;
    PuzzleSet set = load_puzzle_dir(directory.path().string(), log);
    EXPECT_EQ(set.size(), 2u);
    ASSERT_NE(set.find("good1"), nullptr);
    EXPECT_EQ(set.find("good1")->rating, 1000); // the first of an id is kept
    EXPECT_EQ(set.find("illegal"), nullptr);
    std::string text = log.str();
    for (int number : {2, 3, 4, 5, 6, 8})
        EXPECT_NE(
            text.find(std::string("chess.jsonl:").append(std::to_string(number)) + " refused: "),
            std::string::npos)
            << "line " << number << " in:\n"
            << text;
    EXPECT_EQ(text.find("chess.jsonl:1 "), std::string::npos);
    EXPECT_EQ(text.find("chess.jsonl:7 "), std::string::npos); // the blank line is skipped
    EXPECT_NE(text.find("2 puzzles from"), std::string::npos) << text;
    EXPECT_NE(text.find("6 lines refused"), std::string::npos) << text;
}

TEST(PuzzleLoader, AMissingDirectoryIsNoPuzzlesAndNoCrash) {
    std::ostringstream log;
    EXPECT_EQ(load_puzzle_dir("/nonexistent/puzzles", log).size(), 0u);
    EXPECT_NE(log.str().find("no puzzles"), std::string::npos);
}

// Every line of the shipped set is a legal puzzle by the same checks the server makes.
TEST(ShippedPuzzles, EveryLineIsLegalFromItsFen) {
    std::ostringstream log;
    PuzzleSet set = load_puzzle_dir(EVO_SHIPPED_PUZZLES_DIR, log);
    EXPECT_EQ(log.str().find("refused"), std::string::npos) << log.str();
    std::size_t lines = 0;
    for (const auto& entry : std::filesystem::directory_iterator(EVO_SHIPPED_PUZZLES_DIR)) {
        if (entry.path().extension() != ".jsonl") continue;
        std::ifstream in(entry.path());
        for (std::string text; std::getline(in, text);) lines += !text.empty();
    }
    EXPECT_GT(lines, 0u);
    EXPECT_EQ(set.size(), lines);
    for (const std::string variant : {"chess", "evochess", "echess", "promoteking"})
        EXPECT_FALSE(set.of_variant(variant).empty()) << "no puzzles of " << variant;
}

} // namespace
} // namespace evo::app::testing

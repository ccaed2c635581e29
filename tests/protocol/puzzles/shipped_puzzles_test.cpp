// The shipped set (puzzles/VARIANT.jsonl) checked by a search of its own (issue 22: "on a
// sample, unique under an independent deeper search run by the test"): on a fixed sample of
// each variant, at every solver move a fresh engine searching twice the nodes the miner
// verified with finds the solution's move best and no second move that wins.
#include "protocol/puzzles/puzzle.h"
#include "protocol/puzzles/puzzle_finder.h"
#include "protocol/puzzles/puzzle_search.h"

#include "core/game.h"
#include "core/notation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace evo::puzzles {
namespace {

// The shipped files, or with EVO_PUZZLES_DIR=DIR those of DIR (a newly mined set, checked before
// it is added to the shipped one; docs/puzzles.md).
std::vector<Puzzle> shipped(const std::string& variant) {
    const char* other = std::getenv("EVO_PUZZLES_DIR");
    std::ifstream in(std::string(other ? other : EVO_SHIPPED_PUZZLES_DIR) + "/" + variant +
                     ".jsonl");
    std::vector<Puzzle> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        Result<Puzzle> puzzle = puzzle_from_json(line);
        EXPECT_TRUE(puzzle.ok()) << line;
        if (puzzle.ok()) puzzles.push_back(*puzzle);
    }
    return puzzles;
}

// The sample: `count` puzzles spread evenly over the file, so that it does not change while
// the file only grows at its end.
std::vector<Puzzle> sample(const std::vector<Puzzle>& all, std::size_t count) {
    std::vector<Puzzle> picked;
    if (all.empty()) return picked;
    for (std::size_t i = 0; i < count && i < all.size(); ++i)
        picked.push_back(all[i * 97 % all.size()]);
    return picked;
}

bool mate_in_one(const Line& line) {
    return line.score.is_mate() && line.score.value == 1;
}

bool winning(const Line& line, const FinderRules& rules) {
    return is_winning_mate(line.score) ||
           (!line.score.is_mate() && line.score.value >= rules.win_cp);
}

// The test's own idea of "one solution": the best line wins and the second does not (a mate
// is unique when the second is no mate or one at least two moves slower). The miner asks
// more (a margin of unique_margin_cp); a second search need not agree to the centipawn.
bool one_winning_move(const std::vector<Line>& lines, const FinderRules& rules) {
    if (!winning(lines[0], rules)) return false;
    if (lines.size() < 2) return true;
    const Line& second = lines[1];
    if (is_winning_mate(lines[0].score))
        return !is_winning_mate(second.score) || second.score.value >= lines[0].score.value + 2;
    return !winning(second, rules);
}

std::string describe(const Position& pos, const std::vector<Line>& lines) {
    std::string text;
    for (const Line& line : lines)
        text += to_uci(pos, line.move) + (line.score.is_mate() ? " mate " : " cp ") +
                std::to_string(line.score.value) + " depth " + std::to_string(line.depth) + "; ";
    return text;
}

void expect_unique(const Puzzle& puzzle) {
    SCOPED_TRACE(puzzle.variant + " " + puzzle.id);
    const Variant* variant = find_variant(puzzle.variant);
    ASSERT_NE(variant, nullptr);
    auto start = Position::from_fen(*variant, puzzle.fen);
    ASSERT_TRUE(start.ok()) << start.error();
    Game game(*start);
    FinderRules rules;
    rules.verify_nodes *= 2;
    engine::Engine engine;
    configure_for_mining(engine);
    for (std::size_t i = 0; i < puzzle.moves.size(); ++i) {
        auto move = parse_uci_move(game.position(), puzzle.moves[i]);
        ASSERT_TRUE(move.ok()) << puzzle.moves[i];
        if (i % 2 == 1) { // a solver's move
            engine.new_game();
            std::vector<Line> lines = best_lines(engine, game, rules.verify_nodes, 2);
            ASSERT_FALSE(lines.empty());
            // Another mate in one is as good an answer (the trainer takes it too).
            if (!(mate_in_one(lines[0]) &&
                  (lines[0].move == *move || lines.size() < 2 || mate_in_one(lines[1])))) {
                if (to_uci(game.position(), lines[0].move) != puzzle.moves[i] ||
                    !one_winning_move(lines, rules)) {
                    ADD_FAILURE() << "not unique: " << puzzle.variant << " " << puzzle.id
                                  << " at solver move " << (i + 1) / 2 << " (" << puzzle.moves[i]
                                  << "): " << describe(game.position(), lines);
                    return;
                }
            }
        }
        game.play(*move);
    }
}

class ShippedPuzzleSample : public ::testing::TestWithParam<const char*> {};

// EVO_SHIPPED_PUZZLE_SAMPLE=N checks N a variant (default 4), =all every one (minutes: the
// way a new set is checked before it is shipped, docs/puzzles.md).
std::size_t sample_size(std::size_t all) {
    const char* asked = std::getenv("EVO_SHIPPED_PUZZLE_SAMPLE");
    if (!asked) return 4;
    if (std::string(asked) == "all") return all;
    return std::size_t(std::max(1, std::atoi(asked)));
}

TEST_P(ShippedPuzzleSample, EverySolverMoveIsUniqueAtTwiceTheNodes) {
    std::vector<Puzzle> all = shipped(GetParam());
    ASSERT_FALSE(all.empty());
    const std::size_t count = sample_size(all.size());
    for (const Puzzle& puzzle : count >= all.size() ? all : sample(all, count))
        expect_unique(puzzle);
}

INSTANTIATE_TEST_SUITE_P(Variants, ShippedPuzzleSample,
                         ::testing::Values("chess", "evochess", "echess", "promoteking"));

} // namespace
} // namespace evo::puzzles

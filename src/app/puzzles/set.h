// The shipped puzzles (docs/puzzles.md): every puzzles/VARIANT.jsonl of a directory, read once
// at start. Each line is checked through the core (its variant, FEN and every move legal in
// turn); a bad line is left out with one log line naming the file and line, never a crash.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace evo::app {

struct Puzzle {
    std::string id;
    std::string variant;
    std::string fen;                // before the opponent's setting move
    std::vector<std::string> moves; // UCI: the setting move, then the solution
    int rating = 0;
    std::vector<std::string> themes;
};

class PuzzleSet {
  public:
    // Adds a puzzle that has been checked; a second puzzle of the same id is left out (false).
    bool add(Puzzle puzzle);

    const Puzzle* find(const std::string& id) const;
    // The variant's puzzles in the order of their ids (so choices made from it are stable).
    const std::vector<const Puzzle*>& of_variant(const std::string& variant) const;
    std::size_t size() const { return by_id_.size(); }

  private:
    std::map<std::string, Puzzle> by_id_;
    std::map<std::string, std::vector<const Puzzle*>> by_variant_;
};

// One JSON line made into a checked puzzle; the error is a sentence saying what is wrong.
struct PuzzleLine {
    bool ok = false;
    Puzzle puzzle;
    std::string error;
};
PuzzleLine parse_puzzle_line(const std::string& line);

// Every *.jsonl file of `dir` (none if it does not exist), in name order. Each refused line
// is logged as "evochess serve: puzzles FILE:LINE refused: WHY"; a summary line at the end.
PuzzleSet load_puzzle_dir(const std::string& dir, std::ostream& log);

} // namespace evo::app

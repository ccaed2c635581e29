// Where the miner writes: the puzzles file (JSON Lines) and beside it FILE.state, which
// holds the settings that matter for the puzzles and the key of every game mined, so that
// --resume skips those games and keeps their puzzles (docs/puzzles.md).
#pragma once

#include "puzzle.h"

#include "core/result.h"

#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace evo::puzzles {

class PuzzleOutput {
  public:
    // Fresh: both files are started empty. Resuming: the state file's settings must be
    // `settings`; puzzles of games not recorded as mined (an interrupted write) are dropped.
    // An error for a file that cannot be read or written, or settings that differ.
    static Result<std::shared_ptr<PuzzleOutput>> open(const std::string& path,
                                                      const std::string& settings, bool resume);

    const std::set<std::string>& done() const { return done_; }
    int puzzles() const { return puzzles_; }

    // Appends a game's puzzles, then its key to the state file; false when a write failed.
    bool record(const std::string& key, const std::vector<Puzzle>& puzzles);

  private:
    std::ofstream out_, state_;
    std::set<std::string> done_;
    int puzzles_ = 0;
};

} // namespace evo::puzzles

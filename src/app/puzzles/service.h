// The puzzle API's rules (docs/api.md, "Puzzles"): which puzzle to give (near a rating, of a
// theme, the day's), the themes of a variant, and a player's puzzle rating after an attempt
// (Glicko-2, the puzzle's rating as the opponent). Answers typed results (the HTTP edge writes
// them: http/puzzle_json.h); failures are ApiErrors.
#pragma once

#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/ratings/glicko2.h"
#include "set.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace evo::app {

// A puzzle is an opponent of this deviation: its rating is an estimate that does not move.
inline constexpr double puzzle_opponent_rd = 75;
// A choice near a rating is made among this many nearest puzzles.
inline constexpr int puzzle_choice_width = 5;

struct PuzzleRequest {
    std::string variant;
    std::optional<std::string> theme;
    int rating = 1500;
    std::set<std::string> exclude; // ids already seen
    int seed = 0;
};

// The puzzle of a UTC day and that day, "YYYY-MM-DD".
struct DailyPuzzle {
    const Puzzle* puzzle = nullptr;
    std::string date;
};

// How many of a variant's puzzles there are, and how many have each theme (a puzzle has
// several).
struct PuzzleThemes {
    std::string variant;
    std::size_t total = 0;
    std::map<std::string, int> counts;
};

// One attempt's result: the player's rating before and after it, unrounded.
struct PuzzleAttemptResult {
    std::string puzzle; // its id
    std::string variant;
    bool solved = false;
    Glicko2Rating before;
    Glicko2Rating after;
    bool stored = false; // an account's: read from and written to the database
    int attempts = 0;    // the account's attempts in the variant, this one too; 0 when not stored
    // False for an account's second attempt at the puzzle: its rating stays (after == before).
    bool counted = true;
};

// A puzzle rating stays within lichess's bounds, however many puzzles far above or below it
// are solved or failed.
inline constexpr double lowest_puzzle_rating = 400, highest_puzzle_rating = 4000;

// An account's puzzle rating in a variant.
struct PuzzleRating {
    std::string variant;
    Glicko2Rating rating; // the initial rating before any attempt
    int attempts = 0;
};

class PuzzleService {
  public:
    // `accounts` may be null (a server without accounts: every player keeps their own rating).
    PuzzleService(const PuzzleSet& puzzles, const Clock& clock, AccountRepository* accounts);

    // Of the variant's puzzles of the theme not excluded, the `puzzle_choice_width` nearest
    // the rating (ties by id), the one at `seed` modulo their number. 404 when none is left.
    // The puzzles are the PuzzleSet's: they live as long as it does.
    const Puzzle& choose(const PuzzleRequest& request) const;
    // 404 for an id that is none.
    const Puzzle& get(const std::string& id) const;
    // The same puzzle for everyone on a UTC day, from the date and the variant.
    DailyPuzzle daily(const std::string& variant) const;
    PuzzleThemes themes(const std::string& variant) const;
    // The player's puzzle rating after the attempt. An account's is read and stored; anyone
    // else's is the `given` one (initial when none), returned and not stored.
    PuzzleAttemptResult attempt(const std::string& id, bool solved,
                                std::optional<std::int64_t> account_id,
                                std::optional<Glicko2Rating> given);
    // An account's puzzle rating in the variant (initial before any attempt).
    PuzzleRating rating_of(std::int64_t account_id, const std::string& variant);

  private:
    const std::vector<const Puzzle*>& puzzles_of(const std::string& variant) const;

    const PuzzleSet& puzzles_;
    const Clock& clock_;
    AccountRepository* accounts_;
};

} // namespace evo::app

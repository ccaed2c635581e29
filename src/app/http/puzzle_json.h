// The JSON of the puzzle API (docs/api.md, "Puzzles"): PuzzleService's typed results written
// as the API and the web trainer have them.
#pragma once

#include "app/puzzles/service.h"
#include "app/ratings/glicko2.h"

#include <nlohmann/json.hpp>

namespace evo::app {

// {"id", "variant", "fen", "moves", "rating", "themes"}, as in the file ("origin" left out).
nlohmann::json puzzle_json(const Puzzle& puzzle);
// The puzzle and {"date": "YYYY-MM-DD"}.
nlohmann::json daily_puzzle_json(const DailyPuzzle& daily);
// {"variant", "total", "themes": {name: count}}.
nlohmann::json puzzle_themes_json(const PuzzleThemes& themes);
// {"rating", "rd" (both rounded to whole numbers), "volatility", "provisional"}.
nlohmann::json rounded_rating_json(const Glicko2Rating& rating);
// {"rating", "rd", "volatility"} unrounded: what a browser keeps and sends with its next attempt.
nlohmann::json exact_rating_json(const Glicko2Rating& rating);
// {"puzzle", "variant", "solved", "before", "rating", "stored", "exact"}, and "attempts" when
// stored.
nlohmann::json puzzle_attempt_json(const PuzzleAttemptResult& result);
// {"variant", "rating", "rd", "volatility", "provisional", "attempts", "exact"}.
nlohmann::json puzzle_rating_json(const PuzzleRating& rating);

} // namespace evo::app

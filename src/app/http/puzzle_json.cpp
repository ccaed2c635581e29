#include "puzzle_json.h"

#include <cmath>

namespace evo::app {

using nlohmann::json;

json puzzle_json(const Puzzle& puzzle) {
    return {{"id", puzzle.id},       {"variant", puzzle.variant}, {"fen", puzzle.fen},
            {"moves", puzzle.moves}, {"rating", puzzle.rating},   {"themes", puzzle.themes}};
}

json daily_puzzle_json(const DailyPuzzle& daily) {
    json answer = puzzle_json(*daily.puzzle);
    answer["date"] = daily.date;
    return answer;
}

json puzzle_themes_json(const PuzzleThemes& themes) {
    return {{"variant", themes.variant}, {"total", themes.total}, {"themes", themes.counts}};
}

json rounded_rating_json(const Glicko2Rating& rating) {
    return {{"rating", std::lround(rating.rating)},
            {"rd", std::lround(rating.rd)},
            {"volatility", rating.volatility},
            {"provisional", is_provisional(rating)}};
}

json exact_rating_json(const Glicko2Rating& rating) {
    return {{"rating", rating.rating}, {"rd", rating.rd}, {"volatility", rating.volatility}};
}

json puzzle_attempt_json(const PuzzleAttemptResult& result) {
    json answer = {{"puzzle", result.puzzle},
                   {"variant", result.variant},
                   {"solved", result.solved},
                   {"before", rounded_rating_json(result.before)},
                   {"rating", rounded_rating_json(result.after)},
                   {"stored", result.stored},
                   {"exact", exact_rating_json(result.after)}};
    if (result.stored) {
        answer["attempts"] = result.attempts;
        answer["counted"] = result.counted;
    }
    return answer;
}

json puzzle_rating_json(const PuzzleRating& rating) {
    json answer = rounded_rating_json(rating.rating);
    answer["variant"] = rating.variant;
    answer["attempts"] = rating.attempts;
    answer["exact"] = exact_rating_json(rating.rating);
    return answer;
}

} // namespace evo::app

#include "service.h"

#include "app/common/api_error.h"

#include "core/fnv1a.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace evo::app {

namespace {

constexpr std::int64_t ms_per_day = 24LL * 3600 * 1000;

std::string utc_date(std::int64_t day) {
    using namespace std::chrono;
    year_month_day date{sys_days{days{day}}};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", int(date.year()), unsigned(date.month()),
                  unsigned(date.day()));
    return text;
}

} // namespace

PuzzleService::PuzzleService(const PuzzleSet& puzzles, const Clock& clock,
                             AccountRepository* accounts)
    : puzzles_(puzzles), clock_(clock), accounts_(accounts) {}

const Puzzle& PuzzleService::get(const std::string& id) const {
    const Puzzle* puzzle = puzzles_.find(id);
    if (!puzzle) throw not_found("there is no puzzle " + id);
    return *puzzle;
}

const std::vector<const Puzzle*>& PuzzleService::puzzles_of(const std::string& variant) const {
    if (variant.empty()) throw bad_request("\"variant\" is required");
    const auto& list = puzzles_.of_variant(variant);
    if (list.empty()) throw not_found("there are no puzzles of the variant " + variant);
    return list;
}

const Puzzle& PuzzleService::choose(const PuzzleRequest& request) const {
    std::vector<const Puzzle*> candidates;
    for (const Puzzle* puzzle : puzzles_of(request.variant)) {
        if (request.exclude.count(puzzle->id)) continue;
        if (request.theme && std::find(puzzle->themes.begin(), puzzle->themes.end(),
                                       *request.theme) == puzzle->themes.end())
            continue;
        candidates.push_back(puzzle);
    }
    if (candidates.empty())
        throw not_found("no puzzle of " + request.variant +
                        (request.theme ? " with the theme " + *request.theme : std::string()) +
                        " is left");
    // Already in id order: a stable sort by distance keeps ties by id.
    std::stable_sort(candidates.begin(), candidates.end(), [&](const Puzzle* a, const Puzzle* b) {
        return std::abs(a->rating - request.rating) < std::abs(b->rating - request.rating);
    });
    std::size_t width = std::min<std::size_t>(candidates.size(), puzzle_choice_width);
    return *candidates[std::size_t(request.seed) % width];
}

DailyPuzzle PuzzleService::daily(const std::string& variant) const {
    const auto& list = puzzles_of(variant);
    std::int64_t now = clock_.now_ms();
    std::int64_t day = now >= 0 ? now / ms_per_day : (now - ms_per_day + 1) / ms_per_day;
    std::string date = utc_date(day);
    const Puzzle* puzzle = list[fnv1a(variant + "/" + date) % list.size()];
    return {puzzle, date};
}

PuzzleThemes PuzzleService::themes(const std::string& variant) const {
    const auto& list = puzzles_of(variant);
    PuzzleThemes answer{variant, list.size(), {}};
    for (const Puzzle* puzzle : list)
        for (const std::string& theme : puzzle->themes) ++answer.counts[theme];
    return answer;
}

PuzzleAttemptResult PuzzleService::attempt(const std::string& id, bool solved,
                                           std::optional<std::int64_t> account_id,
                                           std::optional<Glicko2Rating> given) {
    const Puzzle& puzzle = get(id);
    Glicko2Rating opponent{double(puzzle.rating), puzzle_opponent_rd,
                           rating_parameters.initial_volatility};
    auto rated = [&](const Glicko2Rating& before) {
        Glicko2Rating after = glicko2_update(before, {{opponent, solved ? 1.0 : 0.0}});
        after.rating = std::clamp(after.rating, lowest_puzzle_rating, highest_puzzle_rating);
        return after;
    };
    if (!account_id || !accounts_) {
        Glicko2Rating before = given.value_or(initial_rating());
        return {puzzle.id, puzzle.variant, solved, before, rated(before), false, 0, true};
    }
    // An account's: only its first attempt at the puzzle counts, noted and rated in one step
    // of the database, so that neither a repeat nor a concurrent attempt counts twice.
    Glicko2Rating before = initial_rating();
    auto rate = [&](const std::optional<StoredRating>& current) {
        StoredRating record;
        if (current) record = *current;
        before =
            current ? Glicko2Rating{record.rating, record.rd, record.volatility} : initial_rating();
        Glicko2Rating after = rated(before);
        record.rating = after.rating;
        record.rd = after.rd;
        record.volatility = after.volatility;
        ++record.games;
        ++(solved ? record.wins : record.losses);
        record.last_played_ms = clock_.now_ms();
        return record;
    };
    std::optional<StoredRating> counted = accounts_->count_first_puzzle_attempt(
        *account_id, puzzle.id, puzzle.variant, clock_.now_ms(), rate);
    if (counted)
        return {puzzle.id,
                puzzle.variant,
                solved,
                before,
                {counted->rating, counted->rd, counted->volatility},
                true,
                counted->games,
                true};
    PuzzleRating current = rating_of(*account_id, puzzle.variant);
    return {puzzle.id,      puzzle.variant, solved,           current.rating,
            current.rating, true,           current.attempts, false};
}

PuzzleRating PuzzleService::rating_of(std::int64_t account_id, const std::string& variant) {
    PuzzleRating answer{variant, initial_rating(), 0};
    if (accounts_)
        if (auto found = accounts_->puzzle_rating_of(account_id, variant)) {
            answer.rating = {found->rating, found->rd, found->volatility};
            answer.attempts = found->games;
        }
    return answer;
}

} // namespace evo::app

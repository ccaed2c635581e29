#include "puzzle_service.h"

#include "../api_error.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace evo::app {

using nlohmann::json;

namespace {

constexpr std::int64_t ms_per_day = 24LL * 3600 * 1000;

// FNV-1a: a hash that is the same on every build, so the daily puzzle is too.
std::uint64_t stable_hash(const std::string& text) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
    return hash;
}

std::string utc_date(std::int64_t day) {
    using namespace std::chrono;
    year_month_day date{sys_days{days{day}}};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", int(date.year()), unsigned(date.month()),
                  unsigned(date.day()));
    return text;
}

json rating_json(const Glicko2Rating& rating) {
    return {{"rating", std::lround(rating.rating)},
            {"rd", std::lround(rating.rd)},
            {"volatility", rating.volatility},
            {"provisional", is_provisional(rating)}};
}

} // namespace

json puzzle_json(const Puzzle& puzzle) {
    return {{"id", puzzle.id},       {"variant", puzzle.variant}, {"fen", puzzle.fen},
            {"moves", puzzle.moves}, {"rating", puzzle.rating},   {"themes", puzzle.themes}};
}

PuzzleService::PuzzleService(const PuzzleSet& puzzles, const Clock& clock,
                             AccountRepository* accounts)
    : puzzles_(puzzles), clock_(clock), accounts_(accounts) {}

const Puzzle& PuzzleService::existing(const std::string& id) const {
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

json PuzzleService::choose(const PuzzleRequest& request) const {
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
    return puzzle_json(*candidates[std::size_t(request.seed) % width]);
}

json PuzzleService::get(const std::string& id) const {
    return puzzle_json(existing(id));
}

json PuzzleService::daily(const std::string& variant) const {
    const auto& list = puzzles_of(variant);
    std::int64_t now = clock_.now_ms();
    std::int64_t day = now >= 0 ? now / ms_per_day : (now - ms_per_day + 1) / ms_per_day;
    std::string date = utc_date(day);
    const Puzzle& puzzle = *list[stable_hash(variant + "/" + date) % list.size()];
    json answer = puzzle_json(puzzle);
    answer["date"] = date;
    return answer;
}

json PuzzleService::themes(const std::string& variant) const {
    const auto& list = puzzles_of(variant);
    std::map<std::string, int> counts;
    for (const Puzzle* puzzle : list)
        for (const std::string& theme : puzzle->themes) ++counts[theme];
    return {{"variant", variant}, {"total", list.size()}, {"themes", counts}};
}

json PuzzleService::attempt(const std::string& id, bool solved,
                            std::optional<std::int64_t> account_id,
                            std::optional<Glicko2Rating> given) {
    const Puzzle& puzzle = existing(id);
    bool stored = account_id && accounts_;
    StoredRating record;
    record.variant = puzzle.variant;
    Glicko2Rating before = given.value_or(initial_rating());
    if (stored) {
        if (auto found = accounts_->puzzle_rating_of(*account_id, puzzle.variant))
            record = *found;
        else {
            Glicko2Rating initial = initial_rating();
            record.rating = initial.rating;
            record.rd = initial.rd;
            record.volatility = initial.volatility;
        }
        before = {record.rating, record.rd, record.volatility};
    }
    Glicko2Rating opponent{double(puzzle.rating), puzzle_opponent_rd,
                           rating_parameters.initial_volatility};
    Glicko2Rating after = glicko2_update(before, {{opponent, solved ? 1.0 : 0.0}});
    if (stored) {
        record.rating = after.rating;
        record.rd = after.rd;
        record.volatility = after.volatility;
        ++record.games;
        ++(solved ? record.wins : record.losses);
        record.last_played_ms = clock_.now_ms();
        accounts_->save_puzzle_rating(*account_id, record);
    }
    json answer = {
        {"puzzle", puzzle.id},           {"variant", puzzle.variant},    {"solved", solved},
        {"before", rating_json(before)}, {"rating", rating_json(after)}, {"stored", stored}};
    // The unrounded rating, for a browser that keeps its own and sends it with the next one.
    answer["exact"] = {
        {"rating", after.rating}, {"rd", after.rd}, {"volatility", after.volatility}};
    if (stored) answer["attempts"] = record.games;
    return answer;
}

json PuzzleService::rating_of(std::int64_t account_id, const std::string& variant) {
    Glicko2Rating rating = initial_rating();
    int attempts = 0;
    if (accounts_)
        if (auto found = accounts_->puzzle_rating_of(account_id, variant)) {
            rating = {found->rating, found->rd, found->volatility};
            attempts = found->games;
        }
    json answer = rating_json(rating);
    answer["variant"] = variant;
    answer["attempts"] = attempts;
    answer["exact"] = {
        {"rating", rating.rating}, {"rd", rating.rd}, {"volatility", rating.volatility}};
    return answer;
}

} // namespace evo::app

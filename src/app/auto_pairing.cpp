#include "auto_pairing.h"

#include "api_error.h"

#include <algorithm>

namespace evo::app {

using nlohmann::json;

namespace {

bool same_offer(const GameOffer& a, const GameOffer& b) {
    return a.variant == b.variant && a.clock_initial_ms == b.clock_initial_ms &&
           a.clock_increment_ms == b.clock_increment_ms && a.clock_days == b.clock_days &&
           a.rated == b.rated;
}

} // namespace

std::vector<GameOffer> read_auto_combinations(const json& body, const Player& maker) {
    if (!body.is_object()) throw bad_request("an auto-pairing entry is a JSON object");
    auto combinations = body.find("combinations");
    if (combinations == body.end() || !combinations->is_array() || combinations->empty() ||
        combinations->size() > max_auto_combinations)
        throw bad_request("\"combinations\" is a list of 1 to " +
                          std::to_string(max_auto_combinations) +
                          " {\"variant\", \"clock\"} objects");
    std::vector<GameOffer> offers;
    for (const json& combination : *combinations) {
        if (!combination.is_object())
            throw bad_request("each combination is a {\"variant\", \"clock\"} object");
        json offer_body = {{"variant", combination.value("variant", json("chess"))},
                           {"clock", combination.value("clock", json(nullptr))},
                           {"rated", body.value("rated", json(false))},
                           {"colour", "random"}};
        GameOffer offer = read_game_offer(offer_body, maker);
        if (std::none_of(offers.begin(), offers.end(),
                         [&](const GameOffer& seen) { return same_offer(seen, offer); }))
            offers.push_back(offer);
    }
    return offers;
}

bool same_game_asked(const SeekRecord& a, const SeekRecord& b) {
    bool colours_fit = a.colour == "random" || b.colour == "random" || a.colour != b.colour;
    return same_offer(a, b) && colours_fit;
}

bool in_rating_range(const SeekRecord& seek, int rating) {
    return !seek.rating_min || (rating >= *seek.rating_min && rating <= *seek.rating_max);
}

} // namespace evo::app

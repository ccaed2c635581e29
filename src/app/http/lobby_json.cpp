#include "lobby_json.h"

#include "app/common/api_error.h"
#include "app/lobby/auto_pairing.h"
#include "game_view_json.h"
#include "json_fields.h"

#include <algorithm>
#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

// "rating_range": [lowest, highest], both ends included; absent or null: anyone.
std::optional<RatingRange> rating_range_of(const json& body) {
    auto it = body.find("rating_range");
    if (it == body.end() || it->is_null()) return std::nullopt;
    auto in_scale = [](const json& end) {
        return end.is_number_integer() && end.get<std::int64_t>() >= 0 &&
               end.get<std::int64_t>() <= max_range_rating;
    };
    if (!it->is_array() || it->size() != 2 || !in_scale((*it)[0]) || !in_scale((*it)[1]) ||
        (*it)[0].get<int>() > (*it)[1].get<int>())
        throw bad_request("\"rating_range\" is [lowest, highest]: two whole ratings from 0 to " +
                          std::to_string(max_range_rating) + ", the lowest first");
    return RatingRange{(*it)[0].get<int>(), (*it)[1].get<int>()};
}

json game_or_null(const std::optional<GameView>& game) {
    return game ? game_view_json(*game) : json(nullptr);
}

} // namespace

GameOffer game_offer_of(const json& body, const char* what) {
    if (!body.is_object()) throw bad_request(what);
    GameOffer offer;
    offer.variant = optional_string(body, "variant").value_or("chess");
    if (auto clock = clock_field(body)) {
        if (clock->days_per_move) {
            offer.clock_days = *clock->days_per_move;
        } else {
            offer.clock_initial_ms = clock->initial_ms;
            offer.clock_increment_ms = clock->increment_ms;
        }
    }
    if (auto it = body.find("rated"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) throw bad_request("\"rated\" must be true or false");
        offer.rated = it->get<bool>();
    }
    offer.colour = optional_colour_choice(body, "colour").value_or(ColourChoice::Random);
    return offer;
}

SeekRequest seek_request(const json& body) {
    GameOffer offer = game_offer_of(body);
    return {std::move(offer), rating_range_of(body)};
}

AutoPairingRequest auto_pairing_request(const json& body) {
    if (!body.is_object()) throw bad_request("an auto-pairing entry is a JSON object");
    auto combinations = body.find("combinations");
    if (combinations == body.end() || !combinations->is_array() || combinations->empty() ||
        combinations->size() > max_auto_combinations)
        throw bad_request("\"combinations\" is a list of 1 to " +
                          std::to_string(max_auto_combinations) +
                          " {\"variant\", \"clock\"} objects");
    AutoPairingRequest request;
    for (const json& combination : *combinations) {
        if (!combination.is_object())
            throw bad_request("each combination is a {\"variant\", \"clock\"} object");
        json offer_body = {{"variant", combination.value("variant", json("chess"))},
                           {"clock", combination.value("clock", json(nullptr))},
                           {"rated", body.value("rated", json(false))},
                           {"colour", "random"}};
        GameOffer offer = game_offer_of(offer_body);
        if (std::none_of(request.offers.begin(), request.offers.end(),
                         [&](const GameOffer& seen) { return same_offer(seen, offer); }))
            request.offers.push_back(offer);
    }
    request.rating_range = rating_range_of(body);
    return request;
}

ChallengeRequest challenge_request(const json& body) {
    if (!body.is_object()) throw bad_request("a challenge is a JSON object");
    std::string to = optional_string(body, "to").value_or("");
    return {std::move(to), game_offer_of(body)};
}

json offer_clock_json(const GameOffer& offer) {
    if (offer.clock_days) return {{"days_per_move", *offer.clock_days}};
    if (!offer.clock_initial_ms) return nullptr;
    return {{"initial_ms", *offer.clock_initial_ms},
            {"increment_ms", offer.clock_increment_ms.value_or(0)}};
}

json seek_view_json(const SeekView& view) {
    const SeekRecord& seek = view.seek;
    json answer = {{"id", seek.id},
                   {"name", seek.owner_name},
                   {"variant", seek.variant},
                   {"clock", offer_clock_json(seek)},
                   {"rated", seek.rated},
                   {"colour", colour_choice_name(seek.colour)},
                   {"created_ms", seek.created_ms}};
    answer["rating_range"] =
        seek.rating_min ? json::array({*seek.rating_min, *seek.rating_max}) : json(nullptr);
    answer["rating"] = view.rating ? json(std::round(*view.rating)) : json(nullptr);
    answer["provisional"] = view.provisional;
    answer["auto"] = seek.auto_group ? json(*seek.auto_group) : json(nullptr);
    return answer;
}

json seek_views_json(const std::vector<SeekView>& views) {
    json list = json::array();
    for (const SeekView& view : views) list.push_back(seek_view_json(view));
    return list;
}

json seek_detail_json(const SeekDetail& detail) {
    json answer = seek_view_json(detail.view);
    answer["accepted"] = detail.accepted;
    if (detail.game_id) answer["game_id"] = *detail.game_id;
    if (detail.token) answer["token"] = *detail.token;
    return answer;
}

json seek_made_json(const SeekMade& made) {
    json answer = {{"id", made.id}};
    if (made.game) answer["game"] = game_view_json(*made.game);
    return answer;
}

json auto_pairing_made_json(const AutoPairingMade& made) {
    return {{"auto", made.group}, {"seeks", made.seeks}, {"game", game_or_null(made.game)}};
}

json cancelled_json(std::int64_t id) {
    return {{"cancelled", id}};
}

json cancelled_json(const std::vector<std::int64_t>& ids) {
    return {{"cancelled", ids}};
}

json challenge_json(const ChallengeRecord& challenge) {
    return {{"id", challenge.id},
            {"from", challenge.from_name},
            {"to", challenge.to_name},
            {"variant", challenge.variant},
            {"clock", offer_clock_json(challenge)},
            {"rated", challenge.rated},
            {"colour", colour_choice_name(challenge.colour)},
            {"created_ms", challenge.created_ms}};
}

json challenge_lists_json(const ChallengeLists& lists) {
    json incoming = json::array(), outgoing = json::array();
    for (const ChallengeRecord& challenge : lists.incoming)
        incoming.push_back(challenge_json(challenge));
    for (const ChallengeRecord& challenge : lists.outgoing)
        outgoing.push_back(challenge_json(challenge));
    return {{"incoming", std::move(incoming)}, {"outgoing", std::move(outgoing)}};
}

json challenge_sent_json(std::int64_t id) {
    return {{"id", id}};
}

json declined_json(std::int64_t id) {
    return {{"declined", id}};
}

namespace {

json removal_json(const char* type, std::int64_t id, LobbyRemoval reason) {
    return {{"type", type}, {"id", id}, {"reason", lobby_removal_name(reason)}};
}

} // namespace

json lobby_message_json(const LobbyMessage& message) {
    struct Writer {
        json operator()(const LobbySeeks& seeks) const {
            return {{"type", "seeks"}, {"seeks", seek_views_json(seeks.seeks)}};
        }
        json operator()(const LobbySeekAdded& added) const {
            return {{"type", "seek_added"}, {"seek", seek_view_json(added.seek)}};
        }
        json operator()(const LobbySeekRemoved& removed) const {
            return removal_json("seek_removed", removed.id, removed.reason);
        }
        json operator()(const LobbyChallenge& sent) const {
            return {{"type", "challenge"}, {"challenge", challenge_json(sent.challenge)}};
        }
        json operator()(const LobbyChallengeRemoved& removed) const {
            json removal = removal_json("challenge_removed", removed.id, removed.reason);
            if (!removed.decline_reason.empty()) removal["decline_reason"] = removed.decline_reason;
            return removal;
        }
        json operator()(const LobbyGameStarted& game) const {
            return {{"type", "game"},
                    {"id", game.id},
                    {"seat", seat_view_json(game.seat)},
                    {"variant", game.variant}};
        }
        json operator()(const LobbyYourTurn& turn) const {
            return {{"type", "your_turn"},
                    {"id", turn.id},
                    {"variant", turn.variant},
                    {"colour", turn.colour == White ? "w" : "b"},
                    {"opponent", turn.opponent ? json(*turn.opponent) : json(nullptr)},
                    {"time_left_ms", turn.time_left_ms}};
        }
    };
    return std::visit(Writer{}, message);
}

} // namespace evo::app

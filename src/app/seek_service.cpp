#include "seek_service.h"

#include "api_error.h"
#include "core/variant.h"
#include "glicko2.h"
#include "json_fields.h"
#include "rated_games.h"

#include <algorithm>
#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

std::string player_key_or_refuse(const Player& player) {
    std::string key = player.owner_key();
    if (key.empty())
        throw ApiError(ErrorKind::Unauthorized,
                       "seeks are made and accepted by players: log in, or call GET /api/me "
                       "first (it sets the visitor cookie)");
    return key;
}

// Variants from a file may differ from server to server and from day to day: casual only.
bool built_in_variant(const std::string& name) {
    auto builtin = builtin_variants();
    return std::any_of(builtin.begin(), builtin.end(),
                       [&](const Variant& variant) { return variant.name == name; });
}

json clock_json(const SeekRecord& seek) {
    if (seek.clock_days) return {{"days_per_move", *seek.clock_days}};
    if (!seek.clock_initial_ms) return nullptr;
    return {{"initial_ms", *seek.clock_initial_ms},
            {"increment_ms", seek.clock_increment_ms.value_or(0)}};
}

SeekRecord open_seek_or_refuse(SeekRepository& seeks, std::int64_t id) {
    auto seek = seeks.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    if (!seek->taken_by.empty()) throw conflict("that seek has been accepted already");
    return *seek;
}

} // namespace

SeekService::SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                         int open_seeks_per_player, AccountRepository* accounts)
    : seeks_(seeks), games_(games), clock_(clock), open_seeks_per_player_(open_seeks_per_player),
      accounts_(accounts) {}

SeatPlayer SeekService::seat_player(const std::string& key, const std::string& name,
                                    const std::string& variant) {
    SeatPlayer player{key, name, std::nullopt, false};
    auto account = account_id_of_key(key);
    if (!account || !accounts_) return player;
    std::optional<StoredRating> stored;
    for (StoredRating& rating : accounts_->ratings_of(*account))
        if (rating.variant == variant) stored = std::move(rating);
    StoredRating rating = rating_or_initial(stored, variant);
    player.rating = rating.rating;
    player.provisional = is_provisional({rating.rating, rating.rd, rating.volatility});
    return player;
}

json SeekService::seek_json(const SeekRecord& seek) {
    json answer = {{"id", seek.id},
                   {"name", seek.owner_name},
                   {"variant", seek.variant},
                   {"clock", clock_json(seek)},
                   {"rated", seek.rated},
                   {"colour", seek.colour},
                   {"created_ms", seek.created_ms}};
    SeatPlayer maker = seat_player(seek.owner, seek.owner_name, seek.variant);
    answer["rating"] = maker.rating ? json(std::round(*maker.rating)) : json(nullptr);
    answer["provisional"] = maker.provisional;
    return answer;
}

json SeekService::create(const json& body, const Player& maker, const std::string& maker_name) {
    if (!body.is_object()) throw bad_request("a seek is a JSON object");
    SeekRecord seek;
    seek.owner = player_key_or_refuse(maker);
    seek.owner_name = maker_name;
    seek.variant = optional_string(body, "variant").value_or("chess");
    if (!find_variant(seek.variant)) throw bad_request("unknown variant: " + seek.variant);
    if (auto clock = clock_field(body)) {
        if (clock->days_per_move) {
            seek.clock_days = *clock->days_per_move;
        } else {
            seek.clock_initial_ms = clock->initial_ms;
            seek.clock_increment_ms = clock->increment_ms;
        }
    }
    if (auto it = body.find("rated"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) throw bad_request("\"rated\" must be true or false");
        seek.rated = it->get<bool>();
    }
    if (seek.rated && !maker.account_key)
        throw forbidden("rated games are between accounts: create one, or seek a casual game");
    if (seek.rated && !built_in_variant(seek.variant))
        throw bad_request("a variant loaded from a file is played casual only");
    seek.colour = optional_string(body, "colour").value_or("random");
    if (seek.colour != "w" && seek.colour != "b" && seek.colour != "random")
        throw bad_request("\"colour\" must be \"w\", \"b\" or \"random\"");
    if (seeks_.open_seeks_of(seek.owner) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    seek.created_ms = clock_.now_ms();
    seeks_.insert(seek);
    return {{"id", seek.id}};
}

json SeekService::list() {
    json list = json::array();
    for (const SeekRecord& seek : seeks_.open_seeks()) list.push_back(seek_json(seek));
    return list;
}

json SeekService::get(std::int64_t id, const Player& player) {
    auto seek = seeks_.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    json answer = seek_json(*seek);
    answer["accepted"] = !seek->taken_by.empty();
    if (player.owns(seek->owner) && seek->game_id) {
        answer["game_id"] = *seek->game_id;
        answer["token"] = seek->maker_token;
    }
    return answer;
}

json SeekService::cancel(std::int64_t id, const Player& maker) {
    std::string key = player_key_or_refuse(maker);
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (!maker.owns(seek.owner)) throw forbidden("that seek is someone else's");
    if (!seeks_.remove(id, seek.owner)) throw conflict("that seek has been accepted already");
    return {{"cancelled", id}};
}

json SeekService::accept(std::int64_t id, const Player& taker, const std::string& taker_name) {
    std::string key = player_key_or_refuse(taker);
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (taker.owns(seek.owner)) throw forbidden("that is your own seek");
    if (seek.rated && !taker.account_key)
        throw forbidden("a rated seek is for accounts: log in to accept it");
    if (!seeks_.take(id, key)) throw conflict("that seek has been accepted already");

    json game_body = {{"variant", seek.variant}, {"online", true}, {"colour", seek.colour}};
    if (json clock = clock_json(seek); !clock.is_null()) game_body["clock"] = clock;
    Player maker;
    maker.account_key = seek.owner; // the key it is stored by, whichever kind it is
    Pairing pairing{seek.rated, seat_player(seek.owner, seek.owner_name, seek.variant),
                    seat_player(key, taker_name, seek.variant)};
    json made = games_.create(game_body, maker, pairing);
    std::int64_t game_id = made.at("id").get<std::int64_t>();
    std::string invite = made.at("invite").get<std::string>();
    std::string code = invite.substr(invite.rfind("&invite=") + 8);
    json state = games_.join(game_id, {{"invite", code}});
    seeks_.set_game(id, game_id, made.at("seat").at("token").get<std::string>());
    return state;
}

} // namespace evo::app

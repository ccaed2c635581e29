#include "seek_service.h"

#include "api_error.h"
#include "glicko2.h"
#include "rated_games.h"

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

SeekRecord open_seek_or_refuse(SeekRepository& seeks, std::int64_t id) {
    auto seek = seeks.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    if (!seek->taken_by.empty()) throw conflict("that seek has been accepted already");
    return *seek;
}

// "rating_range": [lowest, highest], both ends included; absent or null: anyone.
void read_rating_range(const json& body, SeekRecord& seek) {
    auto it = body.find("rating_range");
    if (it == body.end() || it->is_null()) return;
    auto in_scale = [](const json& end) {
        return end.is_number_integer() && end.get<std::int64_t>() >= 0 &&
               end.get<std::int64_t>() <= max_range_rating;
    };
    if (!it->is_array() || it->size() != 2 || !in_scale((*it)[0]) || !in_scale((*it)[1]) ||
        (*it)[0].get<int>() > (*it)[1].get<int>())
        throw bad_request("\"rating_range\" is [lowest, highest]: two whole ratings from 0 to " +
                          std::to_string(max_range_rating) + ", the lowest first");
    seek.rating_min = (*it)[0].get<int>();
    seek.rating_max = (*it)[1].get<int>();
}

} // namespace

int rating_for_range(AccountRepository* accounts, const std::string& key,
                     const std::string& variant) {
    SeatPlayer player = seat_player_now(accounts, key, "", variant);
    return int(std::lround(player.rating ? *player.rating : initial_rating().rating));
}

json seek_json(const SeekRecord& seek, AccountRepository* accounts) {
    json answer = {{"id", seek.id},
                   {"name", seek.owner_name},
                   {"variant", seek.variant},
                   {"clock", offer_clock_json(seek)},
                   {"rated", seek.rated},
                   {"colour", seek.colour},
                   {"created_ms", seek.created_ms}};
    answer["rating_range"] =
        seek.rating_min ? json::array({*seek.rating_min, *seek.rating_max}) : json(nullptr);
    SeatPlayer maker = seat_player_now(accounts, seek.owner, seek.owner_name, seek.variant);
    answer["rating"] = maker.rating ? json(std::round(*maker.rating)) : json(nullptr);
    answer["provisional"] = maker.provisional;
    return answer;
}

SeekService::SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                         int open_seeks_per_player, AccountRepository* accounts)
    : seeks_(seeks), games_(games), clock_(clock), open_seeks_per_player_(open_seeks_per_player),
      accounts_(accounts) {}

json SeekService::create(const json& body, const Player& maker, const std::string& maker_name) {
    SeekRecord seek;
    seek.owner = player_key_or_refuse(maker);
    static_cast<GameOffer&>(seek) = read_game_offer(body, maker);
    seek.owner_name = maker_name;
    if (seek.clock_days && !maker.account_key)
        throw forbidden("correspondence seeks (days per move) are for accounts: create one or "
                        "log in, or choose a clock in minutes");
    read_rating_range(body, seek);
    if (seeks_.open_seeks_of(seek.owner) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    seek.created_ms = clock_.now_ms();
    seeks_.insert(seek);
    games_.event_bus().publish_lobby({"seek_added", seek.id, ""});
    return {{"id", seek.id}};
}

std::vector<std::int64_t> SeekService::reopen_stalled(SeekRepository& seeks, EventBus& bus,
                                                      std::int64_t now_ms) {
    std::vector<std::int64_t> ids = seeks.reopen_stalled(now_ms - stalled_take_ms);
    for (std::int64_t id : ids) bus.publish_lobby({"seek_added", id, ""});
    return ids;
}

std::vector<std::int64_t> SeekService::reopen_stalled() {
    return reopen_stalled(seeks_, games_.event_bus(), clock_.now_ms());
}

json SeekService::list() {
    reopen_stalled();
    json list = json::array();
    for (const SeekRecord& seek : seeks_.open_seeks()) list.push_back(seek_json(seek, accounts_));
    return list;
}

json SeekService::get(std::int64_t id, const Player& player) {
    reopen_stalled();
    auto seek = seeks_.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    json answer = seek_json(*seek, accounts_);
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
    games_.event_bus().publish_lobby({"seek_removed", id, "cancelled"});
    return {{"cancelled", id}};
}

json SeekService::accept(std::int64_t id, const Player& taker, const std::string& taker_name) {
    std::string key = player_key_or_refuse(taker);
    reopen_stalled();
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (taker.owns(seek.owner)) throw forbidden("that is your own seek");
    if (seek.rated && !taker.account_key)
        throw forbidden("a rated seek is for accounts: log in to accept it");
    if (seek.clock_days && !taker.account_key)
        throw forbidden("correspondence games (days per move) are for accounts: log in to "
                        "accept it");
    if (seek.rating_min) {
        int rating = rating_for_range(accounts_, key, seek.variant);
        if (rating < *seek.rating_min || rating > *seek.rating_max)
            throw forbidden("this seek is for ratings " + std::to_string(*seek.rating_min) +
                            " to " + std::to_string(*seek.rating_max) + " in " + seek.variant +
                            "; yours is " + std::to_string(rating));
    }
    // Two steps that cannot share a transaction (the seek and the game may be on different
    // stores): taken first, so two accepts make one game; a seek taken whose game is never
    // noted (this process killed in between) is reopened by the next caller (reopen_stalled).
    if (!seeks_.take(id, key, clock_.now_ms()))
        throw conflict("that seek has been accepted already");

    Pairing pairing{seek.rated,
                    seat_player_now(accounts_, seek.owner, seek.owner_name, seek.variant),
                    seat_player_now(accounts_, key, taker_name, seek.variant)};
    PairedGame game = make_paired_game(games_, seek, seek.owner, pairing);
    if (!seeks_.set_game(id, key, game.id, game.maker_token, game.taker_token))
        throw conflict("the pairing took too long and the seek was reopened: accept it again");
    games_.event_bus().publish_lobby({"seek_taken", id, "accepted"});
    return game.state;
}

} // namespace evo::app

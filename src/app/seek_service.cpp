#include "seek_service.h"

#include "api_error.h"
#include "auto_pairing.h"
#include "glicko2.h"
#include "http/game_view_json.h"
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
    answer["auto"] = seek.auto_group ? json(*seek.auto_group) : json(nullptr);
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
    json answer = {{"id", seek.id}};
    if (json game = pair_new({seek}, maker); !game.is_null()) answer["game"] = std::move(game);
    return answer;
}

json SeekService::create_auto(const json& body, const Player& maker,
                              const std::string& maker_name) {
    std::string key = player_key_or_refuse(maker);
    std::vector<GameOffer> offers = read_auto_combinations(body, maker);
    SeekRecord common;
    common.owner = key;
    common.owner_name = maker_name;
    read_rating_range(body, common);
    for (const GameOffer& offer : offers)
        if (offer.clock_days && !maker.account_key)
            throw forbidden("correspondence seeks (days per move) are for accounts: create one "
                            "or log in, or choose clocks in minutes");
    if (open_entry_of(maker))
        throw conflict("you are waiting for auto pairing already: cancel that first");
    if (seeks_.open_seeks_of(key) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    common.created_ms = clock_.now_ms();
    std::vector<SeekRecord> records;
    for (const GameOffer& offer : offers) {
        SeekRecord seek = common;
        static_cast<GameOffer&>(seek) = offer;
        records.push_back(seek);
    }
    seeks_.insert_group(records);
    json ids = json::array();
    for (const SeekRecord& seek : records) {
        games_.event_bus().publish_lobby({"seek_added", seek.id, ""});
        ids.push_back(seek.id);
    }
    return {{"auto", *records.front().auto_group},
            {"seeks", std::move(ids)},
            {"game", pair_new(records, maker)}};
}

json SeekService::cancel_auto(std::int64_t group, const Player& maker) {
    player_key_or_refuse(maker);
    std::optional<SeekRecord> one;
    for (const SeekRecord& seek : seeks_.open_seeks())
        if (seek.auto_group == group) one = seek;
    if (!one) throw not_found("there is no open auto-pairing entry " + std::to_string(group));
    if (!maker.owns(one->owner)) throw forbidden("that auto-pairing entry is someone else's");
    json ids = json::array();
    for (std::int64_t id : seeks_.remove_group(group, one->owner)) {
        games_.event_bus().publish_lobby({"seek_removed", id, "cancelled"});
        ids.push_back(id);
    }
    return {{"cancelled", std::move(ids)}};
}

std::optional<std::int64_t> SeekService::open_entry_of(const Player& player) {
    for (const SeekRecord& seek : seeks_.open_seeks())
        if (seek.auto_group && player.owns(seek.owner)) return seek.auto_group;
    return std::nullopt;
}

json SeekService::pair_new(const std::vector<SeekRecord>& mine, const Player& maker) {
    std::vector<SeekRecord> open = seeks_.open_seeks();
    for (const SeekRecord& own : mine) {
        int own_rating = rating_for_range(accounts_, own.owner, own.variant);
        for (const SeekRecord& other : open) {
            if (maker.owns(other.owner)) continue;
            // Two seeks on their own both wait for a person to choose them, as ever.
            if (!own.auto_group && !other.auto_group) continue;
            if (!same_game_asked(own, other) || !in_rating_range(other, own_rating) ||
                !in_rating_range(own, rating_for_range(accounts_, other.owner, other.variant)))
                continue;
            // The seek on its own is the one taken (its colour kept); of two entries' seeks,
            // the older.
            bool mine_taken = !own.auto_group;
            const SeekRecord& taken = mine_taken ? own : other;
            const SeekRecord& taker = mine_taken ? other : own;
            if (auto game = pair(taken, taker.owner, taker.owner_name, taker.auto_group))
                return game_view_json(
                    mine_taken ? games_.get(game->id, Actor::requester(game->maker_token))
                               : game->state);
            // A race lost: over once the maker's own seeks have gone meanwhile.
            bool still_open = std::any_of(mine.begin(), mine.end(), [&](const SeekRecord& seek) {
                auto now = seeks_.find(seek.id);
                return now && now->taken_by.empty();
            });
            if (!still_open) return nullptr;
        }
    }
    return nullptr;
}

std::optional<PairedGame> SeekService::pair(const SeekRecord& seek, const std::string& taker_key,
                                            const std::string& taker_name,
                                            std::optional<std::int64_t> taker_group) {
    // Two steps that cannot share a transaction (the seek and the game may be on different
    // stores): taken first, so two accepts make one game; a seek taken whose game is never
    // noted (this process killed in between) is reopened by the next caller (reopen_stalled).
    auto withdrawn = seeks_.take_and_withdraw(seek.id, taker_key, clock_.now_ms(), taker_group);
    if (!withdrawn) return std::nullopt;
    for (std::int64_t id : *withdrawn)
        games_.event_bus().publish_lobby({"seek_removed", id, "withdrawn"});
    Pairing pairing{seek.rated,
                    seat_player_now(accounts_, seek.owner, seek.owner_name, seek.variant),
                    seat_player_now(accounts_, taker_key, taker_name, seek.variant),
                    "seek:" + std::to_string(seek.id)};
    PairedGame game = make_paired_game(games_, seek, seek.owner, pairing);
    if (!seeks_.set_game(seek.id, taker_key, game.id, game.maker_token, game.taker_token))
        throw conflict("the pairing took too long and the seek was reopened: accept it again");
    games_.event_bus().publish_lobby({"seek_taken", seek.id, "accepted"});
    return game;
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
    // A player waiting for auto pairing who accepts a seek: their entry is withdrawn in the
    // same step, or, paired meanwhile, they do not get a second game.
    std::optional<std::int64_t> own_entry = open_entry_of(taker);
    auto game = pair(seek, key, taker_name, own_entry);
    if (!game)
        throw conflict(own_entry ? "that seek has been accepted already, or your auto pairing "
                                   "has just found you a game"
                                 : "that seek has been accepted already");
    return game_view_json(game->state);
}

} // namespace evo::app

#include "seek_service.h"

#include "api_error.h"

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

} // namespace

json seek_json(const SeekRecord& seek) {
    return {{"id", seek.id},
            {"name", seek.owner_name},
            {"variant", seek.variant},
            {"clock", offer_clock_json(seek)},
            {"rated", seek.rated},
            {"colour", seek.colour},
            {"created_ms", seek.created_ms}};
}

SeekService::SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                         int open_seeks_per_player)
    : seeks_(seeks), games_(games), clock_(clock), open_seeks_per_player_(open_seeks_per_player) {}

json SeekService::create(const json& body, const Player& maker, const std::string& maker_name) {
    SeekRecord seek;
    seek.owner = player_key_or_refuse(maker);
    static_cast<GameOffer&>(seek) = read_game_offer(body, maker);
    seek.owner_name = maker_name;
    if (seeks_.open_seeks_of(seek.owner) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    seek.created_ms = clock_.now_ms();
    seeks_.insert(seek);
    games_.event_bus().publish_lobby({"seek_added", seek.id, ""});
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
    games_.event_bus().publish_lobby({"seek_removed", id, "cancelled"});
    return {{"cancelled", id}};
}

json SeekService::accept(std::int64_t id, const Player& taker) {
    std::string key = player_key_or_refuse(taker);
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (taker.owns(seek.owner)) throw forbidden("that is your own seek");
    if (seek.rated && !taker.account_key)
        throw forbidden("a rated seek is for accounts: log in to accept it");
    if (!seeks_.take(id, key)) throw conflict("that seek has been accepted already");

    PairedGame game = make_paired_game(games_, seek, seek.owner);
    seeks_.set_game(id, game.id, game.maker_token, game.taker_token);
    games_.event_bus().publish_lobby({"seek_taken", id, "accepted"});
    return game.state;
}

} // namespace evo::app

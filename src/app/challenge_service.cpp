#include "challenge_service.h"

#include "api_error.h"
#include "game_offer.h"
#include "http/game_view_json.h"
#include "json_fields.h"
#include "rated_games.h"

namespace evo::app {

using nlohmann::json;

namespace {

std::string player_key_or_refuse(const Player& player) {
    std::string key = player.owner_key();
    if (key.empty())
        throw ApiError(ErrorKind::Unauthorized,
                       "challenges are sent and answered by players: log in, or call GET "
                       "/api/me first (it sets the visitor cookie)");
    return key;
}

} // namespace

json challenge_json(const ChallengeRecord& challenge) {
    return {{"id", challenge.id},
            {"from", challenge.from_name},
            {"to", challenge.to_name},
            {"variant", challenge.variant},
            {"clock", offer_clock_json(challenge)},
            {"rated", challenge.rated},
            {"colour", challenge.colour},
            {"created_ms", challenge.created_ms}};
}

ChallengeService::ChallengeService(ChallengeRepository& challenges, AccountRepository& accounts,
                                   GameService& games, const Clock& clock,
                                   int open_challenges_per_player)
    : challenges_(challenges), accounts_(accounts), games_(games), clock_(clock),
      open_challenges_per_player_(open_challenges_per_player) {}

json ChallengeService::create(const json& body, const Player& from, const std::string& from_name) {
    ChallengeRecord challenge;
    challenge.from = player_key_or_refuse(from);
    challenge.from_name = from_name;
    if (!body.is_object()) throw bad_request("a challenge is a JSON object");
    std::string to_name = optional_string(body, "to").value_or("");
    if (to_name.empty()) throw bad_request("\"to\": the name of the player to challenge");
    auto to = to_name.size() <= 32 ? accounts_.find_by_name(to_name) : std::nullopt;
    if (!to) throw not_found("there is no player named " + to_name);
    challenge.to = account_owner_key(to->id);
    challenge.to_name = to->name;
    if (from.owns(challenge.to)) throw bad_request("you cannot challenge yourself");
    static_cast<GameOffer&>(challenge) = read_game_offer(body, from);
    if (challenges_.open_from(challenge.from) >= open_challenges_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_challenges_per_player_) +
                                                   " open challenges already: cancel one first");
    challenge.created_ms = clock_.now_ms();
    challenges_.insert(challenge);
    games_.event_bus().publish_lobby({"challenge", challenge.id, ""});
    return {{"id", challenge.id}};
}

json ChallengeService::list(const Player& player) {
    player_key_or_refuse(player);
    reopen_stalled();
    json incoming = json::array(), outgoing = json::array();
    for (const std::string& key : player.keys())
        for (const ChallengeRecord& challenge : challenges_.open_of(key))
            (challenge.to == key ? incoming : outgoing).push_back(challenge_json(challenge));
    return {{"incoming", std::move(incoming)}, {"outgoing", std::move(outgoing)}};
}

std::vector<std::int64_t> ChallengeService::reopen_stalled() {
    std::vector<std::int64_t> ids = challenges_.reopen_stalled(clock_.now_ms() - stalled_accept_ms);
    for (std::int64_t id : ids) games_.event_bus().publish_lobby({"challenge", id, ""});
    return ids;
}

ChallengeRecord ChallengeService::open_or_refuse(std::int64_t id) {
    reopen_stalled();
    auto challenge = challenges_.find(id);
    if (!challenge) throw not_found("there is no challenge " + std::to_string(id));
    if (!challenge->closed.empty())
        throw conflict("that challenge was " + challenge->closed + " already");
    return *challenge;
}

void ChallengeService::close_or_refuse(std::int64_t id, const std::string& how) {
    if (!challenges_.close(id, how, clock_.now_ms()))
        throw conflict("that challenge was answered already");
}

json ChallengeService::accept(std::int64_t id, const Player& player) {
    player_key_or_refuse(player);
    ChallengeRecord challenge = open_or_refuse(id);
    if (!player.owns(challenge.to)) throw forbidden("that challenge is not to you");
    // Closed first, so two answers count once; one accepted whose game is never noted (this
    // process killed in between) is reopened by the next caller (reopen_stalled).
    close_or_refuse(id, "accepted");
    Pairing pairing{
        challenge.rated,
        seat_player_now(&accounts_, challenge.from, challenge.from_name, challenge.variant),
        seat_player_now(&accounts_, challenge.to, challenge.to_name, challenge.variant),
        "challenge:" + std::to_string(id)};
    PairedGame game = make_paired_game(games_, challenge, challenge.from, pairing);
    if (!challenges_.set_game(id, game.id, game.maker_token, game.taker_token))
        throw conflict("the pairing took too long and the challenge was reopened: accept it "
                       "again");
    games_.event_bus().publish_lobby({"challenge_removed", id, "accepted"});
    return game_view_json(game.state);
}

json ChallengeService::decline(std::int64_t id, const Player& player) {
    player_key_or_refuse(player);
    ChallengeRecord challenge = open_or_refuse(id);
    if (!player.owns(challenge.to)) throw forbidden("that challenge is not to you");
    close_or_refuse(id, "declined");
    games_.event_bus().publish_lobby({"challenge_removed", id, "declined"});
    return {{"declined", id}};
}

json ChallengeService::cancel(std::int64_t id, const Player& player) {
    player_key_or_refuse(player);
    ChallengeRecord challenge = open_or_refuse(id);
    if (!player.owns(challenge.from)) throw forbidden("that challenge is someone else's");
    close_or_refuse(id, "cancelled");
    games_.event_bus().publish_lobby({"challenge_removed", id, "cancelled"});
    return {{"cancelled", id}};
}

} // namespace evo::app

#include "challenge_service.h"

#include <algorithm>

#include "app/accounts/account_name.h"
#include "app/common/api_error.h"
#include "app/ratings/rated_games.h"
#include "offer.h"

namespace evo::app {

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

ChallengeService::ChallengeService(ChallengeRepository& challenges, AccountRepository& accounts,
                                   GameService& games, const Clock& clock,
                                   int open_challenges_per_player)
    : challenges_(challenges), accounts_(accounts), games_(games), clock_(clock),
      open_challenges_per_player_(open_challenges_per_player) {}

std::int64_t ChallengeService::create(const ChallengeRequest& request, const Player& from,
                                      const std::string& from_name) {
    ChallengeRecord challenge;
    challenge.from = player_key_or_refuse(from);
    challenge.from_name = from_name;
    const std::string& to_name = request.to;
    if (to_name.empty()) throw bad_request("\"to\": the name of the player to challenge");
    auto to = is_account_name(to_name) ? accounts_.find_by_name(to_name) : std::nullopt;
    if (!to) throw not_found("there is no player named " + to_name);
    challenge.to = account_owner_key(to->id);
    challenge.to_name = to->name;
    if (from.owns(challenge.to)) throw bad_request("you cannot challenge yourself");
    check_game_offer(request.offer, from);
    static_cast<GameOffer&>(challenge) = request.offer;
    if (challenges_.open_from(challenge.from) >= open_challenges_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_challenges_per_player_) +
                                                   " open challenges already: cancel one first");
    challenge.created_ms = clock_.now_ms();
    challenges_.insert(challenge);
    games_.event_bus().publish_lobby(
        {LobbyChange::ChallengeSent, challenge.id, LobbyRemoval::None});
    return challenge.id;
}

ChallengeLists ChallengeService::list(const Player& player) {
    player_key_or_refuse(player);
    reopen_stalled();
    ChallengeLists lists;
    for (const std::string& key : player.keys())
        for (const ChallengeRecord& challenge : challenges_.open_of(key))
            (challenge.to == key ? lists.incoming : lists.outgoing).push_back(challenge);
    return lists;
}

std::vector<std::int64_t> ChallengeService::reopen_stalled() {
    std::vector<std::int64_t> ids = challenges_.reopen_stalled(clock_.now_ms() - stalled_accept_ms);
    for (std::int64_t id : ids)
        games_.event_bus().publish_lobby({LobbyChange::ChallengeSent, id, LobbyRemoval::None});
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

GameView ChallengeService::accept(std::int64_t id, const Player& player) {
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
    games_.event_bus().publish_lobby({LobbyChange::ChallengeRemoved, id, LobbyRemoval::Accepted});
    return game.state;
}

const std::vector<std::string>& decline_reasons() {
    static const std::vector<std::string> reasons = {"generic",     "later", "tooFast", "tooSlow",
                                                     "timeControl", "rated", "casual",  "standard",
                                                     "variant",     "noBot", "onlyBot"};
    return reasons;
}

std::int64_t ChallengeService::decline(std::int64_t id, const Player& player,
                                       const std::string& reason) {
    const auto& reasons = decline_reasons();
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end())
        throw bad_request("a reason to decline is one of generic, later, tooFast, tooSlow, "
                          "timeControl, rated, casual, standard, variant, noBot, onlyBot");
    player_key_or_refuse(player);
    ChallengeRecord challenge = open_or_refuse(id);
    if (!player.owns(challenge.to)) throw forbidden("that challenge is not to you");
    close_or_refuse(id, "declined");
    challenges_.note_decline_reason(id, reason);
    games_.event_bus().publish_lobby({LobbyChange::ChallengeRemoved, id, LobbyRemoval::Declined});
    return id;
}

std::int64_t ChallengeService::cancel(std::int64_t id, const Player& player) {
    player_key_or_refuse(player);
    ChallengeRecord challenge = open_or_refuse(id);
    if (!player.owns(challenge.from)) throw forbidden("that challenge is someone else's");
    close_or_refuse(id, "cancelled");
    games_.event_bus().publish_lobby({LobbyChange::ChallengeRemoved, id, LobbyRemoval::Cancelled});
    return id;
}

} // namespace evo::app

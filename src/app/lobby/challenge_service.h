// Challenges (docs/api.md, "Challenges"): a player offers a game to an account by its name;
// the challenged accepts it (an online game with both seats taken, as a seek's) or declines
// it, the challenger may cancel it. Stored through the ChallengeRepository, so every server
// process on one database shares them; closing one is a compare-and-set, so two answers at
// once count once. Each change is told on the game service's event bus (LobbyNotice), for
// the lobby streams of the two players. Failures are ApiErrors (400 bad challenge or
// yourself, 401 no player, 403 not yours to answer or rated without accounts, 404 no such
// name or challenge, 409 answered already, 429 too many open challenges).
#pragma once

#include "app/accounts/identity.h"
#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/game/service.h"
#include "challenge_repository.h"
#include "offer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace evo::app {

// POST /api/challenges, read from its JSON at the HTTP edge (http/lobby_json.h): the name of
// the account challenged and the game offered.
struct ChallengeRequest {
    std::string to;
    GameOffer offer;
};

// A player's open challenges: to them and from them (their JSON: http/lobby_json.h).
struct ChallengeLists {
    std::vector<ChallengeRecord> incoming;
    std::vector<ChallengeRecord> outgoing;
};

// lichess's reasons to decline: generic, later, tooFast, tooSlow, timeControl, rated, casual,
// standard, variant, noBot, onlyBot.
const std::vector<std::string>& decline_reasons();

class ChallengeService {
  public:
    static constexpr int default_open_challenges_per_player = 3;
    // A challenge accepted longer ago than this without its game noted is reopened: the
    // accepting process died mid-pairing.
    static constexpr std::int64_t stalled_accept_ms = 10'000;

    ChallengeService(ChallengeRepository& challenges, AccountRepository& accounts,
                     GameService& games, const Clock& clock,
                     int open_challenges_per_player = default_open_challenges_per_player);

    // Sends the challenge: its id. `from_name` is shown.
    std::int64_t create(const ChallengeRequest& request, const Player& from,
                        const std::string& from_name);
    // The player's open challenges.
    ChallengeLists list(const Player& player);
    // Makes the game: its state with the challenged player's seat.
    GameView accept(std::int64_t id, const Player& player);
    // Declines (the challenged; `reason`: one of lichess's keys, decline_reasons()) or cancels
    // (the challenger) it: its id.
    std::int64_t decline(std::int64_t id, const Player& player,
                         const std::string& reason = "generic");
    std::int64_t cancel(std::int64_t id, const Player& player);
    // Reopens the challenges whose acceptor died mid-pairing (stalled_accept_ms) and tells
    // the lobby; answers their ids. Called by whoever looks at the challenges next.
    std::vector<std::int64_t> reopen_stalled();

  private:
    ChallengeRecord open_or_refuse(std::int64_t id);
    void close_or_refuse(std::int64_t id, const std::string& how);

    ChallengeRepository& challenges_;
    AccountRepository& accounts_;
    GameService& games_;
    const Clock& clock_;
    int open_challenges_per_player_;
};

} // namespace evo::app

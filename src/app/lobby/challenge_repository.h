// The port challenges are stored through (docs/api.md, "Challenges"), on the games' database
// (SQLite or PostgreSQL), so that a challenge sent through one server process is seen and
// answered through another. A challenge is closed once (accepted, declined or cancelled): a
// compare-and-set, so of two answers at once exactly one counts. Failures are StorageErrors.
#pragma once

#include "app/common/storage_error.h"
#include "offer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct ChallengeRecord : GameOffer {
    std::int64_t id = 0;
    std::string from; // the challenger's player key (player_identity.h); the game's maker
    std::string from_name;
    std::string to; // the challenged account's player key
    std::string to_name;
    std::int64_t created_ms = 0;
    std::string closed;                  // empty while open; "accepted", "declined", "cancelled"
    std::optional<std::int64_t> game_id; // the game its acceptance made
    std::string from_token;              // the players' seats in that game
    std::string to_token;
    std::string decline_reason; // lichess's key ("generic", "variant", ...); empty: none
};

class ChallengeRepository {
  public:
    virtual ~ChallengeRepository() = default;

    // Stores a new open challenge; sets record.id.
    virtual void insert(ChallengeRecord& record) = 0;
    virtual std::optional<ChallengeRecord> find(std::int64_t id) = 0;
    // The open challenges from or to the player, oldest first.
    virtual std::vector<ChallengeRecord> open_of(const std::string& player) = 0;
    // How many open challenges the player has sent.
    virtual int open_from(const std::string& player) = 0;
    // Closes the open challenge as `how` at `now_ms`: true for exactly one caller.
    virtual bool close(std::int64_t id, const std::string& how, std::int64_t now_ms) = 0;
    // Notes why a closed challenge was declined.
    virtual void note_decline_reason(std::int64_t id, const std::string& reason) = 0;
    // Notes the game an accepted challenge made and its players' seat tokens; false when it is
    // no longer accepted with no game (reopened meanwhile: reopen_stalled).
    virtual bool set_game(std::int64_t id, std::int64_t game_id, const std::string& from_token,
                          const std::string& to_token) = 0;
    // Reopens the challenges accepted before `before_ms` whose game was never noted (the
    // accepting process died between the two steps); answers their ids.
    virtual std::vector<std::int64_t> reopen_stalled(std::int64_t before_ms) = 0;
};

} // namespace evo::app

// What anyone may read about players (docs/api.md, "Players and ratings"): a player's page
// (GET /api/players/{name}: ratings, results and rating history per variant, recent games) and
// a variant's leaderboard (GET /api/leaderboard/{variant}). Never a password hash or a token.
// Failures are ApiErrors (404 unknown name or variant). Answers typed views, which the HTTP
// edge writes (http/player_json.h).
#pragma once

#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/record/game_repository.h"
#include "core/types.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

// The leaderboard's cut-off (docs/ratings.md): a rating that is not provisional, and a rated
// game in the variant within the last year, so that a rare variant's few players show at all.
inline constexpr std::int64_t leaderboard_inactive_after_ms = 365LL * 24 * 3600 * 1000;
inline constexpr int leaderboard_size = 50;
inline constexpr int player_page_recent_games = 20;

// How a game ended for one of its players.
enum class PlayerOutcome { Win, Draw, Loss };

// A game the player sat at, from their side.
struct PlayerGame {
    std::int64_t id = 0;
    std::string variant;
    Color colour = White;
    std::optional<std::string> opponent; // the other seat's name; none: nobody sat there
    bool opponent_bot = false;           // the other seat is a bot account's
    bool rated = false;
    std::optional<std::string> result; // "1-0", "0-1", "1/2-1/2"; none while it goes on
    std::optional<std::string> reason;
    std::optional<PlayerOutcome> outcome; // none while it goes on, or aborted
    std::optional<std::string> ended;     // the game's last update once it has a result
};

struct PlayerPage {
    std::string name; // as the player wrote it
    std::int64_t created_ms = 0;
    bool bot = false;                  // a bot account (docs/bots.md): "BOT" beside the name
    std::vector<StoredRating> ratings; // one per variant played rated
    // Per variant, the rating after each rated game, oldest first.
    std::map<std::string, std::vector<RatingHistoryEntry>> history;
    std::vector<PlayerGame> recent_games; // the last `player_page_recent_games`, newest first
};

struct LeaderboardEntry {
    int rank = 0; // from 1
    std::string name;
    StoredRating rating;
};

struct Leaderboard {
    std::string variant;
    // The cut-off: a deviation of at most this (not provisional), a rated game within this.
    double rd_at_most = 0;
    std::int64_t played_within_days = 0;
    // People and bots are ranked apart, each the best first, at most `leaderboard_size`.
    std::vector<LeaderboardEntry> players;
    std::vector<LeaderboardEntry> bots;
};

class PlayerPages {
  public:
    PlayerPages(AccountRepository& accounts, GameRepository& games, const Clock& clock);

    PlayerPage player(const std::string& name);
    Leaderboard leaderboard(const std::string& variant);

  private:
    AccountRepository& accounts_;
    GameRepository& games_;
    const Clock& clock_;
};

} // namespace evo::app

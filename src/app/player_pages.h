// What anyone may read about players (docs/api.md, "Players and ratings"): a player's page
// (GET /api/players/{name}: ratings, results and rating history per variant, recent games) and
// a variant's leaderboard (GET /api/leaderboard/{variant}). Never a password hash or a token.
// Failures are ApiErrors (404 unknown name or variant).
#pragma once

#include "account_repository.h"
#include "clock.h"
#include "game_repository.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace evo::app {

// The leaderboard's cut-off (docs/ratings.md): a rating that is not provisional, and a rated
// game in the variant within the last year, so that a rare variant's few players show at all.
inline constexpr std::int64_t leaderboard_inactive_after_ms = 365LL * 24 * 3600 * 1000;
inline constexpr int leaderboard_size = 50;
inline constexpr int player_page_recent_games = 20;

class PlayerPages {
  public:
    PlayerPages(AccountRepository& accounts, GameRepository& games, const Clock& clock);

    nlohmann::json player(const std::string& name);
    nlohmann::json leaderboard(const std::string& variant);

  private:
    AccountRepository& accounts_;
    GameRepository& games_;
    const Clock& clock_;
};

} // namespace evo::app

// What the end of a rated game does to its players' ratings (docs/ratings.md): which games
// rate (rated, both seats accounts, both sides moved, a result that is not an abort), the
// score, and the ratings after by Glicko-2, one game one rating period. The repositories call
// it inside the transaction that stores the game's end, so it is applied exactly once.
#pragma once

#include "app/accounts/repository.h"
#include "app/record/game_record.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace evo::app {

// The rating change one finished game makes: its two accounts (White, Black), its variant and
// White's score (1, 0.5 or 0).
struct RatedGameEnd {
    std::array<std::int64_t, 2> account_ids{};
    std::string variant;
    double white_score = 0;
};

// The change the record's game makes, if it is a rated game that has ended with a result;
// none for a casual game, a game in progress, an aborted game or one that ended before both
// sides moved.
std::optional<RatedGameEnd> rated_game_end(const GameRecord& record);

// The account of a player key ("account:ID"); none for a visitor or anything else.
std::optional<std::int64_t> account_id_of_key(const std::string& key);

// A player's stored rating in a variant, or the initial one if they have none yet.
StoredRating rating_or_initial(const std::optional<StoredRating>& stored,
                               const std::string& variant);

// A player as a game shows them (SeatPlayer): an account with their rating in the variant now,
// read from `accounts` (none, or a visitor: no rating).
SeatPlayer seat_player_now(AccountRepository* accounts, const std::string& key,
                           const std::string& name, const std::string& variant);

// Both players' ratings after the game, from both before it (White, Black); the counts of
// games, wins, draws and losses grow and the last game is at `ended_ms`.
std::array<StoredRating, 2> ratings_after(const std::array<StoredRating, 2>& before,
                                          double white_score, std::int64_t ended_ms);

} // namespace evo::app

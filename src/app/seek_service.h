// The lobby's seeks (docs/api.md, "Seeks"): a player offers a game (variant, clock, rated or
// casual, colour); another accepts it, which makes an online game with both seats taken.
// Stored through the SeekRepository, so every server process on one database shares them;
// its take is a compare-and-set, so two accepts at once make one game. Failures are
// ApiErrors (400 bad seek, 401 no player, 403 not allowed, 404 no such seek, 409 taken,
// 429 too many open seeks).
#pragma once

#include "account_repository.h"
#include "clock.h"
#include "game_service.h"
#include "player_identity.h"
#include "seek_repository.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace evo::app {

// The highest rating a seek's "rating_range" may name.
constexpr int max_range_rating = 4000;

// A player's rating in the variant as a seek's range is checked against: their account's
// rating rounded, or the initial rating for a visitor or an account not yet rated in it.
int rating_for_range(AccountRepository* accounts, const std::string& key,
                     const std::string& variant);

// A seek as GET /api/seeks and the lobby stream show it, with its maker's rating now, read
// from `accounts` (none: no rating).
nlohmann::json seek_json(const SeekRecord& seek, AccountRepository* accounts);

// Each change is told on the game service's event bus (LobbyNotice), for the lobby streams.
class SeekService {
  public:
    static constexpr int default_open_seeks_per_player = 3;
    // A seek taken longer ago than this without its game noted is reopened: its taker's
    // process died mid-pairing (making a game takes milliseconds).
    static constexpr std::int64_t stalled_take_ms = 10'000;

    // `accounts`: where the makers' and takers' ratings are read (the seek list and the game
    // show them); none: no ratings are shown.
    SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                int open_seeks_per_player = default_open_seeks_per_player,
                AccountRepository* accounts = nullptr);

    // {"variant", "clock", "rated", "colour", "rating_range"} -> {"id"}. `maker_name` is shown in
    // the lobby.
    nlohmann::json create(const nlohmann::json& body, const Player& maker,
                          const std::string& maker_name);
    nlohmann::json list();
    // One seek; to its maker, once accepted, also the game and the maker's seat.
    nlohmann::json get(std::int64_t id, const Player& player);
    nlohmann::json cancel(std::int64_t id, const Player& maker);
    // Makes the game: its state with the taker's seat. `taker_name` is shown in the game.
    nlohmann::json accept(std::int64_t id, const Player& taker, const std::string& taker_name = "");
    // Reopens the seeks whose taker died mid-pairing (stalled_take_ms) and tells the lobby;
    // answers their ids. Called by whoever looks at the seeks next.
    std::vector<std::int64_t> reopen_stalled();
    // The same for any process's lobby sweep (lobby.h), which has no SeekService: the seeks
    // taken before `now_ms` - stalled_take_ms without their game are reopened and announced.
    static std::vector<std::int64_t> reopen_stalled(SeekRepository& seeks, EventBus& bus,
                                                    std::int64_t now_ms);

  private:
    SeekRepository& seeks_;
    GameService& games_;
    const Clock& clock_;
    int open_seeks_per_player_;
    AccountRepository* accounts_;
};

} // namespace evo::app

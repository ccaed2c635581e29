// The lobby's seeks (docs/api.md, "Seeks"): a player offers a game (variant, clock, rated or
// casual, colour); another accepts it, which makes an online game with both seats taken.
// Stored through the SeekRepository, so every server process on one database shares them;
// its take is a compare-and-set, so two accepts at once make one game. Failures are
// ApiErrors (400 bad seek, 401 no player, 403 not allowed, 404 no such seek, 409 taken,
// 429 too many open seeks).
#pragma once

#include "clock.h"
#include "game_service.h"
#include "player_identity.h"
#include "seek_repository.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace evo::app {

// A seek as GET /api/seeks and the lobby stream show it.
nlohmann::json seek_json(const SeekRecord& seek);

// Each change is told on the game service's event bus (LobbyNotice), for the lobby streams.
class SeekService {
  public:
    static constexpr int default_open_seeks_per_player = 3;

    SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                int open_seeks_per_player = default_open_seeks_per_player);

    // {"variant", "clock", "rated", "colour"} -> {"id"}. `maker_name` is shown in the lobby.
    nlohmann::json create(const nlohmann::json& body, const Player& maker,
                          const std::string& maker_name);
    nlohmann::json list();
    // One seek; to its maker, once accepted, also the game and the maker's seat.
    nlohmann::json get(std::int64_t id, const Player& player);
    nlohmann::json cancel(std::int64_t id, const Player& maker);
    // Makes the game: its state with the taker's seat.
    nlohmann::json accept(std::int64_t id, const Player& taker);

  private:
    SeekRepository& seeks_;
    GameService& games_;
    const Clock& clock_;
    int open_seeks_per_player_;
};

} // namespace evo::app

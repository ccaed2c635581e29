// The lobby's seeks (docs/api.md, "Seeks"): a player offers a game (variant, clock, rated or
// casual, colour); another accepts it, which makes an online game with both seats taken.
// Stored through the SeekRepository, so every server process on one database shares them;
// its take is a compare-and-set, so two accepts at once make one game. Failures are
// ApiErrors (400 bad seek, 401 no player, 403 not allowed, 404 no such seek, 409 taken,
// 429 too many open seeks). Auto pairing (auto_pairing.h): an entry is a group of seeks of
// one player; taking one withdraws the rest in the same step, and a new seek or entry that
// asks the same game as another player's open one, one of the two an entry's, is paired with
// it at once.
#pragma once

#include "app/accounts/identity.h"
#include "app/accounts/repository.h"
#include "app/common/clock.h"
#include "app/game/service.h"
#include "seek_repository.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

// The highest rating a seek's "rating_range" may name.
constexpr int max_range_rating = 4000;

// A player's rating in the variant as a seek's range is checked against: their account's
// rating rounded, or the initial rating for a visitor or an account not yet rated in it.
int rating_for_range(AccountRepository* accounts, const std::string& key,
                     const std::string& variant);

// The ratings a taker may have, both ends included, 0..max_range_rating.
struct RatingRange {
    int lowest = 0;
    int highest = 0;
};

// What the requests ask, read from their JSON at the HTTP edge (http/lobby_json.h).
// POST /api/seeks: the game offered, and who may take it (none: anyone).
struct SeekRequest {
    GameOffer offer;
    std::optional<RatingRange> rating_range;
};
// POST /api/autopairing: one offer per combination, in the order given, duplicates dropped,
// each with a random colour.
struct AutoPairingRequest {
    std::vector<GameOffer> offers;
    std::optional<RatingRange> rating_range;
};

// What the service answers; their JSON is written at the HTTP edge (http/lobby_json.h).
// A seek as GET /api/seeks and the lobby stream show it: the seek and its maker's rating now.
struct SeekView {
    SeekRecord seek;
    std::optional<double> rating; // none: no rating (a visitor, or no accounts)
    bool provisional = false;
};
// One seek (GET /api/seeks/{id}); to its maker, once accepted, also the game and their seat.
struct SeekDetail {
    SeekView view;
    bool accepted = false;
    std::optional<std::int64_t> game_id;
    std::optional<std::string> token;
};
// A seek made, and the game it paired with at once (with the maker's seat), if any.
struct SeekMade {
    std::int64_t id = 0;
    std::optional<GameView> game;
};
// An auto-pairing entry made: its group, its seeks, and the game it paired with at once.
struct AutoPairingMade {
    std::int64_t group = 0;
    std::vector<std::int64_t> seeks;
    std::optional<GameView> game;
};

// A seek with its maker's rating now, read from `accounts` (none: no rating).
SeekView seek_view(const SeekRecord& seek, AccountRepository* accounts);

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

    // Its id, and the game (with the maker's seat) when it paired with an open auto-pairing
    // entry at once. `maker_name` is shown in the lobby.
    SeekMade create(const SeekRequest& request, const Player& maker, const std::string& maker_name);
    // The entry's group and seeks, and the game it paired with at once (with the maker's
    // seat); none: it waits.
    AutoPairingMade create_auto(const AutoPairingRequest& request, const Player& maker,
                                const std::string& maker_name);
    // Withdraws the open seeks of the maker's auto-pairing entry: their ids.
    std::vector<std::int64_t> cancel_auto(std::int64_t group, const Player& maker);
    std::vector<SeekView> list();
    // One seek; to its maker, once accepted, also the game and the maker's seat.
    SeekDetail get(std::int64_t id, const Player& player);
    // Withdraws the maker's open seek: its id.
    std::int64_t cancel(std::int64_t id, const Player& maker);
    // Makes the game: its state with the taker's seat. `taker_name` is shown in the game.
    GameView accept(std::int64_t id, const Player& taker, const std::string& taker_name = "");
    // Reopens the seeks whose taker died mid-pairing (stalled_take_ms) and tells the lobby;
    // answers their ids. Called by whoever looks at the seeks next.
    std::vector<std::int64_t> reopen_stalled();
    // The same for any process's lobby sweep (lobby.h), which has no SeekService: the seeks
    // taken before `now_ms` - stalled_take_ms without their game are reopened and announced.
    static std::vector<std::int64_t> reopen_stalled(SeekRepository& seeks, EventBus& bus,
                                                    std::int64_t now_ms);

  private:
    // Takes `seek` for the taker (withdrawing the rest of its entry, and of `taker_group`, the
    // taker's own entry, which must still be open) and makes the game; none when the take
    // lost a race.
    std::optional<PairedGame> pair(const SeekRecord& seek, const std::string& taker_key,
                                   const std::string& taker_name,
                                   std::optional<std::int64_t> taker_group);
    // Pairs the maker's new seeks (one, or an entry's) with an open seek of another player
    // that asks the same game, one of the two an entry's: the game with the maker's seat, or
    // none.
    std::optional<GameView> pair_new(const std::vector<SeekRecord>& mine, const Player& maker);
    // The player's open auto-pairing entry, if any.
    std::optional<std::int64_t> open_entry_of(const Player& player);

    SeekRepository& seeks_;
    GameService& games_;
    const Clock& clock_;
    int open_seeks_per_player_;
    AccountRepository* accounts_;
};

} // namespace evo::app

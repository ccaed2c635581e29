#include "seek_service.h"

#include "app/common/api_error.h"
#include "app/ratings/glicko2.h"
#include "app/ratings/rated_games.h"
#include "auto_pairing.h"

#include <algorithm>
#include <cmath>

namespace evo::app {

namespace {

std::string player_key_or_refuse(const Player& player) {
    std::string key = player.owner_key();
    if (key.empty())
        throw ApiError(ErrorKind::Unauthorized,
                       "seeks are made and accepted by players: log in, or call GET /api/me "
                       "first (it sets the visitor cookie)");
    return key;
}

SeekRecord open_seek_or_refuse(SeekRepository& seeks, std::int64_t id) {
    auto seek = seeks.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    if (!seek->taken_by.empty()) throw conflict("that seek has been accepted already");
    return *seek;
}

void check_rating_range(const std::optional<RatingRange>& range, SeekRecord& seek) {
    if (!range) return;
    if (range->lowest < 0 || range->highest > max_range_rating || range->lowest > range->highest)
        throw bad_request("\"rating_range\" is [lowest, highest]: two whole ratings from 0 to " +
                          std::to_string(max_range_rating) + ", the lowest first");
    seek.rating_min = range->lowest;
    seek.rating_max = range->highest;
}

} // namespace

int rating_for_range(AccountRepository* accounts, const std::string& key,
                     const std::string& variant) {
    SeatPlayer player = seat_player_now(accounts, key, "", variant);
    return int(std::lround(player.rating ? *player.rating : initial_rating().rating));
}

SeekView seek_view(const SeekRecord& seek, AccountRepository* accounts) {
    SeatPlayer maker = seat_player_now(accounts, seek.owner, seek.owner_name, seek.variant);
    return {seek, maker.rating, maker.provisional};
}

SeekService::SeekService(SeekRepository& seeks, GameService& games, const Clock& clock,
                         int open_seeks_per_player, AccountRepository* accounts)
    : seeks_(seeks), games_(games), clock_(clock), open_seeks_per_player_(open_seeks_per_player),
      accounts_(accounts) {}

namespace {

// A bot plays only by challenge (docs/bots.md): never paired with a person in the lobby.
void refuse_bot(AccountRepository* accounts, const Player& player, const std::string& name) {
    if (!accounts || !player.account_key) return;
    auto account = accounts->find_by_name(name);
    if (account && account->bot && account_owner_key(account->id) == *player.account_key)
        throw forbidden("a bot account plays by challenge only, never in the lobby");
}

} // namespace

SeekMade SeekService::create(const SeekRequest& request, const Player& maker,
                             const std::string& maker_name) {
    SeekRecord seek;
    seek.owner = player_key_or_refuse(maker);
    refuse_bot(accounts_, maker, maker_name);
    check_game_offer(request.offer, maker);
    static_cast<GameOffer&>(seek) = request.offer;
    seek.owner_name = maker_name;
    if (seek.clock_days && !maker.account_key)
        throw forbidden("correspondence seeks (days per move) are for accounts: create one or "
                        "log in, or choose a clock in minutes");
    check_rating_range(request.rating_range, seek);
    if (seeks_.open_seeks_of(seek.owner) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    seek.created_ms = clock_.now_ms();
    seeks_.insert(seek);
    games_.event_bus().publish_lobby({LobbyChange::SeekAdded, seek.id, LobbyRemoval::None});
    return {seek.id, pair_new({seek}, maker)};
}

AutoPairingMade SeekService::create_auto(const AutoPairingRequest& request, const Player& maker,
                                         const std::string& maker_name) {
    std::string key = player_key_or_refuse(maker);
    refuse_bot(accounts_, maker, maker_name);
    const std::vector<GameOffer>& offers = request.offers;
    if (offers.empty()) throw bad_request("an auto-pairing entry names at least one game");
    for (const GameOffer& offer : offers) check_game_offer(offer, maker);
    SeekRecord common;
    common.owner = key;
    common.owner_name = maker_name;
    check_rating_range(request.rating_range, common);
    for (const GameOffer& offer : offers)
        if (offer.clock_days && !maker.account_key)
            throw forbidden("correspondence seeks (days per move) are for accounts: create one "
                            "or log in, or choose clocks in minutes");
    if (open_entry_of(maker))
        throw conflict("you are waiting for auto pairing already: cancel that first");
    if (seeks_.open_seeks_of(key) >= open_seeks_per_player_)
        throw ApiError(ErrorKind::RateLimited, "you have " +
                                                   std::to_string(open_seeks_per_player_) +
                                                   " open seeks already: cancel one first");
    common.created_ms = clock_.now_ms();
    std::vector<SeekRecord> records;
    for (const GameOffer& offer : offers) {
        SeekRecord seek = common;
        static_cast<GameOffer&>(seek) = offer;
        records.push_back(seek);
    }
    seeks_.insert_group(records);
    AutoPairingMade made;
    made.group = records.front().auto_group.value();
    for (const SeekRecord& seek : records) {
        games_.event_bus().publish_lobby({LobbyChange::SeekAdded, seek.id, LobbyRemoval::None});
        made.seeks.push_back(seek.id);
    }
    made.game = pair_new(records, maker);
    return made;
}

std::vector<std::int64_t> SeekService::cancel_auto(std::int64_t group, const Player& maker) {
    player_key_or_refuse(maker);
    std::optional<SeekRecord> one;
    for (const SeekRecord& seek : seeks_.open_seeks())
        if (seek.auto_group == group) one = seek;
    if (!one) throw not_found("there is no open auto-pairing entry " + std::to_string(group));
    if (!maker.owns(one->owner)) throw forbidden("that auto-pairing entry is someone else's");
    std::vector<std::int64_t> ids = seeks_.remove_group(group, one->owner);
    for (std::int64_t id : ids)
        games_.event_bus().publish_lobby({LobbyChange::SeekRemoved, id, LobbyRemoval::Cancelled});
    return ids;
}

std::optional<std::int64_t> SeekService::open_entry_of(const Player& player) {
    for (const SeekRecord& seek : seeks_.open_seeks())
        if (seek.auto_group && player.owns(seek.owner)) return seek.auto_group;
    return std::nullopt;
}

std::optional<GameView> SeekService::pair_new(const std::vector<SeekRecord>& mine,
                                              const Player& maker) {
    std::vector<SeekRecord> open = seeks_.open_seeks();
    for (const SeekRecord& own : mine) {
        int own_rating = rating_for_range(accounts_, own.owner, own.variant);
        for (const SeekRecord& other : open) {
            if (maker.owns(other.owner)) continue;
            // Two seeks on their own both wait for a person to choose them, as ever.
            if (!own.auto_group && !other.auto_group) continue;
            if (!same_game_asked(own, other) || !in_rating_range(other, own_rating) ||
                !in_rating_range(own, rating_for_range(accounts_, other.owner, other.variant)))
                continue;
            // The seek on its own is the one taken (its colour kept); of two entries' seeks,
            // the older.
            bool mine_taken = !own.auto_group;
            const SeekRecord& taken = mine_taken ? own : other;
            const SeekRecord& taker = mine_taken ? other : own;
            if (auto game = pair(taken, taker.owner, taker.owner_name, taker.auto_group))
                return mine_taken ? games_.get(game->id, Actor::requester(game->maker_token))
                                  : game->state;
            // A race lost: over once the maker's own seeks have gone meanwhile.
            bool still_open = std::any_of(mine.begin(), mine.end(), [&](const SeekRecord& seek) {
                auto now = seeks_.find(seek.id);
                return now && now->taken_by.empty();
            });
            if (!still_open) return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<PairedGame> SeekService::pair(const SeekRecord& seek, const std::string& taker_key,
                                            const std::string& taker_name,
                                            std::optional<std::int64_t> taker_group) {
    // Two steps that cannot share a transaction (the seek and the game may be on different
    // stores): taken first, so two accepts make one game; a seek taken whose game is never
    // noted (this process killed in between) is reopened by the next caller (reopen_stalled).
    auto withdrawn = seeks_.take_and_withdraw(seek.id, taker_key, clock_.now_ms(), taker_group);
    if (!withdrawn) return std::nullopt;
    for (std::int64_t id : *withdrawn)
        games_.event_bus().publish_lobby({LobbyChange::SeekRemoved, id, LobbyRemoval::Withdrawn});
    Pairing pairing{seek.rated,
                    seat_player_now(accounts_, seek.owner, seek.owner_name, seek.variant),
                    seat_player_now(accounts_, taker_key, taker_name, seek.variant),
                    "seek:" + std::to_string(seek.id)};
    PairedGame game = make_paired_game(games_, seek, seek.owner, pairing);
    if (!seeks_.set_game(seek.id, taker_key, game.id, game.maker_token, game.taker_token))
        throw conflict("the pairing took too long and the seek was reopened: accept it again");
    games_.event_bus().publish_lobby({LobbyChange::SeekTaken, seek.id, LobbyRemoval::Accepted});
    return game;
}

std::vector<std::int64_t> SeekService::reopen_stalled(SeekRepository& seeks, EventBus& bus,
                                                      std::int64_t now_ms) {
    std::vector<std::int64_t> ids = seeks.reopen_stalled(now_ms - stalled_take_ms);
    for (std::int64_t id : ids) bus.publish_lobby({LobbyChange::SeekAdded, id, LobbyRemoval::None});
    return ids;
}

std::vector<std::int64_t> SeekService::reopen_stalled() {
    return reopen_stalled(seeks_, games_.event_bus(), clock_.now_ms());
}

std::vector<SeekView> SeekService::list() {
    reopen_stalled();
    std::vector<SeekView> list;
    for (const SeekRecord& seek : seeks_.open_seeks()) list.push_back(seek_view(seek, accounts_));
    return list;
}

SeekDetail SeekService::get(std::int64_t id, const Player& player) {
    reopen_stalled();
    auto seek = seeks_.find(id);
    if (!seek) throw not_found("there is no seek " + std::to_string(id));
    SeekDetail detail{seek_view(*seek, accounts_), !seek->taken_by.empty(), std::nullopt,
                      std::nullopt};
    if (player.owns(seek->owner) && seek->game_id) {
        detail.game_id = *seek->game_id;
        detail.token = seek->maker_token;
    }
    return detail;
}

std::int64_t SeekService::cancel(std::int64_t id, const Player& maker) {
    std::string key = player_key_or_refuse(maker);
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (!maker.owns(seek.owner)) throw forbidden("that seek is someone else's");
    if (!seeks_.remove(id, seek.owner)) throw conflict("that seek has been accepted already");
    games_.event_bus().publish_lobby({LobbyChange::SeekRemoved, id, LobbyRemoval::Cancelled});
    return id;
}

GameView SeekService::accept(std::int64_t id, const Player& taker, const std::string& taker_name) {
    std::string key = player_key_or_refuse(taker);
    refuse_bot(accounts_, taker, taker_name);
    reopen_stalled();
    SeekRecord seek = open_seek_or_refuse(seeks_, id);
    if (taker.owns(seek.owner)) throw forbidden("that is your own seek");
    if (seek.rated && !taker.account_key)
        throw forbidden("a rated seek is for accounts: log in to accept it");
    if (seek.clock_days && !taker.account_key)
        throw forbidden("correspondence games (days per move) are for accounts: log in to "
                        "accept it");
    if (seek.rating_min) {
        int rating = rating_for_range(accounts_, key, seek.variant);
        if (rating < *seek.rating_min || rating > *seek.rating_max)
            throw forbidden("this seek is for ratings " + std::to_string(*seek.rating_min) +
                            " to " + std::to_string(*seek.rating_max) + " in " + seek.variant +
                            "; yours is " + std::to_string(rating));
    }
    // A player waiting for auto pairing who accepts a seek: their entry is withdrawn in the
    // same step, or, paired meanwhile, they do not get a second game.
    std::optional<std::int64_t> own_entry = open_entry_of(taker);
    auto game = pair(seek, key, taker_name, own_entry);
    if (!game)
        throw conflict(own_entry ? "that seek has been accepted already, or your auto pairing "
                                   "has just found you a game"
                                 : "that seek has been accepted already");
    return game->state;
}

} // namespace evo::app

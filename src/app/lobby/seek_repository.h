// The port the lobby's seeks are stored through (issue 19, item 2), on the games' database
// (SQLite or PostgreSQL), so that a seek made on one server process is seen and accepted on
// another. Taking a seek is a compare-and-set: of two accepts at once, exactly one wins.
// Failures are StorageErrors.
#pragma once

#include "app/common/storage_error.h"
#include "offer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

struct SeekRecord : GameOffer {
    std::int64_t id = 0;
    std::string owner;      // the player key of its maker (player_identity.h)
    std::string owner_name; // shown in the lobby
    std::int64_t created_ms = 0;
    // The ratings a taker may have, both ends included (docs/api.md, "Seeks"); none: anyone.
    std::optional<int> rating_min;
    std::optional<int> rating_max;
    std::string taken_by;                // empty while open
    std::int64_t taken_ms = 0;           // when it was taken
    std::optional<std::int64_t> game_id; // the game its acceptance made
    std::string maker_token;             // the maker's seat in that game, for them alone
    std::string taker_token;             // the acceptor's seat in it
    // When the maker last had the lobby open (a seek whose maker has left goes, lobby.h).
    std::int64_t maker_seen_ms = 0;
    // The auto-pairing entry it is one of (docs/api.md "Auto pairing"): the id of the entry's
    // first seek; none: a seek on its own.
    std::optional<std::int64_t> auto_group;
};

class SeekRepository {
  public:
    virtual ~SeekRepository() = default;

    // Stores a new open seek (its maker seen at its creation); sets record.id.
    virtual void insert(SeekRecord& record) = 0;
    // Stores the open seeks of one auto-pairing entry, all or none; sets each record's id and
    // auto_group (the first one's id).
    virtual void insert_group(std::vector<SeekRecord>& records) = 0;
    virtual std::optional<SeekRecord> find(std::int64_t id) = 0;
    // The open seeks, oldest first.
    virtual std::vector<SeekRecord> open_seeks() = 0;
    // How many open seeks the player has, an auto-pairing entry's counting as one.
    virtual int open_seeks_of(const std::string& owner) = 0;
    // Removes the player's open seek; false when there is none such.
    virtual bool remove(std::int64_t id, const std::string& owner) = 0;
    // Removes the player's open seeks of the auto-pairing entry; answers their ids.
    virtual std::vector<std::int64_t> remove_group(std::int64_t group,
                                                   const std::string& owner) = 0;
    // Takes the open seek for `taker` at `now_ms`, if it is still open, and in the same step
    // withdraws (removes) the other open seeks of its auto-pairing entry; with `taker_group`
    // (the taker's own entry), only if that entry still has an open seek, and its open seeks
    // are withdrawn too. For exactly one caller the ids withdrawn; for the others none.
    virtual std::optional<std::vector<std::int64_t>>
    take_and_withdraw(std::int64_t id, const std::string& taker, std::int64_t now_ms,
                      std::optional<std::int64_t> taker_group) = 0;
    std::optional<std::vector<std::int64_t>> take(std::int64_t id, const std::string& taker,
                                                  std::int64_t now_ms) {
        return take_and_withdraw(id, taker, now_ms, std::nullopt);
    }
    // Notes the game a seek taken by `taker` made and its players' seat tokens; false when the
    // seek is no longer taken by them with no game (reopened meanwhile: reopen_stalled).
    virtual bool set_game(std::int64_t id, const std::string& taker, std::int64_t game_id,
                          const std::string& maker_token, const std::string& taker_token) = 0;
    // Reopens the seeks taken before `before_ms` whose game was never noted (their taker's
    // process died between the two steps); answers their ids.
    virtual std::vector<std::int64_t> reopen_stalled(std::int64_t before_ms) = 0;
    // The makers were seen in the lobby at `now_ms`: their open seeks stay.
    virtual void mark_seen(const std::vector<std::string>& owners, std::int64_t now_ms) = 0;
    // Removes the open seeks whose makers were last seen before `before_ms`; answers their ids.
    virtual std::vector<std::int64_t> remove_unseen(std::int64_t before_ms) = 0;
};

} // namespace evo::app

// What the lobby's tests share: the players they act as, a refusal's kind, and the seek
// service on a temporary database, called through its JSON edge as the router calls it.
#pragma once

#include "../http/api_test_server.h"
#include "app/common/api_error.h"
#include "app/http/game_view_json.h"
#include "app/http/lobby_json.h"
#include "app/http/stream_text.h"
#include "app/lobby/seek_service.h"
#include "app/storage/sqlite/seek_repository.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace evo::app::testing {

inline Player visitor(const std::string& key) {
    Player player;
    player.visitor_key = "visitor:" + key;
    return player;
}

inline Player account(std::int64_t id) {
    Player player;
    player.account_key = account_owner_key(id);
    return player;
}

// A visitor seated in a game under `name`.
inline SeatPlayer seat_player(const std::string& key, const std::string& name) {
    return {"visitor:" + key, name, std::nullopt, false};
}

// The kind of the ApiError `action` throws; a failure of the test if it throws none.
inline ErrorKind refusal_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const ApiError& error) {
        return error.kind();
    }
    ADD_FAILURE() << "not refused";
    return ErrorKind::Internal;
}

class SeekServiceFixture : public ::testing::Test {
  protected:
    using json = nlohmann::json;

    std::string database() const { return (directory_.path() / "games.sqlite3").string(); }
    // The service through its JSON edge, as the router calls it (http/lobby_json.h).
    json create(const json& body, const Player& maker, const std::string& name) {
        return seek_made_json(seeks_.create(seek_request(body), maker, name));
    }
    json list() { return seek_views_json(seeks_.list()); }
    json get(std::int64_t id, const Player& player) {
        return seek_detail_json(seeks_.get(id, player));
    }
    json accept(std::int64_t id, const Player& taker) {
        return game_view_json(seeks_.accept(id, taker));
    }

    TemporaryDirectory directory_;
    ManualClock clock_;
    SqliteGameRepository games_store_{database()};
    SqliteSeekRepository seeks_store_{database()};
    GameService games_{games_store_, {}, clock_, stream_text()};
    SeekService seeks_{seeks_store_, games_, clock_};
};

} // namespace evo::app::testing

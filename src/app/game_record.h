// What is stored about one game: enough to re-derive every position through the rules core.
#pragma once

#include "game_clock.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

enum class PlayerKind { Human, Engine };

struct PlayerKinds {
    PlayerKind white = PlayerKind::Human;
    PlayerKind black = PlayerKind::Human;
};

// The engine's limits for one search; an unset limit does not bind.
struct EngineLimits {
    std::optional<int> movetime_ms;
    std::optional<int> depth;
    std::optional<int> level; // 1..engine_level_count (engine_port.h); unset: full strength
};

// A result the moves themselves do not produce: resignation or agreement, made here or
// read from a PGN's result.
struct DeclaredResult {
    std::string result; // "1-0", "0-1", "1/2-1/2", or "*" with reason "aborted"
    // "resignation", "agreement", "time forfeit" (the rules may turn it into a draw, 4.11),
    // "abandonment" (a claim of victory), "aborted"
    std::string reason;
    bool operator==(const DeclaredResult&) const = default;
};

// Fields computed from the moves through the core, kept in the row so that
// listing games needs no replay.
struct GameSummary {
    std::string fen;
    std::optional<std::string> result;
    std::optional<std::string> reason;
};

// Who may act in an online game: a secret token per seat (empty: the seat is free) and
// the code of the invite link that gives the second seat.
struct Seats {
    std::array<std::string, 2> tokens; // White, Black
    std::string invite_code;
};

struct GameRecord {
    std::int64_t id = 0;
    // Grows by one with every stored change; a save succeeds only on the version it read
    // (compare-and-set), so several server processes can share one database.
    std::int64_t version = 0;
    std::string variant;
    std::string start_fen;
    std::vector<std::string> moves_uci;
    PlayerKinds players;
    EngineLimits engine;
    std::optional<DeclaredResult> declared_result;
    std::optional<char> draw_offer; // 'w' or 'b'
    bool online = false;
    Seats seats;
    std::optional<GameClock> clock;
    std::optional<char> takeback_offer; // the side asking to take its last move back
    std::optional<char> rematch_offer;
    std::optional<std::int64_t> rematch_id; // the game the rematch created
    std::string pgn_tags_json = "{}";       // tags kept from an imported PGN, as a JSON object
    // The player who made the game (player_identity.h: "account:ID" or "visitor:DIGEST");
    // empty: nobody known (a client without cookies, or a game from before owners were kept).
    std::string owner;
    GameSummary summary;
    std::string created;
    std::string updated;
};

// One line of the saved-games list.
struct GameListing {
    std::int64_t id = 0;
    std::string variant;
    bool online = false;
    PlayerKinds players;
    GameSummary summary;
    int move_count = 0;
    std::string created;
    std::string updated;
};

// Which games a list shows; by default every game.
struct GameListFilter {
    // Only the games one of these players made (GameRecord::owner); none: anyone's.
    std::optional<std::vector<std::string>> owners;
    bool online_only = false;
};

const char* player_kind_name(PlayerKind kind);
std::optional<PlayerKind> player_kind_from_name(const std::string& name);

// The current time in UTC, ISO 8601 to the second (a record's created and updated).
std::string utc_timestamp_now();

} // namespace evo::app

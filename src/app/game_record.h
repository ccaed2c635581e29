// What is stored about one game: enough to re-derive every position through the rules core.
#pragma once

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
};

// A result the moves themselves do not produce: resignation or agreement, made here or
// read from a PGN's result.
struct DeclaredResult {
    std::string result; // "1-0", "0-1", "1/2-1/2"
    std::string reason; // "resignation" or "agreement"
    bool operator==(const DeclaredResult&) const = default;
};

// Fields computed from the moves through the core, kept in the row so that
// listing games needs no replay.
struct GameSummary {
    std::string fen;
    std::optional<std::string> result;
    std::optional<std::string> reason;
};

struct GameRecord {
    std::int64_t id = 0;
    std::string variant;
    std::string start_fen;
    std::vector<std::string> moves_uci;
    PlayerKinds players;
    EngineLimits engine;
    std::optional<DeclaredResult> declared_result;
    std::optional<char> draw_offer;   // 'w' or 'b'
    std::string pgn_tags_json = "{}"; // tags kept from an imported PGN, as a JSON object
    GameSummary summary;
    std::string created;
    std::string updated;
};

// One line of the saved-games list.
struct GameListing {
    std::int64_t id = 0;
    std::string variant;
    PlayerKinds players;
    GameSummary summary;
    int move_count = 0;
    std::string created;
    std::string updated;
};

const char* player_kind_name(PlayerKind kind);
std::optional<PlayerKind> player_kind_from_name(const std::string& name);

} // namespace evo::app

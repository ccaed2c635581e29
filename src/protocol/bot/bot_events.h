// What a bot reads from its server, as lichess's Bot API writes it: the account's event
// stream (challenges, games starting and ending) and a game's stream (gameFull, then
// gameState). Read from NDJSON lines into plain values; a line that is not such an event
// reads as nothing, so an unknown or malformed line never stops a bot.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace evo::bot {

struct ChallengeEvent {
    std::string id;
    std::string challenger;    // its name
    std::string challenger_id; // its lichess id (the name in lower case)
    std::string variant_key;   // lichess's: "standard" for chess, else the registry name
    bool rated = false;
    std::string speed;
    // The clock in seconds; none for a correspondence or unlimited game.
    std::optional<int> limit_s;
    std::optional<int> increment_s;
    std::optional<int> days_per_turn;
    std::string initial_fen; // empty: the variant's start
};

struct ChallengeGoneEvent { // challengeCanceled or challengeDeclined
    std::string id;
};

struct GameStartEvent {
    std::string game_id;
};

struct GameFinishEvent {
    std::string game_id;
};

using AccountEvent =
    std::variant<ChallengeEvent, ChallengeGoneEvent, GameStartEvent, GameFinishEvent>;

std::optional<AccountEvent> read_account_event(std::string_view line);

struct GameState {
    std::string moves;                                     // UCI, space-separated
    std::int64_t wtime = 0, btime = 0, winc = 0, binc = 0; // ms
    std::string status;                                    // "started" while it goes on
    bool white_offers_draw = false, black_offers_draw = false;
    bool white_asks_takeback = false, black_asks_takeback = false;
    bool ongoing() const { return status == "started" || status == "created"; }
};

struct GameFull {
    std::string id;
    std::string variant_key;
    std::string initial_fen;        // "startpos" or a FEN
    std::string white_id, black_id; // lichess ids (lower case names); empty for nobody
    bool clocked = false;
    GameState state;
};

struct ChatLineEvent {
    std::string username, room, text;
};

using GameEvent = std::variant<GameFull, GameState, ChatLineEvent>;

std::optional<GameEvent> read_game_event(std::string_view line);

} // namespace evo::bot

// What is stored about one game: enough to re-derive every position through the rules core.
#pragma once

#include "core/game.h"
#include "core/types.h"
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
// The bounds a request may set on one search of the server's engine.
constexpr int max_movetime_ms = 60000;
constexpr int max_search_depth = 64;

// Why a declared result ended the game. Each is stored by its name (declared_result.h):
// "resignation", "agreement", "time forfeit" (the rules may turn it into a draw, 4.11),
// "opponent left" (a claim of victory), "aborted".
enum class DeclaredReason : std::uint8_t {
    Resignation,
    Agreement,
    TimeForfeit,
    OpponentLeft,
    Aborted
};

// A result the moves themselves do not produce: resignation or agreement, made here or
// read from a PGN's result.
struct DeclaredResult {
    // WhiteWins, BlackWins or Draw; Ongoing exactly when the game was aborted (stored "*").
    Outcome outcome = Outcome::Ongoing;
    DeclaredReason reason = DeclaredReason::Aborted;
    bool operator==(const DeclaredResult&) const = default;

    // A win for `winner`, a draw, or the end of a game before anything counted.
    static DeclaredResult win(Color winner, DeclaredReason reason) {
        return {winner == White ? Outcome::WhiteWins : Outcome::BlackWins, reason};
    }
    static DeclaredResult draw(DeclaredReason reason) { return {Outcome::Draw, reason}; }
    static DeclaredResult aborted() { return {Outcome::Ongoing, DeclaredReason::Aborted}; }
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

// Who sits at a seat of a game made by pairing two players (a seek or a challenge): their
// player key (player_identity.h), the name they are shown by, and their rating in the game's
// variant when it began (accounts only).
struct SeatPlayer {
    std::string key;
    std::string name;
    std::optional<double> rating;
    bool provisional = false;
    bool bot = false; // a bot account (docs/bots.md): "BOT" beside the name
    bool operator==(const SeatPlayer&) const = default;
};

// A seat's rating before and after the rated game that changed it.
struct RatingChange {
    double before = 0;
    double after = 0;
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
    std::optional<Color> draw_offer; // the side offering
    bool online = false;
    Seats seats;
    std::optional<GameClock> clock;
    std::optional<Color> takeback_offer; // the side asking to take its last move back
    std::optional<Color> rematch_offer;
    std::optional<std::int64_t> rematch_id; // the game the rematch created
    std::string pgn_tags_json = "{}";       // tags kept from an imported PGN, as a JSON object
    // The player who made the game (player_identity.h: "account:ID" or "visitor:DIGEST");
    // empty: nobody known (a client without cookies, or a game from before owners were kept).
    std::string owner;
    // A rated game changes both players' ratings when it ends (rated_games.h); both seats
    // are accounts then.
    bool rated = false;
    // The pairing the game was made for ("seek:ID", "challenge:ID"); empty: none. Written at
    // insert only: a pairing reopened before its game was noted removes that game while it
    // has no move (seek_repository.h), so a pairing is never left half-made.
    std::string made_for;
    std::array<std::optional<SeatPlayer>, 2> seat_players; // White, Black; none: not known
    // Read back with the game once a rated game has changed the ratings; never written.
    std::optional<std::array<RatingChange, 2>> rating_changes;
    // The instant (ms, the service's clock) of the change being saved: a rating history's time.
    std::int64_t changed_ms = 0;
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
    bool rated = false;
    std::array<std::optional<SeatPlayer>, 2> seat_players;
    std::optional<GameClock> clock; // its time left and whose runs ("My games")
    // A finished rated game's: each seat's rating before and after ("My games").
    std::optional<std::array<RatingChange, 2>> rating_changes;
    std::string created;
    std::string updated;
};

// Which games a list shows; by default every game.
struct GameListFilter {
    // Only the games one of these players made (GameRecord::owner); none: anyone's.
    std::optional<std::vector<std::string>> owners;
    bool online_only = false;
    // Only the games this player sat at (SeatPlayer::key); none: anyone's.
    std::optional<std::string> seat_player = std::nullopt;
    // Only the finished games (true) or only those still being played (false); none: both.
    std::optional<bool> finished = std::nullopt;
    // With seat_player: only the games whose other seat is this player, and only those where
    // seat_player sits at this side.
    std::optional<std::string> opponent = std::nullopt;
    std::optional<Color> seat_side = std::nullopt;
    std::optional<bool> rated = std::nullopt;
    // Only the games of these variants (registry names).
    std::optional<std::vector<std::string>> variants = std::nullopt;
    // Only the games made from / until these instants (created, utc_timestamp_of_ms's text:
    // to the second, both ends included).
    std::optional<std::string> created_from = std::nullopt;
    std::optional<std::string> created_until = std::nullopt;
    // Only the games of a smaller id: the next page of a list in made order.
    std::optional<std::int64_t> below_id = std::nullopt;
    // The most recently made first (by id) instead of the most recently changed.
    bool newest_made_first = false;
    // Only the games made for this pairing (GameRecord::made_for: "tournament:ID").
    std::optional<std::string> made_for = std::nullopt;
};

const char* player_kind_name(PlayerKind kind);
std::optional<PlayerKind> player_kind_from_name(const std::string& name);

// The current time in UTC, ISO 8601 to the second (a record's created and updated).
std::string utc_timestamp_now();
// An instant (ms since 1970) as that text, and back (none: not that form).
std::string utc_timestamp_of_ms(std::int64_t ms);
std::optional<std::int64_t> ms_of_utc_timestamp(const std::string& text);

} // namespace evo::app

// What GameService answers, as typed views (no JSON): a game's state for whoever asks, the
// lists of games, the server's description. They are made under the game's lock from the
// cached game and written as JSON only at the HTTP edge and by the event streams
// (http/game_view_json.h), so the service knows nothing of the API's text.
#pragma once

#include "core/game.h"
#include "game_record.h"
#include "notated_history.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace evo::app {

// A legal move with the text the API shows it by (written in the position it is legal in).
struct LegalMove {
    Move move = Move::none();
    std::string uci;
    std::string san;
};

// A position's fields: its variant, start, the moves played (with their text), the legal
// moves, the result and the variant's own state.
struct PositionView {
    const Variant* variant = nullptr;
    std::string start_fen;
    std::string fen;
    Color turn = White;
    bool check = false;
    std::vector<NotatedMove> history;
    std::vector<LegalMove> legal; // empty once the game is over
    GameResult result;            // by the rules or declared; Ongoing: being played
    bool aborted = false;         // over with no result (a declared abort)
    // The variant's state (Variant::extra_state says which applies).
    std::array<EvolutionCounters, 2> counters{};
    std::optional<Color> first_king_promoter;
    int other_colour_promotions = 0;
};

// A game's clock as of the instant the view was made.
struct ClockView {
    ClockSettings settings;
    std::array<std::int64_t, 2> remaining_ms{};  // White, Black
    std::optional<Color> running;                // none before the first move and once over
    std::array<bool, 2> berserked{false, false}; // went berserk in an arena
    bool berserk_allowed = false;                // an arena game whose event allows it
};

// The seat a requester holds, with the link that gives it back on another device.
struct SeatView {
    Color colour = White;
    std::string token;
    std::string link;
};

// Who is at an online game: which seats are taken, how long each seated player has been
// away (none: connected, or nobody there), and how many watch.
struct OnlinePresence {
    std::array<bool, 2> taken{};
    std::array<std::optional<std::int64_t>, 2> away_ms{};
    int spectators = 0;
};

// The rematch a finished online game made, with the seat the requester holds in it.
struct RematchView {
    std::int64_t id = 0;
    SeatView seat;
};

struct GameView {
    std::int64_t id = 0;
    std::int64_t version = 0;
    std::size_t ply = 0;
    PositionView position;
    bool online = false;
    bool rated = false;
    PlayerKinds players;
    EngineLimits engine;
    std::optional<Color> draw_offer;
    std::optional<Color> takeback_offer;
    std::optional<Color> rematch_offer;
    std::optional<std::int64_t> rematch_id;
    std::array<std::optional<SeatPlayer>, 2> seat_players;
    std::optional<std::array<RatingChange, 2>> rating_changes;
    std::optional<ClockView> clock;
    // How long an opponent must be away before a victory is claimed; none: never in this game
    // (victory_claimable).
    std::optional<std::int64_t> claim_after_ms;
    std::optional<OnlinePresence> presence; // online games only
    std::string created;
    std::string updated;
    // For the requester only: the seat they act from, the owner's token of a local game
    // (GET by its owner, or its creation), the invite link of a new online game, the rematch
    // an action answered with.
    std::optional<SeatView> seat;
    std::optional<std::string> owner_token;
    std::optional<std::string> invite_link;
    std::optional<RematchView> rematch;
};

// One line of "My games" (my_games.h): the listing, the viewer's seat, whose turn it is (none:
// over) and the clock.
struct MyGame {
    GameListing listing;
    Color seat = White;
    std::optional<Color> turn;
    std::optional<ClockView> clock;
};

// The position's fields of `game`, its moves written as `history`; `aborted`: it ended with
// no result.
PositionView position_view_of(const Game& game, const std::vector<NotatedMove>& history,
                              bool aborted = false);
// The clock as of now_ms; `over`: nothing runs.
ClockView clock_view_of(const GameClock& clock, bool over, std::int64_t now_ms);

} // namespace evo::app

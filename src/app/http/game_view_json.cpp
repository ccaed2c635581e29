#include "game_view_json.h"

#include "app/http/variants_json.h"
#include "app/ratings/glicko2.h"
#include "app/record/declared_result.h"

#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

json optional_json(const std::optional<std::string>& value) {
    return value ? json(*value) : json(nullptr);
}
json optional_json(const std::optional<int>& value) {
    return value ? json(*value) : json(nullptr);
}

const char* side_name(Color side) {
    return side == White ? "w" : "b";
}

json side_or_null(const std::optional<Color>& side) {
    return side ? json(side_name(*side)) : json(nullptr);
}

json players_json(const PlayerKinds& players) {
    return {{"w", player_kind_name(players.white)}, {"b", player_kind_name(players.black)}};
}

// To 0.01, as ratings are shown.
double hundredths(double value) {
    return std::round(value * 100) / 100;
}

// A seated player's name, rating (rounded) and whether provisional; null for nobody known.
json seat_player_json(const std::optional<SeatPlayer>& player) {
    if (!player) return nullptr;
    return {{"name", player->name},
            {"rating", player->rating ? json(std::round(*player->rating)) : json(nullptr)},
            {"provisional", player->provisional},
            {"bot", player->bot}};
}

json seat_players_json(const std::array<std::optional<SeatPlayer>, 2>& players) {
    return {{"w", seat_player_json(players[0])}, {"b", seat_player_json(players[1])}};
}

json rating_changes_json(const std::array<RatingChange, 2>& changes) {
    json sides = json::object();
    for (Color side : {White, Black}) {
        const RatingChange& change = changes[std::size_t(side)];
        sides[side_name(side)] = {{"before", hundredths(change.before)},
                                  {"after", hundredths(change.after)},
                                  {"change", hundredths(change.after - change.before)}};
    }
    return sides;
}

json counters_json(const EvolutionCounters& counters) {
    return {{"p", counters.pawn_moves},
            {"m", counters.minor_rights},
            {"c", counters.captures},
            {"r", counters.rook_rights}};
}

// The variant's own state: evolution counters with their thresholds (N pawn moves earn a
// minor right, K piece captures a rook right), or the king promotions of RULES 4.11/4.12.
void add_variant_state(json& state, const PositionView& position) {
    const Variant& variant = *position.variant;
    state["counters"] = nullptr;
    state["evolution"] = nullptr;
    state["royal_promotion"] = nullptr;
    switch (variant.extra_state) {
    case ExtraState::EvolutionCounters:
        state["counters"] = {{"w", counters_json(position.counters[White])},
                             {"b", counters_json(position.counters[Black])}};
        state["evolution"] = {{"minor_right_pawn_moves", variant.minor_right_pawn_moves},
                              {"rook_right_captures", variant.rook_right_captures}};
        break;
    case ExtraState::PromoteKing:
        state["royal_promotion"] = {{"first", side_or_null(position.first_king_promoter)},
                                    {"other_colour_promotions", position.other_colour_promotions}};
        break;
    case ExtraState::None: break;
    }
}

json clock_view_json(const ClockView& clock) {
    bool days = clock.settings.days_per_move.has_value();
    json view = {{"w", clock.remaining_ms[0]},
                 {"b", clock.remaining_ms[1]},
                 {"running", side_or_null(clock.running)},
                 {"initial_ms", days ? 0 : clock.settings.initial_ms},
                 {"increment_ms", days ? 0 : clock.settings.increment_ms},
                 {"days_per_move", optional_json(clock.settings.days_per_move)}};
    // Only an arena game may have it (docs/tournaments.md, "Berserk").
    if (clock.berserk_allowed || clock.berserked[0] || clock.berserked[1])
        view["berserk"] = {{"allowed", clock.berserk_allowed},
                           {"w", clock.berserked[0]},
                           {"b", clock.berserked[1]}};
    return view;
}

json away_json(const std::optional<std::int64_t>& away) {
    return away ? json(*away) : json(nullptr);
}

} // namespace

json notated_move_json(const NotatedMove& move) {
    return {{"uci", move.uci}, {"san", move.san}, {"fen", move.fen_after}};
}

json position_view_json(const PositionView& position, HistoryJson history) {
    std::optional<std::string> result, reason;
    if (position.aborted) {
        result = "*";
        reason = declared_reason_name(DeclaredReason::Aborted);
    } else if (position.result.over()) {
        result = position.result.pgn_result();
        reason = position.result.description();
    }
    json played = json::array();
    if (history == HistoryJson::Written)
        for (const NotatedMove& move : position.history) played.push_back(notated_move_json(move));
    json legal = json::array();
    for (const LegalMove& move : position.legal)
        legal.push_back({{"uci", move.uci}, {"san", move.san}});
    json points = nullptr;
    if (result && !position.aborted && position.variant->scores_points)
        points = {{"w", position.result.white_points}, {"b", position.result.black_points}};
    json state = {
        {"variant", std::string(position.variant->name)},
        {"start_fen", position.start_fen},
        {"fen", position.fen},
        {"turn", side_name(position.turn)},
        {"check", position.check},
        {"history", std::move(played)},
        {"legal", std::move(legal)},
        {"result", optional_json(result)},
        {"reason", optional_json(reason)},
        {"points", std::move(points)},
    };
    if (history == HistoryJson::Left) state.erase("history");
    add_variant_state(state, position);
    return state;
}

json seat_view_json(const SeatView& seat) {
    return {{"colour", side_name(seat.colour)}, {"token", seat.token}, {"link", seat.link}};
}

json game_view_json(const GameView& view, HistoryJson history) {
    json state = position_view_json(view.position, history);
    state.update(json{
        {"id", view.id},
        {"players", players_json(view.players)},
        {"engine",
         {{"movetime_ms", optional_json(view.engine.movetime_ms)},
          {"depth", optional_json(view.engine.depth)},
          {"level", optional_json(view.engine.level)}}},
        {"draw_offer", side_or_null(view.draw_offer)},
        {"created", view.created},
        {"updated", view.updated},
        {"rated", view.rated},
        {"seat_players", seat_players_json(view.seat_players)},
        {"online", view.online},
        {"ply", view.ply},
        {"version", view.version},
        {"clock", view.clock ? clock_view_json(*view.clock) : json(nullptr)},
        {"takeback_offer", side_or_null(view.takeback_offer)},
        {"rematch_offer", side_or_null(view.rematch_offer)},
        {"rematch_id", view.rematch_id ? json(*view.rematch_id) : json(nullptr)},
        {"claim_after_ms", view.claim_after_ms ? json(*view.claim_after_ms) : json(nullptr)},
    });
    if (view.rating_changes) state["rating_changes"] = rating_changes_json(*view.rating_changes);
    if (const auto& presence = view.presence) {
        state["seats"] = {{"w", presence->taken[0]}, {"b", presence->taken[1]}};
        state["away"] = {{"w", away_json(presence->away_ms[0])},
                         {"b", away_json(presence->away_ms[1])}};
        state["spectators"] = presence->spectators;
    } else {
        state["seats"] = nullptr;
        state["away"] = nullptr;
        state["spectators"] = 0;
    }
    if (view.seat) state["seat"] = seat_view_json(*view.seat);
    if (view.owner_token) state["token"] = *view.owner_token;
    if (view.invite_link) state["invite"] = *view.invite_link;
    if (view.rematch)
        state["rematch"] = {{"id", view.rematch->id}, {"seat", seat_view_json(view.rematch->seat)}};
    return state;
}

json game_listing_json(const GameListing& listing) {
    return {
        {"id", listing.id},
        {"variant", listing.variant},
        {"online", listing.online},
        {"players", players_json(listing.players)},
        {"result", optional_json(listing.summary.result)},
        {"reason", optional_json(listing.summary.reason)},
        {"moves", listing.move_count},
        {"fen", listing.summary.fen},
        {"created", listing.created},
        {"updated", listing.updated},
    };
}

json game_listings_json(const std::vector<GameListing>& listings) {
    json games = json::array();
    for (const GameListing& listing : listings) games.push_back(game_listing_json(listing));
    return games;
}

json my_games_json(const std::vector<MyGame>& games) {
    json list = json::array();
    for (const MyGame& mine : games) {
        json game = game_listing_json(mine.listing);
        game["rated"] = mine.listing.rated;
        game["seat"] = side_name(mine.seat);
        game["opponent"] = seat_player_json(mine.listing.seat_players[mine.seat == White ? 1 : 0]);
        game["turn"] = side_or_null(mine.turn);
        game["your_turn"] = mine.turn == mine.seat;
        game["clock"] = mine.clock ? clock_view_json(*mine.clock) : json(nullptr);
        if (mine.listing.rating_changes)
            game["rating_changes"] = rating_changes_json(*mine.listing.rating_changes);
        list.push_back(std::move(game));
    }
    return list;
}

json server_info_json(const ServerInfo& info) {
    json levels = json::array();
    for (const EngineLevel& l : info.levels)
        levels.push_back({{"number", l.number},
                          {"name", l.name},
                          {"description", l.description},
                          {"elo", l.elo}});
    return {{"version", "2"},
            {"engine", info.engine},
            {"levels", std::move(levels)},
            {"variants", variants_json()},
            {"claim_after_ms", info.claim_after_ms},
            {"ratings",
             {{"initial", rating_parameters.initial_rating},
              {"rd", rating_parameters.initial_rd},
              {"volatility", rating_parameters.initial_volatility},
              {"tau", rating_parameters.tau}}}};
}

json deleted_json(std::int64_t id) {
    return {{"deleted", id}};
}

} // namespace evo::app

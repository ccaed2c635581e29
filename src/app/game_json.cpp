#include "game_json.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "declared_result.h"

#include <cmath>
#include <deque>
#include <memory>

namespace evo::app {

using nlohmann::json;

namespace {

json optional_json(const std::optional<std::string>& value) {
    return value ? json(*value) : json(nullptr);
}
json optional_json(const std::optional<int>& value) {
    return value ? json(*value) : json(nullptr);
}

std::string side_name(Color side) {
    return side == White ? "w" : "b";
}

json players_json(const PlayerKinds& players) {
    return {{"w", player_kind_name(players.white)}, {"b", player_kind_name(players.black)}};
}

// To 0.01, as ratings are shown.
double hundredths(double value) {
    return std::round(value * 100) / 100;
}

// Who sits at each seat of a paired game: name, rating (rounded) and whether provisional;
// null for a seat nobody is known at.
json seat_players_json(const std::array<std::optional<SeatPlayer>, 2>& players) {
    json seats = json::object();
    for (std::size_t seat = 0; seat < 2; ++seat) {
        const char* side = seat == 0 ? "w" : "b";
        const auto& player = players[seat];
        if (!player) {
            seats[side] = nullptr;
            continue;
        }
        seats[side] = {
            {"name", player->name},
            {"rating", player->rating ? json(std::round(*player->rating)) : json(nullptr)},
            {"provisional", player->provisional}};
    }
    return seats;
}

json rating_changes_json(const std::array<RatingChange, 2>& changes) {
    json sides = json::object();
    for (std::size_t seat = 0; seat < 2; ++seat)
        sides[seat == 0 ? "w" : "b"] = {
            {"before", hundredths(changes[seat].before)},
            {"after", hundredths(changes[seat].after)},
            {"change", hundredths(changes[seat].after - changes[seat].before)}};
    return sides;
}

json counters_json(const EvolutionCounters& counters) {
    return {{"p", counters.pawn_moves},
            {"m", counters.minor_rights},
            {"c", counters.captures},
            {"r", counters.rook_rights}};
}

json legal_moves_json(const Position& position) {
    auto moves = std::make_unique<MoveList>();
    generate_legal(position, *moves);
    json legal = json::array();
    for (Move move : *moves)
        legal.push_back({{"uci", to_uci(position, move)}, {"san", to_san(position, move)}});
    return legal;
}

// The variant's own state: evolution counters with their thresholds (N pawn moves earn a
// minor right, K piece captures a rook right), or the king promotions of RULES 4.11/4.12.
void add_variant_state(json& state, const Game& game) {
    const Position& position = game.position();
    const Variant& variant = game.variant();
    state["counters"] = nullptr;
    state["evolution"] = nullptr;
    state["royal_promotion"] = nullptr;
    switch (variant.extra_state) {
    case ExtraState::EvolutionCounters:
        state["counters"] = {{"w", counters_json(position.counters(White))},
                             {"b", counters_json(position.counters(Black))}};
        state["evolution"] = {{"minor_right_pawn_moves", variant.minor_right_pawn_moves},
                              {"rook_right_captures", variant.rook_right_captures}};
        break;
    case ExtraState::PromoteKing: {
        int first = position.first_king_promoter();
        state["royal_promotion"] = {
            {"first", first >= 0 ? json(side_name(Color(first))) : json(nullptr)},
            {"other_colour_promotions", position.other_color_promotions()}};
        break;
    }
    case ExtraState::None: break;
    }
}

GameSummary summary_of(const Game& game, bool aborted) {
    std::string fen = game.position().fen();
    if (aborted) return {std::move(fen), "*", aborted_reason};
    GameResult result = game.result();
    if (!result.over()) return {std::move(fen), std::nullopt, std::nullopt};
    return {std::move(fen), result.pgn_result(), result.description()};
}

} // namespace

GameSummary summarize(const Game& game, const std::optional<DeclaredResult>& declared) {
    return summary_of(game, is_aborted(declared));
}

json position_json(const Game& game, const std::vector<NotatedMove>& history, bool aborted) {
    const Position& position = game.position();
    GameSummary summary = summary_of(game, aborted);

    json played = json::array();
    for (const NotatedMove& move : history)
        played.push_back({{"uci", move.uci}, {"san", move.san}, {"fen", move.fen_after}});
    json points = nullptr;
    if (summary.result && !aborted && game.variant().scores_points) {
        GameResult result = game.result();
        points = {{"w", result.white_points}, {"b", result.black_points}};
    }

    json state = {
        {"variant", std::string(game.variant().name)},
        {"start_fen", game.start_position().fen()},
        {"fen", summary.fen},
        {"turn", side_name(position.side_to_move())},
        {"check", position.in_check()},
        {"history", std::move(played)},
        {"legal", summary.result ? json::array() : legal_moves_json(position)},
        {"result", optional_json(summary.result)},
        {"reason", optional_json(summary.reason)},
        {"points", std::move(points)},
    };
    add_variant_state(state, game);
    return state;
}

json game_state_json(const GameRecord& record, const Game& game,
                     const std::vector<NotatedMove>& history) {
    json state = position_json(game, history, is_aborted(record.declared_result));
    state.update(json{
        {"id", record.id},
        {"players", players_json(record.players)},
        {"engine",
         {{"movetime_ms", optional_json(record.engine.movetime_ms)},
          {"depth", optional_json(record.engine.depth)},
          {"level", optional_json(record.engine.level)}}},
        {"draw_offer",
         record.draw_offer ? json(std::string(1, *record.draw_offer)) : json(nullptr)},
        {"created", record.created},
        {"updated", record.updated},
        {"rated", record.rated},
        {"seat_players", seat_players_json(record.seat_players)},
    });
    if (record.rating_changes)
        state["rating_changes"] = rating_changes_json(*record.rating_changes);
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

namespace {

// A variant's evolution rights for the players' texts: kept (EvoChess) or expiring (EChess),
// and how many pawn moves and captures earn them; null without evolution.
json evolution_json(const Variant& variant) {
    if (!variant.has_evolution()) return nullptr;
    return {{"rights", variant.evolution == Evolution::Accumulate ? "kept" : "expire"},
            {"minor_right_pawn_moves", variant.minor_right_pawn_moves},
            {"rook_right_captures", variant.rook_right_captures}};
}

// The rules a variant's players read about (its rules page, the promotion picker's notes),
// named as in the variants file (docs/variants.md).
json rules_json(const Variant& variant) {
    std::string promotion_pieces;
    for (PieceType type : variant.promotions())
        promotion_pieces += char(piece_letter(type) - 'A' + 'a'); // lowercase, as in the file
    return {{"promotion_pieces", promotion_pieces},
            {"promotion_either_color", variant.promotion_either_color},
            {"pawns_on_back_ranks", variant.pawns_on_back_ranks},
            {"direct_rook_promotion", variant.direct_rook_promotion},
            {"king_becomes_cthulhu", variant.king_becomes_cthulhu},
            {"king_double_step", variant.king_double_step},
            {"king_en_passant", variant.king_en_passant},
            {"king_follows_pawn", variant.king_follows_pawn},
            {"ordinary_castling", variant.ordinary_castling},
            {"vertical_castling", variant.vertical_castling},
            {"draws_won_by_first_king_promoter", variant.draws_won_by_first_king_promoter},
            {"scores_points", variant.scores_points}};
}

} // namespace

json variants_json() {
    json variants = json::array();
    for (const Variant* variant : all_variants())
        variants.push_back({{"name", std::string(variant->name)},
                            {"start_fen", Position::start(*variant).fen()},
                            {"display_name", std::string(variant->display_name)},
                            {"description", std::string(variant->description)},
                            {"evolution", evolution_json(*variant)},
                            {"rules", rules_json(*variant)}});
    return variants;
}

json search_progress_json(const SearchProgress& progress, const Position& root) {
    int sign = root.side_to_move() == White ? 1 : -1;
    json score = progress.mate_in ? json{{"mate", sign * *progress.mate_in}}
                                  : json{{"cp", sign * progress.centipawns.value_or(0)}};
    // The line as far as its moves are legal, each written in the position before it.
    json line = json::array();
    Position position = root;
    std::deque<StateInfo> states;
    for (Move move : progress.pv) {
        if (!is_legal(position, move)) break;
        line.push_back({{"uci", to_uci(position, move)}, {"san", to_san(position, move)}});
        position.do_move(move, states.emplace_back());
    }
    return {
        {"depth", progress.depth},     {"multipv", progress.multipv},
        {"score", std::move(score)},   {"pv", std::move(line)},
        {"nodes", progress.nodes},     {"nps", progress.nodes_per_second},
        {"time_ms", progress.time_ms},
    };
}

} // namespace evo::app

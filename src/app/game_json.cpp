#include "game_json.h"

namespace evo::app {

using nlohmann::json;

namespace {

json optional_json(const std::optional<std::string>& value) {
    return value ? json(*value) : json(nullptr);
}
json optional_json(const std::optional<int>& value) {
    return value ? json(*value) : json(nullptr);
}

json players_json(const PlayerKinds& players) {
    return {{"w", player_kind_name(players.white)}, {"b", player_kind_name(players.black)}};
}

json counters_json(const SideCounters& counters) {
    return {{"p", counters.p}, {"m", counters.m}, {"c", counters.c}, {"r", counters.r}};
}

} // namespace

GameSummary summarize(const RulesGame& rules) {
    const auto& outcome = rules.view().outcome;
    if (!outcome) return {rules.view().fen, std::nullopt, std::nullopt};
    return {rules.view().fen, outcome->result, outcome->reason};
}

json game_state_json(const GameRecord& record, const RulesGame& rules) {
    const PositionView& view = rules.view();
    GameSummary summary = summarize(rules);

    json history = json::array();
    for (const PlayedMove& move : rules.history())
        history.push_back({{"uci", move.uci}, {"san", move.san}, {"fen", move.fen_after}});
    json legal = json::array();
    for (const MoveText& move : view.legal) legal.push_back({{"uci", move.uci}, {"san", move.san}});

    json counters = nullptr;
    if (view.counters)
        counters = {{"w", counters_json((*view.counters)[0])},
                    {"b", counters_json((*view.counters)[1])}};
    json evolution = nullptr;
    if (view.evolution_thresholds)
        evolution = {{"minor_right_pawn_moves", view.evolution_thresholds->first},
                     {"rook_right_captures", view.evolution_thresholds->second}};
    json royal = nullptr;
    if (view.royal_promotion) {
        const RoyalPromotion& promotion = *view.royal_promotion;
        royal = {
            {"first", promotion.first ? json(std::string(1, *promotion.first)) : json(nullptr)},
            {"other_colour_promotions", promotion.other_colour_promotions}};
    }
    json points = nullptr;
    if (view.outcome && view.outcome->points)
        points = {{"w", view.outcome->points->first}, {"b", view.outcome->points->second}};

    return {
        {"id", record.id},
        {"variant", rules.variant()},
        {"start_fen", rules.start_fen()},
        {"fen", view.fen},
        {"turn", std::string(1, view.turn)},
        {"check", view.check},
        {"history", std::move(history)},
        {"legal", std::move(legal)},
        {"counters", std::move(counters)},
        {"evolution", std::move(evolution)},
        {"royal_promotion", std::move(royal)},
        {"result", optional_json(summary.result)},
        {"reason", optional_json(summary.reason)},
        {"points", std::move(points)},
        {"players", players_json(record.players)},
        {"engine",
         {{"movetime_ms", optional_json(record.engine.movetime_ms)},
          {"depth", optional_json(record.engine.depth)},
          {"level", optional_json(record.engine.level)}}},
        {"draw_offer",
         record.draw_offer ? json(std::string(1, *record.draw_offer)) : json(nullptr)},
        {"created", record.created},
        {"updated", record.updated},
    };
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

json search_progress_json(const SearchProgress& progress, char side_to_move,
                          const std::vector<MoveText>& pv) {
    int sign = side_to_move == 'w' ? 1 : -1;
    json score = progress.mate_in ? json{{"mate", sign * *progress.mate_in}}
                                  : json{{"cp", sign * progress.centipawns.value_or(0)}};
    json line = json::array();
    for (const MoveText& move : pv) line.push_back({{"uci", move.uci}, {"san", move.san}});
    return {
        {"depth", progress.depth},
        {"score", std::move(score)},
        {"pv", std::move(line)},
        {"nodes", progress.nodes},
        {"nps", progress.nodes_per_second},
        {"time_ms", progress.time_ms},
    };
}

} // namespace evo::app

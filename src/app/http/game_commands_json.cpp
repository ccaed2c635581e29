#include "game_commands_json.h"

#include "app/analysis/engine_port.h"
#include "app/common/api_error.h"
#include "json_fields.h"

namespace evo::app {

using nlohmann::json;

namespace {

constexpr int max_undo_plies = 100000;
constexpr int max_lag_ms = 60000;

std::optional<Color> side_field(const json& body) {
    auto side = optional_side(body, "side");
    if (!side) return std::nullopt;
    return *side == 'w' ? White : Black;
}

OfferAnswer offer_answer(const std::string& action) {
    if (action == "accept") return OfferAnswer::Accept;
    if (action == "decline") return OfferAnswer::Decline;
    return OfferAnswer::Offer;
}

} // namespace

PlayCommand play_command(const json& body) {
    std::optional<std::string> uci, san;
    PlayCommand command;
    try {
        uci = optional_string(body, "uci");
        san = optional_string(body, "san");
        command.expected_ply = optional_int(body, "ply", 0, max_undo_plies);
        command.lag_ms = optional_int(body, "lag_ms", 0, max_lag_ms).value_or(0);
    } catch (const ApiError& error) {
        throw unprocessable(error.what());
    }
    if (bool(uci) == bool(san))
        throw unprocessable("give the move as exactly one of \"uci\" or \"san\"");
    command.move = san ? MoveText{*san, true} : MoveText{*uci, false};
    return command;
}

UndoCommand undo_command(const json& body) {
    return {optional_int(body, "plies", 0, max_undo_plies).value_or(1)};
}

ResignCommand resign_command(const json& body) {
    return {side_field(body)};
}

OfferCommand draw_command(const json& body) {
    std::string action = one_of(body, "action", {"offer", "accept", "decline"});
    return {offer_answer(action), side_field(body)};
}

OfferCommand takeback_command(const json& body) {
    std::string action = one_of(body, "action", {"request", "accept", "decline"});
    return {offer_answer(action), side_field(body)};
}

JoinCommand join_command(const json& body) {
    return {optional_string(body, "invite").value_or("")};
}

SettingsCommand settings_command(const json& body) {
    SettingsCommand command;
    // The fields' own readers, from a base that shows which sides and limits were given.
    if (auto it = body.find("players"); it != body.end() && !it->is_null()) {
        PlayerKinds read = players_field(body, {});
        if (it->contains("w") && !(*it)["w"].is_null()) command.white = read.white;
        if (it->contains("b") && !(*it)["b"].is_null()) command.black = read.black;
    }
    if (auto it = body.find("engine"); it != body.end() && !it->is_null()) {
        EngineLimits read = engine_field(body, {});
        if (it->contains("movetime_ms")) command.movetime_ms = read.movetime_ms;
        if (it->contains("depth")) command.depth = read.depth;
        if (it->contains("level")) command.level = read.level;
    }
    return command;
}

EngineMoveCommand engine_move_command(const json& body, int max_movetime_ms) {
    EngineMoveCommand command;
    command.movetime_ms = optional_int(body, "movetime_ms", 1, max_movetime_ms);
    command.depth = optional_int(body, "depth", 1, max_search_depth);
    return command;
}

CreateGame create_game_command(const json& body) {
    CreateGame command;
    if (auto it = body.find("online"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) throw bad_request("\"online\" must be true or false");
        command.online = it->get<bool>();
    }
    command.pgn = optional_string(body, "pgn");
    if (command.online && command.pgn)
        throw bad_request("an online game starts from a variant and FEN, not a PGN");
    if (!command.pgn) {
        command.variant = optional_string(body, "variant").value_or("chess");
        command.fen = optional_string(body, "fen").value_or("");
    }
    command.clock = clock_field(body);
    if (auto colour = optional_colour_choice(body, "colour")) command.colour = *colour;
    if (!command.online) command.players = players_field(body, {});
    command.engine_settings = settings_command(json{{"engine", body.value("engine", json())}});
    return command;
}

} // namespace evo::app

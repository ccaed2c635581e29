// The JSON edge of the commands (game_commands.h): a request body read into one, with the
// API's 400 (and for a move 422) errors for fields that are wrong (docs/api.md).
#pragma once

#include "app/game/commands.h"

#include <nlohmann/json.hpp>

namespace evo::app {

PlayCommand play_command(const nlohmann::json& body);
UndoCommand undo_command(const nlohmann::json& body);
ResignCommand resign_command(const nlohmann::json& body);
OfferCommand draw_command(const nlohmann::json& body);
OfferCommand takeback_command(const nlohmann::json& body);
JoinCommand join_command(const nlohmann::json& body);
SettingsCommand settings_command(const nlohmann::json& body);
// `max_movetime_ms`: the server's bound on one search.
EngineMoveCommand engine_move_command(const nlohmann::json& body, int max_movetime_ms);
CreateGame create_game_command(const nlohmann::json& body);

} // namespace evo::app

// The JSON edge of the lobby (docs/api.md, "Seeks", "Auto pairing", "Challenges"): request
// bodies read into the typed requests of SeekService and ChallengeService, with the API's 400
// errors for fields that are wrong, and their typed answers written, for the HTTP answers and
// the lobby's stream. Colours are "w", "b" or "random", as the API has them.
#pragma once

#include "app/lobby/challenge_service.h"
#include "app/lobby/messages.h"
#include "app/lobby/seek_service.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace evo::app {

// {"variant", "clock", "rated", "colour"}, all optional (chess, no clock, casual, random).
// `what` names the body in the error for one that is not an object.
GameOffer game_offer_of(const nlohmann::json& body,
                        const char* what = "an offer of a game is a JSON object");
// The offer and {"rating_range": [lowest, highest] | null}.
SeekRequest seek_request(const nlohmann::json& body);
// {"combinations": [{"variant", "clock"}, ...], "rated", "rating_range"}.
AutoPairingRequest auto_pairing_request(const nlohmann::json& body);
// {"to": NAME} and the offer.
ChallengeRequest challenge_request(const nlohmann::json& body);

// The clock as the lobby shows it: {"initial_ms", "increment_ms"}, {"days_per_move"} or null.
nlohmann::json offer_clock_json(const GameOffer& offer);
// {"id", "name", "variant", "clock", "rated", "colour", "created_ms", "rating_range",
// "rating", "provisional", "auto"}.
nlohmann::json seek_view_json(const SeekView& view);
nlohmann::json seek_views_json(const std::vector<SeekView>& views);
// The seek's fields, "accepted", and to its maker once accepted "game_id" and "token".
nlohmann::json seek_detail_json(const SeekDetail& detail);
// {"id"}, and "game" when it paired at once.
nlohmann::json seek_made_json(const SeekMade& made);
// {"auto", "seeks", "game"} ("game" null: it waits).
nlohmann::json auto_pairing_made_json(const AutoPairingMade& made);
// {"cancelled": id} and {"cancelled": [ids]}.
nlohmann::json cancelled_json(std::int64_t id);
nlohmann::json cancelled_json(const std::vector<std::int64_t>& ids);
// {"id", "from", "to", "variant", "clock", "rated", "colour" (the challenger's), "created_ms"}.
nlohmann::json challenge_json(const ChallengeRecord& challenge);
// {"incoming": [...], "outgoing": [...]}.
nlohmann::json challenge_lists_json(const ChallengeLists& lists);
// {"id": id}: a challenge sent.
nlohmann::json challenge_sent_json(std::int64_t id);
// {"declined": id}.
nlohmann::json declined_json(std::int64_t id);

// A lobby stream's message: {"type": "seeks" | "seek_added" | "seek_removed" | "challenge" |
// "challenge_removed" | "game" | "your_turn", ...} (docs/api.md "The lobby stream").
nlohmann::json lobby_message_json(const LobbyMessage& message);

} // namespace evo::app

// lichess's API shapes (lichess-org/api doc/specs; docs/bots.md): the Bot and Board API's NDJSON
// lines (BotText), its accounts, users, challenges and tokens. Written here once, from the
// typed values of the domain; the variants' keys are the registry's names ("standard" for
// chess).
#pragma once

#include "core/variant.h"
#include "core/variant_keys.h"

#include "app/accounts/repository.h"
#include "app/bots/bot_text.h"
#include "app/record/game_clock.h"
#include "app/record/game_view.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace evo::app {

class LichessText final : public BotText {
  public:
    EventText game_full(const BotGame& game) const override;
    EventText game_state(const BotGame& game) const override;
    EventText game_start(const BotGame& game) const override;
    EventText game_finish(const BotGame& game) const override;
    EventText challenge(const BotChallenge& challenge, ChallengeNews news) const override;
    EventText opponent_gone(bool gone, std::optional<std::int64_t> claim_in_s) const override;
    EventText chat_line(const ChatMessage& message) const override;
};

// One NDJSON line: the value's text and a newline.
EventText ndjson_line(const nlohmann::json& value);

// lichess's variant object {key, name, short}: chess is "standard", or "fromPosition" when the
// game began from a position of its own; a variant keeps its registry name as key.
nlohmann::json variant_json(const Variant* variant, bool from_position = false);

// lichess's speed of a clock ("bullet", "blitz", ...; days or none: "correspondence").
std::string lichess_speed(const std::optional<ClockSettings>& clock);

// lichess's user id: the name in lower case.
std::string lichess_user_id(const std::string& name);
// GET /api/account and /api/user/{name}: id, username, title, perfs, createdAt.
nlohmann::json lichess_user_json(const AccountRecord& account,
                                 const std::vector<StoredRating>& ratings, bool online);
// The game of an event stream line or of /api/account/playing, as seen by its seat.
nlohmann::json lichess_game_event_json(const BotGame& game);
nlohmann::json lichess_challenge_json(const BotChallenge& challenge, std::string_view direction);
nlohmann::json api_token_json(const ApiTokenRecord& token);

// What an export line holds beyond the game's own fields (GET /api/games/user/{name}).
struct ExportOptions {
    bool moves = true;
    bool last_fen = false;
    std::optional<std::string> pgn; // pgnInJson: the game's PGN
};
// One game of lichess's game export (gamesExport NDJSON): id, rated, variant, speed, perf,
// createdAt, lastMoveAt, status, players, winner, moves (UCI), clock, initialFen.
nlohmann::json lichess_export_json(const std::string& text_id, const GameView& view,
                                   const std::array<bool, 2>& bots, const ExportOptions& options);

} // namespace evo::app

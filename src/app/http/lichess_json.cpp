#include "lichess_json.h"

#include "app/analysis/engine_port.h"
#include "app/bots/lichess_ids.h"
#include "app/ratings/glicko2.h"
#include "core/position.h"
#include "core/variant.h"
#include "json_answer.h"

#include <cctype>
#include <cmath>

namespace evo::app {

using nlohmann::json;

namespace {

// A clock as lichess shows it: minutes, a quarter, half or three quarters of one as a
// fraction, other seconds in tenths of a minute ("½+0", "1.5+1", "3+2").
std::string clock_shown(std::int64_t limit_s, std::int64_t increment_s) {
    std::string minutes;
    if (limit_s == 15)
        minutes = "¼";
    else if (limit_s == 30)
        minutes = "½";
    else if (limit_s == 45)
        minutes = "¾";
    else if (limit_s % 60 == 0)
        minutes = std::to_string(limit_s / 60);
    else {
        std::int64_t tenths = (limit_s * 10 + 30) / 60;
        minutes = std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
    }
    return minutes + "+" + std::to_string(increment_s);
}

constexpr std::string_view chess_name = "chess";

const char* colour_name(Color side) {
    return side == White ? "white" : "black";
}

// "2026-12-02T20:24:18Z" as ms since 1970; 0 if it is not that form.
std::int64_t ms_of_timestamp(const std::string& text) {
    return ms_of_utc_timestamp(text).value_or(0);
}

std::string perf_name(const GameView& view) {
    std::string variant = view.position.variant ? std::string(view.position.variant->name) : "";
    if (variant != chess_name && view.position.variant)
        return std::string(view.position.variant->display_name);
    std::string speed =
        lichess_speed(view.clock ? std::optional(view.clock->settings) : std::nullopt);
    speed[0] = char(std::toupper(static_cast<unsigned char>(speed[0])));
    return speed;
}

json player_json(const GameView& view, Color side, bool bot) {
    const auto& player = view.seat_players[std::size_t(side)];
    if (!player) return {{"id", nullptr}, {"name", "Anonymous"}};
    json out = {{"id", lichess_user_id(player->name)}, {"name", player->name}};
    out["title"] = bot ? json("BOT") : json(nullptr);
    if (player->rating) out["rating"] = int(*player->rating + 0.5);
    if (player->provisional) out["provisional"] = true;
    return out;
}

// lichess's status of a game: started, aborted, mate, resign, stalemate, outoftime, draw,
// timeout (a claim of victory over a player who left), variantEnd, unknownFinish.
std::string status_of(const PositionView& position) {
    if (position.aborted) return "aborted";
    const GameResult& result = position.result;
    if (!result.over()) return "started";
    if (result.draw_converted) return "variantEnd";
    switch (result.reason) {
    case EndReason::Checkmate: return "mate";
    case EndReason::Resignation: return "resign";
    case EndReason::Stalemate: return "stalemate";
    case EndReason::Timeout:
    case EndReason::TimeoutVsInsufficientMaterial: return "outoftime";
    case EndReason::Agreement:
    case EndReason::ThreefoldRepetition:
    case EndReason::FiftyMoves:
    case EndReason::InsufficientMaterial: return "draw";
    case EndReason::Abandonment: return "timeout";
    default: return "unknownFinish";
    }
}

std::optional<std::string> winner_of(const GameResult& result) {
    if (result.outcome == Outcome::WhiteWins) return "white";
    if (result.outcome == Outcome::BlackWins) return "black";
    return std::nullopt;
}

std::string initial_fen(const GameView& view) {
    // As the PGN writer does: the variant's start as the core writes it.
    if (view.position.variant &&
        view.position.start_fen == Position::start(*view.position.variant).fen())
        return "startpos";
    return view.position.start_fen;
}

// An untimed game's clock, as lichess shows a correspondence game's with no limit.
constexpr std::int64_t unlimited_ms = 2147483647;

json state_json(const GameView& view) {
    std::string moves;
    for (const NotatedMove& move : view.position.history) {
        if (!moves.empty()) moves.push_back(' ');
        moves.append(move.uci);
    }
    json state = {{"type", "gameState"}, {"moves", moves}};
    std::array<std::int64_t, 2> left{unlimited_ms, unlimited_ms};
    std::array<std::int64_t, 2> increment{0, 0};
    if (view.clock) {
        left = view.clock->remaining_ms;
        for (Color side : {White, Black})
            if (!view.clock->settings.days_per_move && !view.clock->berserked[std::size_t(side)])
                increment[std::size_t(side)] = view.clock->settings.increment_ms;
    }
    state["wtime"] = left[0];
    state["btime"] = left[1];
    state["winc"] = increment[0];
    state["binc"] = increment[1];
    if (view.clock && view.clock->berserked[0]) state["wberserk"] = true;
    if (view.clock && view.clock->berserked[1]) state["bberserk"] = true;
    state["status"] = status_of(view.position);
    if (auto winner = winner_of(view.position.result)) state["winner"] = *winner;
    if (view.draw_offer) state[*view.draw_offer == White ? "wdraw" : "bdraw"] = true;
    if (view.takeback_offer)
        state[*view.takeback_offer == White ? "wtakeback" : "btakeback"] = true;
    return state;
}

} // namespace

EventText ndjson_line(const json& value) {
    return std::make_shared<const std::string>(to_json_text(value) + "\n");
}

json variant_json(const Variant* variant, bool from_position) {
    std::string name = variant ? std::string(variant->name) : std::string(chess_name);
    std::string display = variant ? std::string(variant->display_name) : "Chess";
    if (name == chess_name && from_position)
        return {{"key", "fromPosition"}, {"name", "From Position"}, {"short", "FEN"}};
    if (name == chess_name) return {{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}};
    return {{"key", name}, {"name", display}, {"short", display.substr(0, 4)}};
}

std::string lichess_speed(const std::optional<ClockSettings>& clock) {
    if (!clock || clock->days_per_move) return "correspondence";
    std::int64_t estimate_s = (clock->initial_ms + 40 * clock->increment_ms) / 1000;
    if (estimate_s < 30) return "ultraBullet";
    if (estimate_s < 180) return "bullet";
    if (estimate_s < 480) return "blitz";
    if (estimate_s < 1500) return "rapid";
    return "classical";
}

std::string lichess_user_id(const std::string& name) {
    return account_name_key(name);
}

json lichess_user_json(const AccountRecord& account, const std::vector<StoredRating>& ratings,
                       bool online) {
    // Every perf is there, as lichess's are, a player's first one at the initial rating
    // (lichess-bot's matchmaking picks opponents by them).
    std::vector<StoredRating> every;
    for (const Variant* variant : all_variants()) {
        StoredRating initial;
        initial.variant = std::string(variant->name);
        initial.rating = rating_parameters.initial_rating;
        initial.rd = rating_parameters.initial_rd;
        initial.volatility = rating_parameters.initial_volatility;
        for (const StoredRating& rating : ratings)
            if (rating.variant == initial.variant) initial = rating;
        every.push_back(initial);
    }
    json perfs = json::object();
    for (const StoredRating& rating : every) {
        Glicko2Rating glicko{rating.rating, rating.rd, rating.volatility};
        json perf = {{"games", rating.games},
                     {"rating", int(rating.rating + 0.5)},
                     {"rd", int(rating.rd + 0.5)},
                     {"prov", is_provisional(glicko)}};
        // One chess rating here; lichess's clients look it up by speed.
        if (rating.variant == chess_name) {
            for (const char* speed :
                 {"ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"})
                perfs[speed] = perf;
        } else {
            perfs[rating.variant] = perf;
        }
    }
    json user = {{"id", lichess_user_id(account.name)},
                 {"username", account.name},
                 {"perfs", perfs},
                 {"createdAt", account.created_ms},
                 {"online", online}};
    if (account.bot) user["title"] = "BOT";
    return user;
}

json lichess_game_event_json(const BotGame& game) {
    const GameView& view = *game.view;
    Color seat = game.seat.value_or(White);
    Color other = seat == White ? Black : White;
    json opponent = player_json(view, other, game.bots[std::size_t(other)]);
    json event = {
        {"id", game.text_id},
        {"gameId", game.text_id},
        {"fullId", game.text_id},
        {"color", colour_name(seat)},
        {"fen", view.position.fen},
        {"hasMoved", !view.position.history.empty()},
        {"isMyTurn",
         !view.position.result.over() && !view.position.aborted && view.position.turn == seat},
        {"lastMove", view.position.history.empty() ? "" : view.position.history.back().uci},
        {"opponent",
         {{"id", opponent["id"]},
          {"username", opponent["name"]},
          {"rating", opponent.value("rating", json(nullptr))}}},
        {"perf", perf_name(view)},
        {"rated", view.rated},
        {"source", view.rated || view.seat_players[0] ? "friend" : "lobby"},
        {"speed", lichess_speed(view.clock ? std::optional(view.clock->settings) : std::nullopt)},
        {"variant", variant_json(view.position.variant, initial_fen(view) != "startpos")},
        {"compat", {{"bot", true}, {"board", true}}},
    };
    if (view.clock) event["secondsLeft"] = view.clock->remaining_ms[std::size_t(seat)] / 1000;
    if (view.position.result.over() || view.position.aborted) {
        event["status"] = {{"name", status_of(view.position)}};
        if (auto winner = winner_of(view.position.result)) event["winner"] = *winner;
    }
    return event;
}

EventText LichessText::game_full(const BotGame& game) const {
    const GameView& view = *game.view;
    json full = {
        {"type", "gameFull"},
        {"id", game.text_id},
        {"variant", variant_json(view.position.variant, initial_fen(view) != "startpos")},
        {"speed", lichess_speed(view.clock ? std::optional(view.clock->settings) : std::nullopt)},
        {"perf", {{"name", perf_name(view)}}},
        {"rated", view.rated},
        {"createdAt", ms_of_timestamp(view.created)},
        {"white", player_json(view, White, game.bots[0])},
        {"black", player_json(view, Black, game.bots[1])},
        {"initialFen", initial_fen(view)},
        {"state", state_json(view)}};
    if (view.clock && view.clock->settings.days_per_move)
        full["daysPerTurn"] = *view.clock->settings.days_per_move;
    else if (view.clock)
        full["clock"] = {{"initial", view.clock->settings.initial_ms},
                         {"increment", view.clock->settings.increment_ms}};
    else
        full["clock"] = nullptr;
    return ndjson_line(full);
}

EventText LichessText::game_state(const BotGame& game) const {
    return ndjson_line(state_json(*game.view));
}

EventText LichessText::opponent_gone(bool gone, std::optional<std::int64_t> claim_in_s) const {
    json line = {{"type", "opponentGone"}, {"gone", gone}};
    if (gone && claim_in_s) line["claimWinInSeconds"] = *claim_in_s;
    return ndjson_line(line);
}

EventText LichessText::chat_line(const ChatMessage& message) const {
    return ndjson_line({{"type", "chatLine"},
                        {"room", message.room == ChatRoom::Players ? "player" : "spectator"},
                        {"username", message.author_name},
                        {"text", message.text}});
}

EventText LichessText::game_start(const BotGame& game) const {
    return ndjson_line({{"type", "gameStart"}, {"game", lichess_game_event_json(game)}});
}

EventText LichessText::game_finish(const BotGame& game) const {
    return ndjson_line({{"type", "gameFinish"}, {"game", lichess_game_event_json(game)}});
}

json lichess_challenge_json(const BotChallenge& told, std::string_view direction) {
    const ChallengeRecord& challenge = told.challenge;
    auto person = [](const std::string& name, bool bot) {
        json out = {{"id", lichess_user_id(name)}, {"name", name}, {"online", true}};
        out["title"] = bot ? json("BOT") : json(nullptr);
        return out;
    };
    const Variant* variant = find_variant(challenge.variant);
    json time_control;
    std::optional<ClockSettings> clock;
    if (challenge.clock_days) {
        time_control = {{"type", "correspondence"}, {"daysPerTurn", *challenge.clock_days}};
        clock = ClockSettings{0, 0, challenge.clock_days};
    } else if (challenge.clock_initial_ms) {
        std::int64_t limit = *challenge.clock_initial_ms / 1000;
        std::int64_t increment = challenge.clock_increment_ms.value_or(0) / 1000;
        time_control = {{"type", "clock"},
                        {"limit", limit},
                        {"increment", increment},
                        {"show", clock_shown(limit, increment)}};
        clock = ClockSettings{*challenge.clock_initial_ms, challenge.clock_increment_ms.value_or(0),
                              std::nullopt};
    } else {
        time_control = {{"type", "unlimited"}};
    }
    std::string colour = challenge.colour == ColourChoice::White   ? "white"
                         : challenge.colour == ColourChoice::Black ? "black"
                                                                   : "random";
    std::string speed = lichess_speed(clock);
    std::string perf =
        challenge.variant == chess_name || !variant ? speed : std::string(variant->display_name);
    if (challenge.variant == chess_name) perf[0] = char(std::toupper((unsigned char)perf[0]));
    json out = {{"id", challenge_text_id(challenge.id)},
                {"url", "/#challenge=" + std::to_string(challenge.id)},
                {"status", challenge.closed.empty()          ? "created"
                           : challenge.closed == "cancelled" ? "canceled"
                                                             : challenge.closed},
                {"challenger", person(challenge.from_name, told.bots[0])},
                {"destUser", person(challenge.to_name, told.bots[1])},
                {"variant", variant_json(variant, !challenge.fen.empty())},
                {"rated", challenge.rated},
                {"speed", speed},
                {"timeControl", time_control},
                {"color", colour},
                {"perf", {{"icon", ""}, {"name", perf}}}};
    // The colour a random choice falls on is drawn when the game is made.
    if (colour != "random")
        out["finalColor"] = colour;
    else
        out["finalColor"] = "white";
    if (!challenge.fen.empty()) out["initialFen"] = challenge.fen;
    if (!direction.empty()) out["direction"] = direction;
    return out;
}

EventText LichessText::challenge(const BotChallenge& told, ChallengeNews news) const {
    switch (news) {
    case ChallengeNews::Sent:
        return ndjson_line(
            {{"type", "challenge"}, {"challenge", lichess_challenge_json(told, "")}});
    case ChallengeNews::Cancelled:
        return ndjson_line(
            {{"type", "challengeCanceled"}, {"challenge", lichess_challenge_json(told, "")}});
    case ChallengeNews::Declined: {
        json challenge = lichess_challenge_json(told, "");
        challenge["declineReason"] = told.decline_reason == "variant"
                                         ? "This variant is not played here."
                                         : "I'm not accepting challenges at the moment.";
        challenge["declineReasonKey"] = told.decline_reason;
        return ndjson_line({{"type", "challengeDeclined"}, {"challenge", challenge}});
    }
    }
    return ndjson_line(json::object());
}

json api_token_json(const ApiTokenRecord& token) {
    return {{"id", std::to_string(token.id)},
            {"description", token.description},
            {"scopes", token.scopes},
            {"createdAt", token.created_ms},
            {"lastUsedAt", token.last_used_ms ? json(*token.last_used_ms) : json(nullptr)}};
}

json lichess_export_json(const std::string& text_id, const GameView& view,
                         const std::array<bool, 2>& bots, const ExportOptions& options) {
    std::optional<ClockSettings> settings;
    if (view.clock) settings = view.clock->settings;
    std::string speed = lichess_speed(settings);
    // As lichess's export: the key alone ("fromPosition" for chess from a position of its own).
    std::string variant =
        variant_json(view.position.variant, initial_fen(view) != "startpos").at("key");
    json players = json::object();
    for (Color side : {White, Black}) {
        json player = json::object();
        const auto& seated = view.seat_players[std::size_t(side)];
        PlayerKind kind = side == White ? view.players.white : view.players.black;
        if (seated) {
            json user = player_json(view, side, bots[std::size_t(side)]);
            player["user"] = {{"name", user["name"]}, {"id", user["id"]}};
            if (bots[std::size_t(side)]) player["user"]["title"] = "BOT";
            if (user.contains("rating")) player["rating"] = user["rating"];
            if (seated->provisional) player["provisional"] = true;
            if (view.rating_changes) {
                const RatingChange& change = (*view.rating_changes)[std::size_t(side)];
                player["ratingDiff"] = int(std::lround(change.after - change.before));
            }
        } else if (kind == PlayerKind::Engine) {
            player["aiLevel"] = view.engine.level.value_or(engine_level_count);
        }
        players[colour_name(side)] = player;
    }
    json game = {{"id", text_id},
                 {"rated", view.rated},
                 {"variant", variant},
                 {"speed", speed},
                 {"perf", variant == "standard" ? speed : variant},
                 {"createdAt", ms_of_timestamp(view.created)},
                 {"lastMoveAt", ms_of_timestamp(view.updated)},
                 {"status", status_of(view.position)},
                 {"players", players}};
    if (auto winner = winner_of(view.position.result)) game["winner"] = *winner;
    if (options.moves) {
        std::string moves;
        for (const NotatedMove& move : view.position.history) {
            if (!moves.empty()) moves.push_back(' ');
            moves.append(move.uci);
        }
        game["moves"] = moves;
    }
    if (settings && settings->days_per_move) {
        game["daysPerTurn"] = *settings->days_per_move;
    } else if (settings) {
        game["clock"] = {
            {"initial", settings->initial_ms / 1000},
            {"increment", settings->increment_ms / 1000},
            {"totalTime", (settings->initial_ms + 40 * settings->increment_ms) / 1000}};
    }
    if (std::string fen = initial_fen(view); fen != "startpos") game["initialFen"] = fen;
    if (options.last_fen) game["lastFen"] = view.position.fen;
    if (options.pgn) game["pgn"] = *options.pgn;
    return game;
}

} // namespace evo::app

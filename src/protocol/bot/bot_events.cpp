#include "bot_events.h"

#include <nlohmann/json.hpp>

namespace evo::bot {

using nlohmann::json;

namespace {

std::string text_of(const json& object, const char* key) {
    auto found = object.find(key);
    if (found == object.end()) return "";
    if (found->is_string()) return found->get<std::string>();
    if (found->is_number_integer()) return std::to_string(found->get<std::int64_t>());
    return "";
}

std::optional<std::int64_t> number_of(const json& object, const char* key) {
    auto found = object.find(key);
    if (found == object.end() || !found->is_number()) return std::nullopt;
    return found->get<std::int64_t>();
}

bool flag_of(const json& object, const char* key) {
    auto found = object.find(key);
    return found != object.end() && found->is_boolean() && found->get<bool>();
}

const json& member(const json& object, const char* key) {
    static const json empty = json::object();
    auto found = object.find(key);
    return found != object.end() && found->is_object() ? *found : empty;
}

std::optional<json> parsed(std::string_view line) {
    json value = json::parse(line, nullptr, false);
    if (value.is_discarded() || !value.is_object()) return std::nullopt;
    return value;
}

ChallengeEvent challenge_of(const json& challenge) {
    ChallengeEvent out;
    out.id = text_of(challenge, "id");
    out.challenger = text_of(member(challenge, "challenger"), "name");
    out.challenger_id = text_of(member(challenge, "challenger"), "id");
    out.variant_key = text_of(member(challenge, "variant"), "key");
    out.rated = flag_of(challenge, "rated");
    out.speed = text_of(challenge, "speed");
    const json& control = member(challenge, "timeControl");
    std::string type = text_of(control, "type");
    if (type == "clock") {
        if (auto limit = number_of(control, "limit")) out.limit_s = int(*limit);
        if (auto increment = number_of(control, "increment")) out.increment_s = int(*increment);
    } else if (type == "correspondence") {
        if (auto days = number_of(control, "daysPerTurn")) out.days_per_turn = int(*days);
    }
    std::string fen = text_of(challenge, "initialFen");
    if (fen != "startpos") out.initial_fen = fen;
    return out;
}

GameState state_of(const json& state) {
    GameState out;
    out.moves = text_of(state, "moves");
    out.wtime = number_of(state, "wtime").value_or(0);
    out.btime = number_of(state, "btime").value_or(0);
    out.winc = number_of(state, "winc").value_or(0);
    out.binc = number_of(state, "binc").value_or(0);
    out.status = text_of(state, "status");
    out.white_offers_draw = flag_of(state, "wdraw");
    out.black_offers_draw = flag_of(state, "bdraw");
    out.white_asks_takeback = flag_of(state, "wtakeback");
    out.black_asks_takeback = flag_of(state, "btakeback");
    return out;
}

} // namespace

std::optional<AccountEvent> read_account_event(std::string_view line) {
    auto event = parsed(line);
    if (!event) return std::nullopt;
    std::string type = text_of(*event, "type");
    if (type == "challenge") {
        ChallengeEvent challenge = challenge_of(member(*event, "challenge"));
        if (challenge.id.empty()) return std::nullopt;
        return challenge;
    }
    if (type == "challengeCanceled" || type == "challengeDeclined") {
        std::string id = text_of(member(*event, "challenge"), "id");
        if (id.empty()) return std::nullopt;
        return ChallengeGoneEvent{id};
    }
    if (type == "gameStart" || type == "gameFinish") {
        const json& game = member(*event, "game");
        std::string id = text_of(game, "gameId");
        if (id.empty()) id = text_of(game, "id");
        if (id.empty()) return std::nullopt;
        if (type == "gameStart") return GameStartEvent{id};
        return GameFinishEvent{id};
    }
    return std::nullopt;
}

std::optional<GameEvent> read_game_event(std::string_view line) {
    auto event = parsed(line);
    if (!event) return std::nullopt;
    std::string type = text_of(*event, "type");
    if (type == "gameFull") {
        GameFull full;
        full.id = text_of(*event, "id");
        full.variant_key = text_of(member(*event, "variant"), "key");
        full.initial_fen = text_of(*event, "initialFen");
        if (full.initial_fen.empty()) full.initial_fen = "startpos";
        full.white_id = text_of(member(*event, "white"), "id");
        full.black_id = text_of(member(*event, "black"), "id");
        full.clocked = event->contains("clock") && (*event)["clock"].is_object();
        full.state = state_of(member(*event, "state"));
        return full;
    }
    if (type == "gameState") return state_of(*event);
    if (type == "chatLine")
        return ChatLineEvent{text_of(*event, "username"), text_of(*event, "room"),
                             text_of(*event, "text")};
    return std::nullopt;
}

} // namespace evo::bot

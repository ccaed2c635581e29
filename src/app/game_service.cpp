#include "game_service.h"

#include "api_error.h"
#include "game_json.h"
#include "json_fields.h"

#include <algorithm>
#include <optional>

namespace evo::app {

using nlohmann::json;

struct LoadedGame {
    GameRecord record;
    RulesGame rules;
};

struct GameSlot {
    std::mutex mutex;
    std::optional<LoadedGame> game;
    bool deleted = false;
    std::atomic<bool> searching{false};
    std::atomic<bool> stop{false};
};

namespace {

constexpr int default_engine_movetime_ms = 1000;
constexpr int max_undo_plies = 100000;
// Games kept in memory; past this many, the ones nobody is using are dropped (the database
// keeps them all, and a dropped game is read again when asked for).
constexpr std::size_t max_cached_games = 512;

std::string game_name(std::int64_t id) {
    return "game " + std::to_string(id);
}

char other_side(char side) {
    return side == 'w' ? 'b' : 'w';
}

void require_game_in_progress(const LoadedGame& game) {
    if (const auto& outcome = game.rules.view().outcome)
        throw unprocessable("the game is over (" + outcome->result + ", " + outcome->reason + ")");
}

// Loads the game into its slot if it is not there yet. The slot's lock must be held.
LoadedGame& ensure_loaded(GameSlot& slot, GameStore& store, std::int64_t id) {
    if (slot.deleted) throw not_found("there is no " + game_name(id));
    if (slot.game) return *slot.game;
    auto record = store.load(id);
    if (!record) throw not_found("there is no " + game_name(id));
    try {
        RulesGame rules = RulesGame::replay(record->variant, record->start_fen, record->moves_uci);
        rules.declare_result(record->declared_result);
        slot.game.emplace(LoadedGame{std::move(*record), std::move(rules)});
    } catch (const RulesError& error) {
        throw conflict("the stored " + game_name(id) +
                       " cannot be replayed by the rules core: " + error.what());
    }
    return *slot.game;
}

void play_move(LoadedGame& game, const std::string& text, bool is_san) {
    char mover = game.rules.view().turn;
    try {
        game.rules.play(text, is_san);
    } catch (const RulesError& error) {
        throw unprocessable(error.what());
    }
    if (game.record.draw_offer == other_side(mover)) game.record.draw_offer.reset();
}

// The PGN's Seven Tag Roster as this server knows it; an imported PGN's own tags win.
std::map<std::string, std::string> stored_tags(const GameRecord& record) {
    auto player = [](PlayerKind kind) {
        return std::string(kind == PlayerKind::Engine ? "evochess" : "Human");
    };
    std::map<std::string, std::string> tags = {
        {"Event", "evochess game " + std::to_string(record.id)},
        {"Site", "evochess serve"},
        {"White", player(record.players.white)},
        {"Black", player(record.players.black)},
    };
    // created is "2026-11-23T14:10:58Z"; PGN dates read "2026.11.23".
    if (record.created.size() >= 10) {
        std::string date = record.created.substr(0, 10);
        std::replace(date.begin(), date.end(), '-', '.');
        tags["Date"] = date;
    }
    json parsed = json::parse(record.pgn_tags_json, nullptr, false);
    if (!parsed.is_object()) return tags;
    for (auto& [key, value] : parsed.items())
        if (value.is_string()) tags[key] = value.get<std::string>();
    return tags;
}

} // namespace

EngineClaim& EngineClaim::operator=(EngineClaim&& other) noexcept {
    if (this != &other) {
        EngineClaim released(std::move(*this));
        slot_ = std::move(other.slot_);
    }
    return *this;
}

EngineClaim::~EngineClaim() {
    if (slot_) slot_->searching = false;
}

GameService::GameService(GameStore& store, SearchFunction search)
    : store_(store), search_(std::move(search)) {}
GameService::~GameService() = default;

std::shared_ptr<GameSlot> GameService::slot_for(std::int64_t id) {
    std::lock_guard lock(slots_mutex_);
    if (slots_.size() > max_cached_games) {
        // A slot only the map holds is not in use: no request has it, no search runs on it.
        std::erase_if(slots_, [](const auto& entry) { return entry.second.use_count() == 1; });
    }
    auto& slot = slots_[id];
    if (!slot) slot = std::make_shared<GameSlot>();
    return slot;
}

template <class Change> json GameService::change_game(std::int64_t id, Change&& change) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    std::size_t stored_moves = game.record.moves_uci.size();
    change(game); // an ApiError here comes before any change
    try {
        game.rules.declare_result(game.record.declared_result);
        game.record.moves_uci = game.rules.moves_uci();
        game.record.summary = summarize(game.rules);
        if (!store_.save(game.record, stored_moves)) slot->deleted = true;
    } catch (...) {
        // The copy in memory is ahead of the database now: read the game again next time.
        slot->game.reset();
        throw;
    }
    if (slot->deleted) {
        forget(id, *slot);
        throw not_found("there is no " + game_name(id));
    }
    return game_state_json(game.record, game.rules);
}

LoadedGame& GameService::load_or_forget(GameSlot& slot, std::int64_t id) {
    try {
        return ensure_loaded(slot, store_, id);
    } catch (const ApiError& error) {
        if (error.status() == 404) forget(id, slot);
        throw;
    }
}

void GameService::forget(std::int64_t id, GameSlot& slot) {
    slot.deleted = true;
    slot.game.reset();
    std::lock_guard map_lock(slots_mutex_);
    if (auto it = slots_.find(id); it != slots_.end() && it->second.get() == &slot)
        slots_.erase(it);
}

json GameService::info() const {
    json variants = json::array();
    for (const VariantInfo& v : RulesGame::variants())
        variants.push_back({{"name", v.name},
                            {"start_fen", v.start_fen},
                            {"display_name", v.display_name},
                            {"description", v.description}});
    return {{"version", "1"}, {"engine", engine_available()}, {"variants", std::move(variants)}};
}

json GameService::create(const json& body) {
    GameRecord record;
    std::optional<RulesGame> rules;
    if (auto pgn = optional_string(body, "pgn")) {
        try {
            ImportedGame imported = RulesGame::import_pgn(*pgn);
            rules.emplace(
                RulesGame::replay(imported.variant, imported.start_fen, imported.moves_uci));
            record.pgn_tags_json = json(imported.tags).dump();
            record.declared_result = imported.declared_result;
            rules->declare_result(record.declared_result);
        } catch (const RulesError& error) {
            throw bad_request(std::string("bad PGN: ") + error.what());
        }
    } else {
        std::string variant = optional_string(body, "variant").value_or("chess");
        try {
            rules.emplace(RulesGame::start(variant, optional_string(body, "fen").value_or("")));
        } catch (const RulesError& error) {
            throw bad_request(error.what());
        }
    }
    record.variant = rules->variant();
    record.start_fen = rules->start_fen();
    record.moves_uci = rules->moves_uci();
    record.players = players_field(body, {});
    record.engine = engine_field(body, EngineLimits{default_engine_movetime_ms, std::nullopt});
    record.summary = summarize(*rules);
    store_.insert(record);

    json state = game_state_json(record, *rules);
    auto slot = slot_for(record.id);
    std::lock_guard lock(slot->mutex);
    slot->game.emplace(LoadedGame{std::move(record), std::move(*rules)});
    return state;
}

json GameService::list() {
    json games = json::array();
    for (const GameListing& listing : store_.list()) games.push_back(game_listing_json(listing));
    return games;
}

json GameService::get(std::int64_t id) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    return game_state_json(game.record, game.rules);
}

json GameService::remove(std::int64_t id) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    slot->stop = true;
    bool removed = !slot->deleted && store_.remove(id);
    forget(id, *slot);
    if (!removed) throw not_found("there is no " + game_name(id));
    return {{"deleted", id}};
}

json GameService::play(std::int64_t id, const json& body) {
    std::optional<std::string> uci, san;
    try {
        uci = optional_string(body, "uci");
        san = optional_string(body, "san");
    } catch (const ApiError& error) {
        throw unprocessable(error.what());
    }
    if (bool(uci) == bool(san))
        throw unprocessable("give the move as exactly one of \"uci\" or \"san\"");
    return change_game(id, [&](LoadedGame& game) {
        require_game_in_progress(game);
        play_move(game, uci ? *uci : *san, bool(san));
    });
}

json GameService::undo(std::int64_t id, const json& body) {
    int plies = optional_int(body, "plies", 1, max_undo_plies).value_or(1);
    return change_game(id, [&](LoadedGame& game) {
        std::size_t played = game.rules.history().size();
        if (std::size_t(plies) > played)
            throw unprocessable("cannot take back " + std::to_string(plies) + " moves: only " +
                                std::to_string(played) + " were played");
        game.rules.undo(std::size_t(plies));
        game.record.declared_result.reset();
        game.record.draw_offer.reset();
    });
}

json GameService::resign(std::int64_t id, const json& body) {
    auto side = optional_side(body, "side");
    return change_game(id, [&](LoadedGame& game) {
        require_game_in_progress(game);
        char resigning = side.value_or(game.rules.view().turn);
        game.record.declared_result =
            DeclaredResult{resigning == 'w' ? "0-1" : "1-0", "resignation"};
        game.record.draw_offer.reset();
    });
}

json GameService::offer_draw(std::int64_t id, const json& body) {
    auto side = optional_side(body, "side");
    return change_game(id, [&](LoadedGame& game) {
        require_game_in_progress(game);
        char offering = side.value_or(game.rules.view().turn);
        if (game.record.draw_offer == other_side(offering)) {
            game.record.declared_result = DeclaredResult{"1/2-1/2", "agreement"};
            game.record.draw_offer.reset();
        } else {
            game.record.draw_offer = offering;
        }
    });
}

json GameService::update_settings(std::int64_t id, const json& body) {
    return change_game(id, [&](LoadedGame& game) {
        game.record.players = players_field(body, game.record.players);
        game.record.engine = engine_field(body, game.record.engine);
    });
}

std::string GameService::pgn(std::int64_t id) {
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    return game.rules.pgn(stored_tags(game.record));
}

EngineTicket GameService::begin_engine_move(std::int64_t id, const json& body) {
    if (!search_) throw conflict("this build of evochess has no engine");
    std::optional<int> movetime = optional_int(body, "movetime_ms", 1, max_movetime_ms);
    std::optional<int> depth = optional_int(body, "depth", 1, max_search_depth);
    auto slot = slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = load_or_forget(*slot, id);
    require_game_in_progress(game);
    if (slot->searching.exchange(true))
        throw conflict("the engine is already thinking on " + game_name(id));
    slot->stop = false;

    EngineLimits limits = game.record.engine;
    if (movetime || depth) limits = {movetime, depth};
    if (!limits.movetime_ms && !limits.depth) limits.movetime_ms = default_engine_movetime_ms;
    EngineTicket ticket;
    ticket.game_id = id;
    ticket.claim = EngineClaim(slot);
    ticket.request = {game.rules.variant(), game.rules.start_fen(), game.rules.moves_uci(), limits,
                      &slot->stop};
    ticket.side_to_move = game.rules.view().turn;
    return ticket;
}

json GameService::run_engine_move(EngineTicket& ticket,
                                  const std::function<void(const json&)>& on_progress) {
    EngineClaim claim = std::move(ticket.claim); // given up when this search is over

    const SearchRequest& request = ticket.request;
    RulesGame searched = RulesGame::replay(request.variant, request.start_fen, request.moves_uci);
    SearchOutcome outcome = search_(request, [&](const SearchProgress& progress) {
        on_progress(search_progress_json(progress, ticket.side_to_move,
                                         searched.line_from_here(progress.pv_uci)));
    });
    if (outcome.best_move_uci.empty())
        throw conflict("the engine found no move" +
                       (outcome.error.empty() ? std::string() : ": " + outcome.error));

    return change_game(ticket.game_id, [&](LoadedGame& game) {
        if (game.rules.moves_uci() != request.moves_uci)
            throw conflict("the game changed while the engine thought; its move was dropped");
        require_game_in_progress(game);
        play_move(game, outcome.best_move_uci, false);
    });
}

bool GameService::stop_engine(std::int64_t id) {
    std::shared_ptr<GameSlot> slot;
    {
        std::lock_guard lock(slots_mutex_);
        auto it = slots_.find(id);
        if (it == slots_.end()) return false;
        slot = it->second;
    }
    if (!slot->searching) return false;
    slot->stop = true;
    return true;
}

} // namespace evo::app

// A game's making (a local game, an online one, a paired one, an imported PGN), the lists of
// games, and a local game's removal.
#include "app/analysis/engine_jobs.h"
#include "app/common/api_error.h"
#include "app/record/core_games.h"
#include "app/record/declared_result.h"
#include "app/record/game_summary.h"
#include "app/record/loaded_game.h"
#include "app/record/pgn_tags.h"
#include "cache.h"
#include "core/pgn.h"
#include "flag_watcher.h"
#include "my_games.h"
#include "seat_checks.h"
#include "seat_tokens.h"
#include "service.h"

namespace evo::app {

GameView GameService::create(const CreateGame& command, const Player& maker,
                             const std::optional<Pairing>& pairing) {
    GameRecord record;
    record.owner = maker.owner_key();
    std::optional<Game> game;
    bool online = command.online;
    if (const auto& pgn = command.pgn) {
        if (online) throw bad_request("an online game starts from a variant and FEN, not a PGN");
        Result<PgnGame> imported = parse_pgn(*pgn);
        if (!imported) throw bad_request("bad PGN: " + imported.error());
        game.emplace(std::move(imported->game));
        record.pgn_tags_json = kept_pgn_tags_column(imported->tags);
        // Kept as a declared result, as a game played here would keep it.
        record.declared_result = declared_result_of(*game);
        apply_declared_result(*game, record.declared_result);
    } else {
        Result<Game> started = start_game(command.variant, command.fen);
        if (!started) throw bad_request(started.error());
        game.emplace(std::move(*started));
    }
    if (command.clock) record.clock = GameClock::start(*command.clock);
    Color creator = command.colour == ColourChoice::Random  ? (random_bit() ? Black : White)
                    : command.colour == ColourChoice::Black ? Black
                                                            : White;
    record.online = online;
    if (pairing) {
        if (!online) throw bad_request("a paired game is an online game");
        record.rated = pairing->rated;
        record.made_for = pairing->made_for;
        if (record.clock && !record.clock->settings.days_per_move)
            record.clock->berserk_allowed = pairing->berserkable;
        record.seat_players[std::size_t(creator)] = pairing->maker;
        record.seat_players[std::size_t(~creator)] = pairing->opponent;
    }
    record.variant = std::string(game->variant().name);
    record.start_fen = game->start_position().fen();
    record.players = online ? PlayerKinds{} : command.players;
    record.engine =
        with_settings(EngineLimits{default_engine_movetime_ms, std::nullopt, std::nullopt},
                      command.engine_settings);
    record.summary = summarize(*game, record.declared_result);
    std::string token = new_secret();
    if (online) {
        record.seats.tokens[std::size_t(creator)] = token;
        record.seats.invite_code = new_secret();
    } else {
        record.seats.tokens = {token, token}; // the owner plays both sides
    }
    // An imported PGN's moves are stored with the game (issue 49: they were not, and the list
    // said "0 plies" for a 58-ply game).
    LoadedGame loaded(std::move(record), std::move(*game));
    for (const NotatedMove& move : loaded.notation.follow(loaded.game))
        loaded.record.moves_uci.push_back(move.uci);
    store_.insert(loaded.record);
    GameView view = view_of(loaded, online ? std::optional<Color>(creator) : std::nullopt);
    if (online) {
        events_.seat_taken(loaded.record.id, creator);
        view.invite_link = options_.public_url + "/#game=" + std::to_string(loaded.record.id) +
                           "&invite=" + loaded.record.seats.invite_code;
    } else {
        view.owner_token = token;
    }
    // A request for the new id may have loaded it already: the database has the truth
    // either way, and the version check keeps a stale copy from being saved.
    auto slot = cache_->slot_for(loaded.record.id);
    std::lock_guard lock(slot->mutex);
    track_flag(loaded);
    if (!slot->game && !slot->deleted) slot->game.emplace(std::move(loaded));
    return view;
}

std::vector<GameListing> GameService::list(int limit, int offset, const Player& viewer,
                                           bool public_only) {
    GameListFilter filter;
    filter.online_only = public_only;
    if (!public_only && options_.local_games_need_token) filter.owners = viewer.keys();
    return store_.list(limit, offset, filter);
}

std::vector<MyGame> GameService::my_games(int limit, int offset, const Player& viewer) {
    return my_games_of(store_, viewer, limit, offset, clock_.now_ms());
}

std::int64_t GameService::remove(std::int64_t id, const Actor& who) {
    auto slot = cache_->slot_for(id);
    std::lock_guard lock(slot->mutex);
    LoadedGame& game = cache_->load_or_forget(*slot, id);
    require_visible(game, who);
    if (game.record.online) {
        // An aborted game counted for nothing: either of its players may clear it away
        // (docs/api.md); every other online game is kept.
        if (!is_aborted(game.record.declared_result))
            throw forbidden("online games are kept; only an aborted one can be deleted");
        if (!viewer_seat(game, who.token, who.player))
            throw forbidden("only a player of this game may delete it");
    } else {
        acting_side(game, who, options_.local_games_need_token);
    }
    slot->stop = true;
    bool removed = !slot->deleted && store_.remove(id);
    // Its flag is watched no more (the copy in memory is gone with the slot).
    flags_->forget(id);
    cache_->forget(id, *slot);
    if (!removed) throw not_found("there is no " + game_name(id));
    return id;
}

void GameService::adopt_games(const std::string& visitor_key, const std::string& account_key) {
    // Cached copies are read again at their next use: the transfer moved their versions on.
    store_.transfer_games(visitor_key, account_key);
}

} // namespace evo::app

// A game as the service holds it in memory (the stored record and the core game replayed from
// it), the slot of the cache that holds it, and the rules of play the actions share: whose
// turn it is, a move played, a result declared, moves taken back. Internal to GameService.
#pragma once

#include "core/game.h"
#include "game_record.h"
#include "game_view.h"
#include "notated_history.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace evo::app {

struct LoadedGame {
    LoadedGame(GameRecord record_, Game game_)
        : record(std::move(record_)), game(std::move(game_)), notation(game.start_position()) {}

    GameRecord record;
    Game game; // its outside result is always the record's declared result
    // A cache of text for the JSON edge; the slot's lock guards it like the rest.
    mutable NotatedHistory notation;
    // Set by a change that finds nothing to do (an offer that already stands): change_game
    // then answers the state without storing or publishing it.
    bool unchanged = false;
};

struct GameSlot {
    std::mutex mutex;
    std::optional<LoadedGame> game;
    bool deleted = false;
    std::atomic<bool> searching{false};
    std::atomic<bool> stop{false};
    // The game as last stored by this process, without a seat, for its event streams: read
    // without the game's lock, so streams need not wait behind the next move's save.
    std::shared_ptr<const GameView> stored_view() const {
        std::lock_guard lock(view_mutex_);
        return stored_view_;
    }
    void keep_stored_view(std::shared_ptr<const GameView> view) {
        std::lock_guard lock(view_mutex_);
        stored_view_ = std::move(view);
    }

  private:
    mutable std::mutex view_mutex_; // guards the pointer only, held for its copy
    std::shared_ptr<const GameView> stored_view_;
};

std::string game_name(std::int64_t id);
Color turn_of(const LoadedGame& game);
bool is_over(const LoadedGame& game);
// An action on a finished game: 422 naming the result.
void require_game_in_progress(const LoadedGame& game);
void require_online(const LoadedGame& game, const char* what);

// The JSON edge of a move: exactly one of "uci" or "san", read in the game's position.
Move move_from_text(const LoadedGame& game, const std::string& text, bool is_san);
// Plays the move; the opponent's draw offer and any takeback request lapse.
void play_move(LoadedGame& game, Move move);
void declare(LoadedGame& game, DeclaredResult result);
// Takes back the last `plies` moves; a declared result goes with them. The side to move
// runs from now; back at the start nothing runs, as before the first move.
void take_back(LoadedGame& game, std::size_t plies, std::int64_t now);

} // namespace evo::app

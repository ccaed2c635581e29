// A game: start position, the moves played, and the result by the rules
// (RULES 1.2, 2.8, 4.11, 4.12).
#pragma once

#include "position.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace evo {

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

enum class EndReason : std::uint8_t {
    None,
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    ThreefoldRepetition,
    FiftyMoves,
    Resignation,
    Agreement,
    Timeout,
    TimeoutVsInsufficientMaterial,
    IllegalMove,
    EngineFailure,
    Adjudication,
    Abandonment, // a claim of victory over a player who left (online play)
};

std::string_view end_reason_name(EndReason r);

struct GameResult {
    Outcome outcome = Outcome::Ongoing;
    EndReason reason = EndReason::None;
    // RULES 4.11: a draw turned into a win for the first king promoter.
    bool draw_converted = false;
    // RULES 4.12 (promoteking): the winner's points, 1/2 each for a draw; else 1/0.
    double white_points = 0, black_points = 0;

    bool over() const { return outcome != Outcome::Ongoing; }
    // "1-0", "0-1", "1/2-1/2" or "*".
    std::string pgn_result() const;
    // A sentence for people: "checkmate", "stalemate, won by the first king promotion", ...
    std::string description() const;
};

// RULES 1.2 (and 2.8, 4.11 for the variants): no sequence of moves can mate.
bool insufficient_material(const Position& pos);
// Whether `side` could ever mate, for a flag fall (FIDE 6.9).
bool has_mating_material(const Position& pos, Color side);

class Game {
  public:
    explicit Game(const Variant& variant);
    explicit Game(const Position& start);
    Game(const Game& other);
    Game& operator=(const Game& other);

    const Variant& variant() const { return position_.variant(); }
    const Position& position() const { return position_; }
    const Position& start_position() const { return start_; }
    const std::vector<Move>& moves() const { return moves_; }

    // Plays a move given in UCI or SAN; an error leaves the game unchanged.
    Result<Move> play(std::string_view text);
    // Plays a move already known to be legal.
    void play(Move m);
    bool undo();

    // The result by the rules of the current position (mate, stalemate, repetition, 50
    // moves, insufficient material), unless an outside result (resignation, agreement,
    // time) was set. Draws are converted and points given by the variant (4.11, 4.12).
    GameResult result() const;
    // Resignation, agreement, flag fall, an engine's illegal move or crash.
    void set_outside_result(Outcome outcome, EndReason reason);
    void clear_outside_result() { outside_ = {}; }

    // How often the current position has occurred (RULES 1.2: board, side, castling,
    // legal en passant and variant state, all in the key).
    int repetitions() const;

  private:
    GameResult finish(Outcome outcome, EndReason reason) const;

    Position start_;
    Position position_;
    std::vector<Move> moves_;
    std::deque<StateInfo> states_;
    std::vector<Key> keys_; // keys_[i]: key before moves_[i]; the last is the current key
    GameResult outside_;
};

} // namespace evo

// The app's one door into the rules core: a game replayed from its start FEN and moves,
// seen as plain values (FEN, UCI, SAN, counters, result) ready to become JSON.
// Only rules_bridge.cpp includes core headers.
#pragma once

#include "game_record.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace evo::app {

// The reason of a game ended before anything counted: no result, the game is over.
inline constexpr const char* aborted_reason = "aborted";

struct MoveText {
    std::string uci;
    std::string san;
};

struct PlayedMove {
    std::string uci;
    std::string san;
    std::string fen_after;
};

struct SideCounters {
    int p = 0, m = 0, c = 0, r = 0;
};

// RULES 4.11/4.12: who promoted a king first ('w', 'b') and how many promotions into
// the other colour the game has seen.
struct RoyalPromotion {
    std::optional<char> first;
    int other_colour_promotions = 0;
};

// The game's result: by the rules (mate, stalemate, repetition, ...) or declared
// (resignation, agreement), with the points of promoteking (RULES 4.12).
struct GameOutcome {
    std::string result; // "1-0", "0-1", "1/2-1/2"
    std::string reason; // "checkmate", "stalemate, won by the first king promotion", ...
    std::optional<std::pair<double, double>> points; // White, Black; promoteking only
};

struct PositionView {
    std::string fen;
    char turn = 'w';
    bool check = false;
    std::vector<MoveText> legal;                         // empty once the game is over
    std::optional<std::array<SideCounters, 2>> counters; // White, Black
    // With counters: N pawn moves earn a minor right, K piece captures a rook right.
    std::optional<std::pair<int, int>> evolution_thresholds;
    std::optional<RoyalPromotion> royal_promotion;
    std::optional<GameOutcome> outcome;
};

// A game read from a PGN (RULES 5.4).
struct ImportedGame {
    std::string variant;
    std::string start_fen;
    std::vector<std::string> moves_uci;
    std::map<std::string, std::string> tags;
    std::optional<DeclaredResult> declared_result; // a result the moves do not give themselves
};

// The error a bridge call reports: bad FEN, bad PGN, unknown variant, illegal move.
// Its message is a sentence for a person.
class RulesError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A variant as the new-game dialog lists it (built-in or from `serve --variants FILE`).
struct VariantInfo {
    std::string name;
    std::string start_fen;
    std::string display_name;
    std::string description;
};

class RulesGame {
  public:
    // Starts a game of `variant` at `fen` (its start position when empty). Unknown
    // variant or bad FEN: a RulesError.
    static RulesGame start(const std::string& variant, const std::string& fen);
    // Replays stored moves; a move the rules reject is a RulesError naming it.
    static RulesGame replay(const std::string& variant, const std::string& start_fen,
                            const std::vector<std::string>& moves_uci);
    static ImportedGame import_pgn(const std::string& pgn);
    // The variants the core knows: names, start FENs, display names and descriptions.
    static std::vector<VariantInfo> variants();

    RulesGame(RulesGame&&) noexcept;
    RulesGame& operator=(RulesGame&&) noexcept;
    ~RulesGame();

    const std::string& variant() const;
    const std::string& start_fen() const;
    // Plays a move given in UCI or SAN; answers the played move. Illegal or malformed:
    // a RulesError, and the game is unchanged.
    PlayedMove play(const std::string& uci_or_san, bool is_san);
    // Takes back the last `plies` moves (at most all of them); a declared result goes too.
    void undo(std::size_t plies);
    // Sets or clears a result the moves do not give: resignation, agreement, time forfeit
    // (drawn by the rules when the winner could never mate, converted by RULES 4.11),
    // opponent left, or aborted (result "*", no winner, the game is over).
    void declare_result(const std::optional<DeclaredResult>& declared);
    // Whether `side` ('w', 'b') still has material that could ever mate (FIDE 6.9).
    bool can_mate(char side) const;
    const std::vector<PlayedMove>& history() const;
    std::vector<std::string> moves_uci() const;
    // The position now: FEN, side to move, legal moves with SAN, counters, result.
    const PositionView& view() const;
    // SAN of a line of UCI moves from the current position, as far as they are legal.
    std::vector<MoveText> line_from_here(const std::vector<std::string>& moves_uci) const;
    // The game as PGN with these extra tags (RULES 5.4).
    std::string pgn(const std::map<std::string, std::string>& tags) const;

  private:
    struct Impl;
    explicit RulesGame(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

} // namespace evo::app

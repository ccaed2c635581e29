#include "declared_result.h"

namespace evo::app {

namespace {

// The reason a declared result names; resignation unless it names another outside result.
EndReason declared_reason(const std::string& name) {
    for (EndReason reason : {EndReason::Agreement, EndReason::Timeout, EndReason::Abandonment})
        if (end_reason_name(reason) == name) return reason;
    return EndReason::Resignation;
}

Outcome outcome_of(const std::string& result) {
    if (result == "1-0") return Outcome::WhiteWins;
    if (result == "0-1") return Outcome::BlackWins;
    return Outcome::Draw;
}

} // namespace

bool is_aborted(const std::optional<DeclaredResult>& declared) {
    return declared && declared->reason == aborted_reason;
}

void apply_declared_result(Game& game, const std::optional<DeclaredResult>& declared) {
    game.clear_outside_result();
    if (declared && !is_aborted(declared))
        game.set_outside_result(outcome_of(declared->result), declared_reason(declared->reason));
}

std::optional<DeclaredResult> declared_result_of(const Game& game) {
    GameResult result = game.result();
    Game by_moves_alone = game;
    by_moves_alone.clear_outside_result();
    if (!result.over() || by_moves_alone.result().over()) return std::nullopt;
    return DeclaredResult{result.pgn_result(), std::string(end_reason_name(result.reason))};
}

bool is_over(const Game& game, const std::optional<DeclaredResult>& declared) {
    return is_aborted(declared) || game.result().over();
}

} // namespace evo::app

#include "declared_result.h"

namespace evo::app {

namespace {

constexpr DeclaredReason all_reasons[] = {DeclaredReason::Resignation, DeclaredReason::Agreement,
                                          DeclaredReason::TimeForfeit, DeclaredReason::OpponentLeft,
                                          DeclaredReason::Aborted};

// The core's reason for a declared one; an aborted game has none (its end is the record's).
EndReason end_reason_of(DeclaredReason reason) {
    switch (reason) {
    case DeclaredReason::Resignation: return EndReason::Resignation;
    case DeclaredReason::Agreement: return EndReason::Agreement;
    case DeclaredReason::TimeForfeit: return EndReason::Timeout;
    case DeclaredReason::OpponentLeft: return EndReason::Abandonment;
    case DeclaredReason::Aborted: return EndReason::None;
    }
    return EndReason::None;
}

// A core result's reason as a declared one; resignation unless it is another outside result
// (a PGN gives only agreement and resignation).
DeclaredReason declared_reason_of(EndReason reason) {
    switch (reason) {
    case EndReason::Agreement: return DeclaredReason::Agreement;
    case EndReason::Timeout:
    case EndReason::TimeoutVsInsufficientMaterial: return DeclaredReason::TimeForfeit;
    case EndReason::Abandonment: return DeclaredReason::OpponentLeft;
    default: return DeclaredReason::Resignation;
    }
}

} // namespace

bool is_aborted(const std::optional<DeclaredResult>& declared) {
    return declared && declared->reason == DeclaredReason::Aborted;
}

void apply_declared_result(Game& game, const std::optional<DeclaredResult>& declared) {
    game.clear_outside_result();
    if (declared && !is_aborted(declared) && declared->outcome != Outcome::Ongoing)
        game.set_outside_result(declared->outcome, end_reason_of(declared->reason));
}

std::optional<DeclaredResult> declared_result_of(const Game& game) {
    GameResult result = game.result();
    Game by_moves_alone = game;
    by_moves_alone.clear_outside_result();
    if (!result.over() || by_moves_alone.result().over()) return std::nullopt;
    return DeclaredResult{result.outcome, declared_reason_of(result.reason)};
}

bool is_over(const Game& game, const std::optional<DeclaredResult>& declared) {
    return is_aborted(declared) || game.result().over();
}

std::string_view declared_reason_name(DeclaredReason reason) {
    // The core's names for the outside results, as they were always stored.
    if (reason == DeclaredReason::Aborted) return "aborted";
    return end_reason_name(end_reason_of(reason));
}

std::string outcome_text(Outcome outcome) {
    GameResult result;
    result.outcome = outcome;
    return result.pgn_result();
}

std::optional<DeclaredResult> declared_result_from_text(std::string_view result,
                                                        std::string_view reason) {
    std::optional<Outcome> outcome;
    for (Outcome each : {Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw, Outcome::Ongoing})
        if (outcome_text(each) == result) outcome = each;
    std::optional<DeclaredReason> declared;
    for (DeclaredReason each : all_reasons)
        if (declared_reason_name(each) == reason) declared = each;
    if (!outcome || !declared) return std::nullopt;
    if ((*outcome == Outcome::Ongoing) != (*declared == DeclaredReason::Aborted))
        return std::nullopt;
    return DeclaredResult{*outcome, *declared};
}

} // namespace evo::app

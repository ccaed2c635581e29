// The typed views' parts made from the core's game and the stored clock (game_view.h).
#include "game_view.h"

#include "core/movegen.h"
#include "core/notation.h"

#include <memory>

namespace evo::app {

namespace {

std::vector<LegalMove> legal_moves_of(const Position& position) {
    auto moves = std::make_unique<MoveList>();
    generate_legal(position, *moves);
    std::vector<LegalMove> legal;
    legal.reserve(std::size_t(moves->size()));
    for (Move move : *moves)
        legal.push_back({move, to_uci(position, move), to_san(position, move)});
    return legal;
}

} // namespace

PositionView position_view_of(const Game& game, const std::vector<NotatedMove>& history,
                              bool aborted) {
    const Position& position = game.position();
    PositionView view;
    view.variant = &game.variant();
    view.start_fen = game.start_position().fen();
    view.fen = position.fen();
    view.turn = position.side_to_move();
    view.check = position.in_check();
    view.history = history;
    view.aborted = aborted;
    if (!aborted) view.result = game.result();
    if (!aborted && !view.result.over()) view.legal = legal_moves_of(position);
    switch (game.variant().extra_state) {
    case ExtraState::EvolutionCounters:
        view.counters = {position.counters(White), position.counters(Black)};
        break;
    case ExtraState::PromoteKing: {
        int first = position.first_king_promoter();
        if (first >= 0) view.first_king_promoter = Color(first);
        view.other_colour_promotions = position.other_color_promotions();
        break;
    }
    case ExtraState::None: break;
    }
    return view;
}

ClockView clock_view_of(const GameClock& clock, bool over, std::int64_t now_ms) {
    ClockView view;
    view.settings = clock.settings;
    view.remaining_ms = {clock.remaining_at(White, now_ms), clock.remaining_at(Black, now_ms)};
    if (!over) view.running = clock.running;
    view.berserked = clock.berserked;
    view.berserk_allowed = clock.berserk_allowed;
    return view;
}

} // namespace evo::app

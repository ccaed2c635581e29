#include "game_referee.h"

#include "core/notation.h"

#include <algorithm>

namespace evo::match {

namespace {

Outcome win_for(Color side) {
    return side == White ? Outcome::WhiteWins : Outcome::BlackWins;
}

std::string seconds_text(Milliseconds ms) {
    return std::to_string(ms.count() / 1000) + "." + std::to_string(ms.count() % 1000 / 100) + " s";
}

// An engine that cannot start or get ready loses, as if it had crashed.
Result<bool> ready_for_game(UciEngine& engine, const Variant& variant) {
    if (!engine.running()) {
        auto started = engine.start(variant.name);
        if (!started) return started;
    }
    auto ready = engine.new_game();
    if (!ready) engine.shut_down();
    return ready;
}

} // namespace

std::string position_command(const Game& game) {
    const Position& start = game.start_position();
    std::string fen = start.fen();
    std::string command =
        fen == Position::start(game.variant()).fen() ? "position startpos" : "position fen " + fen;
    if (game.moves().empty()) return command;
    command += " moves";
    Game replay(start);
    for (Move m : game.moves()) {
        command.append(" ").append(to_uci(replay.position(), m));
        replay.play(m);
    }
    return command;
}

RefereedGame play_game(UciEngine& white, UciEngine& black, const Opening& opening,
                       const RefereeSettings& settings) {
    RefereedGame record{opening.game, "", false};
    Game& game = record.game;
    UciEngine* engines[2] = {&white, &black};

    for (Color side : {White, Black}) {
        auto ready = ready_for_game(*engines[side], *settings.variant);
        if (!ready) {
            game.set_outside_result(win_for(~side), EndReason::EngineFailure);
            record.detail = ready.error();
            return record;
        }
    }

    // Each engine may bring limits of its own (time odds, a depth limit).
    const SearchLimits limits[2] = {limits_for(settings.limits, white.spec()),
                                    limits_for(settings.limits, black.spec())};
    Milliseconds left[2] = {};
    for (Color c : {White, Black})
        if (limits[c].clock) left[c] = limits[c].clock->base;
    std::string position = position_command(game);

    while (!game.result().over()) {
        if (settings.interrupted && settings.interrupted->load()) {
            record.aborted = true;
            return record;
        }
        Color side = game.position().side_to_move();
        UciEngine& engine = *engines[side];
        const std::string& name = engine.spec().name;
        const SearchLimits& own = limits[side];
        Milliseconds budget = own.clock ? left[side] + own.flag_margin : own.hang_timeout;
        EngineReply reply = engine.think(
            position,
            go_command(limits[White], limits[Black], side == White, left[White], left[Black]),
            budget);

        if (reply.status == EngineReply::Status::Timeout) {
            // The engine may still be thinking, or hang: it must not answer into the next game.
            engine.kill();
            if (own.clock) {
                game.set_outside_result(win_for(~side), EndReason::Timeout);
                record.detail = name + " lost on time (" + seconds_text(left[side]) +
                                " left, no move after " + seconds_text(reply.elapsed) + ")";
            } else {
                game.set_outside_result(win_for(~side), EndReason::EngineFailure);
                record.detail = name + " gave no move within " + seconds_text(own.hang_timeout);
            }
            return record;
        }
        if (reply.status == EngineReply::Status::Crash) {
            game.set_outside_result(win_for(~side), EndReason::EngineFailure);
            record.detail = name + " crashed (" + reply.crash + ")";
            return record;
        }
        auto move = parse_uci_move(game.position(), reply.move);
        if (!move) {
            game.set_outside_result(win_for(~side), EndReason::IllegalMove);
            record.detail = "illegal move '" + reply.move + "' by " + name;
            return record;
        }
        if (game.moves().empty()) position += " moves";
        position.append(" ").append(to_uci(game.position(), *move));
        game.play(*move);
        if (own.clock) {
            left[side] =
                std::max(left[side] - reply.elapsed, Milliseconds(0)) + own.clock->increment;
        }
    }
    return record;
}

} // namespace evo::match

// Game: a start position and the moves played, with push/pop, results and PGN. JS creates
// one with `new Module.Game()` and then init() or initPgn() (a constructor cannot answer an
// error value); the wrapper deletes it when the JS object is collected or disposed.
#include "binding.h"

#include "core/game.h"
#include "core/notation.h"
#include "core/pgn.h"

#include <emscripten/bind.h>

#include <optional>

namespace evo::wasm {

namespace {

class JsGame {
  public:
    val init(std::string variant, std::string fen) {
        return guard([&] {
            game_.emplace(position_of(variant_of(variant), fen));
            tags_.clear();
            return true;
        });
    }

    val init_pgn(std::string text) {
        return guard([&] {
            auto read = parse_pgn(text);
            if (!read) throw BindError{"bad-pgn", read.error()};
            game_.emplace(std::move(read->game));
            tags_ = std::move(read->tags);
            return true;
        });
    }

    std::string variant() const { return std::string(game().variant().name); }
    std::string fen() const { return game().position().fen(); }
    std::string start_fen() const { return game().start_position().fen(); }
    int length() const { return int(game().moves().size()); }
    int repetitions() const { return game().repetitions(); }

    std::string moves(bool san) const {
        Game replay(game().start_position());
        std::vector<std::string> out;
        for (Move m : game().moves()) {
            out.push_back(san ? to_san(replay.position(), m) : to_uci(replay.position(), m));
            replay.play(m);
        }
        return joined(out);
    }

    std::string legal(bool san) const {
        return san ? legal_san(game().position()) : legal_uci(game().position());
    }

    val push(std::string move) {
        return guard([&] {
            Position before = game().position();
            auto played = game_->play(move);
            if (!played) throw BindError{"illegal-move", played.error()};
            return to_uci(before, *played);
        });
    }

    val pop() {
        return guard([&] {
            if (game().moves().empty()) throw BindError{"bad-argument", "no move to take back"};
            Move last = game().moves().back();
            game_->undo();
            return to_uci(game().position(), last);
        });
    }

    val result() const {
        GameResult r = game().result();
        val out = val::object();
        out.set("over", r.over());
        out.set("outcome", r.pgn_result());
        out.set("winner", r.outcome == Outcome::WhiteWins   ? val(std::string("w"))
                          : r.outcome == Outcome::BlackWins ? val(std::string("b"))
                                                            : val::null());
        out.set("reason", std::string(end_reason_name(r.reason)));
        out.set("description", r.description());
        out.set("drawConverted", r.draw_converted);
        out.set("whitePoints", r.white_points);
        out.set("blackPoints", r.black_points);
        return out;
    }

    // Tags read from a PGN, as [name, value] pairs in their order.
    val tags() const {
        val out = val::array();
        for (const auto& [name, value] : tags_) {
            val pair = val::array();
            pair.call<void>("push", name, value);
            out.call<void>("push", pair);
        }
        return out;
    }

    // `extra`: [name, value] pairs that replace or add to the tags read.
    std::string pgn(val extra) const {
        PgnTags tags = tags_;
        const int count = extra["length"].as<int>();
        for (int i = 0; i < count; ++i) {
            auto name = extra[i][0].as<std::string>();
            auto value = extra[i][1].as<std::string>();
            bool replaced = false;
            for (auto& tag : tags)
                if (tag.first == name) tag.second = value, replaced = true;
            if (!replaced) tags.emplace_back(name, value);
        }
        return to_pgn(game(), tags);
    }

    const Game& game() const { return *game_; }

  private:
    std::optional<Game> game_;
    PgnTags tags_;
};

std::string split_pgn(std::string text) {
    return joined(split_pgn_games(text), '\0');
}

} // namespace

EMSCRIPTEN_BINDINGS(evochess_game) {
    emscripten::class_<JsGame>("Game")
        .constructor<>()
        .function("init", &JsGame::init)
        .function("initPgn", &JsGame::init_pgn)
        .function("variant", &JsGame::variant)
        .function("fen", &JsGame::fen)
        .function("startFen", &JsGame::start_fen)
        .function("length", &JsGame::length)
        .function("repetitions", &JsGame::repetitions)
        .function("moves", &JsGame::moves)
        .function("legal", &JsGame::legal)
        .function("push", &JsGame::push)
        .function("pop", &JsGame::pop)
        .function("result", &JsGame::result)
        .function("tags", &JsGame::tags)
        .function("pgn", &JsGame::pgn);
    emscripten::function("splitPgn", &split_pgn);
}

} // namespace evo::wasm

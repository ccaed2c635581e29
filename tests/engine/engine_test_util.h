// Helpers shared by the engine tests.
#pragma once

#include "engine/engine.h"

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>
#include <string>

namespace evo::test {

// Built with ThreadSanitizer (test.sh's tsan stage runs every engine test): searches run
// many times slower there, so a test whose search runs on one thread, with nothing for the
// tool to see, skips itself in that build (it runs in the release and ASan stages).
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#define EVO_SKIP_SINGLE_THREADED_UNDER_TSAN()                                                      \
    if (::evo::test::kThreadSanitizer) GTEST_SKIP() << "one search thread: nothing for TSan"

inline Position load(std::string_view variant, std::string_view fen) {
    const Variant* v = find_variant(variant);
    EXPECT_NE(v, nullptr) << variant;
    if (!v) return Position::start(chess_variant());
    auto pos = Position::from_fen(*v, fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return pos.ok() ? *pos : Position::start(*v);
}

inline engine::SearchResult search_depth(const Position& pos, int depth) {
    engine::Engine engine;
    engine::Limits limits;
    limits.depth = depth;
    return engine.search(Game(pos), limits);
}

inline bool is_checkmate_after(const Position& pos, Move m) {
    Position after = pos;
    StateInfo st;
    after.do_move(m, st);
    MoveList replies;
    generate_legal(after, replies);
    return after.in_check() && replies.empty();
}

// One self-play game on `game`: `random_plies` random moves first (so that games differ),
// then the engine's best move searched at `nodes()` nodes, up to `max_plies` plies or the
// game's end. `on_search` sees each searched position's legal moves and the search's answer
// before its move is played; it returns false to stop the game (a failed check).
inline void
self_play(engine::Engine& engine, Game& game, std::mt19937_64& rng, int random_plies, int max_plies,
          const std::function<std::uint64_t()>& nodes,
          const std::function<bool(const MoveList&, const engine::SearchResult&)>& on_search) {
    for (int ply = 0; ply < max_plies && !game.result().over(); ++ply) {
        MoveList legal;
        generate_legal(game.position(), legal);
        if (ply < random_plies) {
            game.play(legal[int(rng() % unsigned(legal.size()))]);
            continue;
        }
        engine::Limits limits;
        limits.nodes = nodes();
        engine::SearchResult r = engine.search(game, limits);
        if (!on_search(legal, r)) return;
        game.play(r.best_move);
    }
}

// The same position with colours swapped and the board mirrored top to bottom.
inline std::string flip_fen(const std::string& fen) {
    std::istringstream in(fen);
    std::string board, side, castling, ep, half, full, extra;
    in >> board >> side >> castling >> ep >> half >> full >> extra;
    auto swap_case = [](std::string s) {
        for (char& c : s)
            c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                            : char(std::toupper(c));
        return s;
    };
    std::vector<std::string> ranks;
    std::stringstream rs(board);
    for (std::string r; std::getline(rs, r, '/');) ranks.push_back(swap_case(r));
    std::string flipped;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it)
        flipped += (flipped.empty() ? "" : "/") + *it;
    std::string new_castling;
    if (castling != "-") {
        std::string upper, lower;
        for (char c : swap_case(castling))
            (std::isupper(static_cast<unsigned char>(c)) ? upper : lower) += c;
        new_castling = upper + lower;
    } else {
        new_castling = "-";
    }
    std::string new_ep = ep == "-" ? ep : std::string{ep[0], char('1' + ('8' - ep[1]))};
    std::string new_extra;
    if (auto slash = extra.find('/'); slash != std::string::npos) {
        new_extra = extra.substr(slash + 1) + "/" + extra.substr(0, slash);
    } else if (!extra.empty()) {
        new_extra = extra;
        if (extra[0] == 'w')
            new_extra[0] = 'b';
        else if (extra[0] == 'b')
            new_extra[0] = 'w';
    }
    std::string out = flipped + " " + (side == "w" ? "b" : "w") + " " + new_castling + " " +
                      new_ep + " " + half + " " + full;
    if (!new_extra.empty()) out += " " + new_extra;
    return out;
}

} // namespace evo::test

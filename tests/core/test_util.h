// Helpers shared by the core tests.
#pragma once

#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace evo::test {

inline Position load(std::string_view variant, std::string_view fen) {
    const Variant* v = find_variant(variant);
    EXPECT_NE(v, nullptr) << variant;
    auto pos = Position::from_fen(*v, fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
    return pos.ok() ? *pos : Position::start(*v);
}

inline std::set<std::string> uci_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    std::set<std::string> out;
    for (Move m : list) out.insert(to_uci(pos, m));
    return out;
}

inline bool has_move(const Position& pos, std::string_view uci) {
    return uci_moves(pos).count(std::string(uci)) > 0;
}

// Moves starting with a prefix, e.g. all moves of the pawn on e2: "e2".
inline std::set<std::string> moves_from(const Position& pos, std::string_view prefix) {
    std::set<std::string> out;
    for (const auto& m : uci_moves(pos))
        if (m.rfind(prefix, 0) == 0) out.insert(m);
    return out;
}

inline std::string san_of(const Position& pos, std::string_view uci) {
    auto m = parse_uci_move(pos, uci);
    EXPECT_TRUE(m.ok()) << uci << ": " << m.error();
    return m.ok() ? to_san(pos, *m) : "";
}

// Plays a UCI move on a copy and returns the resulting position's FEN.
inline std::string fen_after(const Position& pos, std::string_view uci) {
    Position copy = pos;
    auto m = parse_uci_move(copy, uci);
    EXPECT_TRUE(m.ok()) << uci << ": " << m.error();
    if (!m.ok()) return "";
    StateInfo st;
    copy.do_move(*m, st);
    std::string why;
    EXPECT_TRUE(copy.is_consistent(&why)) << why;
    return copy.fen();
}

} // namespace evo::test

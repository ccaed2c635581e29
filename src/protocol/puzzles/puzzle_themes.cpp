#include "puzzle_themes.h"

#include "engine/eval_weights.h"
#include "engine/score_unit.h"
#include "engine/value.h"

#include "core/movegen.h"

namespace evo::puzzles {

namespace {

Position after_move(const Position& pos, Move m) {
    Position after = pos;
    StateInfo st;
    after.do_move(m, st);
    // The copy owns its current state (Position's copy), so `st` may go out of scope.
    return Position(after);
}

bool is_royal(PieceType t) {
    return t == King || t == Cthulhu;
}

bool checkmated(const Position& pos) {
    if (!pos.in_check()) return false;
    MoveList replies;
    generate_legal(pos, replies);
    return replies.empty();
}

// The squares a unit of type `t` and colour `c` on `s` attacks.
Bitboard attacks_from(PieceType t, Color c, Square s, Bitboard occupied) {
    return t == Pawn ? pawn_attacks(c, s) : attacks_of(t, s, occupied);
}

} // namespace

int material_balance(const Position& pos, Color side) {
    const engine::EvalWeights& weights = engine::weights_for(pos.variant());
    const int pawn = engine::pawn_value(weights);
    int units = 0;
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
        int value = weights[engine::term::Material + t].mg;
        units += value * (popcount(pos.pieces(side, t)) - popcount(pos.pieces(~side, t)));
    }
    return engine::to_centipawns(units, pawn);
}

bool hanging_piece(const Position& pos, Move m) {
    if (!is_capture(pos, m)) return false;
    Position after = after_move(pos, m);
    return !after.attacked(m.to(), after.side_to_move());
}

bool fork(const Position& pos, Move m) {
    if (m.kind() == MoveKind::Castle || m.kind() == MoveKind::VerticalCastle) return false;
    Position after = after_move(pos, m);
    const Color us = pos.side_to_move(), them = ~us;
    const Piece mover = after.piece_on(m.to());
    if (mover == NoPiece || color_of(mover) != us) return false;
    const PieceType type = type_of(mover);
    Bitboard targets = attacks_from(type, us, m.to(), after.pieces()) & after.pieces(them) &
                       ~after.pieces(them, Pawn);
    int forked = 0;
    while (targets) {
        Square s = pop_lsb(targets);
        PieceType target = type_of(after.piece_on(s));
        if (is_royal(target) || engine::SeeValue[target] > engine::SeeValue[type] ||
            !after.attacked(s, them))
            ++forked;
    }
    return forked >= 2;
}

bool last_rank_promotion(const Position& pos, Move m) {
    if (!m.promotion().any() || m.has_rook_evolution_elsewhere()) return false;
    if (m.kind() == MoveKind::KingFollows) {
        Square pawn_to = m.to() + forward(pos.side_to_move());
        return is_ok(pawn_to) && (rank_of(pawn_to) == 0 || rank_of(pawn_to) == 7);
    }
    return type_of(pos.piece_on(m.from())) == Pawn &&
           (rank_of(m.to()) == 0 || rank_of(m.to()) == 7);
}

bool other_colour_promotion(Move m) {
    return m.promotion().any() && m.promotion().other_color;
}

bool rook_right_spent(const Position& pos, Move m) {
    if (!pos.variant().has_evolution()) return false;
    if (m.has_rook_evolution_elsewhere()) return true;
    PieceType mover = type_of(pos.piece_on(m.from()));
    return m.promotion().type == Rook && (mover == Knight || mover == Bishop);
}

bool evolution_promotion(const Position& pos, Move m) {
    if (rook_right_spent(pos, m)) return true;
    if (!pos.variant().has_evolution() || !m.promotion().any()) return false;
    return type_of(pos.piece_on(m.from())) == Pawn && !last_rank_promotion(pos, m);
}

bool cthulhu_move(const Position& pos, Move m) {
    const PieceType mover = type_of(pos.piece_on(m.from()));
    if (mover == King && m.kind() == MoveKind::Normal) {
        Position after = after_move(pos, m);
        return type_of(after.piece_on(m.to())) == Cthulhu;
    }
    if (mover != Cthulhu || !(leap2_targets(m.from()) & square_bb(m.to()))) return false;
    // A leap over an empty square is also a queen move; over a unit it is only a leap.
    return !(queen_attacks(m.from(), pos.pieces()) & square_bb(m.to()));
}

bool king_double_step(Move m) {
    return m.kind() == MoveKind::KingDoubleStep;
}

bool follow_the_pawn(Move m) {
    return m.kind() == MoveKind::KingFollows;
}

std::vector<Position> line_positions(const Position& start, const std::vector<Move>& solution) {
    std::vector<Position> positions{start};
    for (Move m : solution) positions.push_back(after_move(positions.back(), m));
    return positions;
}

bool sacrifice(const std::vector<Position>& positions, Color solver) {
    const int start = material_balance(positions.front(), solver);
    // positions[2k + 2] follows the opponent's k-th reply; the final position does not count.
    for (std::size_t i = 2; i + 1 < positions.size(); i += 2)
        if (material_balance(positions[i], solver) < start - 100) return true;
    return false;
}

std::vector<std::string> puzzle_themes(const Position& start, const std::vector<Move>& solution) {
    std::vector<std::string> themes;
    if (solution.empty()) return themes;
    const std::vector<Position> positions = line_positions(start, solution);
    const Color solver = start.side_to_move();
    const int solver_moves = int(solution.size() + 1) / 2;
    const bool mated = checkmated(positions.back());
    auto any_solver_move = [&](auto&& test) {
        for (std::size_t i = 0; i < solution.size(); i += 2)
            if (test(positions[i], solution[i])) return true;
        return false;
    };
    if (mated) {
        themes.push_back("mate");
        if (solver_moves <= 5) themes.push_back("mateIn" + std::to_string(solver_moves));
    }
    themes.push_back(solver_moves == 1   ? "oneMove"
                     : solver_moves == 2 ? "short"
                     : solver_moves == 3 ? "long"
                                         : "veryLong");
    if (hanging_piece(positions[0], solution[0])) themes.push_back("hangingPiece");
    // A fork by the last move is only the capture that ends the line.
    for (std::size_t i = 0; i + 1 < solution.size(); i += 2)
        if (fork(positions[i], solution[i])) {
            themes.push_back("fork");
            break;
        }
    if (any_solver_move(last_rank_promotion)) themes.push_back("promotion");
    if (any_solver_move([](const Position&, Move m) { return other_colour_promotion(m); }))
        themes.push_back("otherColourPromotion");
    if (sacrifice(positions, solver)) themes.push_back("sacrifice");
    if (any_solver_move(evolution_promotion)) themes.push_back("evolutionPromotion");
    if (any_solver_move(rook_right_spent)) themes.push_back("rookRight");
    const Position& before_last = positions[positions.size() - 2];
    bool mate_by_cthulhu = mated &&
                           type_of(positions.back().piece_on(solution.back().to())) == Cthulhu &&
                           before_last.side_to_move() == solver;
    if (mate_by_cthulhu || any_solver_move(cthulhu_move)) themes.push_back("cthulhu");
    if (any_solver_move([](const Position&, Move m) { return king_double_step(m); }))
        themes.push_back("kingDoubleStep");
    if (any_solver_move([](const Position&, Move m) { return follow_the_pawn(m); }))
        themes.push_back("followThePawn");
    return themes;
}

} // namespace evo::puzzles

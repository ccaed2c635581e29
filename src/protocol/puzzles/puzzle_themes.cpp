#include "puzzle_themes.h"

#include "engine/eval_weights.h"
#include "engine/score_unit.h"
#include "engine/see.h"
#include "engine/value.h"

#include "core/movegen.h"

#include <optional>

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

// Bishops, rooks and queens: the units whose lines pin, skewer and are discovered.
PieceType line_type(const Position& pos, Square s) {
    const PieceType t = type_of(pos.piece_on(s));
    return t == Bishop || t == Rook || t == Queen ? t : NoPieceType;
}

// The first unit behind `front` on the line of the slider on `slider` (which reaches `front`),
// or none.
std::optional<Square> unit_behind(const Position& pos, Square slider, Square front) {
    const PieceType t = line_type(pos, slider);
    const Bitboard occupied = pos.pieces();
    if (t == NoPieceType || !(attacks_of(t, slider, occupied) & square_bb(front)))
        return std::nullopt;
    Bitboard revealed = attacks_of(t, slider, occupied ^ square_bb(front)) &
                        ~attacks_of(t, slider, occupied) & line_bb(slider, front) & occupied;
    if (!revealed) return std::nullopt;
    return lsb(revealed);
}

int see_value(const Position& pos, Square s) {
    return engine::SeeValue[type_of(pos.piece_on(s))];
}

bool belongs_to(const Position& pos, Square s, Color c) {
    return pos.piece_on(s) != NoPiece && color_of(pos.piece_on(s)) == c;
}

// The unit on `front` (the opponent's) cannot leave its square without exposing a royal unit
// or a unit worth more to a solver's slider.
bool pinned_by(const Position& pos, Square front, Color solver) {
    Bitboard sliders =
        pos.pieces(solver, Bishop) | pos.pieces(solver, Rook) | pos.pieces(solver, Queen);
    while (sliders) {
        const Square s = pop_lsb(sliders);
        std::optional<Square> behind = unit_behind(pos, s, front);
        if (behind && belongs_to(pos, *behind, ~solver) &&
            (is_royal(type_of(pos.piece_on(*behind))) ||
             see_value(pos, *behind) > see_value(pos, front)))
            return true;
    }
    return false;
}

// The opponent (to move) can mate at once or win at least a knight's worth by a capture.
bool threatens(const Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
        if (is_capture(pos, m) && engine::see_at_least(pos, m, engine::SeeValue[Knight]))
            return true;
        if (checkmated(after_move(pos, m))) return true;
    }
    return false;
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

bool pin(const std::vector<Position>& positions, const std::vector<Move>& solution) {
    const Color solver = positions.front().side_to_move();
    for (std::size_t i = 0; i < solution.size(); i += 2) {
        const Position& pos = positions[i];
        const Square target = solution[i].to();
        if (is_capture(pos, solution[i]) && belongs_to(pos, target, ~solver) &&
            !is_royal(type_of(pos.piece_on(target))) && pinned_by(pos, target, solver))
            return true;
    }
    return false;
}

bool skewer(const std::vector<Position>& positions, const std::vector<Move>& solution) {
    const Color solver = positions.front().side_to_move();
    for (std::size_t i = 0; i + 2 < solution.size(); i += 2) {
        const Position& after = positions[i + 1];
        const Square slider = solution[i].to();
        const Square front = solution[i + 1].from();
        if (!belongs_to(after, slider, solver) || !belongs_to(after, front, ~solver)) continue;
        std::optional<Square> behind = unit_behind(after, slider, front);
        if (!behind || !belongs_to(after, *behind, ~solver)) continue;
        const bool front_worth_more = is_royal(type_of(after.piece_on(front))) ||
                                      see_value(after, front) > see_value(after, *behind);
        const Move take = solution[i + 2];
        if (front_worth_more && take.from() == slider && take.to() == *behind) return true;
    }
    return false;
}

bool discovered_attack(const std::vector<Position>& positions, const std::vector<Move>& solution) {
    const Color solver = positions.front().side_to_move();
    for (std::size_t i = 0; i < solution.size(); i += 2) {
        const Position& pos = positions[i];
        const Move m = solution[i];
        if (m.kind() == MoveKind::Castle || m.kind() == MoveKind::VerticalCastle) continue;
        Bitboard sliders =
            (pos.pieces(solver, Bishop) | pos.pieces(solver, Rook) | pos.pieces(solver, Queen)) &
            ~square_bb(m.from());
        while (sliders) {
            const Square s = pop_lsb(sliders);
            std::optional<Square> target = unit_behind(pos, s, m.from());
            if (!target || !belongs_to(pos, *target, ~solver)) continue;
            // The moving unit must leave the line, not stay on it or take the target.
            if ((between_bb(s, *target) | square_bb(*target)) & square_bb(m.to())) continue;
            const PieceType type = type_of(pos.piece_on(*target));
            if (is_royal(type)) return true;
            if (type == Pawn) continue;
            for (std::size_t k = i + 2; k < solution.size(); k += 2)
                if (solution[k].from() == s && solution[k].to() == *target &&
                    belongs_to(positions[k], *target, ~solver))
                    return true;
        }
    }
    return false;
}

bool defence(const Position& start, Move first) {
    if (start.in_check() || is_capture(start, first) || first.promotion().any()) return false;
    const Position after = after_move(start, first);
    if (after.in_check()) return false;
    Position passed = start;
    StateInfo st;
    passed.do_null_move(st);
    return threatens(Position(passed)) && !threatens(after);
}

bool declines_right(const Position& pos, Move m) {
    if (!pos.variant().has_evolution() || evolution_promotion(pos, m)) return false;
    MoveList legal;
    generate_legal(pos, legal);
    for (Move other : legal)
        if (other.from() == m.from() && other.to() == m.to() && other.kind() == m.kind() &&
            evolution_promotion(pos, other))
            return true;
    return false;
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
    if (any_solver_move(declines_right))
        themes.push_back(start.variant().evolution == Evolution::Expire ? "rightExpired"
                                                                        : "rightKept");
    if (pin(positions, solution)) themes.push_back("pin");
    if (skewer(positions, solution)) themes.push_back("skewer");
    if (discovered_attack(positions, solution)) themes.push_back("discoveredAttack");
    if (defence(start, solution[0])) themes.push_back("defence");
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

#include "balance_stats.h"

#include <algorithm>
#include <cmath>

namespace evo::balance {

namespace {

int bucket_of(int plies) {
    int b = 0;
    while (b < int(LengthBuckets.size()) && plies > LengthBuckets[std::size_t(b)]) ++b;
    return b;
}

// RULES 2.3-2.5, 3.1-3.4: the rights a move earns (from the counters before it, with the
// variant's N and K) and the one its promotion spends.
void count_rights(VariantBalance& b, const Position& pos, Move m) {
    const Variant& v = pos.variant();
    if (!v.has_evolution()) return;
    Color us = pos.side_to_move();
    Piece mover = pos.piece_on(m.from());
    Piece target = pos.piece_on(m.to());
    bool pawn_move = type_of(mover) == Pawn;
    bool captures_piece =
        m.kind() == MoveKind::Normal && target != NoPiece && type_of(target) != Pawn;
    const EvolutionCounters& e = pos.counters(us);
    if (pawn_move && e.pawn_moves + 1 == v.minor_right_pawn_moves) ++b.minor.earned;
    if (captures_piece && e.captures + 1 == v.rook_right_captures) ++b.rook.earned;
    bool last_rank = pawn_move && relative_rank(us, m.to()) == 7;
    if (m.has_rook_evolution_elsewhere()) {
        ++b.rook.used;
    } else if (Promotion p = m.promotion(); p.any() && !last_rank) {
        if (!pawn_move)
            ++b.rook.used;
        else if (p.type == Rook)
            ++b.direct_rooks;
        else
            ++b.minor.used;
    }
}

} // namespace

void add_game(VariantBalance& b, const Game& game) {
    GameResult result = game.result();
    ++b.games;
    if (result.outcome == Outcome::WhiteWins)
        ++b.white_wins;
    else if (result.outcome == Outcome::BlackWins)
        ++b.black_wins;
    else
        ++b.draws;
    int plies = int(game.moves().size());
    b.plies += plies;
    int bucket = bucket_of(plies);
    ++b.games_by_length[std::size_t(bucket)];
    if (result.outcome == Outcome::WhiteWins || result.outcome == Outcome::BlackWins)
        ++b.decisive_by_length[std::size_t(bucket)];

    Position pos = game.start_position();
    std::vector<StateInfo> states(game.moves().size());
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        count_rights(b, pos, game.moves()[i]);
        pos.do_move(game.moves()[i], states[i]);
    }
}

double VariantBalance::white_score() const {
    return games ? (white_wins + 0.5 * draws) / games : 0.5;
}

std::pair<double, double> VariantBalance::white_score_interval95() const {
    double wins = white_wins + 1.0, losses = black_wins + 1.0, n = games + 2.0;
    double mean = (wins + 0.5 * draws) / n;
    double var = (wins * (1 - mean) * (1 - mean) + draws * (0.5 - mean) * (0.5 - mean) +
                  losses * mean * mean) /
                 n;
    double half = 1.96 * std::sqrt(var / n);
    return {std::max(0.0, mean - half), std::min(1.0, mean + half)};
}

double VariantBalance::draw_rate() const {
    return games ? double(draws) / games : 0;
}

double VariantBalance::average_plies() const {
    return games ? double(plies) / games : 0;
}

} // namespace evo::balance

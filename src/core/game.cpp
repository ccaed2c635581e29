#include "game.h"

#include "movegen.h"
#include "notation.h"

namespace evo {

std::string_view end_reason_name(EndReason r) {
    switch (r) {
    case EndReason::None: return "";
    case EndReason::Checkmate: return "checkmate";
    case EndReason::Stalemate: return "stalemate";
    case EndReason::InsufficientMaterial: return "insufficient material";
    case EndReason::ThreefoldRepetition: return "threefold repetition";
    case EndReason::FiftyMoves: return "fifty-move rule";
    case EndReason::Resignation: return "resignation";
    case EndReason::Agreement: return "agreement";
    case EndReason::Timeout: return "time forfeit";
    case EndReason::TimeoutVsInsufficientMaterial:
        return "time forfeit against insufficient material";
    case EndReason::IllegalMove: return "illegal move";
    case EndReason::EngineFailure: return "engine failure";
    case EndReason::Adjudication: return "adjudication";
    case EndReason::Abandonment: return "opponent left";
    }
    return "";
}

std::string GameResult::pgn_result() const {
    switch (outcome) {
    case Outcome::WhiteWins: return "1-0";
    case Outcome::BlackWins: return "0-1";
    case Outcome::Draw: return "1/2-1/2";
    default: return "*";
    }
}

std::string GameResult::description() const {
    if (!over()) return "game in progress";
    std::string s(end_reason_name(reason));
    if (draw_converted) s += ", won by the first king promotion";
    return s;
}

namespace {

bool only_kings_and_minors(const Position& pos) {
    return !(pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen) | pos.pieces(Cthulhu));
}

// RULES 2.5/3.3 with no pawns left: could `side` still turn a minor into a rook?
bool may_gain_rook(const Position& pos, Color side) {
    const Variant& v = pos.variant();
    if (!v.has_evolution() || !pos.pieces(side, Knight, Bishop)) return false;
    const EvolutionCounters& e = pos.counters(side);
    int enemy_pieces = popcount(pos.pieces(~side) & ~pos.pieces(Pawn) & ~pos.royals());
    return e.rook_rights > 0 || e.captures + enemy_pieces >= v.rook_right_captures;
}

} // namespace

bool insufficient_material(const Position& pos) {
    if (!only_kings_and_minors(pos)) return false;
    if (may_gain_rook(pos, White) || may_gain_rook(pos, Black)) return false;
    Bitboard minors = pos.pieces(Knight) | pos.pieces(Bishop);
    if (popcount(minors) <= 1) return true; // K v K, K+N v K, K+B v K
    // K+B v K+B with both bishops on squares of one colour.
    Bitboard bishops = pos.pieces(Bishop);
    return !pos.pieces(Knight) && popcount(bishops) == 2 &&
           popcount(pos.pieces(White, Bishop)) == 1 &&
           (!(bishops & DarkSquares) || !(bishops & ~DarkSquares));
}

bool has_mating_material(const Position& pos, Color side) {
    if (pos.pieces(side) & (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen))) return true;
    if (pos.pieces(side, Cthulhu)) return true;
    if (may_gain_rook(pos, side)) return true;
    return popcount(pos.pieces(side, Knight, Bishop)) >= 2;
}

Game::Game(const Variant& variant) : Game(Position::start(variant)) {}

Game::Game(const Position& start) : start_(start), position_(start) {
    keys_.push_back(position_.key());
}

Game::Game(const Game& other) : Game(other.start_) {
    for (Move m : other.moves_) play(m);
    outside_ = other.outside_;
}

Game& Game::operator=(const Game& other) {
    if (this == &other) return *this;
    start_ = other.start_;
    position_ = other.start_;
    moves_.clear();
    states_.clear();
    keys_.assign(1, position_.key());
    for (Move m : other.moves_) play(m);
    outside_ = other.outside_;
    return *this;
}

Result<Move> Game::play(std::string_view text) {
    if (result().over()) return make_error(ErrorKind::GameOver, "the game is over");
    auto m = parse_move(position_, text);
    if (m) play(*m);
    return m;
}

void Game::play(Move m) {
    states_.emplace_back();
    position_.do_move(m, states_.back());
    moves_.push_back(m);
    keys_.push_back(position_.key());
}

bool Game::undo() {
    if (moves_.empty()) return false;
    position_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
    keys_.pop_back();
    outside_ = {};
    return true;
}

int Game::repetitions() const {
    int n = int(keys_.size()) - 1, count = 1;
    int reach = std::min(position_.rule50(), n);
    for (int i = n - 2; i >= n - reach; i -= 2)
        if (keys_[std::size_t(i)] == keys_[std::size_t(n)]) ++count;
    return count;
}

void Game::set_outside_result(Outcome outcome, EndReason reason) {
    if (reason == EndReason::Timeout && outcome != Outcome::Draw) {
        Color winner = outcome == Outcome::WhiteWins ? White : Black;
        if (!has_mating_material(position_, winner)) {
            outside_ = finish(Outcome::Draw, EndReason::TimeoutVsInsufficientMaterial);
            return;
        }
    }
    outside_ = finish(outcome, reason);
}

GameResult Game::finish(Outcome outcome, EndReason reason) const {
    GameResult r;
    r.outcome = outcome;
    r.reason = reason;
    const Variant& v = variant();
    // RULES 4.11: every draw but agreement goes to the player who first promoted a king.
    if (outcome == Outcome::Draw && reason != EndReason::Agreement &&
        v.draws_won_by_first_king_promoter && position_.first_king_promoter() >= 0) {
        r.outcome =
            position_.first_king_promoter() == White ? Outcome::WhiteWins : Outcome::BlackWins;
        r.draw_converted = true;
    }
    // RULES 4.12: 1 + every promotion into the other colour; 1/2 each for a draw.
    double win = v.scores_points ? 1.0 + position_.other_color_promotions() : 1.0;
    if (r.outcome == Outcome::WhiteWins)
        r.white_points = win;
    else if (r.outcome == Outcome::BlackWins)
        r.black_points = win;
    else
        r.white_points = r.black_points = 0.5;
    return r;
}

GameResult Game::result() const {
    if (outside_.over()) return outside_;
    MoveList replies;
    generate_base_moves(position_, replies);
    if (replies.empty()) {
        if (position_.in_check())
            return finish(position_.side_to_move() == White ? Outcome::BlackWins
                                                            : Outcome::WhiteWins,
                          EndReason::Checkmate);
        return finish(Outcome::Draw, EndReason::Stalemate);
    }
    if (position_.rule50() >= 100) return finish(Outcome::Draw, EndReason::FiftyMoves);
    if (repetitions() >= 3) return finish(Outcome::Draw, EndReason::ThreefoldRepetition);
    if (insufficient_material(position_))
        return finish(Outcome::Draw, EndReason::InsufficientMaterial);
    return {};
}

} // namespace evo

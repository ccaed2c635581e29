#include "selfplay_data.h"

#include "engine/engine.h"
#include "engine/move_order.h"
#include "engine/score_unit.h"

#include "core/fnv1a.h"
#include "core/movegen.h"

#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <thread>

namespace evo::datagen {

namespace {

bool interrupted(const DatagenSettings& s) {
    return s.interrupted && s.interrupted->load();
}

GameOutcome outcome_of(const GameResult& result) {
    if (result.outcome == Outcome::WhiteWins) return GameOutcome::WhiteWins;
    if (result.outcome == Outcome::BlackWins) return GameOutcome::BlackWins;
    return GameOutcome::Draw;
}

// The best move changes the material by itself, so the score is not the position's own.
bool labelled_quietly(const Position& pos, const engine::SearchResult& r) {
    return !pos.in_check() && !r.score.is_mate() && !is_capture(pos, r.best_move) &&
           !is_promotion(pos, r.best_move);
}

// Runs of plies that call the game decided, from White's view.
class Adjudicator {
  public:
    explicit Adjudicator(const Adjudication& rules) : rules_(rules) {}

    // After each searched ply: a result once the game is decided.
    std::optional<Outcome> after(const engine::Score& white_view_pawns, int ply) {
        const int huge = 1'000'000;
        int cp = white_view_pawns.is_mate() ? (white_view_pawns.value > 0 ? huge : -huge)
                                            : white_view_pawns.value;
        int sign = cp >= rules_.win_cp ? 1 : cp <= -rules_.win_cp ? -1 : 0;
        win_run_ = sign != 0 && sign == win_sign_ ? win_run_ + 1 : (sign != 0 ? 1 : 0);
        win_sign_ = sign;
        if (win_run_ >= rules_.win_plies)
            return win_sign_ > 0 ? Outcome::WhiteWins : Outcome::BlackWins;
        draw_run_ =
            ply >= rules_.draw_from_ply && std::abs(cp) <= rules_.draw_cp ? draw_run_ + 1 : 0;
        if (draw_run_ >= rules_.draw_plies) return Outcome::Draw;
        return std::nullopt;
    }

  private:
    Adjudication rules_;
    int win_run_ = 0, win_sign_ = 0, draw_run_ = 0;
};

} // namespace

std::vector<TrainingPosition> play_game(int game_index, const DatagenSettings& s) {
    const Variant& variant = *s.variant;
    std::seed_seq seeds{std::uint32_t(s.seed), std::uint32_t(s.seed >> 32),
                        std::uint32_t(fnv1a(variant.name)), std::uint32_t(game_index)};
    std::mt19937_64 rng(seeds);
    const int random_plies =
        s.min_random_plies + int(rng() % unsigned(s.max_random_plies - s.min_random_plies + 1));
    engine::Engine engine;
    engine.set_option("Threads", "1");
    engine.set_option("Hash", "16");
    for (const auto& [name, value] : s.engine_options) engine.set_option(name, value);
    engine::Limits limits;
    limits.nodes = s.nodes;

    Game game(variant);
    for (int ply = 0; ply < random_plies && !game.result().over(); ++ply) {
        MoveList legal;
        generate_legal(game.position(), legal);
        game.play(legal[int(rng() % unsigned(legal.size()))]);
    }
    if (game.result().over()) return {};

    std::vector<TrainingPosition> positions;
    Adjudicator adjudicator(s.adjudication);
    std::optional<Outcome> adjudicated;
    while (!game.result().over()) {
        if (interrupted(s)) return {};
        const Position& pos = game.position();
        if (pos.game_ply() >= s.max_plies) {
            adjudicated = Outcome::Draw;
            break;
        }
        engine::SearchResult r = engine.search(game, limits);
        if (r.best_move.is_none()) break;
        const bool white = pos.side_to_move() == White;
        if (labelled_quietly(pos, r))
            positions.push_back({pos, white ? r.score.value : -r.score.value});
        engine::Score pawns = engine::in_pawns(r.score, variant);
        if (!white) pawns.value = -pawns.value;
        adjudicated = adjudicator.after(pawns, pos.game_ply());
        if (adjudicated) break;
        game.play(r.best_move);
    }
    // A draw by adjudication is converted as the rules convert draws (RULES 4.11).
    if (adjudicated) game.set_outside_result(*adjudicated, EndReason::Adjudication);
    const GameOutcome outcome = outcome_of(game.result());
    for (TrainingPosition& p : positions) {
        p.outcome = outcome;
        p.adjudicated = adjudicated.has_value();
    }
    return positions;
}

int generate(const DatagenSettings& s) {
    std::atomic<int> next{s.first_game};
    std::mutex report;
    std::map<int, std::vector<TrainingPosition>> finished;
    int next_to_report = s.first_game, reported = 0;
    auto work = [&] {
        for (int g = next++; g < s.games; g = next++) {
            std::vector<TrainingPosition> positions = play_game(g, s);
            if (interrupted(s)) return;
            std::lock_guard lock(report);
            finished.emplace(g, std::move(positions));
            // The games in order, so that the file does not depend on the threads.
            for (auto it = finished.find(next_to_report); it != finished.end();
                 it = finished.find(next_to_report)) {
                if (s.on_game) s.on_game(it->first, it->second);
                finished.erase(it);
                ++next_to_report;
                ++reported;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, s.threads); ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    return reported;
}

} // namespace evo::datagen

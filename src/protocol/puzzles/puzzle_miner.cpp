#include "puzzle_miner.h"

#include "puzzle_search.h"

#include "core/fnv1a.h"
#include "core/movegen.h"

#include <cstdlib>
#include <mutex>
#include <random>
#include <thread>

namespace evo::puzzles {

namespace {

constexpr int DecidedCp = 1000; // a game this lopsided for DecidedPlies plies is over
constexpr int DecidedPlies = 8;
// The levels (engine/levels.h) that play the self-play games: Beginner to Club.
constexpr int FirstPlayerLevel = 1;
constexpr int LastPlayerLevel = 4;

bool interrupted(const MiningSettings& s) {
    return s.interrupted && s.interrupted->load();
}

std::optional<engine::Score> finder_score(engine::Engine& finder, const Game& game,
                                          std::uint64_t nodes, Move* best) {
    std::vector<Line> lines = best_lines(finder, game, nodes, 1);
    if (lines.empty()) return std::nullopt;
    if (best) *best = lines[0].move;
    return lines[0].score;
}

} // namespace

std::vector<Puzzle> puzzles_in_line(const Position& start, const std::vector<Move>& moves,
                                    const std::vector<std::optional<engine::Score>>& scores,
                                    const FinderRules& rules, const PuzzleOrigin& origin) {
    engine::Engine verifier;
    configure_for_mining(verifier);
    std::vector<Puzzle> found;
    Game replay(start);
    std::size_t skip_until = 0;
    for (std::size_t i = 1; i < scores.size() && i <= moves.size(); ++i) {
        const Position before = replay.position();
        replay.play(moves[i - 1]);
        if (i < skip_until || !scores[i - 1] || !scores[i]) continue;
        if (!is_candidate(negated(*scores[i - 1]), *scores[i], rules)) continue;
        std::optional<Puzzle> puzzle = find_puzzle(verifier, before, moves[i - 1], rules);
        if (!puzzle) continue;
        // The same first move a few plies after the last puzzle: the blunder left unpunished.
        if (!found.empty() && found.back().origin.ply + 4 >= int(i - 1) &&
            found.back().moves[1] == puzzle->moves[1])
            continue;
        puzzle->origin = origin;
        puzzle->origin.ply = int(i - 1);
        skip_until = i + puzzle->moves.size();
        found.push_back(std::move(*puzzle));
    }
    return found;
}

std::vector<Puzzle> mine_selfplay_game(const Variant& variant, int game_index,
                                       const MiningSettings& settings) {
    std::seed_seq seeds{std::uint32_t(settings.seed), std::uint32_t(settings.seed >> 32),
                        std::uint32_t(fnv1a(variant.name)), std::uint32_t(game_index)};
    std::mt19937_64 rng(seeds);
    const int random_plies = 2 + int(rng() % 6);
    // The moves come from a weakened level, which blunders as people do; the finder scores
    // every position at full strength, so it sees the blunders.
    const int level = FirstPlayerLevel + int(rng() % (LastPlayerLevel - FirstPlayerLevel + 1));
    engine::Engine finder, player;
    configure_for_mining(finder);
    configure_for_mining(player);
    player.seed_random(rng());
    engine::Limits player_limits;
    player_limits.level = level;
    Game game(variant);
    std::vector<std::optional<engine::Score>> scores;
    int decided = 0;
    for (int ply = 0; ply < settings.max_plies && !game.result().over(); ++ply) {
        if (interrupted(settings)) return {};
        if (ply < random_plies) {
            MoveList legal;
            generate_legal(game.position(), legal);
            game.play(legal[int(rng() % unsigned(legal.size()))]);
            scores.push_back(std::nullopt);
            continue;
        }
        std::optional<engine::Score> score =
            finder_score(finder, game, settings.finder_nodes, nullptr);
        if (!score) break;
        scores.push_back(score);
        decided = std::abs(comparable(*score)) >= DecidedCp ? decided + 1 : 0;
        if (decided >= DecidedPlies) break;
        game.play(player.search(game, player_limits).best_move);
    }
    return puzzles_in_line(game.start_position(), game.moves(), scores, settings.rules,
                           {"selfplay", game_index, 0});
}

std::vector<Puzzle> mine_recorded_game(const Game& recorded, int index,
                                       const MiningSettings& settings) {
    engine::Engine finder;
    configure_for_mining(finder);
    Game game(recorded.start_position());
    std::vector<std::optional<engine::Score>> scores;
    for (std::size_t i = 0; i <= recorded.moves().size(); ++i) {
        if (interrupted(settings)) return {};
        scores.push_back(game.result().over()
                             ? std::nullopt
                             : finder_score(finder, game, settings.finder_nodes, nullptr));
        if (i < recorded.moves().size()) game.play(recorded.moves()[i]);
    }
    return puzzles_in_line(recorded.start_position(), recorded.moves(), scores, settings.rules,
                           {"pgn", index, 0});
}

int mine(const MiningSettings& settings) {
    struct Task {
        std::string key;
        const Variant* variant;
        int game;
    };
    std::vector<Task> tasks;
    for (const Variant* v : settings.variants)
        for (int g = 0; g < settings.games; ++g) {
            std::string key = game_key(v->name, "selfplay", g);
            if (!settings.done.count(key)) tasks.push_back({key, v, g});
        }
    for (int g = 0; g < int(settings.recorded_games.size()); ++g) {
        std::string key = game_key("", "pgn", g);
        if (!settings.done.count(key)) tasks.push_back({key, nullptr, g});
    }

    std::atomic<std::size_t> next{0};
    std::atomic<int> mined{0};
    std::mutex report;
    auto work = [&] {
        for (std::size_t i = next++; i < tasks.size(); i = next++) {
            const Task& task = tasks[i];
            std::vector<Puzzle> puzzles =
                task.variant ? mine_selfplay_game(*task.variant, task.game, settings)
                             : mine_recorded_game(settings.recorded_games[std::size_t(task.game)],
                                                  task.game, settings);
            if (interrupted(settings)) return;
            ++mined;
            std::lock_guard lock(report);
            if (settings.on_game) settings.on_game(task.key, puzzles);
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, settings.threads); ++t) threads.emplace_back(work);
    work();
    for (std::thread& t : threads) t.join();
    return mined.load();
}

} // namespace evo::puzzles

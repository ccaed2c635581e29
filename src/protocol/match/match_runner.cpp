#include "match_runner.h"

#include "game_referee.h"
#include "match_pgn.h"
#include "match_report.h"

#include <memory>
#include <mutex>
#include <thread>

namespace evo::match {

namespace {

// One game to play: which pairing, which game of it, and which engine has White.
struct GameTask {
    int pairing = 0;
    int pair = 0;         // opening pair within the pairing
    bool swapped = false; // the pairing's second engine has White
    int round = 0;        // 1-based, in schedule order
};

// Pairs of one opening are scheduled together and pairings take turns, so that a match
// stopped early (SPRT, Ctrl-C) has complete pairs for every pair of engines. Without colour
// swaps every game has an opening of its own, the first engine White.
std::vector<GameTask> schedule(int pairings, int games, bool swap_colours) {
    std::vector<GameTask> tasks;
    if (!swap_colours) {
        for (int game = 0; game < games; ++game)
            for (int pairing = 0; pairing < pairings; ++pairing)
                tasks.push_back({pairing, game, false, int(tasks.size()) + 1});
        return tasks;
    }
    for (int pair = 0; 2 * pair < games; ++pair)
        for (int pairing = 0; pairing < pairings; ++pairing)
            for (int game = 2 * pair; game < std::min(2 * pair + 2, games); ++game)
                tasks.push_back({pairing, pair, game % 2 == 1, int(tasks.size()) + 1});
    return tasks;
}

class UciLogFile {
  public:
    explicit UciLogFile(std::FILE* file) : file_(file) {}
    ~UciLogFile() {
        if (file_) std::fclose(file_);
    }
    UciTrafficLog logger() {
        if (!file_) return {};
        return [this](const std::string& engine, bool sent, const std::string& line) {
            auto ms =
                std::chrono::duration_cast<Milliseconds>(Clock::now().time_since_epoch()).count();
            std::lock_guard lock(mutex_);
            std::fprintf(file_, "%lld %s %s %s\n", static_cast<long long>(ms), engine.c_str(),
                         sent ? "<" : ">", line.c_str());
        };
    }

  private:
    std::FILE* file_;
    std::mutex mutex_;
};

class MatchRun {
  public:
    MatchRun(const MatchConfig& config, std::FILE* out, std::FILE* pgn, UciTrafficLog log)
        : config_(config), out_(out), pgn_(pgn), log_(std::move(log)) {
        for (const EngineSpec& engine : config.engines) summary_.names.push_back(engine.name);
        int n = int(config.engines.size());
        for (int first = 0; first < n; ++first)
            for (int second = first + 1; second < n; ++second) {
                PairingStats stats;
                stats.first = first;
                stats.second = second;
                stats.pair_points.resize(
                    std::size_t(config.swap_colours ? (config.games + 1) / 2 : config.games));
                summary_.pairings.push_back(std::move(stats));
            }
        tasks_ = schedule(int(summary_.pairings.size()), config.games, config.swap_colours);
        summary_.games_planned = int(tasks_.size());
    }

    MatchSummary run() {
        int workers = std::max(1, std::min(config_.concurrency, int(tasks_.size())));
        {
            std::vector<std::jthread> threads;
            for (int i = 0; i < workers; ++i) threads.emplace_back([this] { work(); });
        }
        summary_.interrupted = interrupted();
        return summary_;
    }

  private:
    bool interrupted() const { return config_.interrupted && config_.interrupted->load(); }

    std::optional<GameTask> next_task() {
        std::lock_guard lock(mutex_);
        if (next_ >= tasks_.size() || summary_.stopped_by_sprt || interrupted())
            return std::nullopt;
        return tasks_[next_++];
    }

    // Each worker has its own engine processes, started on first use and kept between
    // games; an engine that failed is shut down by the referee and started again.
    void work() {
        std::vector<std::unique_ptr<UciEngine>> engines(config_.engines.size());
        auto engine = [&](int index) -> UciEngine& {
            auto& slot = engines[std::size_t(index)];
            if (!slot)
                slot = std::make_unique<UciEngine>(config_.engines[std::size_t(index)], log_);
            return *slot;
        };
        RefereeSettings settings{config_.variant, config_.limits, config_.interrupted};
        while (auto task = next_task()) {
            const PairingStats& pairing = summary_.pairings[std::size_t(task->pairing)];
            int white = task->swapped ? pairing.second : pairing.first;
            int black = task->swapped ? pairing.first : pairing.second;
            const Opening& opening =
                config_.openings[std::size_t(task->pair) % config_.openings.size()];
            RefereedGame record = play_game(engine(white), engine(black), opening, settings);
            if (!record.aborted) finish(*task, white, black, record, opening);
        }
    }

    void finish(const GameTask& task, int white, int black, const RefereedGame& record,
                const Opening& opening) {
        GameResult result = record.game.result();
        std::lock_guard lock(mutex_);
        PairingStats& p = summary_.pairings[std::size_t(task.pairing)];
        bool first_white = white == p.first;
        double first_score = result.outcome == Outcome::Draw                         ? 0.5
                             : (result.outcome == Outcome::WhiteWins) == first_white ? 1.0
                                                                                     : 0.0;
        if (first_score == 1)
            ++p.games.wins;
        else if (first_score == 0)
            ++p.games.losses;
        else
            ++p.games.draws;
        p.first_points += first_white ? result.white_points : result.black_points;
        p.second_points += first_white ? result.black_points : result.white_points;
        ++p.endings[result.description()];
        auto& points = p.pair_points[std::size_t(task.pair)];
        points[task.swapped ? 1 : 0] = first_score;
        if (points[0] && points[1]) p.pairs.add_pair(*points[0], *points[1]);
        ++summary_.games_played;
        if (config_.on_game)
            config_.on_game(record.game, summary_.games_played, summary_.games_planned);

        if (pgn_) {
            MatchGameInfo info{summary_.names[std::size_t(white)],
                               summary_.names[std::size_t(black)],
                               task.round,
                               clock_tag(white),
                               clock_tag(black),
                               opening.source};
            std::fputs(match_game_pgn(record, info).c_str(), pgn_);
            std::fflush(pgn_);
        }

        const std::string& white_name = summary_.names[std::size_t(white)];
        const std::string& black_name = summary_.names[std::size_t(black)];
        std::string line = "[";
        line.append(std::to_string(summary_.games_played)).append("/");
        line.append(std::to_string(summary_.games_planned)).append("] round ");
        line.append(std::to_string(task.round)).append(": ").append(white_name).append(" - ");
        line.append(black_name).append(" ").append(result.pgn_result()).append(" (");
        line.append(record.detail.empty() ? result.description() : record.detail).append(") | ");
        line.append(score_text(summary_, p));
        if (config_.sprt) {
            line += " | " + sprt_text(*config_.sprt, p);
            if (sprt_verdict(*config_.sprt, sprt_llr(*config_.sprt, p.pairs)) !=
                SprtVerdict::Continue)
                summary_.stopped_by_sprt = true;
        }
        std::fprintf(out_, "%s\n", line.c_str());
        std::fflush(out_);
    }

    // The PGN TimeControl of engine `index`: its own clock or the match's, "-" for none.
    std::string clock_tag(int index) const {
        SearchLimits limits = limits_for(config_.limits, config_.engines[std::size_t(index)]);
        return limits.clock ? time_control_tag(*limits.clock) : "-";
    }

    const MatchConfig& config_;
    std::FILE* out_;
    std::FILE* pgn_;
    UciTrafficLog log_;
    std::vector<GameTask> tasks_;
    std::size_t next_ = 0;
    MatchSummary summary_;
    std::mutex mutex_;
};

} // namespace

Result<bool> check_config(const MatchConfig& config) {
    if (!config.variant) return make_error("no variant");
    if (config.engines.size() < 2) return make_error("a match needs at least two --engine");
    if (config.games < 1) return make_error("--games must be at least 1");
    if (config.concurrency < 1) return make_error("--concurrency must be at least 1");
    if (config.limits.nodes < 0 || config.limits.depth < 0)
        return make_error("--nodes and --depth must be positive");
    for (const EngineSpec& spec : config.engines) {
        SearchLimits limits = limits_for(config.limits, spec);
        if (!limits.clock && limits.nodes <= 0 && limits.depth <= 0 && !limits.movetime.count())
            return make_error("give a limit: --tc, --nodes, --depth or --movetime (or the "
                              "engine's own tc=, nodes=, depth=, movetime=) for " +
                              spec.name);
    }
    if (config.sprt && config.engines.size() != 2)
        return make_error("--sprt needs exactly two engines");
    return true;
}

Result<bool> check_engines(const MatchConfig& config) {
    for (const EngineSpec& spec : config.engines) {
        UciEngine engine(spec);
        auto started = engine.start(config.variant->name);
        if (!started) return started;
    }
    return true;
}

Result<MatchSummary> run_match(const MatchConfig& config, std::FILE* out) {
    auto valid = check_config(config);
    if (!valid) return make_error(valid.error());
    auto engines_ok = check_engines(config);
    if (!engines_ok) return make_error(engines_ok.error());

    MatchConfig with_openings = config;
    if (with_openings.openings.empty())
        with_openings.openings.push_back({Game(*config.variant), ""});

    std::FILE* pgn = nullptr;
    if (!config.pgn_path.empty() && !(pgn = std::fopen(config.pgn_path.c_str(), "w")))
        return make_error("cannot write PGN file " + config.pgn_path);
    std::FILE* log_file = nullptr;
    if (!config.uci_log_path.empty() &&
        !(log_file = std::fopen(config.uci_log_path.c_str(), "w"))) {
        if (pgn) std::fclose(pgn);
        return make_error("cannot write UCI log " + config.uci_log_path);
    }
    UciLogFile log(log_file);

    MatchRun run(with_openings, out, pgn, log.logger());
    MatchSummary summary = run.run();
    if (pgn) std::fclose(pgn);
    std::fputs(summary_text(summary, with_openings).c_str(), out);
    std::fflush(out);
    return summary;
}

} // namespace evo::match

#include "engine.h"

#include "levels.h"
#include "nnue_eval.h"
#include "score_unit.h"
#include "search.h"
#include "search_thread.h"
#include "tt.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>
#include <random>
#include <system_error>
#include <thread>

namespace evo::engine {

namespace {

constexpr int DefaultHashMb = 16;
// What a GUI may ask for, and what `uci` advertises: at most half of this machine's memory
// (tt.h says why).
constexpr int MaxHashMbAnywhere = 32768;
int max_hash_mb() {
    return int(std::min<std::size_t>(MaxHashMbAnywhere, TranspositionTable::usable_megabytes()));
}
constexpr int MaxMultiPv = 256;
constexpr int DefaultMoveOverheadMs = 10;

bool iequals(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

std::optional<int> parse_int(std::string_view text) {
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<bool> parse_bool(std::string_view text) {
    if (iequals(text, "true")) return true;
    if (iequals(text, "false")) return false;
    return std::nullopt;
}

} // namespace

std::string uci_score(const Score& score) {
    return (score.is_mate() ? "mate " : "cp ") + std::to_string(score.value);
}

struct Engine::Impl {
    TranspositionTable tt;
    std::vector<std::unique_ptr<Worker>> workers;
    SearchShared shared;
    std::mt19937_64 rng{std::random_device{}()};

    int hash_mb = DefaultHashMb;
    int threads = 1;
    int multipv = 1;
    int move_overhead_ms = DefaultMoveOverheadMs;
    int skill_level = MaxSkillLevel;
    bool limit_strength = false;
    int elo = max_level_elo();
    int level_option = LevelCount;
    NnueNets nnue; // Use NNUE, EvalFile

    // The background search.
    mutable std::mutex mutex;
    std::condition_variable done_signal;
    SearchThread main_thread;
    bool running = false;

    // The caller's callback, and the first move of the last main line it was sent: the
    // line a GUI shows last must start with the move answered (issue 11, bug 4).
    const InfoCallback* caller_info = nullptr;
    Move last_reported_move = Move::none();
    InfoCallback recording_info = [this](const SearchInfo& info) {
        if (info.multipv == 1 && !info.pv.empty()) last_reported_move = info.pv[0];
        (*caller_info)(info);
    };

    Impl() {
        if (!tt.resize(std::size_t(hash_mb))) hash_mb = int(tt.megabytes());
        resize_workers();
    }

    // A table of the asked size, else the one it had (error text saying so).
    std::optional<std::string> resize_table(int megabytes) {
        if (!tt.resize(std::size_t(megabytes)))
            return "could not allocate " + std::to_string(megabytes) + " MB for Hash; keeping " +
                   std::to_string(hash_mb) + " MB";
        hash_mb = megabytes;
        return std::nullopt;
    }

    // Workers of the asked count, else the ones it had (error text saying so).
    std::optional<std::string> set_threads(int count) {
        int before = threads;
        try {
            threads = count;
            resize_workers();
            return std::nullopt;
        } catch (const std::bad_alloc&) {
            threads = before;
            workers.resize(std::size_t(before));
            return "could not allocate " + std::to_string(count) + " search threads; keeping " +
                   std::to_string(before);
        }
    }

    void resize_workers() {
        while (int(workers.size()) < threads)
            workers.push_back(std::make_unique<Worker>(int(workers.size())));
        workers.resize(std::size_t(threads));
    }

    Level playing_level; // the level of the search under way, in its variant's units

    const Level& level_for(const Limits& limits) const {
        if (limits.level) return level(*limits.level);
        if (limits.elo) return level(level_for_elo(*limits.elo));
        int number = std::min(level_option, level_for_skill(skill_level));
        if (limit_strength) number = std::min(number, level_for_elo(elo));
        return level(number);
    }

    // Sets up every worker; runs in the caller's thread.
    const Level* prepare(const Game& game, const Limits& limits, const InfoCallback* on_info) {
        playing_level = in_variant_units(level_for(limits), pawn_value(game.variant()),
                                         pawn_value(chess_variant()));
        const Level& playing = playing_level;
        shared.tt = &tt;
        shared.weights = &weights_for(game.variant());
        shared.nnue =
            playing.hand_written_evaluation ? NnueEval{} : nnue.for_variant(game.variant());
        shared.limits = limits;
        if (playing.nodes)
            shared.limits.nodes = std::min(limits.nodes.value_or(*playing.nodes), *playing.nodes);
        shared.start = Clock::now();
        shared.stop = false;
        shared.pondering = limits.ponder;
        caller_info = on_info;
        last_reported_move = Move::none();
        shared.on_info = on_info && *on_info ? &recording_info : nullptr;
        const Position& pos = game.position();
        shared.time.start(limits, pos.side_to_move(), pos.game_ply(), move_overhead_ms);
        shared.multipv = std::max(std::clamp(multipv, 1, MaxMultiPv), playing.lines);
        shared.max_depth = limits.depth ? std::clamp(*limits.depth, 1, MaxPly - 1) : MaxPly - 1;
        if (playing.depth) shared.max_depth = std::min(shared.max_depth, *playing.depth);
        tt.new_search();
        shared.workers.clear();
        for (auto& w : workers) {
            w->prepare(game, shared);
            shared.workers.push_back(w.get());
        }
        return &playing;
    }

    // Runs in the search thread.
    SearchResult run(const Level& playing) {
        Worker& main = *workers[0];
        SearchResult result;
        if (main.root_moves().empty()) {
            // Mated or stalemated: nothing to search, but keep UCI's rule that an infinite
            // search answers only after stop.
            wait_for_release();
            return result;
        }
        std::vector<std::thread> helpers;
        try {
            for (std::size_t i = 1; i < workers.size(); ++i)
                helpers.emplace_back([w = workers[i].get()] { w->iterative_deepening(); });
        } catch (const std::system_error&) {
            // The system gave fewer threads than asked: search with those it gave.
        }
        main.iterative_deepening();
        wait_for_release();
        shared.stop = true;
        for (auto& t : helpers) t.join();
        for (auto& w : workers) w->extend_short_lines();

        // A helper that got deeper with a score at least as good speaks for the search.
        const Worker* best = &main;
        for (const auto& w : workers) {
            if (w->root_moves().empty() || w->completed_depth() == 0) continue;
            if (w->completed_depth() > best->completed_depth() &&
                w->root_moves()[0].score >= best->root_moves()[0].score &&
                playing.full_strength() && multipv == 1)
                best = w.get();
        }
        const RootMove& top = best->root_moves()[0];
        result.best_move = top.move;
        result.pv = top.pv;
        if (!playing.full_strength()) {
            result.best_move = pick_for_level(main.root_moves(), playing, rng);
            for (const RootMove& rm : main.root_moves())
                if (rm.move == result.best_move) result.pv = rm.pv;
        }
        if (result.pv.size() > 1) result.ponder_move = result.pv[1];
        report_answer(playing.full_strength() ? *best : main, result.best_move);
        SearchInfo info = best->info_for(0, std::max(1, best->completed_depth()));
        result.score = info.score;
        result.depth = best->completed_depth();
        result.nodes = shared.total_nodes();
        result.time_ms = elapsed_ms(shared.start);
        return result;
    }

    // Sends the lines again, the answered move's first, when the last line sent started
    // with another move: a search stopped mid-iteration after its best move changed, a
    // helper thread that got deeper, or a weakened level's choice. The other lines follow
    // in their order, so that no two ranks show the same move.
    void report_answer(const Worker& source, Move answer) {
        if (!shared.on_info || last_reported_move == answer) return;
        const auto& moves = source.root_moves();
        auto answered = std::find_if(moves.begin(), moves.end(),
                                     [&](const RootMove& rm) { return rm.move == answer; });
        if (answered == moves.end()) return;
        const int depth = std::max(1, source.completed_depth());
        const int answered_index = int(answered - moves.begin());
        const int lines = std::min(std::clamp(multipv, 1, MaxMultiPv), int(moves.size()));
        int rank = 1;
        auto send = [&](int index) {
            SearchInfo info = source.info_for(index, depth);
            info.multipv = rank++;
            recording_info(info);
        };
        send(answered_index);
        for (int i = 0; i < int(moves.size()) && rank <= lines; ++i)
            if (i != answered_index) send(i);
    }

    // UCI: an infinite or pondering search does not answer before stop (or ponderhit).
    void wait_for_release() {
        while (!shared.stop.load() && (shared.limits.infinite || shared.pondering.load())) {
            if (shared.limits.stop_flag && shared.limits.stop_flag->load()) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
};

Engine::Engine() : impl_(std::make_unique<Impl>()) {}

Engine::~Engine() {
    stop();
    wait();
}

std::optional<std::string> Engine::set_option(std::string_view name, std::string_view value) {
    Impl& d = *impl_;
    auto spin = [&](int min, int max) -> std::optional<int> {
        auto v = parse_int(value);
        if (!v || *v < min || *v > max) return std::nullopt;
        return v;
    };
    auto bad = [&](std::string_view what) {
        return std::optional<std::string>("bad value '" + std::string(value) + "' for " +
                                          std::string(name) + " (" + std::string(what) + ")");
    };
    if (iequals(name, "Hash")) {
        auto v = spin(1, max_hash_mb());
        if (!v)
            return bad("1.." + std::to_string(max_hash_mb()) +
                       " MB: at most half of this machine's memory");
        return d.resize_table(*v);
    } else if (iequals(name, "Threads")) {
        auto v = spin(1, max_search_threads());
        if (!v) return bad("1.." + std::to_string(max_search_threads()));
        return d.set_threads(*v);
    } else if (iequals(name, "MultiPV")) {
        auto v = spin(1, MaxMultiPv);
        if (!v) return bad("1.." + std::to_string(MaxMultiPv));
        d.multipv = *v;
    } else if (iequals(name, "Move Overhead")) {
        auto v = spin(0, 5000);
        if (!v) return bad("0..5000");
        d.move_overhead_ms = *v;
    } else if (iequals(name, "Skill Level")) {
        auto v = spin(0, MaxSkillLevel);
        if (!v) return bad("0..20");
        d.skill_level = *v;
    } else if (iequals(name, "UCI_LimitStrength")) {
        auto v = parse_bool(value);
        if (!v) return bad("true or false");
        d.limit_strength = *v;
    } else if (iequals(name, "UCI_Elo")) {
        auto v = spin(min_level_elo(), max_level_elo());
        if (!v)
            return bad(std::to_string(min_level_elo()) + ".." + std::to_string(max_level_elo()));
        d.elo = *v;
    } else if (iequals(name, "Level")) {
        auto v = spin(1, LevelCount);
        if (!v) return bad("1.." + std::to_string(LevelCount));
        d.level_option = *v;
    } else if (iequals(name, "Use NNUE")) {
        auto v = parse_bool(value);
        if (!v) return bad("true or false");
        d.nnue.set_enabled(*v);
        d.tt.clear(); // its static evaluations are the other evaluation's
    } else if (iequals(name, "EvalFile")) {
        d.tt.clear();
        return d.nnue.set_eval_file(std::string(value));
    } else if (iequals(name, "Clear Hash")) {
        d.tt.clear();
    } else {
        return "unknown option '" + std::string(name) + "'";
    }
    return std::nullopt;
}

std::vector<OptionDescription> Engine::options() const {
    using T = OptionDescription::Type;
    return {
        {"Threads", T::Spin, "1", 1, max_search_threads(), {}},
        {"Hash", T::Spin, std::to_string(DefaultHashMb), 1, max_hash_mb(), {}},
        {"Clear Hash", T::Button, "", 0, 0, {}},
        {"MultiPV", T::Spin, "1", 1, MaxMultiPv, {}},
        {"Move Overhead", T::Spin, std::to_string(DefaultMoveOverheadMs), 0, 5000, {}},
        {"Skill Level", T::Spin, std::to_string(MaxSkillLevel), 0, MaxSkillLevel, {}},
        {"UCI_LimitStrength", T::Check, "false", 0, 0, {}},
        {"UCI_Elo", T::Spin, std::to_string(max_level_elo()), min_level_elo(), max_level_elo(), {}},
        {"Level", T::Spin, std::to_string(LevelCount), 1, LevelCount, {}},
        {"Use NNUE", T::Check, "true", 0, 0, {}},
        {"EvalFile", T::String, "", 0, 0, {}},
    };
}

void Engine::new_game() {
    wait();
    impl_->tt.clear();
    for (auto& w : impl_->workers) w->clear_history();
}

SearchResult Engine::search(const Game& game, const Limits& limits, const InfoCallback& on_info) {
    SearchResult result;
    start_search(game, limits, on_info, [&](const SearchResult& r) { result = r; });
    wait();
    return result;
}

void Engine::start_search(const Game& game, const Limits& limits, InfoCallback on_info,
                          std::function<void(const SearchResult&)> on_done) {
    wait();
    Impl& d = *impl_;
    auto callback = std::make_shared<InfoCallback>(std::move(on_info));
    const Level* playing = d.prepare(game, limits, callback.get());
    {
        std::lock_guard lock(d.mutex);
        d.running = true;
    }
    d.main_thread.start([&d, playing, callback, on_done = std::move(on_done)] {
        SearchResult result = d.run(*playing);
        // Not searching any more before `bestmove` goes out: a GUI sends its next `go` as
        // soon as it reads it, and that `go` must not be refused as "already searching".
        {
            std::lock_guard lock(d.mutex);
            d.running = false;
            d.done_signal.notify_all();
        }
        if (on_done) on_done(result);
    });
}

void Engine::wait() {
    Impl& d = *impl_;
    d.main_thread.join();
}

bool Engine::searching() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->running;
}

void Engine::stop() {
    impl_->shared.stop = true;
}

void Engine::ponderhit() {
    impl_->shared.pondering = false;
}

std::optional<std::string> Engine::evaluation_problem(const Variant& variant) {
    std::string why;
    impl_->nnue.for_variant(variant, &why);
    if (why.empty()) return std::nullopt;
    return why;
}

bool Engine::uses_nnue(const Variant& variant) {
    return impl_->nnue.for_variant(variant).net != nullptr;
}

std::string Engine::evaluation_fingerprint(const Variant& variant) {
    NnueEval eval = impl_->nnue.for_variant(variant);
    if (!eval.net) return "hand-written";
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)nnue::fingerprint(*eval.net));
    return std::string("net ") + hex;
}

std::optional<int> Engine::nnue_evaluation(const Position& pos) {
    NnueEval eval = impl_->nnue.for_variant(pos.variant());
    if (!eval.net) return std::nullopt;
    return eval.value(nnue::evaluate_position(*eval.net, pos, nnue::best_kernels()));
}

int Engine::hashfull() const {
    return impl_->tt.hashfull();
}

void Engine::seed_random(std::uint64_t seed) {
    impl_->rng.seed(seed);
}

} // namespace evo::engine

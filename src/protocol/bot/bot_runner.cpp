#include "bot_runner.h"

#include "bot_game.h"

#include "core/notation.h"
#include "core/variant_keys.h"
#include "engine/engine.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>

namespace evo::bot {

using json = nlohmann::json;
using std::chrono::milliseconds;

namespace {

constexpr milliseconds first_retry{1000};
constexpr milliseconds last_retry{60000};

milliseconds next_retry(milliseconds wait) {
    return std::min(wait * 2, last_retry);
}

// A server's answer for the log: its status and the start of its body on one line.
std::string answer_text(const HttpAnswer& answer) {
    std::string body = answer.body.substr(0, 200);
    std::replace(body.begin(), body.end(), '\n', ' ');
    return std::to_string(answer.status) + (body.empty() ? "" : " " + body);
}

} // namespace

// One game: its stream is read on `thread`, its searches run on `engine`'s own thread; a
// search's move is sent only while its generation is still the game's latest.
struct BotRunner::GameThread {
    std::string id;
    StreamCancel cancel;
    engine::Engine engine;
    std::atomic<int> generation{0};
    std::atomic<bool> done{false};
    std::thread thread;
};

BotRunner::BotRunner(LichessClient client, BotOptions options, std::ostream& log)
    : client_(std::move(client)), options_(std::move(options)), log_(log) {}

BotRunner::~BotRunner() {
    stop();
    for (auto& [id, game] : games_)
        if (game->thread.joinable()) game->thread.join();
}

std::string BotRunner::name() const {
    std::lock_guard lock(mutex_);
    return name_;
}

void BotRunner::say(const std::string& line) {
    std::lock_guard lock(log_mutex_);
    log_ << "bot " << (name_.empty() ? "?" : name_) << ": " << line << std::endl;
}

bool BotRunner::wait_or_stop(milliseconds wait) {
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, wait, [this] { return stopping_; });
    return !stopping_;
}

void BotRunner::stop() {
    std::vector<std::shared_ptr<GameThread>> games;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        for (auto& [id, game] : games_) games.push_back(game);
    }
    wake_.notify_all();
    events_cancel_.cancel();
    for (const auto& game : games) {
        game->cancel.cancel();
        game->engine.stop();
    }
}

Result<bool> BotRunner::check_account() {
    HttpAnswer account = client_.get("/api/account");
    if (account.status == 401) return make_error("the server refused the token (401)");
    if (account.status != 200)
        return make_error("GET /api/account answered " + answer_text(account));
    json body = json::parse(account.body, nullptr, false);
    if (!body.is_object() || !body.value("id", json()).is_string())
        return make_error("GET /api/account answered no account");
    {
        std::lock_guard lock(mutex_);
        id_ = body["id"].get<std::string>();
        auto username = body.find("username");
        name_ =
            username != body.end() && username->is_string() ? username->get<std::string>() : id_;
    }
    if (body.value("title", json()) != json("BOT")) {
        HttpAnswer upgrade = client_.post("/api/bot/account/upgrade");
        if (upgrade.status != 200)
            return make_error("the account is not a bot and cannot become one: " +
                              answer_text(upgrade));
        say("upgraded to a bot account");
    }
    return true;
}

Result<bool> BotRunner::run() {
    try {
        auto checked = check_account();
        if (!checked) return checked;
    } catch (const ConnectionError& error) {
        return make_error(std::string("cannot reach the server: ") + error.what());
    }
    std::string keys;
    for (const auto& variant : options_.policy.variants) {
        if (!keys.empty()) keys += ',';
        keys += lichess_variant_key(variant);
    }
    say("online for " + keys + ", " + std::to_string(options_.policy.max_games) +
        " game(s) at once, level " + std::to_string(options_.level));
    Result<bool> outcome = true;
    milliseconds retry = first_retry;
    while (!stop_requested()) {
        try {
            HttpAnswer answer = client_.stream(
                "/api/stream/event",
                {{"X-Bot-Variants", keys},
                 {"X-Bot-Max-Games", std::to_string(options_.policy.max_games)}},
                [this](std::string_view line) {
                    if (auto event = read_account_event(line)) on_event(*event);
                },
                events_cancel_);
            if (answer.status == 401) {
                outcome = make_error("the server refused the token (401)");
                break;
            }
            if (answer.status == 200) {
                retry = first_retry; // it was open: reopen at once-ish
            } else if (answer.status != 0) {
                say("event stream answered " + answer_text(answer));
            }
        } catch (const ConnectionError& error) {
            say(std::string("event stream: ") + error.what());
        }
        join_finished_games();
        if (!wait_or_stop(retry)) break;
        retry = next_retry(retry);
    }
    stop();
    std::map<std::string, std::shared_ptr<GameThread>> games;
    {
        std::lock_guard lock(mutex_);
        games.swap(games_);
    }
    for (auto& [id, game] : games)
        if (game->thread.joinable()) game->thread.join();
    say("offline");
    return outcome;
}

bool BotRunner::stop_requested() const {
    std::lock_guard lock(mutex_);
    return stopping_;
}

void BotRunner::on_event(const AccountEvent& event) {
    if (const auto* challenge = std::get_if<ChallengeEvent>(&event)) {
        if (challenge->challenger_id == id_) return; // our own challenge, seen by its target
        int games_now = 0;
        {
            std::lock_guard lock(mutex_);
            for (const auto& [id, game] : games_) games_now += game->done ? 0 : 1;
            games_now += int(accepted_.size());
        }
        auto reason = decline_reason(*challenge, options_.policy, games_now);
        const std::string path = "/api/challenge/" + challenge->id;
        try {
            if (reason) {
                HttpAnswer answer = client_.post(path + "/decline", "reason=" + *reason);
                say("declined " + challenge->challenger + "'s challenge " + challenge->id + " (" +
                    *reason + "): " + answer_text(answer));
                return;
            }
            HttpAnswer answer = client_.post(path + "/accept");
            say("accepted " + challenge->challenger + "'s challenge " + challenge->id + ": " +
                answer_text(answer));
            if (answer.status == 200) {
                std::lock_guard lock(mutex_);
                accepted_.insert(challenge->id);
            }
        } catch (const ConnectionError& error) {
            say("challenge " + challenge->id + ": " + error.what());
        }
    } else if (const auto* gone = std::get_if<ChallengeGoneEvent>(&event)) {
        std::lock_guard lock(mutex_);
        accepted_.erase(gone->id);
    } else if (const auto* start = std::get_if<GameStartEvent>(&event)) {
        join_finished_games();
        start_game(start->game_id);
    } else if (const auto* finish = std::get_if<GameFinishEvent>(&event)) {
        // The game's own stream tells its end and closes; it is read to that end.
        std::lock_guard lock(mutex_);
        accepted_.erase(finish->game_id);
    }
}

void BotRunner::start_game(const std::string& id) {
    std::lock_guard lock(mutex_);
    // A game of an accepted challenge keeps its id (as lichess's do); otherwise the oldest
    // acceptance is the one that started.
    if (!accepted_.erase(id) && !accepted_.empty()) accepted_.erase(accepted_.begin());
    if (stopping_ || games_.count(id)) return;
    auto game = std::make_shared<GameThread>();
    game->id = id;
    GameThread& ref = *game;
    games_.emplace(id, std::move(game));
    ref.thread = std::thread([this, &ref] {
        play(ref);
        ref.done = true;
    });
}

void BotRunner::join_finished_games() {
    std::vector<std::shared_ptr<GameThread>> finished;
    {
        std::lock_guard lock(mutex_);
        for (auto it = games_.begin(); it != games_.end();) {
            if (it->second->done) {
                finished.push_back(std::move(it->second));
                it = games_.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (auto& game : finished) game->thread.join();
}

void BotRunner::play(GameThread& game) {
    game.engine.set_option("Threads", "1");
    game.engine.set_option("Hash", std::to_string(options_.hash_mb));
    game.engine.set_option("Move Overhead", std::to_string(options_.move_overhead_ms));
    game.engine.new_game();
    const std::string base = "/api/bot/game/" + game.id;

    std::optional<GameFull> full;
    std::optional<Color> seat;
    bool finished = false;
    std::string searched_moves; // the moves of the position last searched (or waited on)
    bool searched_any = false;
    bool declined_draw = false, declined_takeback = false;

    auto post = [&](const std::string& path) {
        try {
            HttpAnswer answer = client_.post(base + path);
            if (answer.status != 200) say(game.id + path + ": " + answer_text(answer));
        } catch (const ConnectionError& error) {
            say(game.id + path + ": " + error.what());
        }
    };

    auto on_state = [&](const GameState& state) {
        if (!full || !seat) return;
        if (!state.ongoing()) {
            finished = true;
            ++game.generation;
            game.engine.stop();
            say("game " + game.id + " over: " + state.status);
            game.cancel.cancel();
            return;
        }
        bool draw_offered = *seat == White ? state.black_offers_draw : state.white_offers_draw;
        if (draw_offered && !declined_draw) post("/draw/no");
        declined_draw = draw_offered;
        bool takeback_asked =
            *seat == White ? state.black_asks_takeback : state.white_asks_takeback;
        if (takeback_asked && !declined_takeback) post("/takeback/no");
        declined_takeback = takeback_asked;

        if (searched_any && state.moves == searched_moves) return;
        searched_any = true;
        searched_moves = state.moves;
        int generation = ++game.generation;
        game.engine.stop();
        auto position = game_of(*full, state);
        if (!position) {
            say("game " + game.id + ": " + position.error() + "; resigning");
            post("/resign");
            return;
        }
        if (position->result().over() || position->position().side_to_move() != *seat) return;
        engine::Limits limits =
            think_limits(*full, state, options_.level, options_.untimed_move_ms);
        game.engine.start_search(
            *position, limits, {},
            [this, &game, generation, at = position->position(),
             base](const engine::SearchResult& result) {
                if (generation != game.generation || result.best_move == Move::none()) return;
                std::string uci = to_uci(at, result.best_move);
                // Too many requests (429): the move is sent again after a pause, doubling,
                // while it is still the move to play.
                for (milliseconds pause{250};; pause = std::min(pause * 2, milliseconds{4000})) {
                    try {
                        HttpAnswer answer = client_.post(base + "/move/" + uci);
                        if (answer.status == 429 && generation == game.generation &&
                            wait_or_stop(pause))
                            continue;
                        if (answer.status != 200)
                            say(game.id + " move " + uci + ": " + answer_text(answer));
                    } catch (const ConnectionError& error) {
                        say(game.id + " move " + uci + ": " + error.what());
                    }
                    break;
                }
            });
    };

    milliseconds retry = first_retry;
    while (!finished && !stop_requested()) {
        try {
            HttpAnswer answer = client_.stream(
                "/api/bot/game/stream/" + game.id, {},
                [&](std::string_view line) {
                    auto event = read_game_event(line);
                    if (!event) return;
                    if (auto* first = std::get_if<GameFull>(&*event)) {
                        full = *first;
                        if (!seat) {
                            seat = seat_of(*full, id_);
                            if (!seat) {
                                say("game " + game.id + ": we have no seat in it");
                                finished = true;
                                game.cancel.cancel();
                                return;
                            }
                            say("game " + game.id + " started, playing " +
                                (*seat == White ? "white" : "black"));
                        }
                        searched_any = false; // a reopened stream: a move sent may be lost
                        on_state(first->state);
                    } else if (auto* state = std::get_if<GameState>(&*event)) {
                        on_state(*state);
                    }
                },
                game.cancel);
            if (answer.status == 200) {
                retry = first_retry;
            } else if (answer.status != 0) {
                say("game " + game.id + " stream answered " + answer_text(answer));
                if (answer.status == 401 || answer.status == 403 || answer.status == 404) break;
            }
        } catch (const ConnectionError& error) {
            say("game " + game.id + " stream: " + error.what());
        }
        if (finished || game.cancel.cancelled() || !wait_or_stop(retry)) break;
        retry = next_retry(retry);
    }
    ++game.generation;
    game.engine.stop();
    game.engine.wait();
}

} // namespace evo::bot

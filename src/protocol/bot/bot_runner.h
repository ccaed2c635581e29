// Our engine as a bot of a lichess-compatible server, through its public Bot API only: it
// reads the account's event stream, accepts the challenges its policy allows (declining the
// others with lichess's reason), and plays each game that starts on a thread of its own with
// an engine of its own, keeping to the game's clock. A stream that breaks is reopened with
// back-off (1 s doubling to 60 s); a refused token ends the bot.
#pragma once

#include "bot_policy.h"
#include "lichess_client.h"

#include "core/result.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <set>
#include <string>
#include <thread>

namespace evo::bot {

struct BotOptions {
    BotPolicy policy;
    int level = 8; // engine/levels.h
    std::int64_t untimed_move_ms = 3000;
    int move_overhead_ms = 300;
    int hash_mb = 16; // per game
};

class BotRunner {
  public:
    BotRunner(LichessClient client, BotOptions options, std::ostream& log);
    ~BotRunner();
    BotRunner(const BotRunner&) = delete;
    BotRunner& operator=(const BotRunner&) = delete;

    // Checks the token's account (upgrading it to a bot when it is not one yet), then serves
    // its event stream until stop(). An error: the token or the upgrade was refused.
    Result<bool> run();
    // From any thread: streams close, searches stop, run() returns once the games' threads end.
    void stop();
    // The account's name, once run() has read it.
    std::string name() const;

  private:
    struct GameThread;

    Result<bool> check_account();
    void on_event(const AccountEvent& event);
    void start_game(const std::string& id);
    void play(GameThread& game);
    void join_finished_games();
    bool wait_or_stop(std::chrono::milliseconds wait);
    bool stop_requested() const;
    void say(const std::string& line);

    LichessClient client_;
    BotOptions options_;
    std::ostream& log_;
    std::mutex log_mutex_;

    std::string id_, name_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    StreamCancel events_cancel_;
    // Shared: stop() reaches a game while another thread joins and drops it.
    std::map<std::string, std::shared_ptr<GameThread>> games_;
    std::set<std::string> accepted_; // accepted challenges whose game has not started yet
};

} // namespace evo::bot

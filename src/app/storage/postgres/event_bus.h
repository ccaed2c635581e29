// The EventBus of several processes on one PostgreSQL: LISTEN/NOTIFY. A change is announced
// by a NOTIFY inside the transaction that stores it (notify_game_changed, called by
// PostgresGameRepository), so it is delivered to every process only when, and only if, that
// transaction commits (docs/design.md "Events between processes"). Each bus listens on a
// connection and a thread of its own; a connection that is lost (or silent past a heartbeat)
// is opened again and then on_gap is called, since PostgreSQL does not replay notices.
#pragma once

#include "app/events/bus.h"
#include "connection.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace evo::app {

// The channel the games' changes are announced on, and the text of one notice: "ID:VERSION".
inline constexpr const char* game_change_channel = "evochess_games";
std::string game_change_payload(GameChanged change);
std::optional<GameChanged> parse_game_change_payload(std::string_view payload);

// The channel of the lobby's notices, and the text of one: "KIND:ID:REASON".
inline constexpr const char* lobby_channel = "evochess_lobby";
std::string lobby_notice_payload(const LobbyNotice& notice);
std::optional<LobbyNotice> parse_lobby_notice_payload(std::string_view payload);

// The channel of the chat's notices, and the text of one: "GAME:MESSAGE".
inline constexpr const char* chat_channel = "evochess_chat";

// Sends the notice of `change` on `connection`, inside the transaction that stores it.
void notify_game_changed(PostgresConnection& connection, GameChanged change);

class PostgresEventBus final : public EventBus {
  public:
    struct Timing {
        // A silent connection is asked for a sign of life this often; no answer by the next
        // ask: it is taken for lost.
        std::chrono::milliseconds heartbeat{5000};
        // How long to wait before connecting again after a failure.
        std::chrono::milliseconds retry{500};
    };

    // Connects and listens before it returns (StorageError Unavailable if it cannot), so no
    // change committed after that is missed.
    explicit PostgresEventBus(std::string conninfo, Timing timing);
    explicit PostgresEventBus(std::string conninfo) : PostgresEventBus(std::move(conninfo), {}) {}
    ~PostgresEventBus() override;
    PostgresEventBus(const PostgresEventBus&) = delete;
    PostgresEventBus& operator=(const PostgresEventBus&) = delete;

    // Tells this process's listeners at once. Other processes learn of the change from the
    // NOTIFY of the transaction that stored it (this one too, again: listeners ignore
    // versions they have seen).
    void publish(GameChanged change) override;
    void listen(std::function<void(const GameChanged&)> on_change,
                std::function<void()> on_gap) override;
    // Tells this process's lobby listeners at once, then the others by a NOTIFY on a
    // connection of its own (this process ignores its own notices when they come back).
    void publish_lobby(const LobbyNotice& notice) override;
    void listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                      std::function<void()> on_gap) override;
    // As the lobby's: this process's listeners at once, the others by a NOTIFY.
    void publish_chat(const ChatPosted& posted) override;
    void listen_chat(std::function<void(const ChatPosted&)> on_posted) override;

    // The server process of the listening connection (for pg_terminate_backend in tests);
    // 0 while there is none.
    int listener_pid() const { return listener_pid_; }
    // How many times the connection was lost and listening began again.
    int reconnections() const { return reconnections_; }

  private:
    struct Listener {
        std::function<void(const GameChanged&)> on_change;
        std::function<void()> on_gap;
    };
    struct LobbyListener {
        std::function<void(const LobbyNotice&)> on_notice;
        std::function<void()> on_gap;
    };

    void connect_and_listen();
    void run();
    // Reads what the connection has; false when it is lost.
    bool take_input();
    // Waits until the connection has input (true) or `timeout` passes (false); stopping_ is
    // set meanwhile when the bus is being destroyed.
    bool wait_for_input(int socket, std::chrono::milliseconds timeout);
    void lose_connection(const std::string& why);
    std::vector<std::shared_ptr<const Listener>> listeners();
    std::vector<std::shared_ptr<const LobbyListener>> lobby_listeners();
    void tell_lobby(const LobbyNotice& notice);
    void tell_chat(const ChatPosted& posted);
    // Sends a notice on the connection of this process's notices (lobby, chat).
    void notify(const char* channel, const std::string& payload);

    std::string conninfo_;
    Timing timing_;
    std::unique_ptr<PostgresConnection> connection_; // the thread's alone once it runs
    bool awaiting_heartbeat_ = false;
    int wake_pipe_[2] = {-1, -1}; // written to stop the thread
    std::atomic<bool> stopping_{false};
    std::atomic<int> listener_pid_{0};
    std::atomic<int> reconnections_{0};
    std::mutex listeners_mutex_;
    std::vector<std::shared_ptr<const Listener>> listeners_;
    std::vector<std::shared_ptr<const LobbyListener>> lobby_listeners_;
    std::vector<std::shared_ptr<const std::function<void(const ChatPosted&)>>> chat_listeners_;
    // The connection lobby and chat notices are sent on, opened when first needed; its server
    // process, to tell our own notices from others'.
    std::mutex notify_mutex_;
    std::unique_ptr<PostgresConnection> notify_connection_;
    std::atomic<int> notifier_pid_{0};
    std::thread thread_;
};

} // namespace evo::app

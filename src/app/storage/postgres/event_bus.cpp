#include "event_bus.h"

#include "app/common/fault_log.h"

#include <libpq-fe.h>
#include <poll.h>
#include <unistd.h>

#include <charconv>
#include <stdexcept>

namespace evo::app {

std::string game_change_payload(GameChanged change) {
    return std::to_string(change.game_id) + ":" + std::to_string(change.version);
}

std::optional<GameChanged> parse_game_change_payload(std::string_view payload) {
    std::size_t colon = payload.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    GameChanged change;
    auto read = [](std::string_view text, std::int64_t& value) {
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        return error == std::errc() && end == text.data() + text.size();
    };
    if (!read(payload.substr(0, colon), change.game_id) ||
        !read(payload.substr(colon + 1), change.version))
        return std::nullopt;
    return change;
}

std::string lobby_notice_payload(const LobbyNotice& notice) {
    return std::string(lobby_change_name(notice.change)) + ":" + std::to_string(notice.id) + ":" +
           std::string(lobby_removal_name(notice.reason));
}

std::optional<LobbyNotice> parse_lobby_notice_payload(std::string_view payload) {
    std::size_t first = payload.find(':');
    if (first == std::string_view::npos) return std::nullopt;
    std::size_t second = payload.find(':', first + 1);
    if (second == std::string_view::npos) return std::nullopt;
    auto change = lobby_change_named(payload.substr(0, first));
    auto reason = lobby_removal_named(payload.substr(second + 1));
    if (!change || !reason) return std::nullopt;
    LobbyNotice notice{*change, 0, *reason};
    std::string_view id = payload.substr(first + 1, second - first - 1);
    auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), notice.id);
    if (error != std::errc() || end != id.data() + id.size()) return std::nullopt;
    return notice;
}

void notify_game_changed(PostgresConnection& connection, GameChanged change) {
    connection.execute(
        "SELECT pg_notify($1, $2)",
        PostgresParams().add(std::string(game_change_channel)).add(game_change_payload(change)));
}

PostgresEventBus::PostgresEventBus(std::string conninfo, Timing timing)
    : conninfo_(std::move(conninfo)), timing_(timing) {
    if (pipe(wake_pipe_) != 0) throw std::runtime_error("cannot make the event bus's pipe");
    try {
        connect_and_listen();
    } catch (...) {
        close(wake_pipe_[0]);
        close(wake_pipe_[1]);
        throw;
    }
    thread_ = std::thread([this] { run(); });
}

PostgresEventBus::~PostgresEventBus() {
    stopping_ = true;
    char stop = 0;
    if (write(wake_pipe_[1], &stop, 1) != 1) log_fault("event bus", "cannot wake its thread");
    if (thread_.joinable()) thread_.join();
    close(wake_pipe_[0]);
    close(wake_pipe_[1]);
}

void PostgresEventBus::connect_and_listen() {
    auto connection = std::make_unique<PostgresConnection>(conninfo_);
    // Named, so that an operator (or a test) can tell it in pg_stat_activity.
    connection->execute("SET application_name = 'evochess event bus'");
    connection->execute(std::string("LISTEN ") + game_change_channel);
    connection->execute(std::string("LISTEN ") + lobby_channel);
    connection->execute(std::string("LISTEN ") + chat_channel);
    listener_pid_ = PQbackendPID(connection->raw());
    awaiting_heartbeat_ = false;
    connection_ = std::move(connection);
}

void PostgresEventBus::publish(GameChanged change) {
    for (const auto& listener : listeners()) listener->on_change(change);
}

void PostgresEventBus::listen(std::function<void(const GameChanged&)> on_change,
                              std::function<void()> on_gap) {
    std::lock_guard lock(listeners_mutex_);
    listeners_.push_back(
        std::make_shared<const Listener>(Listener{std::move(on_change), std::move(on_gap)}));
}

void PostgresEventBus::publish_lobby(const LobbyNotice& notice) {
    tell_lobby(notice);
    notify(lobby_channel, lobby_notice_payload(notice));
}

void PostgresEventBus::publish_chat(const ChatPosted& posted) {
    tell_chat(posted);
    notify(chat_channel, std::to_string(posted.game_id) + ":" + std::to_string(posted.message_id));
}

void PostgresEventBus::notify(const char* channel, const std::string& payload) {
    std::lock_guard lock(notify_mutex_);
    try {
        if (!notify_connection_ || !notify_connection_->reusable()) {
            notify_connection_.reset();
            notify_connection_ = std::make_unique<PostgresConnection>(conninfo_);
            notifier_pid_ = PQbackendPID(notify_connection_->raw());
        }
        notify_connection_->execute("SELECT pg_notify($1, $2)",
                                    PostgresParams().add(std::string(channel)).add(payload));
    } catch (const std::exception& error) {
        // The other processes are out of date until their next gap or notice.
        log_fault(std::string("event bus: sending a notice on ") + channel, error.what());
        notify_connection_.reset();
    }
}

void PostgresEventBus::listen_chat(std::function<void(const ChatPosted&)> on_posted) {
    std::lock_guard lock(listeners_mutex_);
    chat_listeners_.push_back(
        std::make_shared<const std::function<void(const ChatPosted&)>>(std::move(on_posted)));
}

void PostgresEventBus::tell_chat(const ChatPosted& posted) {
    std::vector<std::shared_ptr<const std::function<void(const ChatPosted&)>>> listeners;
    {
        std::lock_guard lock(listeners_mutex_);
        listeners = chat_listeners_;
    }
    for (const auto& listener : listeners) (*listener)(posted);
}

void PostgresEventBus::listen_lobby(std::function<void(const LobbyNotice&)> on_notice,
                                    std::function<void()> on_gap) {
    std::lock_guard lock(listeners_mutex_);
    lobby_listeners_.push_back(std::make_shared<const LobbyListener>(
        LobbyListener{std::move(on_notice), std::move(on_gap)}));
}

void PostgresEventBus::tell_lobby(const LobbyNotice& notice) {
    for (const auto& listener : lobby_listeners()) listener->on_notice(notice);
}

std::vector<std::shared_ptr<const PostgresEventBus::LobbyListener>>
PostgresEventBus::lobby_listeners() {
    std::lock_guard lock(listeners_mutex_);
    return lobby_listeners_;
}

std::vector<std::shared_ptr<const PostgresEventBus::Listener>> PostgresEventBus::listeners() {
    // Copied out and called outside the lock: a listener may publish or listen in turn.
    std::lock_guard lock(listeners_mutex_);
    return listeners_;
}

void PostgresEventBus::run() {
    bool told_unreachable = false;
    while (!stopping_) {
        if (!connection_) {
            try {
                connect_and_listen();
            } catch (const std::exception& error) {
                if (!told_unreachable) log_fault("event bus: listening again", error.what());
                told_unreachable = true;
                wait_for_input(-1, timing_.retry);
                continue;
            }
            told_unreachable = false;
            ++reconnections_;
            // Listening again: whatever changed while the connection was down is read now.
            for (const auto& listener : listeners()) listener->on_gap();
            for (const auto& listener : lobby_listeners()) listener->on_gap();
            continue;
        }
        int socket = PQsocket(connection_->raw());
        if (wait_for_input(socket, timing_.heartbeat)) {
            if (!stopping_ && !take_input()) lose_connection("the connection was lost");
            continue;
        }
        if (stopping_) break;
        // Silent for a whole heartbeat: ask for a sign of life, and give up on it if the
        // last ask is still unanswered.
        if (awaiting_heartbeat_) {
            lose_connection("no answer to a heartbeat");
        } else if (PQsendQuery(connection_->raw(), "SELECT 1") == 1) {
            awaiting_heartbeat_ = true;
            PQflush(connection_->raw());
        } else {
            lose_connection("cannot send a heartbeat");
        }
    }
}

bool PostgresEventBus::wait_for_input(int socket, std::chrono::milliseconds timeout) {
    pollfd waits[2] = {{wake_pipe_[0], POLLIN, 0}, {socket, POLLIN, 0}};
    int count = socket >= 0 ? 2 : 1;
    int ready = poll(waits, nfds_t(count), int(timeout.count()));
    return ready > 0 && count == 2 && waits[1].revents != 0;
}

bool PostgresEventBus::take_input() {
    pg_conn* raw = connection_->raw();
    if (PQconsumeInput(raw) == 0 || PQstatus(raw) != CONNECTION_OK) return false;
    // The heartbeat's answer, once it is all in.
    while (awaiting_heartbeat_ && PQisBusy(raw) == 0) {
        PGresult* result = PQgetResult(raw);
        if (!result) {
            awaiting_heartbeat_ = false;
            break;
        }
        bool answered = PQresultStatus(result) == PGRES_TUPLES_OK;
        PQclear(result);
        if (!answered) return false;
    }
    while (PGnotify* notice = PQnotifies(raw)) {
        if (std::string_view(notice->relname) == lobby_channel) {
            std::optional<LobbyNotice> lobby = parse_lobby_notice_payload(notice->extra);
            bool ours = notice->be_pid == notifier_pid_; // told at once when sent
            PQfreemem(notice);
            if (lobby && !ours) tell_lobby(*lobby);
            continue;
        }
        if (std::string_view(notice->relname) == chat_channel) {
            // "GAME:MESSAGE" reads as a game change's "ID:VERSION" does.
            std::optional<GameChanged> ids = parse_game_change_payload(notice->extra);
            bool ours = notice->be_pid == notifier_pid_;
            PQfreemem(notice);
            if (ids && !ours) tell_chat({ids->game_id, ids->version});
            continue;
        }
        std::optional<GameChanged> change = parse_game_change_payload(notice->extra);
        PQfreemem(notice);
        if (!change) continue; // not ours: nothing to tell
        for (const auto& listener : listeners()) listener->on_change(*change);
    }
    return true;
}

void PostgresEventBus::lose_connection(const std::string& why) {
    log_fault("event bus", why + "; listening again (games watched are read again)");
    connection_.reset();
    listener_pid_ = 0;
}

} // namespace evo::app

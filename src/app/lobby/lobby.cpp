#include "lobby.h"

#include "app/common/fault_log.h"
#include "challenge_service.h"
#include "seek_service.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace evo::app {

namespace {

// The longest the thread waits without looking whether the makers are due (the clock may
// be one a test moves by hand).
constexpr std::int64_t longest_wait_ms = 1000;
// A turn first seen by this process is told only if it began this recently (the change that
// is heard is the move that began it), not when a later change of the game is heard first.
constexpr std::int64_t fresh_turn_ms = 60000;
// The games known to have another clock than days per move are forgotten past this many.
constexpr std::size_t max_remembered_games = 100000;

} // namespace

Lobby::Lobby(SeekRepository& seeks, ChallengeRepository& challenges, GameService& games,
             const Clock& clock, const LobbyText& text, LobbyOptions options)
    : seeks_(seeks), challenges_(challenges), games_(games), clock_(clock), text_(text),
      options_(options) {
    // Listening first: a seek stored after the list is read is told by its notice.
    games_.event_bus().listen_lobby([this](const LobbyNotice& notice) { queue(notice); },
                                    [this] {
                                        {
                                            std::lock_guard lock(queue_mutex_);
                                            gap_ = true;
                                        }
                                        wake_.notify_one();
                                    });
    // A lost notice of a game's change loses at most one "your turn" notice: nothing to redo.
    games_.event_bus().listen([this](const GameChanged& change) { queue_game_change(change); },
                              [] {});
    for (const SeekRecord& seek : seeks_.open_seeks())
        open_.emplace(seek.id, seek_view(seek, options_.accounts));
    next_keep_ms_ = clock_.now_ms() + options_.refresh_ms;
}

Lobby::~Lobby() {
    stop();
}

void Lobby::open(const Player& player, std::shared_ptr<EventSink> sink) {
    std::vector<std::string> keys = player.keys();
    // Back within the grace: the maker's seeks stay from now.
    seeks_.mark_seen(keys, clock_.now_ms());
    {
        std::lock_guard lock(mutex_);
        sink->send(text_.message(seeks_message_locked()));
        streams_.push_back({std::move(keys), sink});
    }
    // Outside the lock: it runs at once if the stream has closed already.
    sink->on_close([this, keys = player.keys(), closed = sink.get()] {
        {
            std::lock_guard lock(mutex_);
            std::erase_if(streams_,
                          [&](const Stream& stream) { return stream.sink.get() == closed; });
        }
        // The grace runs from leaving, not from the last refresh.
        try {
            seeks_.mark_seen(keys, clock_.now_ms());
        } catch (const std::exception& error) {
            log_fault("lobby: a maker leaving", error.what());
        }
    });
}

std::size_t Lobby::streams() const {
    std::lock_guard lock(mutex_);
    return streams_.size();
}

void Lobby::queue(const LobbyNotice& notice) {
    {
        std::lock_guard lock(queue_mutex_);
        notices_.push_back(notice);
    }
    wake_.notify_one();
}

void Lobby::queue_game_change(const GameChanged& change) {
    {
        std::lock_guard lock(queue_mutex_);
        if (not_correspondence_.count(change.game_id)) return;
        changed_games_.push_back(change.game_id);
    }
    wake_.notify_one();
}

void Lobby::send_due() {
    std::vector<LobbyNotice> notices;
    std::vector<std::int64_t> changed_games;
    bool gap = false;
    {
        std::lock_guard lock(queue_mutex_);
        notices.swap(notices_);
        changed_games.swap(changed_games_);
        std::swap(gap, gap_);
    }
    std::sort(changed_games.begin(), changed_games.end());
    changed_games.erase(std::unique(changed_games.begin(), changed_games.end()),
                        changed_games.end());
    for (std::int64_t id : changed_games) {
        try {
            tell_turn(id);
        } catch (const std::exception& error) {
            log_fault("lobby: a game's turn", error.what());
        }
    }
    for (const LobbyNotice& notice : notices) {
        try {
            handle(notice);
        } catch (const std::exception& error) {
            log_fault("lobby: a seek's change", error.what());
        }
    }
    if (gap) read_all_again();
    std::int64_t now = clock_.now_ms();
    if (now >= next_keep_ms_) {
        next_keep_ms_ = now + options_.refresh_ms;
        keep_makers(now);
    }
}

void Lobby::handle(const LobbyNotice& notice) {
    if (notice.change == LobbyChange::ChallengeSent ||
        notice.change == LobbyChange::ChallengeRemoved)
        return handle_challenge(notice);
    if (notice.change == LobbyChange::TournamentGame) {
        // Both players are taken to the game, each with their own seat.
        if (auto game = games_.stored_game(notice.id)) {
            std::vector<std::pair<std::string, std::string>> seats;
            for (Color side : {White, Black})
                if (const auto& player = game->seat_players[std::size_t(side)])
                    seats.emplace_back(player->key, game->seats.tokens[std::size_t(side)]);
            tell_game(notice.id, seats);
        }
        return;
    }
    if (notice.change == LobbyChange::SeekAdded) {
        auto seek = seeks_.find(notice.id);
        if (!seek || !seek->taken_by.empty()) return; // gone already: its own notice says so
        SeekView view = seek_view(*seek, options_.accounts);
        std::lock_guard lock(mutex_);
        if (!open_.emplace(seek->id, view).second) return;
        broadcast_locked(LobbySeekAdded{std::move(view)});
        return;
    }
    {
        std::lock_guard lock(mutex_);
        if (open_.erase(notice.id) > 0)
            broadcast_locked(LobbySeekRemoved{notice.id, notice.reason});
    }
    if (notice.change == LobbyChange::SeekTaken) {
        if (auto seek = seeks_.find(notice.id)) tell_game(*seek);
    }
}

void Lobby::read_all_again() {
    std::map<std::int64_t, SeekView> open;
    for (const SeekRecord& seek : seeks_.open_seeks())
        open.emplace(seek.id, seek_view(seek, options_.accounts));
    std::vector<std::int64_t> vanished;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, seek] : open_)
            if (!open.count(id)) vanished.push_back(id);
        open_ = std::move(open);
        broadcast_locked(seeks_message_locked());
    }
    // Those taken meanwhile made games whose players have not been told.
    for (std::int64_t id : vanished)
        if (auto seek = seeks_.find(id); seek && seek->game_id) tell_game(*seek);
}

void Lobby::handle_challenge(const LobbyNotice& notice) {
    auto challenge = challenges_.find(notice.id);
    if (!challenge) return;
    EventText text =
        notice.change == LobbyChange::ChallengeSent
            ? text_.message(LobbyChallenge{*challenge})
            : text_.message(LobbyChallengeRemoved{
                  notice.id, notice.reason,
                  notice.reason == LobbyRemoval::Declined
                      ? (challenge->decline_reason.empty() ? "generic" : challenge->decline_reason)
                      : ""});
    {
        std::lock_guard lock(mutex_);
        send_to_player_locked(challenge->from, text);
        send_to_player_locked(challenge->to, text);
    }
    if (notice.reason == LobbyRemoval::Accepted && challenge->game_id)
        tell_game(*challenge->game_id,
                  {{challenge->from, challenge->from_token}, {challenge->to, challenge->to_token}});
}

void Lobby::tell_game(const SeekRecord& seek) {
    if (seek.game_id)
        tell_game(*seek.game_id,
                  {{seek.owner, seek.maker_token}, {seek.taken_by, seek.taker_token}});
}

void Lobby::tell_game(std::int64_t id,
                      const std::vector<std::pair<std::string, std::string>>& seats) {
    for (const auto& [key, token] : seats) {
        if (key.empty() || token.empty()) continue;
        GameView view = games_.get(id, Actor::requester(token));
        EventText text = text_.message(
            LobbyGameStarted{id, view.seat.value(), std::string(view.position.variant->name)});
        std::lock_guard lock(mutex_);
        send_to_player_locked(key, text);
    }
}

void Lobby::tell_turn(std::int64_t game_id) {
    auto game = games_.stored_game(game_id);
    if (!game) {
        turns_told_.erase(game_id);
        return;
    }
    if (!game->online || !game->clock || !game->clock->settings.days_per_move) {
        std::lock_guard lock(queue_mutex_);
        if (not_correspondence_.size() >= max_remembered_games) not_correspondence_.clear();
        not_correspondence_.insert(game_id);
        return;
    }
    const GameClock& clock = *game->clock;
    if (game->summary.result || !clock.running) {
        turns_told_.erase(game_id);
        return;
    }
    Color side = *clock.running;
    std::pair<Color, std::int64_t> turn{side, clock.turn_started_ms};
    std::int64_t now = clock_.now_ms();
    auto [told, first_seen] = turns_told_.try_emplace(game_id, turn);
    if (!first_seen && told->second == turn) return;
    told->second = turn;
    if (first_seen && now - clock.turn_started_ms > fresh_turn_ms) return;
    const auto& player = game->seat_players[std::size_t(side)];
    if (!player) return;
    const auto& opponent = game->seat_players[std::size_t(~side)];
    EventText text = text_.message(
        LobbyYourTurn{game_id, game->variant, side,
                      opponent ? std::optional<std::string>(opponent->name) : std::nullopt,
                      clock.remaining_at(side, now)});
    std::lock_guard lock(mutex_);
    send_to_player_locked(player->key, text);
}

void Lobby::keep_makers(std::int64_t now) {
    std::vector<std::string> here;
    {
        std::lock_guard lock(mutex_);
        for (const Stream& stream : streams_)
            for (const std::string& key : stream.keys)
                if (std::find(here.begin(), here.end(), key) == here.end()) here.push_back(key);
    }
    try {
        if (!here.empty()) seeks_.mark_seen(here, now);
        for (std::int64_t id : seeks_.remove_unseen(now - options_.grace_ms))
            games_.event_bus().publish_lobby({LobbyChange::SeekRemoved, id, LobbyRemoval::Left});
        SeekService::reopen_stalled(seeks_, games_.event_bus(), now);
    } catch (const std::exception& error) {
        log_fault("lobby: keeping the seeks of makers here", error.what());
    }
}

void Lobby::broadcast_locked(const LobbyMessage& message) {
    EventText text = text_.message(message);
    for (const Stream& stream : streams_) stream.sink->send(text);
}

void Lobby::send_to_player_locked(const std::string& key, const EventText& text) {
    for (const Stream& stream : streams_)
        if (std::find(stream.keys.begin(), stream.keys.end(), key) != stream.keys.end())
            stream.sink->send(text);
}

LobbySeeks Lobby::seeks_message_locked() const {
    LobbySeeks message;
    for (const auto& [id, seek] : open_) message.seeks.push_back(seek);
    return message;
}

void Lobby::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(queue_mutex_);
        while (!stopping_) {
            lock.unlock();
            try {
                send_due();
            } catch (const std::exception& error) {
                log_fault("lobby", error.what());
            }
            std::int64_t wait_ms =
                std::clamp<std::int64_t>(next_keep_ms_ - clock_.now_ms(), 0, longest_wait_ms);
            lock.lock();
            if (wait_ms > 0 && notices_.empty() && changed_games_.empty() && !gap_ && !stopping_)
                wake_.wait_for(lock, std::chrono::milliseconds(wait_ms));
        }
    });
}

void Lobby::stop() {
    {
        std::lock_guard lock(queue_mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void Lobby::close_streams() {
    std::vector<std::shared_ptr<EventSink>> sinks;
    {
        std::lock_guard lock(mutex_);
        for (const Stream& stream : streams_) sinks.push_back(stream.sink);
    }
    for (auto& sink : sinks) sink->close(); // outside the lock: a close may call back
}

} // namespace evo::app

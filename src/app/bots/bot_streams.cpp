#include "bot_streams.h"

#include "app/accounts/identity.h"
#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "lichess_ids.h"

#include <algorithm>
#include <chrono>
#include <exception>

namespace evo::app {

namespace {

constexpr int ongoing_games_told = 100;

std::optional<Color> seat_of(const GameView& view, const std::string& key) {
    for (Color side : {White, Black}) {
        const auto& player = view.seat_players[std::size_t(side)];
        if (player && player->key == key) return side;
    }
    return std::nullopt;
}

bool over(const GameView& view) {
    return view.position.result.over() || view.position.aborted;
}

} // namespace

BotStreams::BotStreams(GameService& games, ChallengeRepository& challenges,
                       AccountRepository& accounts, const BotText& text, SeekRepository* seeks,
                       ChatRepository* chat)
    : games_(games), challenges_(challenges), accounts_(accounts), text_(text), seeks_(seeks),
      chat_(chat) {
    auto gap = [this] {
        {
            std::lock_guard lock(queue_mutex_);
            gap_ = true;
        }
        wake_.notify_one();
    };
    games_.event_bus().listen(
        [this](const GameChanged& change) {
            {
                std::lock_guard lock(queue_mutex_);
                changed_games_.push_back(change.game_id);
            }
            wake_.notify_one();
        },
        gap);
    if (chat_)
        games_.event_bus().listen_chat([this](const ChatPosted& posted) {
            {
                std::lock_guard lock(queue_mutex_);
                chat_posted_.push_back(posted);
            }
            wake_.notify_one();
        });
    games_.streams().on_presence_change([this](std::int64_t id) {
        {
            std::lock_guard lock(queue_mutex_);
            changed_presence_.push_back(id);
        }
        wake_.notify_one();
    });
    games_.event_bus().listen_lobby(
        [this](const LobbyNotice& notice) {
            if (notice.change == LobbyChange::SeekAdded) return;
            {
                std::lock_guard lock(queue_mutex_);
                notices_.push_back(notice);
            }
            wake_.notify_one();
        },
        gap);
}

BotStreams::~BotStreams() {
    stop();
}

bool BotStreams::is_bot(const std::string& key, const std::string& name) {
    if (!key.starts_with("account:")) return false;
    auto account = accounts_.find_by_name(name);
    return account && account->bot && account_owner_key(account->id) == key;
}

std::array<bool, 2> BotStreams::bots_of(const GameView& view) {
    std::array<bool, 2> bots{};
    for (Color side : {White, Black})
        if (const auto& player = view.seat_players[std::size_t(side)])
            bots[std::size_t(side)] = is_bot(player->key, player->name);
    return bots;
}

BotGame BotStreams::bot_game(std::int64_t id, const std::string& key) {
    auto view = std::make_shared<const GameView>(games_.get(id, Actor::anyone()));
    BotGame game;
    game.view = view;
    auto record = games_.stored_game(id);
    game.text_id = record ? game_text_id(*record) : std::to_string(id);
    game.seat = seat_of(*view, key);
    game.bots = bots_of(*view);
    return game;
}

void BotStreams::open_events(const AccountRecord& account, std::shared_ptr<EventSink> sink,
                             std::vector<std::string> variants, std::optional<int> max_games) {
    std::string key = account_owner_key(account.id);
    if (account.bot && variants.empty()) variants = {"chess"};
    if (!account.bot) {
        variants.clear();
        max_games.reset();
    }
    std::shared_ptr<EventSink> replaced;
    {
        std::lock_guard lock(mutex_);
        auto& slot = accounts_streaming_[key];
        replaced = std::move(slot.sink);
        slot = {sink, account, variants, max_games};
    }
    // lichess: one event stream per token; the newer one wins.
    if (replaced) replaced->close();
    // First what is open now: its challenges, then its games being played.
    for (const ChallengeRecord& challenge : challenges_.open_of(key)) {
        if (declined_by_bot_terms(challenge)) continue;
        BotChallenge told{
            challenge,
            {is_bot(challenge.from, challenge.from_name), is_bot(challenge.to, challenge.to_name)}};
        sink->send(text_.challenge(told, ChallengeNews::Sent));
    }
    Player player;
    player.account_key = key;
    for (const MyGame& mine : games_.my_games(ongoing_games_told, 0, player)) {
        if (!mine.turn) continue;
        try {
            BotGame game = bot_game(mine.listing.id, key);
            sink->send(text_.game_start(game));
            std::lock_guard lock(mutex_);
            started_[mine.listing.id].insert(key);
        } catch (const ApiError&) {
            // gone meanwhile
        }
    }
    sink->on_close([this, key, closed = sink.get()] {
        std::lock_guard lock(mutex_);
        auto it = accounts_streaming_.find(key);
        if (it != accounts_streaming_.end() && it->second.sink.get() == closed)
            accounts_streaming_.erase(it);
    });
}

void BotStreams::open_game(std::int64_t game_id, const AccountRecord& account,
                           std::shared_ptr<EventSink> sink) {
    std::string key = account_owner_key(account.id);
    BotGame game = bot_game(game_id, key);
    sink->send(text_.game_full(game));
    if (over(*game.view)) return sink->close();
    // The player's presence in the game, held while the stream is open: the game's page
    // shows them there, and nobody may claim victory over a bot that plays.
    if (game.seat)
        games_.streams().subscribe(game_id, *game.seat, std::make_shared<SilentSinkOf>(sink),
                                   nullptr);
    {
        std::lock_guard lock(mutex_);
        // Only a change from here is told: the opponent's presence as the stream opens.
        std::optional<bool> opponent_gone;
        if (game.seat && game.view->presence)
            opponent_gone = game.view->presence->away_ms[std::size_t(~*game.seat)].has_value();
        game_streams_[game_id].push_back({sink, key, game.view->version, game.seat, opponent_gone});
    }
    sink->on_close([this, game_id, closed = sink.get()] {
        std::lock_guard lock(mutex_);
        auto it = game_streams_.find(game_id);
        if (it == game_streams_.end()) return;
        std::erase_if(it->second,
                      [&](const GameStream& stream) { return stream.sink.get() == closed; });
        if (it->second.empty()) game_streams_.erase(it);
    });
    // A change told between the read above and the registration is looked at again.
    {
        std::lock_guard lock(queue_mutex_);
        changed_games_.push_back(game_id);
    }
    wake_.notify_one();
}

bool BotStreams::streaming(std::int64_t account_id) const {
    std::lock_guard lock(mutex_);
    return accounts_streaming_.count(account_owner_key(account_id)) > 0;
}

std::vector<AccountRecord> BotStreams::streaming_accounts() const {
    std::vector<AccountRecord> accounts;
    std::lock_guard lock(mutex_);
    for (const auto& [key, stream] : accounts_streaming_) accounts.push_back(stream.account);
    std::sort(accounts.begin(), accounts.end(),
              [](const AccountRecord& a, const AccountRecord& b) { return a.name < b.name; });
    return accounts;
}

std::vector<std::string> BotStreams::played_variants(std::int64_t account_id) const {
    std::lock_guard lock(mutex_);
    auto it = accounts_streaming_.find(account_owner_key(account_id));
    return it == accounts_streaming_.end() ? std::vector<std::string>{} : it->second.variants;
}

void BotStreams::send_to_account_locked(const std::string& key, const EventText& text) {
    auto it = accounts_streaming_.find(key);
    if (it != accounts_streaming_.end()) it->second.sink->send(text);
}

void BotStreams::tell_start(std::int64_t game_id, const std::vector<std::string>& keys) {
    for (const std::string& key : keys) {
        {
            std::lock_guard lock(mutex_);
            if (!accounts_streaming_.count(key)) continue;
        }
        BotGame game = bot_game(game_id, key);
        EventText text = text_.game_start(game);
        std::lock_guard lock(mutex_);
        started_[game_id].insert(key);
        send_to_account_locked(key, text);
    }
}

int BotStreams::games_being_played(const std::string& key) {
    Player player;
    player.account_key = key;
    int playing = 0;
    for (const MyGame& mine : games_.my_games(0, 0, player))
        if (mine.turn) ++playing;
    return playing;
}

bool BotStreams::declined_by_bot_terms(const ChallengeRecord& challenge) {
    if (!decline_ || !challenge.closed.empty()) return false;
    std::string reason;
    std::optional<int> max_games;
    {
        std::lock_guard lock(mutex_);
        auto it = accounts_streaming_.find(challenge.to);
        if (it == accounts_streaming_.end() || it->second.variants.empty()) return false;
        const auto& played = it->second.variants;
        if (std::find(played.begin(), played.end(), challenge.variant) == played.end())
            reason = "variant";
        max_games = it->second.max_games;
    }
    if (reason.empty() && max_games && games_being_played(challenge.to) >= *max_games)
        reason = "later";
    if (reason.empty()) return false;
    Player bot;
    bot.account_key = challenge.to;
    try {
        decline_(challenge.id, bot, reason);
    } catch (const ApiError&) {
        return false; // answered meanwhile
    }
    return true;
}

void BotStreams::handle_challenge(const LobbyNotice& notice) {
    auto challenge = challenges_.find(notice.id);
    if (!challenge) return;
    // A challenge answered before its news was read is told by the answer's own notice (a
    // "challenge" event of a closed one would read as a new challenge); so is the decline of
    // one the bot's terms refuse.
    if (notice.change == LobbyChange::ChallengeSent &&
        (!challenge->closed.empty() || declined_by_bot_terms(*challenge)))
        return;
    if (notice.reason == LobbyRemoval::Accepted) {
        if (challenge->game_id) tell_start(*challenge->game_id, {challenge->from, challenge->to});
        return;
    }
    ChallengeNews news = notice.change == LobbyChange::ChallengeSent ? ChallengeNews::Sent
                         : notice.reason == LobbyRemoval::Declined   ? ChallengeNews::Declined
                                                                     : ChallengeNews::Cancelled;
    BotChallenge told{
        *challenge,
        {is_bot(challenge->from, challenge->from_name), is_bot(challenge->to, challenge->to_name)},
        challenge->decline_reason.empty() ? "generic" : challenge->decline_reason};
    EventText text = text_.challenge(told, news);
    std::lock_guard lock(mutex_);
    send_to_account_locked(challenge->from, text);
    send_to_account_locked(challenge->to, text);
}

void BotStreams::handle_tournament_game(std::int64_t game_id) {
    auto game = games_.stored_game(game_id);
    if (!game) return;
    std::vector<std::string> keys;
    for (const auto& player : game->seat_players)
        if (player) keys.push_back(player->key);
    tell_start(game_id, keys);
}

void BotStreams::handle_seek(const LobbyNotice& notice) {
    std::shared_ptr<EventSink> held;
    {
        std::lock_guard lock(mutex_);
        if (auto it = held_seeks_.find(notice.id); it != held_seeks_.end()) held = it->second;
    }
    if (notice.change == LobbyChange::SeekTaken && seeks_) {
        auto seek = seeks_->find(notice.id);
        if (seek && seek->game_id) tell_start(*seek->game_id, {seek->owner, seek->taken_by});
    }
    // Taken or gone, the request that held it ends (lichess closes it).
    if (held) held->close();
}

void BotStreams::hold_seek(std::int64_t seek_id, std::shared_ptr<EventSink> sink) {
    {
        std::lock_guard lock(mutex_);
        held_seeks_[seek_id] = sink;
    }
    sink->on_close([this, seek_id, closed = sink.get()] {
        std::lock_guard lock(mutex_);
        auto it = held_seeks_.find(seek_id);
        if (it != held_seeks_.end() && it->second.get() == closed) held_seeks_.erase(it);
    });
    // Taken between its making and now: its notice came before the hold.
    if (seeks_) {
        auto seek = seeks_->find(seek_id);
        if (!seek || !seek->taken_by.empty()) sink->close();
    }
}

void BotStreams::handle_game(std::int64_t id) {
    std::vector<GameStream> streams;
    std::set<std::string> started;
    {
        std::lock_guard lock(mutex_);
        auto it = game_streams_.find(id);
        if (it != game_streams_.end()) streams = it->second;
        auto told = started_.find(id);
        if (told != started_.end()) started = told->second;
    }
    if (streams.empty() && started.empty()) return;
    BotGame game;
    try {
        game = bot_game(id, "");
    } catch (const ApiError&) {
        // The game is gone: its streams end.
        for (const GameStream& stream : streams) stream.sink->close();
        std::lock_guard lock(mutex_);
        started_.erase(id);
        return;
    }
    bool ended = over(*game.view);
    EventText state = text_.game_state(game);
    for (const GameStream& stream : streams) {
        if (game.view->version <= stream.sent_version) continue;
        stream.sink->send(state);
        if (ended) stream.sink->close();
    }
    std::lock_guard lock(mutex_);
    auto it = game_streams_.find(id);
    if (it != game_streams_.end())
        for (GameStream& stream : it->second)
            stream.sent_version = std::max(stream.sent_version, game.view->version);
    if (!ended) return;
    for (const std::string& key : started) {
        game.seat = seat_of(*game.view, key);
        send_to_account_locked(key, text_.game_finish(game));
    }
    started_.erase(id);
}

void BotStreams::send_due() {
    std::vector<LobbyNotice> notices;
    std::vector<std::int64_t> changed;
    std::vector<std::int64_t> presence_changed;
    std::vector<ChatPosted> chat_posted;
    bool gap = false;
    {
        std::lock_guard lock(queue_mutex_);
        notices.swap(notices_);
        changed.swap(changed_games_);
        presence_changed.swap(changed_presence_);
        chat_posted.swap(chat_posted_);
        gap = std::exchange(gap_, false);
    }
    if (gap) {
        std::lock_guard lock(mutex_);
        for (const auto& [id, streams] : game_streams_) changed.push_back(id);
        for (const auto& [id, keys] : started_) changed.push_back(id);
    }
    for (const LobbyNotice& notice : notices) {
        bool seek =
            notice.change == LobbyChange::SeekTaken || notice.change == LobbyChange::SeekRemoved;
        try {
            if (notice.change == LobbyChange::TournamentGame)
                handle_tournament_game(notice.id);
            else
                seek ? handle_seek(notice) : handle_challenge(notice);
        } catch (const std::exception& error) {
            log_fault(seek ? "bot streams: a seek" : "bot streams: a challenge", error.what());
        }
    }
    std::set<std::int64_t> seen;
    for (std::int64_t id : changed) {
        if (!seen.insert(id).second) continue;
        try {
            handle_game(id);
        } catch (const std::exception& error) {
            log_fault("bot streams: a game", error.what());
        }
    }
    for (const ChatPosted& posted : chat_posted) {
        try {
            handle_chat(posted);
        } catch (const std::exception& error) {
            log_fault("bot streams: a chat line", error.what());
        }
    }
    seen.clear();
    for (std::int64_t id : presence_changed) {
        if (!seen.insert(id).second) continue;
        try {
            handle_presence(id);
        } catch (const std::exception& error) {
            log_fault("bot streams: a player's presence", error.what());
        }
    }
}

void BotStreams::handle_chat(const ChatPosted& posted) {
    {
        std::lock_guard lock(mutex_);
        if (!game_streams_.count(posted.game_id)) return;
    }
    auto message = chat_->find(posted.message_id);
    if (!message || message->game_id != posted.game_id) return;
    EventText line = text_.chat_line(*message);
    std::lock_guard lock(mutex_);
    auto it = game_streams_.find(posted.game_id);
    if (it == game_streams_.end()) return;
    // The players' room is the seated players'; lichess tells a bot both rooms.
    for (const GameStream& stream : it->second)
        if (stream.seat) stream.sink->send(line);
}

void BotStreams::handle_presence(std::int64_t id) {
    // Most changes (a spectator's, a player's second tab) are news to no seated stream: the
    // game's view is read only when one may have something to tell.
    Presence presence = games_.streams().presence(id);
    {
        std::lock_guard lock(mutex_);
        auto it = game_streams_.find(id);
        if (it == game_streams_.end()) return;
        bool news = false;
        for (const GameStream& stream : it->second) {
            if (!stream.seat) continue;
            bool gone = presence.away_since[std::size_t(~*stream.seat)].has_value();
            news |= stream.told_opponent_gone ? *stream.told_opponent_gone != gone : gone;
        }
        if (!news) return;
    }
    // The view's presence is this process's (GameEvents), as of now.
    auto view = std::make_shared<const GameView>(games_.get(id, Actor::anyone()));
    if (over(*view) || !view->presence) return;
    std::lock_guard lock(mutex_);
    auto it = game_streams_.find(id);
    if (it == game_streams_.end()) return;
    for (GameStream& stream : it->second) {
        if (!stream.seat) continue;
        Color opponent = ~*stream.seat;
        const auto& away_ms = view->presence->away_ms[std::size_t(opponent)];
        bool gone = away_ms.has_value();
        // Nothing to tell of an opponent who is there from the start.
        bool news = stream.told_opponent_gone ? *stream.told_opponent_gone != gone : gone;
        stream.told_opponent_gone = gone;
        if (!news) continue;
        std::optional<std::int64_t> claim_in_s;
        if (gone && view->claim_after_ms)
            claim_in_s = std::max<std::int64_t>(0, (*view->claim_after_ms - *away_ms + 999) / 1000);
        stream.sink->send(text_.opponent_gone(gone, claim_in_s));
    }
}

void BotStreams::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(queue_mutex_);
        while (!stopping_) {
            wake_.wait(lock, [this] {
                return stopping_ || gap_ || !notices_.empty() || !changed_games_.empty() ||
                       !changed_presence_.empty() || !chat_posted_.empty();
            });
            if (stopping_) break;
            lock.unlock();
            send_due();
            lock.lock();
        }
    });
}

void BotStreams::stop() {
    {
        std::lock_guard lock(queue_mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void BotStreams::close_streams() {
    std::vector<std::shared_ptr<EventSink>> sinks;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [key, stream] : accounts_streaming_) sinks.push_back(stream.sink);
        for (const auto& [id, streams] : game_streams_)
            for (const GameStream& stream : streams) sinks.push_back(stream.sink);
    }
    for (const auto& sink : sinks) sink->close();
}

} // namespace evo::app

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

// A player's presence in the game (GameEvents), held for as long as their Bot or Board API
// stream is open: the game's page then shows them there, and nobody may claim victory over
// a bot that plays. It passes no text on: the API stream has its own.
class PresenceOf : public EventSink {
  public:
    explicit PresenceOf(std::shared_ptr<EventSink> stream) : stream_(std::move(stream)) {}
    bool send(EventText) override { return !stream_->closed(); }
    void close() override { stream_->close(); }
    bool closed() const override { return stream_->closed(); }
    void on_close(std::function<void()> callback) override {
        stream_->on_close(std::move(callback));
    }

  private:
    std::shared_ptr<EventSink> stream_;
};

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
                       AccountRepository& accounts, const BotText& text)
    : games_(games), challenges_(challenges), accounts_(accounts), text_(text) {
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
    games_.event_bus().listen_lobby(
        [this](const LobbyNotice& notice) {
            if (notice.change != LobbyChange::ChallengeSent &&
                notice.change != LobbyChange::ChallengeRemoved)
                return;
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
                             std::vector<std::string> variants) {
    std::string key = account_owner_key(account.id);
    if (account.bot && variants.empty()) variants = {"chess"};
    if (!account.bot) variants.clear();
    std::shared_ptr<EventSink> replaced;
    {
        std::lock_guard lock(mutex_);
        auto& slot = accounts_streaming_[key];
        replaced = std::move(slot.sink);
        slot = {sink, account, variants};
    }
    // lichess: one event stream per token; the newer one wins.
    if (replaced) replaced->close();
    // First what is open now: its challenges, then its games being played.
    for (const ChallengeRecord& challenge : challenges_.open_of(key)) {
        if (declined_as_unplayed(challenge)) continue;
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
    if (game.seat)
        games_.streams().subscribe(game_id, *game.seat, std::make_shared<PresenceOf>(sink),
                                   nullptr);
    {
        std::lock_guard lock(mutex_);
        game_streams_[game_id].push_back({sink, key, game.view->version});
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

bool BotStreams::declined_as_unplayed(const ChallengeRecord& challenge) {
    if (!decline_ || !challenge.closed.empty()) return false;
    {
        std::lock_guard lock(mutex_);
        auto it = accounts_streaming_.find(challenge.to);
        if (it == accounts_streaming_.end() || it->second.variants.empty()) return false;
        const auto& played = it->second.variants;
        if (std::find(played.begin(), played.end(), challenge.variant) != played.end())
            return false;
    }
    Player bot;
    bot.account_key = challenge.to;
    try {
        decline_(challenge.id, bot);
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
    // one in a variant the bot does not play.
    if (notice.change == LobbyChange::ChallengeSent &&
        (!challenge->closed.empty() || declined_as_unplayed(*challenge)))
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
    bool gap = false;
    {
        std::lock_guard lock(queue_mutex_);
        notices.swap(notices_);
        changed.swap(changed_games_);
        gap = std::exchange(gap_, false);
    }
    if (gap) {
        std::lock_guard lock(mutex_);
        for (const auto& [id, streams] : game_streams_) changed.push_back(id);
        for (const auto& [id, keys] : started_) changed.push_back(id);
    }
    for (const LobbyNotice& notice : notices) {
        try {
            handle_challenge(notice);
        } catch (const std::exception& error) {
            log_fault("bot streams: a challenge", error.what());
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
}

void BotStreams::start() {
    thread_ = std::thread([this] {
        std::unique_lock lock(queue_mutex_);
        while (!stopping_) {
            wake_.wait(lock, [this] {
                return stopping_ || gap_ || !notices_.empty() || !changed_games_.empty();
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

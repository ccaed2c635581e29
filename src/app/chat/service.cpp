#include "service.h"

#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "chat_text.h"

namespace evo::app {

namespace {

// Whether a stream of `seat` (none: a spectator's) may read the room now.
bool room_readable(ChatRoom room, std::optional<Color> seat, bool over) {
    if (room == ChatRoom::Players) return seat.has_value();
    return !seat || over;
}

// Why the requester may not read (or, with `writing`, write in) the room; empty: they may.
std::string refusal(ChatRoom room, const GameSeating& seating, bool writing,
                    bool seated_may_write_to_spectators = false) {
    if (!seating.online) return "chat is for online games";
    if (room == ChatRoom::Players)
        return seating.seat ? "" : "the players' room is for the game's two players";
    if (writing && seating.seat)
        return seated_may_write_to_spectators ? "" : "the players write in the players' room";
    if (!room_readable(room, seating.seat, seating.over))
        return "the spectators' room opens to the players when the game is over";
    return "";
}

// Whether the message was written by a bot account at its seat: its author key is the seat's.
// Who writes from this seat or, without one, as this viewer: a seat given by an invite link has
// no player key, and the seat stands for its player.
std::string author_key_of(std::int64_t id, const GameSeating& seating, const Player& viewer) {
    if (!seating.seat) return viewer.owner_key();
    Color side = *seating.seat;
    const std::string& key = seating.keys[std::size_t(side)];
    return !key.empty() ? key : "seat:" + std::to_string(id) + (side == White ? ":w" : ":b");
}

bool by_seated_bot(const ChatMessage& message, const GameSeating& seating) {
    for (Color side : {White, Black})
        if (seating.bots[std::size_t(side)] && !seating.keys[std::size_t(side)].empty() &&
            seating.keys[std::size_t(side)] == message.author_key)
            return true;
    return false;
}

void require_access(ChatRoom room, const GameSeating& seating, bool writing,
                    bool seated_may_write_to_spectators = false) {
    std::string why = refusal(room, seating, writing, seated_may_write_to_spectators);
    if (why.empty()) return;
    if (!seating.online) throw conflict(why);
    throw forbidden(why);
}

} // namespace

ChatService::ChatService(ChatRepository& messages, GameService& games, const Clock& clock,
                         const ChatLineText& text, ChatOptions options)
    : messages_(messages), games_(games), clock_(clock), text_(text), options_(options) {
    games_.event_bus().listen_chat([this](const ChatPosted& posted) { deliver(posted); });
}

std::string ChatService::checked_text(const std::string& raw) const {
    constexpr const char* blank = " \t\r\n";
    std::size_t begin = raw.find_first_not_of(blank);
    if (begin == std::string::npos) throw bad_request("the message is empty");
    std::string trimmed = raw.substr(begin, raw.find_last_not_of(blank) - begin + 1);
    if (auto problem = chat_text_problem(trimmed)) throw bad_request(*problem);
    int characters = chat_text_length(trimmed);
    if (characters > options_.max_length)
        throw bad_request("a message is at most " + std::to_string(options_.max_length) +
                          " characters; this one has " + std::to_string(characters));
    return trimmed;
}

void ChatService::require_rate(const std::string& author_key, std::int64_t now) {
    std::vector<std::int64_t> recent =
        messages_.written_since(author_key, now - options_.window_ms + 1);
    if (int(recent.size()) < options_.burst) return;
    // Free again when the oldest message that counts leaves the window.
    std::int64_t free_at = recent[recent.size() - std::size_t(options_.burst)] + options_.window_ms;
    int seconds = int(std::max<std::int64_t>(1, (free_at - now + 999) / 1000));
    throw ApiError(ErrorKind::RateLimited,
                   "at most " + std::to_string(options_.burst) + " messages in " +
                       std::to_string(options_.window_ms / 1000) + " seconds; try again in " +
                       std::to_string(seconds) + " s")
        .retry_after(seconds);
}

ChatMessage ChatService::post(std::int64_t id, const ChatPost& post, const SeatToken& token,
                              const Player& viewer, const std::string& name) {
    const ChatRoom room = post.room;
    GameSeating seating = games_.seating(id, Actor::requester(token, viewer));
    require_access(room, seating, true, post.seated_may_write_to_spectators);

    ChatMessage message;
    message.game_id = id;
    message.room = room;
    if (seating.seat) {
        Color side = *seating.seat;
        const std::string& key = seating.keys[std::size_t(side)];
        message.author_name = seating.names[std::size_t(side)];
        message.author_bot = seating.bots[std::size_t(side)] && !key.empty();
        message.author_key = author_key_of(id, seating, viewer);
    } else {
        message.author_key = author_key_of(id, seating, viewer);
        if (message.author_key.empty())
            throw ApiError(ErrorKind::Unauthorized,
                           "to write in the spectators' room, log in or call GET /api/me first "
                           "(it sets the visitor cookie)");
        message.author_name = name;
    }
    message.text = checked_text(post.text);
    message.created_ms = clock_.now_ms();
    require_rate(message.author_key, message.created_ms);
    messages_.insert(message);
    games_.event_bus().publish_chat({id, message.id});
    return message;
}

ChatRoomView ChatService::read(std::int64_t id, ChatRoom room, const SeatToken& token,
                               const Player& viewer) {
    GameSeating seating = games_.seating(id, Actor::requester(token, viewer));
    require_access(room, seating, false);
    ChatRoomView view{room, messages_.messages(id, room, options_.history),
                      author_key_of(id, seating, viewer)};
    for (ChatMessage& message : view.messages) message.author_bot = by_seated_bot(message, seating);
    return view;
}

void ChatService::deliver(const ChatPosted& posted) {
    try {
        send_to_streams(posted);
    } catch (const std::exception& error) {
        // The message is stored: pages read it when they read the chat again.
        log_fault("chat: sending a message to the streams", error.what());
    }
}

void ChatService::send_to_streams(const ChatPosted& posted) {
    GameEvents& streams = games_.streams();
    if (!streams.watched(posted.game_id)) return;
    std::optional<ChatMessage> message = messages_.find(posted.message_id);
    if (!message || message->game_id != posted.game_id) return;
    GameSeating seating = games_.seating(posted.game_id, Actor::requester(std::nullopt));
    bool over = message->room == ChatRoom::Spectators && seating.over;
    message->author_bot = by_seated_bot(*message, seating);
    streams.publish_to(posted.game_id, text_.line(*message), [&](std::optional<Color> seat) {
        return room_readable(message->room, seat, over);
    });
}

} // namespace evo::app

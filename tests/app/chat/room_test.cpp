// A chat room's text, as the API shows it and as it is stored, and back; the edge's reading of
// a post's body (http/chat_json.h).
#include "app/chat/room.h"
#include "app/common/api_error.h"
#include "app/common/storage_error.h"
#include "app/http/chat_json.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

using nlohmann::json;

TEST(ChatRoomTest, EachRoomReadsBackFromItsName) {
    for (ChatRoom room : {ChatRoom::Players, ChatRoom::Spectators})
        EXPECT_EQ(chat_room_named(chat_room_name(room)), room);
    EXPECT_EQ(chat_room_name(ChatRoom::Players), "players");
    EXPECT_EQ(chat_room_name(ChatRoom::Spectators), "spectators");
    EXPECT_FALSE(chat_room_named("Players"));
}

TEST(ChatRoomTest, AStoredRoomThatIsNoRoomIsCorrupt) {
    try {
        stored_chat_room("lobby");
        FAIL() << "no error";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt);
        EXPECT_NE(std::string(error.what()).find("lobby"), std::string::npos);
    }
}

TEST(ChatJsonTest, APostsBodyIsReadAtTheEdgeAndABadOneIsA400) {
    ChatPost post = chat_post_from_json({{"room", "spectators"}, {"text", " hi "}});
    EXPECT_EQ(post.room, ChatRoom::Spectators);
    EXPECT_EQ(post.text, " hi "); // trimmed and checked by the service
    for (const json& bad :
         {json::array(), json{{"text", "hi"}}, json{{"room", "all"}, {"text", "x"}},
          json{{"room", "players"}}, json{{"room", "players"}, {"text", 5}}}) {
        try {
            chat_post_from_json(bad);
            ADD_FAILURE() << bad.dump();
        } catch (const ApiError& error) {
            EXPECT_EQ(error.kind(), ErrorKind::BadRequest) << bad.dump();
        }
    }
    EXPECT_EQ(chat_room_from_query("players"), ChatRoom::Players);
    EXPECT_THROW(chat_room_from_query(""), ApiError);
}

TEST(ChatJsonTest, AMessageShowsNoAuthorKey) {
    ChatMessage message{7, 3, ChatRoom::Spectators, "Anonymous 4F2A", "visitor:a", "gg", 1000};
    EXPECT_EQ(chat_message_json(message), (json{{"id", 7},
                                                {"room", "spectators"},
                                                {"author", "Anonymous 4F2A"},
                                                {"bot", false},
                                                {"text", "gg"},
                                                {"time", 1000},
                                                {"mine", false}}));
    // A bot's line (its seat's, marked by the chat service) says so.
    message.author_bot = true;
    EXPECT_EQ(chat_message_json(message).at("bot"), true);
    EXPECT_EQ(chat_room_json({ChatRoom::Spectators, {message}, ""}),
              (json{{"room", "spectators"}, {"messages", {chat_message_json(message)}}}));
    // Read by its author: "mine" (issue 49), and only by its author.
    EXPECT_EQ(
        chat_room_json({ChatRoom::Spectators, {message}, "visitor:a"}).at("messages")[0].at("mine"),
        true);
    EXPECT_EQ(
        chat_room_json({ChatRoom::Spectators, {message}, "visitor:b"}).at("messages")[0].at("mine"),
        false);
}

} // namespace
} // namespace evo::app

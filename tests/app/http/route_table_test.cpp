// The router's table (http/route_table.h): segments, numbers, the order of routes, the id
// rules that answer for every path under a prefix.
#include "app/common/api_error.h"
#include "app/http/route_table.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace evo::app {
namespace {

class NoAnswer : public Responder {
  public:
    void respond(HttpResponse) override {}
    std::shared_ptr<EventSink> open_stream(StreamFormat) override { return nullptr; }
    bool answered() const override { return false; }
    void on_hangup(std::function<void()>) override {}
};

HttpRequest request(std::string method, std::string path) {
    HttpRequest request;
    request.method = std::move(method);
    request.path = std::move(path);
    return request;
}

// What the route that answered wrote in `seen` ("" for none).
std::string dispatch(const RouteTable& routes, const std::string& method, const std::string& path,
                     std::string* seen) {
    HttpRequest asked = request(method, path);
    auto responder = std::make_shared<NoAnswer>();
    seen->clear();
    std::vector<std::string_view> segments = path_segments(asked.path);
    bool found = routes.dispatch(asked, *responder, responder, segments);
    return found ? *seen : "";
}

TEST(PathSegmentsTest, DropsEmptySegmentsAndDecodesNothing) {
    EXPECT_EQ(path_segments("/api//games/12/"),
              (std::vector<std::string_view>{"api", "games", "12"}));
    EXPECT_EQ(path_segments("/api/players/a%20b"),
              (std::vector<std::string_view>{"api", "players", "a%20b"}));
    EXPECT_TRUE(path_segments("/").empty());
}

TEST(PathNumberTest, IsAWholeNumberOfAtMostEighteenDigits) {
    EXPECT_EQ(path_number("0"), 0);
    EXPECT_EQ(path_number("123456789012345678"), 123456789012345678);
    EXPECT_FALSE(path_number("1234567890123456789"));
    EXPECT_FALSE(path_number("-1"));
    EXPECT_FALSE(path_number("+1"));
    EXPECT_FALSE(path_number("12a"));
    EXPECT_FALSE(path_number(""));
}

TEST(RouteTableTest, MatchesMethodLiteralsNumbersAndTextInOrder) {
    RouteTable routes;
    std::string seen;
    routes.add("GET", "/api/puzzles/daily", [&](const RouteCall&) { seen = "daily"; });
    routes.add("GET", "/api/puzzles/{text}",
               [&](const RouteCall& call) { seen = "puzzle " + call.text(2); });
    routes.add("POST", "/api/games/{id}/moves",
               [&](const RouteCall& call) { seen = "move " + std::to_string(call.number(2)); });

    EXPECT_EQ(dispatch(routes, "GET", "/api/puzzles/daily", &seen), "daily");
    EXPECT_EQ(dispatch(routes, "GET", "/api/puzzles/x1", &seen), "puzzle x1");
    EXPECT_EQ(dispatch(routes, "POST", "/api/games/42/moves", &seen), "move 42");
    // Another method, a word for a number, one segment more or less: no route.
    EXPECT_EQ(dispatch(routes, "GET", "/api/games/42/moves", &seen), "");
    EXPECT_EQ(dispatch(routes, "HEAD", "/api/puzzles/daily", &seen), "");
    EXPECT_EQ(dispatch(routes, "POST", "/api/games/x/moves", &seen), "");
    EXPECT_EQ(dispatch(routes, "POST", "/api/games/42/moves/1", &seen), "");
    EXPECT_EQ(dispatch(routes, "GET", "/api/puzzles", &seen), "");
}

TEST(RouteTableTest, AnIdRuleAnswersForAnyMethodAndDepthUnderItsPrefix) {
    RouteTable routes;
    std::string seen;
    int checks = 0;
    routes.add_ids("/api/games", "there is no game ", [&](const HttpRequest&) { ++checks; });
    routes.add("GET", "/api/games/{id}", [&](const RouteCall&) { seen = "game"; });

    for (std::string method : {"GET", "PUT", "DELETE"})
        for (std::string path : {"/api/games/abc", "/api/games/abc/x/y"}) {
            try {
                dispatch(routes, method, path, &seen);
                ADD_FAILURE() << method << " " << path << " passed the id rule";
            } catch (const ApiError& error) {
                EXPECT_EQ(error.kind(), ErrorKind::NotFound);
                EXPECT_EQ(std::string(error.what()), "there is no game abc");
            }
        }
    EXPECT_EQ(checks, 0);
    // A number: the check runs even when no route follows.
    EXPECT_EQ(dispatch(routes, "PUT", "/api/games/7", &seen), "");
    EXPECT_EQ(dispatch(routes, "GET", "/api/games/7", &seen), "game");
    EXPECT_EQ(checks, 2);
    // The prefix alone is not under it.
    EXPECT_EQ(dispatch(routes, "GET", "/api/games", &seen), "");
    EXPECT_EQ(checks, 2);
}

TEST(RouteTableTest, ARouteWithAWordWhereTheIdGoesIsNotUnderTheRule) {
    RouteTable routes;
    std::string seen;
    routes.add_ids("/api/games", "there is no game ");
    routes.add("GET", "/api/games/user/{text}", [&](const RouteCall&) { seen = "user"; });
    EXPECT_EQ(dispatch(routes, "GET", "/api/games/user/alice", &seen), "user");
    // Another method or depth there is still a game's path.
    EXPECT_THROW(dispatch(routes, "POST", "/api/games/user/alice", &seen), ApiError);
    EXPECT_THROW(dispatch(routes, "GET", "/api/games/user", &seen), ApiError);
}

} // namespace
} // namespace evo::app

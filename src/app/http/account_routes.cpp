#include "account_routes.h"

#include "app/common/api_error.h"
#include "app/ratings/glicko2.h"
#include "cookies.h"
#include "json_answer.h"
#include "json_fields.h"

namespace evo::app {

using nlohmann::json;

namespace {

// A visitor's token lasts a year from its last visit to /api/me.
constexpr std::int64_t visitor_cookie_seconds = 365LL * 24 * 3600;

std::string required_string(const json& body, const char* field) {
    auto value = optional_string(body, field);
    if (!value) throw bad_request(std::string("\"") + field + "\" is required");
    return *value;
}

HttpResponse without_session(const OriginRules& origin, const HttpRequest& request, json body) {
    HttpResponse response = json_response(body);
    response.headers.emplace_back(
        "Set-Cookie", set_cookie(session_cookie, "", 0, reached_over_tls(request, origin)));
    return response;
}

// Answers the request when its password thread has the outcome: the session's cookie (after
// `then`, run with the new session), or the failure's error.
SessionDone answer_with_session(const AccountService& accounts, const OriginRules& origin,
                                const RouteCall& call, int status,
                                std::function<void(const NewSession&)> then = {}) {
    // The request itself goes with its call: what the answer needs of it is kept here.
    bool over_tls = reached_over_tls(call.request, origin);
    return [&accounts, responder = call.shared, over_tls, status,
            then = std::move(then)](SessionOutcome outcome) {
        if (!outcome.session) return responder->respond(failure_response(outcome.failure));
        try {
            if (then) then(*outcome.session);
        } catch (...) {
            return responder->respond(failure_response(std::current_exception()));
        }
        HttpResponse response = json_response({{"name", outcome.session->account.name}}, status);
        response.headers.emplace_back("Set-Cookie",
                                      set_cookie(session_cookie, outcome.session->token,
                                                 accounts.session_lifetime_ms() / 1000, over_tls));
        responder->respond(std::move(response));
    };
}

std::string session_token(const HttpRequest& request) {
    return cookie_value(request, session_cookie).value_or("");
}

HttpResponse me(AccountService& accounts, const OriginRules& origin, const HttpRequest& request) {
    if (auto account = accounts.account_of(session_token(request))) {
        json ratings = json::object();
        for (const StoredRating& rating : accounts.ratings_of(account->id))
            ratings[rating.variant] = {
                {"rating", rating.rating},
                {"rd", rating.rd},
                {"volatility", rating.volatility},
                {"games", rating.games},
                {"provisional", is_provisional({rating.rating, rating.rd, rating.volatility})}};
        return json_response({{"name", account->name},
                              {"anonymous", false},
                              {"bot", account->bot},
                              {"ratings", std::move(ratings)}});
    }
    std::string visitor = cookie_value(request, visitor_cookie).value_or("");
    bool fresh = !AccountService::looks_like_token(visitor);
    if (fresh) visitor = new_secret_token();
    HttpResponse response = json_response({{"name", AccountService::anonymous_name(visitor)},
                                           {"anonymous", true},
                                           {"ratings", json::object()}});
    // Sent again each time, so the year runs from the last visit.
    response.headers.emplace_back("Set-Cookie", visitor_set_cookie(request, origin, visitor));
    return response;
}

} // namespace

std::string visitor_set_cookie(const HttpRequest& request, const OriginRules& origin,
                               const std::string& visitor_token) {
    return set_cookie(visitor_cookie, visitor_token, visitor_cookie_seconds,
                      reached_over_tls(request, origin));
}

std::string player_name(const HttpRequest& request, AccountService& accounts) {
    if (auto account = accounts.account_of(session_token(request))) return account->name;
    return AccountService::anonymous_name(cookie_value(request, visitor_cookie).value_or(""));
}

Player player_of(const HttpRequest& request, AccountService& accounts) {
    Player player;
    if (auto account = accounts.account_of(session_token(request)))
        player.account_key = account_owner_key(account->id);
    std::string visitor = cookie_value(request, visitor_cookie).value_or("");
    if (AccountService::looks_like_token(visitor)) player.visitor_key = visitor_owner_key(visitor);
    return player;
}

void refuse_cookie_without_origin(const HttpRequest& request) {
    if (request.method == "GET" || request.method == "HEAD") return;
    if (cookie_value(request, session_cookie) && request.header("origin").empty())
        throw forbidden("a request made with the session cookie must come with its Origin "
                        "header (browsers send it; other clients: leave the cookie out)");
}

void add_account_routes(RouteTable& routes, AccountService& accounts, const OriginRules& origin,
                        AdoptGames adopt_games) {
    // Both hash a password: on the accounts' password threads, answered from there, so that
    // no request thread waits for a hash (issue 47, H1).
    routes.add("POST", "/api/accounts", [&accounts, &origin, adopt_games](const RouteCall& call) {
        const HttpRequest& request = call.request;
        json body = parse_request_body(request.body);
        std::string visitor = cookie_value(request, visitor_cookie).value_or("");
        accounts.create_account(
            required_string(body, "name"), required_string(body, "password"),
            LoginFrom(request.client, visitor),
            answer_with_session(accounts, origin, call, 201,
                                [adopt_games, visitor](const NewSession& session) {
                                    if (adopt_games && AccountService::looks_like_token(visitor))
                                        adopt_games(visitor_owner_key(visitor),
                                                    account_owner_key(session.account.id));
                                }));
    });
    routes.add("POST", "/api/session", [&accounts, &origin](const RouteCall& call) {
        const HttpRequest& request = call.request;
        json body = parse_request_body(request.body);
        // The visitor cookie is the device: one the account knows is never held back by
        // others' wrong passwords.
        accounts.log_in(
            required_string(body, "name"), required_string(body, "password"),
            LoginFrom(request.client, cookie_value(request, visitor_cookie).value_or("")),
            answer_with_session(accounts, origin, call, 200));
    });
    routes.add("DELETE", "/api/session", [&accounts, &origin](const RouteCall& call) {
        accounts.log_out(session_token(call.request));
        call.respond(without_session(origin, call.request, {{"logged_out", true}}));
    });
    routes.add("DELETE", "/api/sessions", [&accounts, &origin](const RouteCall& call) {
        auto ended = accounts.log_out_everywhere(session_token(call.request));
        if (!ended) throw ApiError(ErrorKind::Unauthorized, "not logged in");
        call.respond(without_session(origin, call.request, {{"sessions_ended", *ended}}));
    });
    routes.add("GET", "/api/me", [&accounts, &origin](const RouteCall& call) {
        call.respond(me(accounts, origin, call.request));
    });
}

Player requester_of(const HttpRequest& request, AccountService* accounts) {
    return accounts ? player_of(request, *accounts) : Player{};
}

} // namespace evo::app

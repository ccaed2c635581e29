// The account routes of the JSON API (docs/api.md, "Players and accounts"): POST
// /api/accounts, POST and DELETE /api/session, DELETE /api/sessions, GET /api/me. JSON and
// cookies are read and written here; the rules are AccountService's.
#pragma once

#include "app/accounts/identity.h"
#include "app/accounts/service.h"
#include "message.h"
#include "request_origin.h"
#include "route_table.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace evo::app {

// The cookies: the session token of an account, and an anonymous visitor's own token.
inline constexpr std::string_view session_cookie = "evo_session";
inline constexpr std::string_view visitor_cookie = "evo_visitor";

// Called when a visitor creates an account: (the visitor's key, the account's key).
using AdoptGames = std::function<void(const std::string&, const std::string&)>;

// Adds the account routes. A visitor who creates an account keeps their games (`adopt_games`).
// The services outlive the table.
void add_account_routes(RouteTable& routes, AccountService& accounts, const OriginRules& origin,
                        AdoptGames adopt_games = {});

// Who the request comes from: the account of its session cookie, and the visitor of its
// visitor cookie (either, both or neither).
Player player_of(const HttpRequest& request, AccountService& accounts);

// The name the player is shown by: the account's, else the visitor's anonymous one.
std::string player_name(const HttpRequest& request, AccountService& accounts);

// player_of, or nobody when the server keeps no accounts.
Player requester_of(const HttpRequest& request, AccountService* accounts);

// The Set-Cookie value that keeps a visitor's token for a year.
std::string visitor_set_cookie(const HttpRequest& request, const OriginRules& origin,
                               const std::string& visitor_token);

// A state-changing request (not GET or HEAD) that carries the session cookie must say its
// Origin (which foreign_request_reason has already checked is ours): a form or script on
// another site may make the browser send the cookie, but cannot make it name our origin.
void refuse_cookie_without_origin(const HttpRequest& request);

} // namespace evo::app

#include "bot_routes.h"

#include "account_routes.h"
#include "api_caller.h"
#include "app/accounts/account_name.h"
#include "app/accounts/identity.h"
#include "app/accounts/service.h"
#include "app/bots/lichess_ids.h"
#include "app/common/api_error.h"
#include "app/ratings/rated_games.h"
#include "core/comma_list.h"
#include "json_answer.h"
#include "json_fields.h"
#include "lichess_json.h"

#include <cctype>
#include <charconv>

namespace evo::app {

using nlohmann::json;

namespace {

// A Bot API route is a bot's (bot:play), a Board API route a person's (board:play).
TokenCaller player_of_api(const HttpRequest& request, ApiTokens& tokens, bool bot) {
    TokenCaller caller = token_caller(request, tokens);
    require_scope(caller, {bot ? "bot:play" : "board:play"});
    if (bot && !caller.account.bot)
        throw bad_request("This endpoint can only be used with a Bot account.");
    if (!bot && caller.account.bot)
        throw bad_request("This endpoint cannot be used with a Bot account.");
    return caller;
}

json ok() {
    return {{"ok", true}};
}

bool truthy(const std::string& text) {
    return text == "true" || text == "1" || text == "yes";
}

std::int64_t whole_number_of(const std::string& text, const std::string& name, std::int64_t min,
                             std::int64_t max) {
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw bad_request(name + " must be a whole number from " + std::to_string(min) + " to " +
                          std::to_string(max));
    return value;
}

std::int64_t whole_number(const std::map<std::string, std::string>& fields, const std::string& name,
                          std::int64_t min, std::int64_t max) {
    return whole_number_of(fields.at(name), name, min, max);
}

// What a challenge and a seek share, as lichess's fields: `variant` (lichess's key, standard
// when none), `rated` and `color` (white, black or random when none).
void read_variant_rated_colour(std::map<std::string, std::string>& fields, GameOffer& offer) {
    std::string key = fields.count("variant") ? fields["variant"] : "standard";
    auto variant = variant_of_lichess_key(key);
    if (!variant) throw bad_request("unknown variant: " + key.substr(0, 40));
    offer.variant = *variant;
    offer.rated = fields.count("rated") && truthy(fields["rated"]);
    std::string colour = fields.count("color") ? fields["color"] : "random";
    if (colour == "white")
        offer.colour = ColourChoice::White;
    else if (colour == "black")
        offer.colour = ColourChoice::Black;
    else if (colour != "random")
        throw bad_request("color is \"white\", \"black\" or \"random\"");
}

// The variants a bot plays, from its event stream's header (docs/bots.md): X-Bot-Variants,
// or pychess-variants' X-PyChess-Bot-Capabilities, lichess's keys comma-separated; an
// unknown key is 400. None: chess alone.
std::vector<std::string> bot_variants(const HttpRequest& request) {
    std::string header = request.header("x-bot-variants");
    if (header.empty()) header = request.header("x-pychess-bot-capabilities");
    std::vector<std::string> variants;
    for (const std::string& key : comma_list(header, 100)) {
        auto variant = variant_of_lichess_key(key);
        if (!variant) throw bad_request("unknown variant in X-Bot-Variants: " + key.substr(0, 40));
        variants.push_back(*variant);
    }
    return variants;
}

// How many games a bot plays at once, from its event stream's X-Bot-Max-Games header (our
// own, docs/bots.md); none: no limit.
std::optional<int> bot_max_games(const HttpRequest& request) {
    std::string header = request.header("x-bot-max-games");
    if (header.empty()) return std::nullopt;
    return int(whole_number_of(header, "X-Bot-Max-Games", 1, 1000));
}

void flatten(const json& value, const std::string& prefix,
             std::map<std::string, std::string>& out) {
    if (value.is_object()) {
        for (const auto& [key, item] : value.items())
            flatten(item, prefix.empty() ? key : prefix + "." + key, out);
    } else if (value.is_string()) {
        out[prefix] = value.get<std::string>();
    } else if (!value.is_null()) {
        out[prefix] = value.dump();
    }
}

// The game a text id names, as the caller's seat: 404 if there is none or they sit elsewhere.
struct SeatedGame {
    std::int64_t id = 0;
    Actor actor;
};

SeatedGame seated_game(const BotRoutes& services, const TokenCaller& caller,
                       std::string_view text_id) {
    auto id = game_of_text_id(text_id, services.challenge_store);
    std::optional<GameRecord> record;
    if (id) record = services.games.stored_game(*id);
    if (!record) throw not_found("No such game");
    std::string key = account_owner_key(caller.account.id);
    for (Color side : {White, Black}) {
        const auto& seat = record->seat_players[std::size_t(side)];
        if (seat && seat->key == key && !record->seats.tokens[std::size_t(side)].empty())
            return {*id,
                    Actor::requester(record->seats.tokens[std::size_t(side)], caller.player())};
    }
    throw not_found("No such game");
}

// lichess answers a refused game action with 400 and its error.
template <typename Action> void game_action(const RouteCall& call, Action action) {
    try {
        action();
    } catch (const ApiError& error) {
        if (error.kind() == ErrorKind::Conflict || error.kind() == ErrorKind::Unprocessable ||
            error.kind() == ErrorKind::Forbidden)
            throw bad_request(error.what());
        throw;
    }
    call.respond(json_response(ok()));
}

void add_game_actions(RouteTable& routes, const BotRoutes& services, bool bot) {
    std::string prefix = bot ? "/api/bot/game/{text}" : "/api/board/game/{text}";
    auto seated = [services, bot](const RouteCall& call) {
        TokenCaller caller = player_of_api(call.request, services.tokens, bot);
        return std::pair(caller, seated_game(services, caller, call.segments.at(3)));
    };
    GameService& games = services.games;
    routes.add("GET", (bot ? "/api/bot/game/stream/{text}" : "/api/board/game/stream/{text}"),
               [services, bot](const RouteCall& call) {
                   TokenCaller caller = player_of_api(call.request, services.tokens, bot);
                   SeatedGame game = seated_game(services, caller, call.segments.at(4));
                   services.streams.open_game(game.id, caller.account,
                                              call.shared->open_stream(StreamFormat::NdJson));
               });
    // Everything after /move/ is the move, so a spelling with '/' works raw or encoded.
    auto move = [services, bot, &games](const RouteCall& call) {
        TokenCaller caller = player_of_api(call.request, services.tokens, bot);
        SeatedGame game = seated_game(services, caller, call.segments.at(3));
        std::string uci;
        for (std::size_t i = 5; i < call.segments.size(); ++i) {
            if (i > 5) uci.push_back('/');
            uci.append(percent_decoded(call.segments[i]));
        }
        bool offering_draw = truthy(call.request.query_value("offeringDraw"));
        game_action(call, [&] {
            PlayCommand command;
            command.move = {uci, false};
            games.play(game.id, command, game.actor);
            if (offering_draw) {
                try {
                    games.draw(game.id, {OfferAnswer::Offer, std::nullopt}, game.actor);
                } catch (const ApiError&) {
                    // the move ended the game, or an offer stands: the move counts
                }
            }
        });
    };
    routes.add("POST", prefix + "/move/{text}", move);
    routes.add("POST", prefix + "/move/{text}/{text}", move);
    routes.add("POST", prefix + "/abort", [seated, &games](const RouteCall& call) {
        SeatedGame game = seated(call).second;
        game_action(call, [&] { games.abort(game.id, game.actor); });
    });
    routes.add("POST", prefix + "/resign", [seated, &games](const RouteCall& call) {
        SeatedGame game = seated(call).second;
        game_action(call, [&] { games.resign(game.id, {}, game.actor); });
    });
    if (ArenaService* arenas = services.arenas)
        routes.add("POST", prefix + "/berserk", [seated, arenas](const RouteCall& call) {
            SeatedGame game = seated(call).second;
            game_action(call, [&] { arenas->berserk(game.id, game.actor); });
        });
    routes.add("POST", prefix + "/claim-victory", [seated, &games](const RouteCall& call) {
        SeatedGame game = seated(call).second;
        game_action(call, [&] { games.claim_victory(game.id, game.actor); });
    });
    for (const char* offer : {"draw", "takeback"}) {
        bool draw = std::string_view(offer) == "draw";
        routes.add("POST", prefix + "/" + offer + "/{text}",
                   [seated, &games, draw](const RouteCall& call) {
                       SeatedGame game = seated(call).second;
                       std::string answer = call.text(5);
                       if (answer != "yes" && answer != "no")
                           throw bad_request("accept is \"yes\" or \"no\"");
                       game_action(call, [&] {
                           GameView view = games.get(game.id, game.actor);
                           auto standing = draw ? view.draw_offer : view.takeback_offer;
                           Color mine = view.seat ? view.seat->colour : White;
                           OfferCommand command;
                           command.answer = answer == "no"                  ? OfferAnswer::Decline
                                            : standing && *standing != mine ? OfferAnswer::Accept
                                                                            : OfferAnswer::Offer;
                           if (draw)
                               games.draw(game.id, command, game.actor);
                           else
                               games.takeback(game.id, command, game.actor);
                       });
                   });
    }
    if (services.chat) {
        ChatService& chat = *services.chat;
        routes.add("POST", prefix + "/chat", [seated, &chat](const RouteCall& call) {
            auto [caller, game] = seated(call);
            auto fields = lichess_fields(call.request);
            std::string room = fields.count("room") ? fields["room"] : "";
            if (room != "player" && room != "spectator")
                throw bad_request("room is \"player\" or \"spectator\"");
            ChatPost post{room == "player" ? ChatRoom::Players : ChatRoom::Spectators,
                          fields.count("text") ? fields["text"] : "", true};
            chat.post(game.id, post, game.actor.token, caller.player(), caller.account.name);
            call.respond(json_response(ok()));
        });
    }
}

void add_token_routes(RouteTable& routes, const BotRoutes& services) {
    AccountService& sessions = services.sessions;
    ApiTokens& tokens = services.tokens;
    // Made and listed by the account's session (its cookie), never by a token.
    auto session_account = [&sessions](const HttpRequest& request) {
        Player player = player_of(request, sessions);
        std::optional<std::int64_t> id =
            player.account_key ? account_id_of_key(*player.account_key) : std::nullopt;
        if (!id) throw ApiError(ErrorKind::Unauthorized, "log in to manage your API tokens");
        return *id;
    };
    routes.add("POST", "/api/tokens", [&, session_account](const RouteCall& call) {
        std::int64_t id = session_account(call.request);
        json body = parse_request_body(call.request.body);
        std::string description = optional_string(body, "description").value_or("");
        std::vector<std::string> scopes;
        if (body.contains("scopes")) {
            if (!body["scopes"].is_array()) throw bad_request("\"scopes\" is a list of scopes");
            for (const json& scope : body["scopes"]) {
                if (!scope.is_string()) throw bad_request("\"scopes\" is a list of scopes");
                scopes.push_back(scope.get<std::string>());
            }
        }
        AccountRecord account;
        account.id = id;
        NewApiToken made = tokens.create(account, description, scopes);
        json answer = api_token_json(made.record);
        answer["token"] = made.secret;
        HttpResponse response = json_response(answer, 201);
        response.headers.emplace_back("Cache-Control", "no-store");
        call.respond(std::move(response));
    });
    routes.add("GET", "/api/tokens", [&, session_account](const RouteCall& call) {
        json list = json::array();
        for (const ApiTokenRecord& token : tokens.list(session_account(call.request)))
            list.push_back(api_token_json(token));
        call.respond(json_response({{"tokens", list}}));
    });
    routes.add("DELETE", "/api/tokens/{text}", [&, session_account](const RouteCall& call) {
        std::int64_t account = session_account(call.request);
        auto id = path_number(call.segments.at(2));
        if (!id || !tokens.revoke(account, *id))
            throw not_found("there is no token " + call.text(2));
        call.respond(json_response({{"revoked", call.text(2)}}));
    });
    // lichess's: the body is the tokens, comma-separated (plain text).
    routes.add("POST", "/api/token/test", [&tokens](const RouteCall& call) {
        json answer = json::object();
        for (const std::string& secret : comma_list(call.request.body, 1000)) {
            auto owner = tokens.owner_of(secret, false); // looked at, not used
            if (!owner) {
                answer[secret] = nullptr;
                continue;
            }
            std::string scopes = joined_scopes(owner->token.scopes);
            std::replace(scopes.begin(), scopes.end(), ' ', ',');
            answer[secret] = {{"userId", lichess_user_id(owner->account.name)},
                              {"scopes", scopes},
                              {"expires", nullptr}};
        }
        call.respond(json_response(answer));
    });
}

BotChallenge told_challenge(const BotRoutes& services, const ChallengeRecord& challenge) {
    auto bot_named = [&](const std::string& name) {
        auto account = lichess_account_named(services.accounts, name);
        return account && account->bot;
    };
    return {challenge, {bot_named(challenge.from_name), bot_named(challenge.to_name)}};
}

std::int64_t challenge_id_or_404(const RouteCall& call) {
    auto id = challenge_of_text_id(call.segments.at(2));
    if (!id) throw not_found("No such challenge");
    return *id;
}

void add_challenge_routes(RouteTable& routes, const BotRoutes& services) {
    ApiTokens& tokens = services.tokens;
    ChallengeService& challenges = services.challenges;
    auto challenger = [&tokens](const HttpRequest& request) {
        TokenCaller caller = token_caller(request, tokens);
        require_scope(caller, {"challenge:write", "bot:play", "board:play"});
        return caller;
    };
    routes.add("GET", "/api/challenge", [services](const RouteCall& call) {
        TokenCaller caller = token_caller(call.request, services.tokens);
        require_scope(caller, {"challenge:read", "bot:play", "board:play"});
        ChallengeLists lists = services.challenges.list(caller.player());
        json in = json::array(), out = json::array();
        for (const auto& challenge : lists.incoming)
            in.push_back(lichess_challenge_json(told_challenge(services, challenge), "in"));
        for (const auto& challenge : lists.outgoing)
            out.push_back(lichess_challenge_json(told_challenge(services, challenge), "out"));
        call.respond(json_response({{"in", in}, {"out", out}}));
    });
    routes.add("POST", "/api/challenge/{text}/accept",
               [services, challenger](const RouteCall& call) {
                   TokenCaller caller = challenger(call.request);
                   services.challenges.accept(challenge_id_or_404(call), caller.player());
                   call.respond(json_response(ok()));
               });
    routes.add("POST", "/api/challenge/{text}/decline",
               [services, challenger](const RouteCall& call) {
                   TokenCaller caller = challenger(call.request);
                   auto fields = lichess_fields(call.request);
                   std::string reason = fields.count("reason") ? fields["reason"] : "generic";
                   services.challenges.decline(challenge_id_or_404(call), caller.player(), reason);
                   call.respond(json_response(ok()));
               });
    routes.add("POST", "/api/challenge/{text}/cancel",
               [services, challenger](const RouteCall& call) {
                   TokenCaller caller = challenger(call.request);
                   services.challenges.cancel(challenge_id_or_404(call), caller.player());
                   call.respond(json_response(ok()));
               });
    routes.add(
        "POST", "/api/challenge/{text}",
        [services, challenger, &challenges](const RouteCall& call) {
            TokenCaller caller = challenger(call.request);
            auto fields = lichess_fields(call.request);
            ChallengeRequest request;
            request.to = percent_decoded(call.segments.at(2));
            if (!is_account_name(request.to)) throw not_found("No such user");
            GameOffer& offer = request.offer;
            read_variant_rated_colour(fields, offer);
            if (fields.count("fen") && !fields["fen"].empty()) {
                // Checked against the variant by check_game_offer; a FEN is short.
                if (fields["fen"].size() > 200) throw bad_request("fen: too long");
                offer.fen = fields["fen"];
            }
            if (fields.count("days")) {
                offer.clock_days = int(whole_number(fields, "days", 1, 14));
            } else if (fields.count("clock.limit") || fields.count("clock.increment")) {
                std::int64_t limit =
                    fields.count("clock.limit") ? whole_number(fields, "clock.limit", 0, 10800) : 0;
                std::int64_t increment = fields.count("clock.increment")
                                             ? whole_number(fields, "clock.increment", 0, 180)
                                             : 0;
                if (limit == 0 && increment == 0)
                    throw bad_request("clock.limit and clock.increment cannot both be 0");
                offer.clock_initial_ms = limit * 1000;
                offer.clock_increment_ms = increment * 1000;
            }
            std::int64_t id = challenges.create(request, caller.player(), caller.account.name);
            // Read by its id, not among the open ones: a bot may have accepted or declined it
            // already, and the answer is the whole challenge all the same (as lichess's).
            auto challenge = services.challenge_store.find(id);
            if (!challenge) return call.respond(json_response({{"id", challenge_text_id(id)}}));
            call.respond(
                json_response(lichess_challenge_json(told_challenge(services, *challenge), "out")));
        });
}

// lichess's `ratingRange`, "1500-1800".
RatingRange lichess_rating_range(const std::string& text) {
    auto rating = [&](std::string_view part) {
        int value = 0;
        auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (error != std::errc() || end != part.data() + part.size() || value < 0 ||
            value > max_range_rating)
            throw bad_request("ratingRange is two ratings from 0 to " +
                              std::to_string(max_range_rating) + ", as 1500-1800");
        return value;
    };
    std::size_t dash = text.find('-');
    if (dash == std::string::npos) rating("");
    std::string_view whole = text;
    RatingRange range{rating(whole.substr(0, dash)), rating(whole.substr(dash + 1))};
    if (range.lowest > range.highest) throw bad_request("ratingRange: the lower end first");
    return range;
}

// POST /api/board/seek (board:play, a person): a seek in the lobby. With a clock (`time` in
// minutes, `increment` in seconds) the answer is a stream that holds it for as long as it is
// open and ends once it is taken (the game's start is told on the event stream) or gone;
// closing it withdraws the seek. With `days`, {"id"} at once, and the seek stays while the
// player's event stream is open (the lobby takes away the seeks of a player who left).
void add_board_seek_route(RouteTable& routes, const BotRoutes& services) {
    if (!services.seeks || !services.lobby) return;
    routes.add("POST", "/api/board/seek", [services](const RouteCall& call) {
        TokenCaller caller = player_of_api(call.request, services.tokens, false);
        auto fields = lichess_fields(call.request);
        SeekRequest request;
        GameOffer& offer = request.offer;
        read_variant_rated_colour(fields, offer);
        if (fields.count("days")) {
            offer.clock_days = int(whole_number(fields, "days", 1, 14));
        } else if (fields.count("time") && fields.count("increment")) {
            // Minutes, whole or not (lichess takes 0.5); kept to the second.
            double minutes = 0;
            const std::string& time = fields["time"];
            auto [end, error] = std::from_chars(time.data(), time.data() + time.size(), minutes);
            if (error != std::errc() || end != time.data() + time.size() || !(minutes >= 0) ||
                minutes > 180)
                throw bad_request("time must be a number of minutes from 0 to 180");
            offer.clock_initial_ms = std::int64_t(minutes * 60) * 1000;
            offer.clock_increment_ms = whole_number(fields, "increment", 0, 180) * 1000;
            if (*offer.clock_initial_ms == 0 && *offer.clock_increment_ms == 0)
                throw bad_request("time and increment cannot both be 0");
            // As lichess: the Board API is for games a person plays on a board, not bullet.
            std::string speed = lichess_speed(
                ClockSettings{*offer.clock_initial_ms, *offer.clock_increment_ms, std::nullopt});
            if (speed == "bullet" || speed == "ultraBullet")
                throw bad_request("The Board API does not play bullet: ask for a longer clock");
        } else {
            throw bad_request("a seek has time and increment, or days");
        }
        if (fields.count("ratingRange") && !fields["ratingRange"].empty())
            request.rating_range = lichess_rating_range(fields["ratingRange"]);
        Player player = caller.player();
        SeekMade made = services.seeks->create(request, player, caller.account.name);
        if (offer.clock_days) return call.respond(json_response({{"id", std::to_string(made.id)}}));
        auto stream = call.shared->open_stream(StreamFormat::NdJson);
        services.lobby->open(player, std::make_shared<SilentSinkOf>(stream));
        std::int64_t id = made.id;
        SeekService* seeks = services.seeks;
        stream->on_close([seeks, id, player] {
            try {
                seeks->cancel(id, player);
            } catch (const std::exception&) {
                // taken or gone already
            }
        });
        services.streams.hold_seek(id, stream);
    });
}

void add_account_routes_of_api(RouteTable& routes, const BotRoutes& services) {
    routes.add("GET", "/api/account", [services](const RouteCall& call) {
        TokenCaller caller = token_caller(call.request, services.tokens);
        call.respond(json_response(
            lichess_user_json(caller.account, services.accounts.ratings_of(caller.account.id),
                              services.streams.streaming(caller.account.id))));
    });
    routes.add("GET", "/api/account/playing", [services](const RouteCall& call) {
        TokenCaller caller = token_caller(call.request, services.tokens);
        int limit = 50;
        if (auto nb = call.request.query.find("nb"); nb != call.request.query.end())
            limit = int(whole_number_of(nb->second, "nb", 1, 50));
        json playing = json::array();
        std::string key = account_owner_key(caller.account.id);
        for (const MyGame& mine : services.games.my_games(limit, 0, caller.player())) {
            if (!mine.turn) continue;
            auto record = services.games.stored_game(mine.listing.id);
            if (!record) continue;
            BotGame game;
            game.view = std::make_shared<const GameView>(
                services.games.get(mine.listing.id, Actor::anyone()));
            game.text_id = game_text_id(*record);
            game.seat = mine.seat;
            playing.push_back(lichess_game_event_json(game));
        }
        call.respond(json_response({{"nowPlaying", playing}}));
    });
    routes.add("POST", "/api/bot/account/upgrade", [services](const RouteCall& call) {
        TokenCaller caller = token_caller(call.request, services.tokens);
        require_scope(caller, {"bot:play"});
        if (caller.account.bot) throw bad_request("This account is already a bot account.");
        Player player = caller.player();
        if (!services.games.my_games(1, 0, player).empty())
            throw bad_request("This account has played games and cannot become a bot account.");
        services.accounts.make_bot(caller.account.id);
        call.respond(json_response(ok()));
    });
    routes.add("GET", "/api/stream/event", [services](const RouteCall& call) {
        TokenCaller caller = token_caller(call.request, services.tokens);
        require_scope(caller, {"bot:play", "board:play", "challenge:read"});
        // The headers read first: a bad one is a 400, not a stream.
        auto variants = bot_variants(call.request);
        auto max_games = bot_max_games(call.request);
        auto stream = call.shared->open_stream(StreamFormat::NdJson);
        services.streams.open_events(caller.account, stream, std::move(variants), max_games);
        // A person's event stream keeps them in the lobby: their seeks stay while it is open
        // (a correspondence seek from POST /api/board/seek above all).
        if (services.lobby && !caller.account.bot)
            services.lobby->open(caller.player(), std::make_shared<SilentSinkOf>(stream));
    });
    // NDJSON, one bot a line, as lichess's; ?nb= at most that many.
    routes.add("GET", "/api/bot/online", [services](const RouteCall& call) {
        std::size_t most = 1000;
        if (auto nb = call.request.query.find("nb"); nb != call.request.query.end())
            most = std::size_t(whole_number_of(nb->second, "nb", 1, 5000));
        std::string lines;
        for (const AccountRecord& account : services.streams.streaming_accounts()) {
            if (!account.bot) continue;
            if (most-- == 0) break;
            json user = lichess_user_json(account, services.accounts.ratings_of(account.id), true);
            // Ours (docs/bots.md): the variants it said it plays, lichess's keys.
            json variants = json::array();
            for (const std::string& variant : services.streams.played_variants(account.id))
                variants.push_back(lichess_variant_key(variant));
            user["variants"] = variants;
            // Ours too: one of the site's own bots (the lobby offers those when nobody comes).
            user["house"] = AccountService::house_bot_name(account.name);
            lines += *ndjson_line(user);
        }
        HttpResponse response;
        response.content_type = "application/x-ndjson";
        response.body = std::move(lines);
        call.respond(std::move(response));
    });
    routes.add("GET", "/api/user/{text}", [services](const RouteCall& call) {
        auto account =
            lichess_account_named(services.accounts, percent_decoded(call.segments.at(2)));
        if (!account) throw not_found("No such user");
        call.respond(
            json_response(lichess_user_json(*account, services.accounts.ratings_of(account->id),
                                            services.streams.streaming(account->id))));
    });
    routes.add("GET", "/api/users/status", [services](const RouteCall& call) {
        json list = json::array();
        for (const std::string& name : comma_list(call.request.query_value("ids"), 100)) {
            auto account = lichess_account_named(services.accounts, name);
            if (!account) continue;
            json status = {{"id", lichess_user_id(account->name)},
                           {"name", account->name},
                           {"online", services.streams.streaming(account->id)}};
            if (account->bot) status["title"] = "BOT";
            list.push_back(status);
        }
        call.respond(json_response(list));
    });
}

} // namespace

std::optional<AccountRecord> lichess_account_named(AccountRepository& accounts,
                                                   const std::string& name) {
    // Anything but an account's name names nobody and is never looked up (account_name.h).
    if (!is_account_name(name)) return std::nullopt;
    return accounts.find_by_name(name);
}

std::map<std::string, std::string> lichess_fields(const HttpRequest& request) {
    std::map<std::string, std::string> fields;
    std::string type = request.header("content-type");
    std::string_view body = request.body;
    std::size_t first = body.find_first_not_of(" \t\r\n");
    if (type.find("application/json") != std::string::npos ||
        (first != std::string_view::npos && body[first] == '{')) {
        json value = parse_request_body(request.body);
        flatten(value, "", fields);
        return fields;
    }
    return parse_form(body);
}

void add_bot_routes(RouteTable& routes, BotRoutes services) {
    add_board_seek_route(routes, services);
    add_token_routes(routes, services);
    add_account_routes_of_api(routes, services);
    add_challenge_routes(routes, services);
    add_game_actions(routes, services, true);
    add_game_actions(routes, services, false);
}

} // namespace evo::app

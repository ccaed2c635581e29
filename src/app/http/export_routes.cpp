#include "export_routes.h"

#include "account_routes.h"
#include "app/accounts/identity.h"
#include "app/bots/lichess_ids.h"
#include "app/common/address_key.h"
#include "app/common/api_error.h"
#include "app/common/fault_log.h"
#include "app/record/pgn_tags.h"
#include "bot_routes.h"
#include "core/comma_list.h"
#include "json_answer.h"
#include "lichess_json.h"

#include <charconv>
#include <chrono>
#include <limits>
#include <set>
#include <thread>

namespace evo::app {

using nlohmann::json;

namespace {

// What a request asks of an export (lichess's query parameters of apiGamesUser).
struct ExportQuery {
    bool ndjson = false;
    bool moves = true;
    bool tags = true;
    bool pgn_in_json = false;
    bool last_fen = false;
    std::optional<std::int64_t> since, until;
    std::optional<std::int64_t> max;
    std::optional<std::string> vs;
    std::optional<bool> rated;
    std::optional<Color> colour;
    bool ongoing = false;
    bool finished = true;
    // perfType: the variants asked, and for chess the speeds (none: every speed).
    std::optional<std::vector<std::string>> variants;
    std::optional<std::set<std::string>> chess_speeds;
};

// The last instant a since/until may name: the end of year 9999.
constexpr std::int64_t max_instant_ms = 253402300799999;

std::optional<bool> query_bool(const HttpRequest& request, const std::string& name) {
    auto it = request.query.find(name);
    if (it == request.query.end()) return std::nullopt;
    if (it->second == "true" || it->second == "1") return true;
    if (it->second == "false" || it->second == "0") return false;
    throw bad_request("\"" + name + "\" must be true or false");
}

std::optional<std::int64_t> query_number(const HttpRequest& request, const std::string& name,
                                         std::int64_t min, std::int64_t max) {
    auto it = request.query.find(name);
    if (it == request.query.end()) return std::nullopt;
    const std::string& text = it->second;
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw bad_request("\"" + name + "\" must be a whole number from " + std::to_string(min) +
                          " to " + std::to_string(max));
    return value;
}

bool wants_json(const HttpRequest& request) {
    std::string accept = request.header("accept");
    return accept.find("application/x-ndjson") != std::string::npos ||
           accept.find("application/json") != std::string::npos;
}

// The options of one game's text: moves, tags, pgnInJson, lastFen. clocks, evals, opening,
// accuracy and literate are accepted and give nothing (docs/bots.md says why).
ExportQuery game_options(const HttpRequest& request) {
    ExportQuery query;
    query.ndjson = wants_json(request);
    query.moves = query_bool(request, "moves").value_or(true);
    query.tags = query_bool(request, "tags").value_or(true);
    query.pgn_in_json = query_bool(request, "pgnInJson").value_or(false);
    query.last_fen = query_bool(request, "lastFen").value_or(false);
    for (const char* ignored : {"clocks", "evals", "opening", "accuracy", "literate", "division"})
        query_bool(request, ignored); // a bad value is still a 400
    return query;
}

const std::set<std::string>& chess_speed_names() {
    static const std::set<std::string> names = {"ultraBullet", "bullet",    "blitz",
                                                "rapid",       "classical", "correspondence"};
    return names;
}

// perfType: lichess's keys, comma-separated: a variant's ("standard", "evochess") or one of
// chess's speeds ("blitz").
void read_perf_types(const std::string& text, ExportQuery& query) {
    std::vector<std::string> variants;
    std::set<std::string> speeds;
    bool every_chess = false;
    for (const std::string& key : comma_list(text, 100)) {
        if (chess_speed_names().count(key)) {
            speeds.insert(key);
            continue;
        }
        auto variant = variant_of_lichess_key(key);
        if (!variant) throw bad_request("unknown perfType: " + key.substr(0, 40));
        if (*variant == "chess") every_chess = true;
        variants.push_back(*variant);
    }
    if (variants.empty() && speeds.empty()) throw bad_request("\"perfType\" names no perf");
    if (!speeds.empty() && !every_chess) {
        variants.push_back("chess");
        query.chess_speeds = speeds;
    }
    query.variants = variants;
}

ExportQuery list_query(const HttpRequest& request) {
    ExportQuery query = game_options(request);
    query.since = query_number(request, "since", 0, max_instant_ms);
    query.until = query_number(request, "until", 0, max_instant_ms);
    query.max = query_number(request, "max", 1, std::numeric_limits<int>::max());
    if (auto vs = request.query.find("vs"); vs != request.query.end()) query.vs = vs->second;
    query.rated = query_bool(request, "rated");
    if (auto colour = request.query.find("color"); colour != request.query.end()) {
        if (colour->second == "white")
            query.colour = White;
        else if (colour->second == "black")
            query.colour = Black;
        else
            throw bad_request("\"color\" must be white or black");
    }
    query.ongoing = query_bool(request, "ongoing").value_or(false);
    query.finished = query_bool(request, "finished").value_or(true);
    if (auto perf = request.query.find("perfType"); perf != request.query.end())
        read_perf_types(perf->second, query);
    query_bool(request, "analysed");
    query_bool(request, "withBookmarked");
    if (auto sort = request.query.find("sort");
        sort != request.query.end() && sort->second != "dateDesc")
        throw bad_request("\"sort\" may only be dateDesc here");
    return query;
}

std::string result_token(const Game& game) {
    return game.result().pgn_result();
}

// The PGN of a game as the query asks: tags=false keeps only what reading it back needs (its
// variant and start), moves=false only the result after the tags.
std::string export_pgn(const ExportedGame& game, const std::string& text_id,
                       const ExportQuery& query) {
    std::map<std::string, std::string> tags = export_tags(game.record);
    tags["GameId"] = text_id;
    std::string pgn = game_pgn(game.game, tags);
    std::size_t body = pgn.find("\n\n");
    if (body == std::string::npos) return pgn;
    std::string head = pgn.substr(0, body + 1);
    std::string moves = pgn.substr(body + 2);
    if (!query.tags) {
        std::string kept;
        std::size_t start = 0;
        while (start < head.size()) {
            std::size_t end = head.find('\n', start);
            std::string line = head.substr(start, end - start + 1);
            start = end + 1;
            if (line.starts_with("[Variant ") || line.starts_with("[SetUp ") ||
                line.starts_with("[FEN "))
                kept += line;
        }
        head = kept;
    }
    if (!query.moves) moves = result_token(game.game) + "\n";
    return head + (head.empty() ? "" : "\n") + moves;
}

// One game as the answer's text: PGN and a blank line after it, or a JSON line.
std::string export_text(const ExportedGame& game, const ExportQuery& query) {
    std::string text_id = game_text_id(game.record);
    if (!query.ndjson) return export_pgn(game, text_id, query) + "\n";
    ExportOptions options;
    options.moves = query.moves;
    options.last_fen = query.last_fen;
    if (query.pgn_in_json) options.pgn = export_pgn(game, text_id, query);
    std::array<bool, 2> bots{};
    for (Color side : {White, Black}) {
        const auto& player = game.record.seat_players[std::size_t(side)];
        bots[std::size_t(side)] = player && player->bot;
    }
    return *ndjson_line(lichess_export_json(text_id, game.view, bots, options));
}

Actor reader_of(const HttpRequest& request, AccountService* sessions) {
    return Actor::requester(std::nullopt, requester_of(request, sessions));
}

// One export at a time per client, and a few in all: each holds a request thread while its
// client reads (as lichess allows one at a time per address).
class ExportSlots {
  public:
    static constexpr std::size_t most = 4;

    bool take(const std::string& client) {
        std::string key = address_limit_key(client);
        std::lock_guard lock(mutex_);
        if (clients_.size() >= most || clients_.count(key)) return false;
        clients_.insert(key);
        return true;
    }
    void release(const std::string& client) {
        std::string key = address_limit_key(client);
        std::lock_guard lock(mutex_);
        clients_.erase(key);
    }

  private:
    std::mutex mutex_;
    std::set<std::string> clients_;
};

struct SlotHeld {
    ExportSlots& slots;
    std::string client;
    ~SlotHeld() { slots.release(client); }
};

// Past this many bytes not yet taken by the client, the export waits for it to read.
constexpr std::size_t unsent_bound = 256 * 1024;
constexpr int page_size = 50;

// A reader that takes nothing for this long is let go: the export holds a request thread.
constexpr auto stalled_reader = std::chrono::seconds(30);

void wait_for_reader(EventSink& sink) {
    std::size_t unsent = sink.unsent_bytes();
    auto last_progress = std::chrono::steady_clock::now();
    while (!sink.closed() && unsent > unsent_bound) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::size_t now_unsent = sink.unsent_bytes();
        if (now_unsent < unsent) last_progress = std::chrono::steady_clock::now();
        unsent = now_unsent;
        if (std::chrono::steady_clock::now() - last_progress > stalled_reader) sink.close();
    }
}

bool speed_wanted(const ExportQuery& query, const GameListing& listing) {
    if (!query.chess_speeds || listing.variant != "chess") return true;
    std::optional<ClockSettings> clock;
    if (listing.clock) clock = listing.clock->settings;
    return query.chess_speeds->count(lichess_speed(clock)) > 0;
}

// Streams the filter's games, newest made first, a page at a time.
void stream_games(GameService& games, GameListFilter filter, const ExportQuery& query,
                  const Actor& who, EventSink& sink) {
    std::int64_t left = query.max.value_or(std::numeric_limits<std::int64_t>::max());
    filter.newest_made_first = true;
    while (left > 0 && !sink.closed()) {
        std::vector<GameListing> page = games.list_where(page_size, 0, filter);
        for (const GameListing& listing : page) {
            if (left == 0 || sink.closed()) break;
            if (!speed_wanted(query, listing)) continue;
            auto game = games.exported(listing.id, who);
            if (!game) continue;
            wait_for_reader(sink);
            sink.send(std::make_shared<const std::string>(export_text(*game, query)));
            --left;
        }
        if (int(page.size()) < page_size) break;
        filter.below_id = page.back().id;
    }
}

} // namespace

void add_export_routes(RouteTable& routes, ExportRoutes services) {
    routes.add("GET", "/game/export/{text}", [services](const RouteCall& call) {
        ExportQuery query = game_options(call.request);
        auto id = game_of_text_id(call.segments.at(2), services.challenge_store);
        std::optional<ExportedGame> game;
        if (id) game = services.games.exported(*id, reader_of(call.request, services.sessions));
        if (!game) throw not_found("No such game");
        HttpResponse response;
        if (query.ndjson) {
            std::string line = export_text(*game, query);
            line.pop_back(); // one JSON object, not a line of a stream
            response.body = std::move(line);
        } else {
            response.content_type = "application/x-chess-pgn";
            response.body = export_text(*game, query);
        }
        call.respond(std::move(response));
    });
    auto slots = std::make_shared<ExportSlots>();
    routes.add("GET", "/api/games/user/{text}", [services, slots](const RouteCall& call) {
        const HttpRequest& request = call.request;
        ExportQuery query = list_query(request);
        auto player = lichess_account_named(services.accounts, percent_decoded(call.segments[3]));
        if (!player) throw not_found("No such user");
        GameListFilter filter;
        filter.seat_player = account_owner_key(player->id);
        filter.seat_side = query.colour;
        filter.rated = query.rated;
        filter.variants = query.variants;
        if (query.since) filter.created_from = utc_timestamp_of_ms(*query.since);
        if (query.until) filter.created_until = utc_timestamp_of_ms(*query.until);
        if (query.ongoing != query.finished) filter.finished = query.finished;
        bool none = !query.ongoing && !query.finished;
        if (query.vs) {
            auto opponent = lichess_account_named(services.accounts, *query.vs);
            if (opponent)
                filter.opponent = account_owner_key(opponent->id);
            else
                none = true; // nobody of that name: no games with them
        }
        if (!slots->take(request.client))
            throw ApiError(ErrorKind::RateLimited,
                           "one export at a time: wait for the last one to end");
        std::shared_ptr<EventSink> sink;
        {
            // Given back before the end is sent: the client's next export may follow at once.
            SlotHeld held{*slots, request.client};
            sink =
                call.shared->open_stream(query.ndjson ? StreamFormat::NdJson : StreamFormat::Pgn);
            try {
                if (!none)
                    stream_games(services.games, filter, query,
                                 reader_of(request, services.sessions), *sink);
            } catch (const std::exception& error) {
                // The answer has begun: it ends here, cut short, and the fault is logged.
                log_fault("game export", error.what());
            }
        }
        sink->close();
    });
}

} // namespace evo::app

#include "http_api.h"

#include "api_error.h"
#include "json_fields.h"
#include "sqlite_database.h"

#include <httplib.h>

#include <iostream>
#include <optional>

namespace evo::app {

using nlohmann::json;

namespace {

void send_json(httplib::Response& response, const json& body, int status = 200) {
    response.status = status;
    response.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& response, int status, const std::string& message) {
    send_json(response, {{"error", message}}, status);
}

// Wraps a route so that every failure becomes a JSON error answer, never a crash.
template <class Route> httplib::Server::Handler guarded(Route route) {
    return [route](const httplib::Request& request, httplib::Response& response) {
        try {
            route(request, response);
        } catch (const ApiError& error) {
            send_error(response, error.status(), error.what());
        } catch (const SqliteError& error) {
            std::cerr << "evochess serve: storage error: " << error.what() << '\n';
            send_error(response, 500, std::string("storage error: ") + error.what());
        } catch (const std::exception& error) {
            std::cerr << "evochess serve: internal error: " << error.what() << '\n';
            send_error(response, 500, std::string("internal error: ") + error.what());
        }
    };
}

std::int64_t game_id(const httplib::Request& request) {
    try {
        return std::stoll(request.matches[1].str());
    } catch (const std::exception&) {
        throw not_found("there is no game " + request.matches[1].str());
    }
}

json body_of(const httplib::Request& request) {
    return parse_request_body(request.body);
}

bool wants_event_stream(const httplib::Request& request) {
    return request.get_header_value("Accept").find("text/event-stream") != std::string::npos;
}

std::string server_sent_event(const std::string& name, const json& data) {
    return "event: " + name + "\ndata: " + data.dump() + "\n\n";
}

// Streams the engine's progress and final state as server-sent events.
void stream_engine_move(GameService& service, EngineTicket ticket, httplib::Response& response) {
    auto shared_ticket = std::make_shared<EngineTicket>(std::move(ticket));
    response.set_header("Cache-Control", "no-cache");
    response.set_chunked_content_provider(
        "text/event-stream", [&service, shared_ticket](std::size_t, httplib::DataSink& sink) {
            bool client_gone = false;
            auto send = [&](const std::string& name, const json& data) {
                if (client_gone) return;
                std::string event = server_sent_event(name, data);
                if (!sink.write(event.data(), event.size())) {
                    client_gone = true;
                    service.stop_engine(shared_ticket->game_id);
                }
            };
            try {
                json state = service.run_engine_move(*shared_ticket,
                                                     [&](const json& line) { send("info", line); });
                send("state", state);
            } catch (const std::exception& error) {
                send("error", {{"error", error.what()}});
            }
            sink.done();
            return true;
        });
}

bool is_loopback_host(const std::string& host) {
    std::string name = host.substr(0, host.rfind(':'));
    return name == "127.0.0.1" || name == "localhost" || name == "[::1]";
}

// A page from another site (or a DNS name rebound to 127.0.0.1) must not drive the API:
// browsers send Origin with such requests and the Host they think they talk to.
std::optional<std::string> foreign_request_reason(const httplib::Request& request) {
    std::string host = request.get_header_value("Host");
    if (!host.empty() && !is_loopback_host(host))
        return "requests must address 127.0.0.1 or localhost";
    std::string origin = request.get_header_value("Origin");
    if (!origin.empty() && origin != "http://" + host) return "cross-origin requests are refused";
    return std::nullopt;
}

} // namespace

void register_api_routes(httplib::Server& server, GameService& service) {
    server.set_payload_max_length(max_request_body_bytes);
    server.set_pre_routing_handler(
        [](const httplib::Request& request, httplib::Response& response) {
            auto refused = foreign_request_reason(request);
            if (!refused) return httplib::Server::HandlerResponse::Unhandled;
            send_error(response, 403, *refused);
            return httplib::Server::HandlerResponse::Handled;
        });
    server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
        if (!response.body.empty()) return;
        std::string message;
        switch (response.status) {
        case 400:
            message =
                "malformed HTTP request (a POST needs a Content-Length, even for an empty body)";
            break;
        case 404: message = "no such route: " + request.method + " " + request.path; break;
        case 413: message = "the request body is larger than 1 MiB"; break;
        default:
            message =
                "the request could not be handled (HTTP " + std::to_string(response.status) + ")";
        }
        send_json(response, {{"error", message}}, response.status);
    });
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
            send_error(response, 500, "internal error");
        });

    const std::string game = R"(/api/games/(\d+))";
    server.Get("/api/info",
               guarded([&](const auto&, auto& response) { send_json(response, service.info()); }));
    server.Get("/api/games",
               guarded([&](const auto&, auto& response) { send_json(response, service.list()); }));
    server.Post("/api/games", guarded([&](const auto& request, auto& response) {
                    send_json(response, service.create(body_of(request)), 201);
                }));
    server.Get(game, guarded([&](const auto& request, auto& response) {
                   send_json(response, service.get(game_id(request)));
               }));
    server.Delete(game, guarded([&](const auto& request, auto& response) {
                      send_json(response, service.remove(game_id(request)));
                  }));
    server.Patch(game, guarded([&](const auto& request, auto& response) {
                     send_json(response,
                               service.update_settings(game_id(request), body_of(request)));
                 }));
    server.Post(game + "/moves", guarded([&](const auto& request, auto& response) {
                    std::int64_t id = game_id(request);
                    json body;
                    try {
                        body = body_of(request);
                    } catch (const ApiError& error) {
                        throw unprocessable(std::string("malformed move: ") + error.what());
                    }
                    send_json(response, service.play(id, body));
                }));
    server.Post(game + "/undo", guarded([&](const auto& request, auto& response) {
                    send_json(response, service.undo(game_id(request), body_of(request)));
                }));
    server.Post(game + "/resign", guarded([&](const auto& request, auto& response) {
                    send_json(response, service.resign(game_id(request), body_of(request)));
                }));
    server.Post(game + "/draw", guarded([&](const auto& request, auto& response) {
                    send_json(response, service.offer_draw(game_id(request), body_of(request)));
                }));
    server.Get(game + "/pgn", guarded([&](const auto& request, auto& response) {
                   response.set_content(service.pgn(game_id(request)), "application/x-chess-pgn");
               }));
    server.Post(game + "/engine", guarded([&](const auto& request, auto& response) {
                    EngineTicket ticket =
                        service.begin_engine_move(game_id(request), body_of(request));
                    if (wants_event_stream(request))
                        return stream_engine_move(service, std::move(ticket), response);
                    send_json(response, service.run_engine_move(ticket, [](const json&) {}));
                }));
    server.Post(game + "/engine/stop", guarded([&](const auto& request, auto& response) {
                    send_json(response, {{"stopped", service.stop_engine(game_id(request))}});
                }));
}

} // namespace evo::app

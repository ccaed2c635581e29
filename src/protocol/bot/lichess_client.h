// The HTTP side of a bot: requests to a lichess-compatible server with the bot's token
// (`Authorization: Bearer`, never in an address), and its NDJSON streams read line by line.
// Every wait has a time limit: a request gets 30 s, a stream's silence 20 s (the server sends
// an empty line every 6 s), so a dead server is noticed and the caller reconnects.
#pragma once

#include "server_address.h"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace evo::bot {

struct HttpAnswer {
    int status = 0;
    std::string body;
};

// The server could not be reached, or the connection broke or fell silent (never an HTTP
// status: those are answers).
struct ConnectionError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Ends a stream from another thread: the stream being read returns at once, and a stream
// opened with it later returns before it connects.
class StreamCancel {
  public:
    void cancel();
    bool cancelled() const;

  private:
    friend class LichessClient;
    void attach(std::function<void()> stop);
    void detach();
    mutable std::mutex mutex_;
    bool cancelled_ = false;
    std::function<void()> stop_;
};

using Headers = std::vector<std::pair<std::string, std::string>>;

class LichessClient {
  public:
    LichessClient(ServerAddress server, std::string token);

    HttpAnswer get(const std::string& path) const;
    // A form body (application/x-www-form-urlencoded), as lichess's clients send.
    HttpAnswer post(const std::string& path, const std::string& form = "") const;
    // GETs an NDJSON stream and calls `on_line` with each non-empty line until the server ends
    // it or `cancel` is used. A status other than 200 returns at once with its body.
    HttpAnswer stream(const std::string& path, const Headers& headers,
                      const std::function<void(std::string_view line)>& on_line,
                      StreamCancel& cancel) const;

    std::chrono::milliseconds request_timeout{30000};
    std::chrono::milliseconds silence_timeout{20000};

  private:
    ServerAddress server_;
    std::string token_;
};

// Percent-encodes a form value.
std::string form_encoded(std::string_view text);

} // namespace evo::bot

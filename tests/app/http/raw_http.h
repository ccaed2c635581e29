// Bytes to and from a server on loopback, below any HTTP client library: for requests a
// client library would refuse to send (bad bytes, lies in headers, endless headers).
#pragma once

#include <chrono>
#include <string>

namespace evo::app::testing {

class RawConnection {
  public:
    explicit RawConnection(int port);
    ~RawConnection();
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool connected() const { return socket_ >= 0; }
    // Sends all of `bytes`; false when the server closed the connection.
    bool send(const std::string& bytes);
    // Reads until the server closes the connection or `limit` passes; answers what came.
    std::string read_until_closed(std::chrono::milliseconds limit = std::chrono::seconds(10));
    // Reads until `marker` has arrived (or the connection closes, or `limit` passes).
    std::string read_until(const std::string& marker,
                           std::chrono::milliseconds limit = std::chrono::seconds(10));

  private:
    int socket_ = -1;
    std::string received_;
};

// The status code of a raw HTTP answer ("HTTP/1.1 404 Not Found" -> 404), 0 if none.
int status_of(const std::string& answer);
// The body of a raw HTTP answer (after the blank line).
std::string body_of(const std::string& answer);
// A GET of `target` naming 127.0.0.1, with `extra_headers` (each ending in CRLF), that asks
// the server to close the connection after answering.
std::string get_request(const std::string& target, const std::string& extra_headers = "");
// Sends `request` on a new connection and answers all that came back ("" if none was made).
std::string round_trip(int port, const std::string& request);

} // namespace evo::app::testing

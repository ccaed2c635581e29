// The bytes queued on all event streams together but not yet written to their clients: a
// stream whose next event would pass the bound is ended instead (its client reconnects and
// starts from the state), so memory stays bounded however many clients stop reading.
// Thread-safe.
#pragma once

#include <atomic>
#include <cstddef>

namespace evo::app {

class UnsentBytes {
  public:
    explicit UnsentBytes(std::size_t max_total) : max_total_(max_total) {}

    // Counts `bytes` more; false, and nothing counted, when the total would pass the bound.
    bool try_add(std::size_t bytes);
    // Counts `bytes` whatever the bound (a response's head, the reconnect hint: small and few).
    void add(std::size_t bytes) { total_ += bytes; }
    void release(std::size_t bytes) { total_ -= bytes; }
    std::size_t total() const { return total_; }

  private:
    std::size_t max_total_;
    std::atomic<std::size_t> total_{0};
};

} // namespace evo::app

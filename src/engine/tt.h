// The transposition table: shared by every search thread without locks. A torn entry is
// harmless: its move is checked against the legal moves before use and its key part must match.
#pragma once

#include "value.h"

#include "core/move.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace evo::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    std::uint32_t key32;
    std::uint32_t move;
    std::int16_t value;
    std::int16_t static_eval;
    std::uint8_t depth; // depth + 1, so that 0 means empty
    std::uint8_t generation_bound;
    std::uint8_t was_pv; // the position was on a principal variation when stored
    std::uint8_t padding;

    Move best_move() const { return Move::from_raw(move); }
    Bound bound() const { return Bound(generation_bound & 3); }
    int search_depth() const { return int(depth) - 1; }
};
static_assert(sizeof(TTEntry) == 16);

// What a probe found, copied out so that other threads may overwrite the entry meanwhile.
struct TTHit {
    bool found = false;
    Move move = Move::none();
    Value value = ValueNone;
    Value static_eval = ValueNone;
    int depth = -1;
    Bound bound = Bound::None;
    bool was_pv = false;
};

class TranspositionTable {
  public:
    TranspositionTable();
    // Answers false, keeping the table it had, when the memory cannot be had: more than
    // usable_megabytes() or refused by the system. Never throws. Quick at any size: pages
    // are had as searches first touch them.
    bool resize(std::size_t megabytes);
    std::size_t megabytes() const { return cluster_count_ * sizeof(Cluster) / (1024 * 1024); }
    // Half of this machine's memory: a larger table would leave the rest of the system
    // swapping or meet the OOM killer while being cleared.
    static std::size_t usable_megabytes();
    // Quick at any size too: the pages go back to the system and come again zeroed.
    void clear();
    void new_search() { generation_ = std::uint8_t(generation_ + 4); }

    TTHit probe(Key key, int ply) const;
    void store(Key key, int ply, Value value, Bound bound, int depth, Move move, Value static_eval,
               bool was_pv = false);
    void prefetch(Key key) const { __builtin_prefetch(cluster_of(key)); }
    // Permille of a sample of entries written in this search.
    int hashfull() const;

  private:
    static constexpr int ClusterSize = 4;
    struct alignas(64) Cluster {
        TTEntry entries[ClusterSize];
    };
    // The cluster comes from the key's high bits, so the check uses the low ones: with the
    // high ones it would repeat the index bits and let unrelated positions match.
    static std::uint32_t verification_bits(Key key) { return std::uint32_t(key); }
    Cluster* cluster_of(Key key) const {
        return clusters_.get() + ((unsigned __int128)(key)*cluster_count_ >> 64);
    }

    // The table's memory comes from mmap: the kernel zeroes each page when it is first
    // touched, so gigabytes are had (and cleared) at once, not after seconds of memset. It
    // asks for huge pages where the system gives them on request: a probe is a random access,
    // and with 4 KB pages most probes also miss the TLB.
    struct Unmap {
        void* base = nullptr; // the mapping, which starts before the aligned clusters
        std::size_t bytes = 0;
        void operator()(Cluster* clusters) const;
    };
    static std::unique_ptr<Cluster, Unmap> zeroed_clusters(std::size_t count);

    std::unique_ptr<Cluster, Unmap> clusters_;
    std::size_t cluster_count_ = 0;
    std::uint8_t generation_ = 0;
};

// Mate scores are stored relative to the node, not the root.
inline Value value_to_tt(Value v, int ply) {
    if (v >= ValueMateInMaxPly) return v + ply;
    if (v <= -ValueMateInMaxPly) return v - ply;
    return v;
}
inline Value value_from_tt(Value v, int ply) {
    if (v == ValueNone) return v;
    if (v >= ValueMateInMaxPly) return v - ply;
    if (v <= -ValueMateInMaxPly) return v + ply;
    return v;
}

} // namespace evo::engine

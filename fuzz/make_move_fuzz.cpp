// Make/unmake: bytes choose moves from the legal list of each position on a walk through
// any variant; at every step the incremental state must equal a fresh one, and unmaking
// every move must restore the start exactly.
#include "core/movegen.h"
#include "fuzz_common.h"

#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    if (size == 0) return 0;
    Position pos = fuzz::position_for(data[0]);
    const std::string start_fen = pos.fen();
    const Key start_key = pos.key();
    std::vector<StateInfo> states(size);
    std::vector<Move> played;
    for (std::size_t i = 1; i < size; ++i) {
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) break;
        Move m = list[data[i] % list.size()];
        pos.do_move(m, states[i]);
        played.push_back(m);
        if (!pos.is_consistent()) fuzz::fail();
        auto reread = Position::from_fen(pos.variant(), pos.fen());
        if (!reread || reread->key() != pos.key()) fuzz::fail();
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    if (pos.fen() != start_fen || pos.key() != start_key || !pos.is_consistent()) fuzz::fail();
    return 0;
}

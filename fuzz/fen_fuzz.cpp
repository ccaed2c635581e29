// FEN reader: never crashes; whatever it accepts, it writes back and reads again the same.
#include "core/message_text.h"
#include "core/movegen.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const Variant* v : all_variants()) {
        auto pos = Position::from_fen(*v, text);
        if (!pos) {
            if (!is_valid_utf8(pos.error())) fuzz::fail(); // messages go on to JSON
            continue;
        }
        std::string fen = pos->fen();
        auto again = Position::from_fen(*v, fen);
        if (!again || again->fen() != fen || again->key() != pos->key() || !pos->is_consistent())
            fuzz::fail();
        MoveList list;
        generate_legal(*pos, list);
        if (count_legal(*pos) != list.size()) fuzz::fail();
    }
    return 0;
}

// SAN reader: never crashes; an accepted move is legal and its SAN reads back to it.
#include "core/message_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    if (size == 0) return 0;
    const Position& pos = fuzz::position_for(data[0]);
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto m = parse_san_move(pos, text);
    if (!m) {
        if (!is_valid_utf8(m.error())) fuzz::fail(); // messages go on to JSON
        return 0;
    }
    if (!is_legal(pos, *m)) fuzz::fail();
    auto back = parse_san_move(pos, to_san(pos, *m));
    if (!back || *back != *m) fuzz::fail();
    return 0;
}

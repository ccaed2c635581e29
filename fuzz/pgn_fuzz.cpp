// PGN reader: never crashes; an accepted game writes to PGN that reads back to the same moves;
// tag values kept are one line of UTF-8 and error messages are valid UTF-8.
#include "core/message_text.h"
#include "core/pgn.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    if (size > 20000) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto game = parse_pgn(text);
    if (!game) {
        if (!is_valid_utf8(game.error())) fuzz::fail(); // messages go on to JSON
        return 0;
    }
    for (const auto& [name, value] : game->tags)
        if (!is_valid_utf8(value) || value.find('\n') != std::string::npos) fuzz::fail();
    auto again = parse_pgn(to_pgn(game->game));
    if (!again || again->game.moves() != game->game.moves() ||
        again->game.position().fen() != game->game.position().fen())
        fuzz::fail();
    return 0;
}

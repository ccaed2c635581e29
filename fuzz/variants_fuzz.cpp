// Variants-file parser (src/variants): never crashes; an error names the file; every variant
// it accepts has a legal start position whose moves are generated consistently.
#include "core/movegen.h"
#include "fuzz_common.h"
#include "variants/variant_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace evo;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = variants::parse_variants_text(text, "fuzz.ini");
    if (!parsed) {
        if (parsed.error().message().rfind("fuzz.ini", 0) != 0) fuzz::fail();
        return 0;
    }
    for (VariantDefinition& d : parsed.value()) {
        d.bind();
        auto pos = Position::from_fen(d.rules, d.start_fen);
        if (!pos || !pos->is_consistent()) fuzz::fail();
        MoveList list;
        generate_legal(*pos, list);
        if (count_legal(*pos) != list.size()) fuzz::fail();
        auto again = Position::from_fen(d.rules, pos->fen());
        if (!again || again->fen() != pos->fen()) fuzz::fail();
    }
    return 0;
}

#include "variant_loader.h"

#include "ini_sections.h"
#include "variant_compiler.h"

#include "core/bounded_file.h"
#include "core/position.h"

namespace evo::variants {

namespace {

constexpr std::size_t MaxFileBytes = 1 << 20;

// The reading error without the path it starts with (a FileError names its file itself).
std::string refusal_of(const std::string& message, const std::string& path) {
    const std::string prefix = "cannot read " + path + ": ";
    return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

} // namespace

Outcome<std::vector<VariantDefinition>> parse_variants_text(std::string_view text,
                                                            const std::string& file) {
    if (text.size() > MaxFileBytes)
        return FileError{ErrorKind::Io, file, 0, "", "", "larger than 1 MB"};
    auto sections = read_ini_sections(text, file);
    if (!sections) return sections.error();
    if (sections.value().empty())
        return FileError{ErrorKind::Syntax, file, 0, "", "", "defines no [variant] section"};
    auto compiled = compile_variants(sections.value(), file, builtin_variants());
    if (!compiled) return compiled.error();

    std::vector<VariantDefinition> definitions;
    for (CompiledVariant& c : compiled.value()) {
        // The start position must be legal under the variant's own rules.
        VariantDefinition& d = definitions.emplace_back(std::move(c.definition));
        d.bind();
        auto start = Position::from_fen(d.rules, d.start_fen);
        if (!start) {
            int line = c.start_fen_line ? c.start_fen_line : c.line;
            return FileError{ErrorKind::BadStartFen, file, line, d.name, "start_fen",
                             start.error()};
        }
    }
    return definitions;
}

Outcome<std::vector<const Variant*>> load_variants_text(std::string_view text,
                                                        const std::string& file) {
    auto definitions = parse_variants_text(text, file);
    if (!definitions) return definitions.error();
    auto registered = register_variants(std::move(definitions.value()));
    if (!registered) return FileError{ErrorKind::Duplicate, file, 0, "", "", registered.error()};
    return std::move(registered.value());
}

Outcome<std::vector<const Variant*>> load_variants_file(const std::string& path) {
    // A directory, a device or a file past the bound: refused before it is read (issue 47, M5).
    auto text = read_bounded_file(path, MaxFileBytes);
    if (!text) return FileError{ErrorKind::Io, path, 0, "", "", refusal_of(text.error(), path)};
    return load_variants_text(text.value(), path);
}

} // namespace evo::variants

#include "ini_sections.h"

#include <ini.h>

#include <cctype>
#include <optional>

namespace evo::variants {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

bool valid_name(std::string_view name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
    return true;
}

// The state of one read: inih pulls lines through `next_line` and reports fields to
// `on_field`; line numbers and section headers are seen as the lines go by.
struct Reader {
    std::string_view text;
    std::string file;
    std::size_t pos = 0;
    int line = 0;
    std::string raw; // the line inih is working on
    std::vector<IniSection> sections;
    std::optional<FileError> error;

    void fail(ErrorKind kind, std::string variant, std::string field, std::string why) {
        if (!error) error = FileError{kind, file, line, std::move(variant), std::move(field), why};
    }

    // A `[name]` or `[name:parent]` header, seen in the raw line (inih does not report
    // sections without fields, and a variant may set none).
    void header(std::string_view trimmed) {
        std::size_t close = trimmed.find(']');
        if (close == std::string_view::npos) return; // inih reports the syntax error
        std::string_view inside = trimmed.substr(1, close - 1);
        std::size_t colon = inside.find(':');
        std::string_view name = trim(inside.substr(0, colon));
        std::string_view parent =
            colon == std::string_view::npos ? std::string_view{} : trim(inside.substr(colon + 1));
        if (!valid_name(name))
            return fail(ErrorKind::BadValue, std::string(name), "",
                        "a variant name is letters, digits, '-' and '_' (got '" +
                            std::string(name) + "')");
        if (colon != std::string_view::npos && !valid_name(parent))
            return fail(ErrorKind::BadValue, std::string(name), "",
                        "a parent name is letters, digits, '-' and '_' (got '" +
                            std::string(parent) + "')");
        for (const IniSection& s : sections)
            if (s.name == name)
                return fail(ErrorKind::Duplicate, std::string(name), "",
                            "defined twice (first on line " + std::to_string(s.line) + ")");
        sections.push_back({std::string(name), std::string(parent), line, {}});
    }

    char* next_line(char* out, int size) {
        if (error || pos >= text.size()) return nullptr;
        std::size_t end = text.find('\n', pos);
        std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        std::string_view content = text.substr(pos, next - pos);
        ++line;
        pos = next;
        if (content.size() + 1 > std::size_t(size)) {
            fail(ErrorKind::Syntax, "", "",
                 "line longer than " + std::to_string(size - 2) +
                     " characters (continue a long value on lines starting with a space)");
            return nullptr;
        }
        if (content.find('\0') != std::string_view::npos) {
            fail(ErrorKind::Syntax, "", "", "the file holds a NUL byte");
            return nullptr;
        }
        raw.assign(content);
        std::string_view trimmed = trim(content.substr(0, content.find('\n')));
        if (!trimmed.empty() && trimmed.front() == '[') header(trimmed);
        content.copy(out, content.size());
        out[content.size()] = '\0';
        return out;
    }

    void on_field(std::string_view key, std::string_view value) {
        if (sections.empty())
            return fail(ErrorKind::Syntax, "", std::string(key),
                        "a field before any [variant] section");
        IniSection& s = sections.back();
        bool continuation = !raw.empty() && is_blank(raw.front()) && !s.entries.empty() &&
                            s.entries.back().key == key;
        if (continuation) {
            s.entries.back().value += ' ';
            s.entries.back().value += value;
            return;
        }
        for (const IniEntry& e : s.entries)
            if (e.key == key)
                return fail(ErrorKind::Duplicate, s.name, std::string(key),
                            "set twice (first on line " + std::to_string(e.line) + ")");
        s.entries.push_back({std::string(key), std::string(value), line});
    }
};

char* read_line(char* out, int size, void* stream) {
    return static_cast<Reader*>(stream)->next_line(out, size);
}

int handle(void* user, const char* /*section*/, const char* name, const char* value) {
    static_cast<Reader*>(user)->on_field(name, value);
    return 1;
}

} // namespace

Outcome<std::vector<IniSection>> read_ini_sections(std::string_view text, const std::string& file) {
    Reader reader;
    reader.text = text;
    reader.file = file;
    int bad_line = ini_parse_stream(read_line, &reader, handle, &reader);
    if (reader.error) return *reader.error;
    if (bad_line > 0)
        return FileError{ErrorKind::Syntax,
                         file,
                         bad_line,
                         "",
                         "",
                         "expected '[variant]', '[variant:parent]', 'field = value' or a comment"};
    if (bad_line < 0) return FileError{ErrorKind::Io, file, 0, "", "", "out of memory"};
    return std::move(reader.sections);
}

} // namespace evo::variants

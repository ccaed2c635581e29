#include "engine_spec.h"

#include <charconv>
#include <set>

namespace evo::match {

namespace {

std::optional<std::int64_t> positive_number(const std::string& text) {
    std::int64_t n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size() || n <= 0) return std::nullopt;
    return n;
}

} // namespace

Result<std::vector<std::string>> split_words(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
            in_word = true;
        } else if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (quote)
        return make_error(std::string("unclosed ") + quote + " quote in: " + std::string(text));
    if (in_word) words.push_back(std::move(word));
    return words;
}

Result<EngineSpec> parse_engine_spec(std::string_view text) {
    auto words = split_words(text);
    if (!words) return make_error(words.error());
    EngineSpec spec;
    for (const std::string& word : *words) {
        std::size_t equals = word.find('=');
        if (equals == std::string::npos || equals == 0)
            return make_error("engine setting '" + word +
                              "' is not key=value (cmd=, name=, option.NAME=)");
        std::string key = word.substr(0, equals), value = word.substr(equals + 1);
        if (key == "cmd") {
            auto command = split_words(value);
            if (!command) return make_error(command.error());
            spec.command = std::move(*command);
        } else if (key == "name") {
            spec.name = value;
        } else if (key.starts_with("option.") && key.size() > 7) {
            spec.options.emplace_back(key.substr(7), value);
        } else if (key == "tc") {
            auto clock = parse_time_control(value);
            if (!clock) return make_error("engine tc=" + value + ": " + clock.error());
            spec.clock = *clock;
        } else if (key == "nodes" || key == "depth" || key == "movetime") {
            auto limit = positive_number(value);
            if (!limit) return make_error("engine " + key + "= must be a positive whole number");
            if (key == "depth" && *limit > 1000)
                return make_error("engine depth= must be at most 1000");
            if (key == "movetime" && Milliseconds(*limit) > MaxMovetime)
                return make_error("engine movetime= (milliseconds) must be at most an hour");
            if (key == "nodes")
                spec.nodes = *limit;
            else if (key == "depth")
                spec.depth = int(*limit);
            else
                spec.movetime = Milliseconds(*limit);
        } else {
            return make_error("unknown engine setting '" + key +
                              "' (cmd=, name=, option.NAME=, tc=, nodes=, depth=, movetime=)");
        }
    }
    if (spec.command.empty()) return make_error("engine without cmd=: '" + std::string(text) + "'");
    if (spec.name.empty()) {
        const std::string& program = spec.command.front();
        spec.name = program.substr(program.find_last_of('/') + 1);
    }
    return spec;
}

SearchLimits limits_for(const SearchLimits& match, const EngineSpec& spec) {
    SearchLimits limits = match;
    if (spec.clock) limits.clock = spec.clock;
    if (spec.nodes) limits.nodes = *spec.nodes;
    if (spec.depth) limits.depth = *spec.depth;
    if (spec.movetime) limits.movetime = *spec.movetime;
    return limits;
}

std::string own_limits_text(const EngineSpec& spec) {
    return limits_text(limits_for(SearchLimits{}, spec));
}

void make_names_unique(std::vector<EngineSpec>& engines) {
    std::set<std::string> taken;
    for (EngineSpec& engine : engines) {
        std::string name = engine.name;
        for (int n = 2; taken.count(name); ++n) name = engine.name + " " + std::to_string(n);
        engine.name = name;
        taken.insert(name);
    }
}

} // namespace evo::match

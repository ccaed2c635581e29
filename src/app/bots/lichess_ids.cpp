#include "lichess_ids.h"

#include <charconv>

namespace evo::app {

namespace {

std::optional<std::int64_t> positive_number(std::string_view text) {
    if (text.empty() || text.size() > 18 || text[0] == '0') return std::nullopt;
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value <= 0) return std::nullopt;
    return value;
}

constexpr std::string_view challenge_made_for = "challenge:";

} // namespace

std::string challenge_text_id(std::int64_t challenge_id) {
    std::string text = std::to_string(challenge_id);
    text.insert(text.begin(), 'c');
    return text;
}

std::optional<std::int64_t> challenge_of_text_id(std::string_view text) {
    if (!text.starts_with('c')) return std::nullopt;
    return positive_number(text.substr(1));
}

std::string game_text_id(const GameRecord& game) {
    if (game.made_for.starts_with(challenge_made_for)) {
        if (auto challenge =
                positive_number(std::string_view(game.made_for).substr(challenge_made_for.size())))
            return challenge_text_id(*challenge);
    }
    return std::to_string(game.id);
}

std::optional<std::int64_t> game_of_text_id(std::string_view text,
                                            ChallengeRepository& challenges) {
    if (auto number = positive_number(text)) return number;
    auto challenge_id = challenge_of_text_id(text);
    if (!challenge_id) return std::nullopt;
    auto challenge = challenges.find(*challenge_id);
    if (!challenge) return std::nullopt;
    return challenge->game_id;
}

} // namespace evo::app

// Which challenges a bot takes: the variants it plays, how many games at once, the clocks it
// keeps to. A refusal names lichess's decline reason, which the challenger is shown.
#pragma once

#include "bot_events.h"

#include <optional>
#include <string>
#include <vector>

namespace evo::bot {

struct BotPolicy {
    std::vector<std::string> variants = {"chess"}; // registry names
    int max_games = 1;
    // Clocks with less than this estimated time (limit + 40 x increment, seconds) are too
    // fast: the bot could not keep to them through the network.
    int min_estimated_s = 15;
    bool accept_untimed = true; // correspondence and unlimited games
};

// None: accept. Otherwise lichess's reason key (variant, later, tooFast, timeControl).
std::optional<std::string> decline_reason(const ChallengeEvent& challenge, const BotPolicy& policy,
                                          int games_now);

} // namespace evo::bot

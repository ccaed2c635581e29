#include "bot_policy.h"

#include "core/variant.h"
#include "core/variant_keys.h"

#include <algorithm>

namespace evo::bot {

std::optional<std::string> decline_reason(const ChallengeEvent& challenge, const BotPolicy& policy,
                                          int games_now) {
    auto variant = variant_of_lichess_key(challenge.variant_key);
    if (!variant || std::find(policy.variants.begin(), policy.variants.end(), *variant) ==
                        policy.variants.end())
        return "variant";
    if (!challenge.limit_s) {
        if (!policy.accept_untimed) return "timeControl";
    } else if (*challenge.limit_s + 40 * challenge.increment_s.value_or(0) <
               policy.min_estimated_s) {
        return "tooFast";
    }
    if (games_now >= policy.max_games) return "later";
    return std::nullopt;
}

} // namespace evo::bot

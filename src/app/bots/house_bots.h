// The site's own bots (`serve --house-bots`, docs/bots.md): an account per bot, kept by the
// server for itself. Its name begins with "evobot", which nobody may sign up with
// (AccountService::house_bot_name), it is a bot from the start, its password is random and
// shown to nobody, and each start of the server gives it a new bot:play token (the one made
// at the last start is revoked: only its digest was ever kept). The bots themselves are
// programs of the Bot API like any other (`evochess bot`): they get the token and nothing
// else.
#pragma once

#include "app/accounts/api_tokens.h"
#include "app/accounts/crypto.h"
#include "app/accounts/repository.h"
#include "app/common/clock.h"

#include <string>

namespace evo::app {

struct HouseBotAccount {
    std::string name;
    std::string token; // bot:play
};

// The house bot `name` with a fresh token, its account made on first use. An ApiError
// (409) when the name is not a house bot's or an account of that name is a person's (made
// before the name was kept for bots).
HouseBotAccount house_bot_account(const std::string& name, AccountRepository& accounts,
                                  ApiTokens& tokens, const Clock& clock,
                                  const PasswordCost& cost = interactive_password_cost());

} // namespace evo::app

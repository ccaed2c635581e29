#include "house_bots.h"

#include "app/accounts/service.h"
#include "app/common/api_error.h"

namespace evo::app {

namespace {

// Marks the tokens a house bot's server made, so that the next start revokes them and keeps
// any other (none are made by hand: nobody logs in as a house bot).
constexpr const char* house_token_description = "house bot (made by evochess serve)";

} // namespace

HouseBotAccount house_bot_account(const std::string& name, AccountRepository& accounts,
                                  ApiTokens& tokens, const Clock& clock, const PasswordCost& cost) {
    if (!AccountService::house_bot_name(name))
        throw conflict("'" + name + "' is not a house bot's name (they begin with evobot)");
    auto account = accounts.find_by_name(name);
    if (!account) {
        AccountRecord made{0, name, hash_password(random_hex(32), cost), clock.now_ms()};
        // Another process of the same database may have made it meanwhile: then it is found.
        if (accounts.create(made)) accounts.make_bot(made.id);
        account = accounts.find_by_name(name);
        if (!account) throw conflict("the house bot account " + name + " could not be made");
    }
    if (!account->bot)
        throw conflict("the account " + account->name +
                       " is a person's, made before the name was kept for house bots: rename "
                       "it or choose other levels");
    for (const ApiTokenRecord& token : tokens.list(account->id))
        if (token.description == house_token_description) tokens.revoke(account->id, token.id);
    NewApiToken token = tokens.create(*account, house_token_description, {"bot:play"});
    return {account->name, token.secret};
}

} // namespace evo::app

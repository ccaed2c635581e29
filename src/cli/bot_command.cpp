// `evochess bot`: our engine as a bot of a lichess-compatible server (ours or any other that
// speaks lichess's Bot API), as lichess-bot runs an engine (docs/bots.md).
#include "command.h"

#include "core/comma_list.h"
#include "core/variant.h"
#include "core/variant_keys.h"
#include "protocol/bot/bot_runner.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <pthread.h>
#include <thread>

namespace evo::cli {

namespace {

struct BotArgs {
    std::string server = "http://127.0.0.1:8080";
    std::string token_file;
    std::string variants = "chess";
    int level = 8;
    int games = 1;
    int move_overhead_ms = 300;
    int hash_mb = 16;
};

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

// The token from its file's first line, or from EVOCHESS_BOT_TOKEN: never from the command
// line, where every user of the machine could read it.
Result<std::string> read_token(const std::string& file) {
    std::string token;
    if (file.empty()) {
        const char* from_environment = std::getenv("EVOCHESS_BOT_TOKEN");
        if (!from_environment)
            return make_error("no token: give --token-file FILE or set EVOCHESS_BOT_TOKEN");
        token = from_environment;
    } else {
        std::ifstream in(file);
        if (!in || !std::getline(in, token))
            return make_error("cannot read the token file " + file);
    }
    token.erase(0, token.find_first_not_of(" \t\r"));
    token.erase(token.find_last_not_of(" \t\r") + 1);
    if (token.empty()) return make_error("the token is empty");
    return token;
}

Result<std::vector<std::string>> variants_of(const std::string& list) {
    std::vector<std::string> names;
    for (const std::string& key : comma_list(list, 100)) {
        // A registry name or lichess's key ("chess" or "standard").
        auto name = find_variant(key) ? std::optional(key) : variant_of_lichess_key(key);
        if (!name) return make_error("unknown variant '" + key + "' (" + variant_names() + ")");
        names.push_back(*name);
    }
    if (names.empty()) return make_error("no variant to play");
    return names;
}

int run_bot_command(const BotArgs& args) {
    auto server = bot::parse_server_url(args.server);
    if (!server) return fail(server.error());
    auto token = read_token(args.token_file);
    if (!token) return fail(token.error());
    auto variants = variants_of(args.variants);
    if (!variants) return fail(variants.error());

    bot::BotOptions options;
    options.policy.variants = *variants;
    options.policy.max_games = args.games;
    options.level = args.level;
    options.move_overhead_ms = args.move_overhead_ms;
    options.hash_mb = args.hash_mb;

    // Ctrl-C or SIGTERM: the bot leaves its streams and stops its searches. Signals are taken
    // by one thread (sigwait); SIGUSR1 wakes it when the bot ends on its own.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    bot::BotRunner runner(bot::LichessClient(*server, *token), options, std::cout);
    std::thread waiter([&] {
        int received = 0;
        sigwait(&signals, &received);
        runner.stop();
    });
    auto outcome = runner.run();
    pthread_kill(waiter.native_handle(), SIGUSR1);
    waiter.join();
    if (!outcome) return fail(outcome.error());
    return 0;
}

const RegisterCommand bot_command{
    "bot", [](CLI::App& app) -> std::function<int()> {
        auto args = std::make_shared<BotArgs>();
        CLI::App* cmd = app.add_subcommand(
            "bot", "play as a bot of a lichess-compatible server, through its Bot API "
                   "(docs/bots.md)");
        cmd->add_option("--server", args->server, "the server's address, http://HOST[:PORT]")
            ->capture_default_str();
        cmd->add_option("--token-file", args->token_file,
                        "file whose first line is the account's API token with the bot:play "
                        "scope (default: $EVOCHESS_BOT_TOKEN)");
        // After `bot`, --variants is this list (lichess-bot's word); variants files for the
        // bot to play go before it (`evochess --variants my.ini bot --variants mychess`).
        cmd->add_option("--variants,--play", args->variants,
                        "the variants it accepts challenges in, comma-separated (lichess's keys "
                        "or registry names)")
            ->capture_default_str();
        cmd->add_option("--level", args->level, "strength, 1 (weakest) to 8 (full strength)")
            ->check(CLI::Range(1, 8))
            ->capture_default_str();
        cmd->add_option("--games", args->games, "games at once at most")
            ->check(CLI::Range(1, 64))
            ->capture_default_str();
        cmd->add_option("--move-overhead", args->move_overhead_ms,
                        "milliseconds kept back from each move for the network")
            ->check(CLI::Range(0, 10000))
            ->capture_default_str();
        cmd->add_option("--hash", args->hash_mb, "hash table per game, MB")
            ->check(CLI::Range(1, 4096))
            ->capture_default_str();
        return [args] { return run_bot_command(*args); };
    }};

} // namespace

} // namespace evo::cli

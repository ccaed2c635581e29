// `evochess uci` (also what `evochess` alone runs): the UCI engine loop on stdin/stdout.
#include "command.h"

#include "protocol/uci/uci.h"

#include <iostream>

namespace evo::cli {

namespace {

const RegisterCommand uci_command{
    "uci", [](CLI::App& app) -> std::function<int()> {
        app.add_subcommand("uci",
                           "speak the UCI protocol on standard input and output (the default)");
        return [] {
            std::ios::sync_with_stdio(false);
            // Reading std::cin would flush std::cout from this thread while the search
            // thread writes to it (a data race that duplicated lines): all output goes
            // through the session's locked writer, which flushes every line itself.
            std::cin.tie(nullptr);
            uci::Session session(std::cout);
            return session.run(std::cin);
        };
    }};

} // namespace

} // namespace evo::cli

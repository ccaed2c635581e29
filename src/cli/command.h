// Subcommands register themselves here, so each layer's command lives in its own file
// (rules_commands.cpp, uci_command.cpp, match_command.cpp, serve_command.cpp ...).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace evo::cli {

// Adds a subcommand to `app` and returns what runs it once parsed.
using CommandSetup = std::function<std::function<int()>(CLI::App& app)>;

struct CommandRegistration {
    std::string name;
    CommandSetup setup;
};

std::vector<CommandRegistration>& command_registry();

// The variants files given with --variants (loaded before any command runs): for commands
// that start child engines, which must load them too.
std::vector<std::string>& variant_files();

struct RegisterCommand {
    RegisterCommand(std::string name, CommandSetup setup) {
        command_registry().push_back({std::move(name), std::move(setup)});
    }
};

} // namespace evo::cli

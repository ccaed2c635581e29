// evochess: one binary, a subcommand for each way people use it. Without a subcommand it
// speaks UCI, as chess GUIs expect of an engine binary.
#include "command.h"

#include "variants/variant_loader.h"

#include <cstdio>
#include <map>

namespace evo::cli {
std::vector<CommandRegistration>& command_registry() {
    static std::vector<CommandRegistration> registry;
    return registry;
}
std::vector<std::string>& variant_files() {
    static std::vector<std::string> files;
    return files;
}
} // namespace evo::cli

int main(int argc, char** argv) {
    CLI::App app{"evochess: engine and referee for EvoChess, EChess, Promote King Chess and chess"};
    app.require_subcommand(0, 1);
    // Variants files (docs/variants.md), for every subcommand: given after it too.
    std::vector<std::string>& variant_files = evo::cli::variant_files();
    app.add_option("--variants", variant_files,
                   "load the variants defined in this INI file (docs/variants.md); repeatable")
        ->type_name("FILE");
    app.fallthrough();

    std::map<std::string, std::pair<CLI::App*, std::function<int()>>> commands;
    for (auto& registration : evo::cli::command_registry()) {
        std::size_t before = app.get_subcommands({}).size();
        auto run = registration.setup(app);
        auto subcommands = app.get_subcommands({});
        CLI::App* added = subcommands.size() > before ? subcommands.back() : nullptr;
        commands[registration.name] = {added, std::move(run)};
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }

    for (const std::string& file : variant_files)
        if (auto loaded = evo::variants::load_variants_file(file); !loaded) {
            std::fprintf(stderr, "error: %s\n", loaded.error().message().c_str());
            return 2;
        }

    for (auto& [name, command] : commands)
        if (command.first && command.first->parsed()) return command.second();
    if (auto uci = commands.find("uci"); uci != commands.end()) return uci->second.second();
    std::fputs(app.help().c_str(), stdout);
    return 0;
}

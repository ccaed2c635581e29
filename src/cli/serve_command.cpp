// `evochess serve`: the browser UI and JSON API (docs/api.md) on 127.0.0.1.
#include "command.h"

#include "app/server.h"

#include <memory>

namespace evo::cli {

namespace {

const RegisterCommand serve_registration{
    "serve", [](CLI::App& app) -> std::function<int()> {
        auto* serve = app.add_subcommand(
            "serve", "serve the web UI and JSON API on 127.0.0.1, games kept in SQLite");
        auto options = std::make_shared<app::ServeOptions>();
        serve->add_option("--port", options->port, "port on 127.0.0.1 (0: any free port)")
            ->check(CLI::Range(0, 65535))
            ->capture_default_str();
        serve->add_option("--data", options->data_dir,
                          "directory of games.sqlite3 (default $XDG_DATA_HOME/evochess or "
                          "~/.local/share/evochess)");
        serve->add_option("--web", options->web_dir,
                          "directory of the built UI (default: web/dist of this build)");
        return [options] {
            options->search = app::built_in_search();
            return app::run_server(*options);
        };
    }};

} // namespace

} // namespace evo::cli

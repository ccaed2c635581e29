#!/usr/bin/env bash
# Builds evochess (and its web front end) and starts the main job: the web app on
# http://127.0.0.1:8080 (`evochess serve`). Extra arguments go to `evochess serve`.
# Installs what it needs (Debian packages, npm packages from the lockfile).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
ensure_node
ensure_packages "${BUILD_PACKAGES[@]}"
# The engine in the browser (docs/javascript.md): with emscripten installed, the WebAssembly
# package first, which the web build copies in; without it (the script says so) the web app
# analyses on the server.
WASM_JOBS="$(nproc)" wasm/build.sh || echo "run.sh: the WebAssembly build failed; the web app analyses on the server"
# The build also runs `npm ci && npm run build` in web/ (src/app/CMakeLists.txt).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DEVO_TESTS=OFF > /dev/null
cmake --build build -j "$(nproc)"
# The house bots (docs/bots.md): a beginner, a club player and the full engine, each playing
# every variant by challenge, so that nobody who comes finds the site empty.
exec build/evochess serve --house-bots 1,4,8 "$@"

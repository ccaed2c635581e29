# Installs the Debian packages a step needs, only those missing. Sourced by run.sh/test.sh.
ensure_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# What building the evochess binary (libpq for PostgreSQL), the Python module (pybind11,
# docs/python.md) and the WebAssembly package for the engine in the browser (emscripten,
# docs/javascript.md) needs.
BUILD_PACKAGES=(g++ cmake ninja-build pkg-config libinih-dev libcli11-dev nlohmann-json3-dev libboost1.81-dev libsqlite3-dev libpq-dev libsodium-dev pybind11-dev python3-dev emscripten)
# Node.js and npm for the web front end: only installed when the commands are missing
# (a nodejs package that bundles npm conflicts with Debian's npm package).
ensure_node() {
    command -v node > /dev/null || ensure_packages nodejs
    command -v npm > /dev/null || ensure_packages npm
}
# What the tests need on top: GoogleTest, the perft peers, clang for libFuzzer, a browser,
# pytest and venv for the Python module, networkx as the reference of the tournaments'
# matching (tests/app/tournaments/matching_vs_networkx.py), PostgreSQL and nginx (started by
# the tests themselves with their own configuration; nginx runs docs/deploy.md's proxy set-up,
# and the package's own service on port 80, where systemd starts it, is not used).
TEST_PACKAGES=(libgtest-dev libcpp-httplib-dev clang-format libgmock-dev libbenchmark-dev python3 stockfish fairy-stockfish clang libclang-rt-14-dev chromium python3-pytest python3-networkx python3-venv postgresql nginx)

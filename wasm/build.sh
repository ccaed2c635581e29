#!/usr/bin/env bash
# Builds the WebAssembly package with Debian's emscripten (scripts/deps.sh): one optimised
# CMake configuration in build-wasm/ (EVO_WASM: the core, the variants files, the engine and
# the binding only), then copies evochess_wasm.mjs and .wasm into wasm/dist/, where the
# package (wasm/evochess.js) loads them. Without emscripten it says so and exits 0, so that
# test.sh goes on; the package's tests then skip.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v emcmake > /dev/null; then
    echo "wasm/build.sh: emscripten is not installed (apt-get install emscripten); skipped"
    exit 0
fi
# Debian's emscripten runs its JS tools with the `node` on PATH, which may not be Debian's
# and then does not search Debian's node modules (acorn).
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# variants_codegen runs at build time under the `node` on PATH, without emcmake's default
# --experimental-wasm-threads flag, which newer Node versions refuse.
emcmake cmake -S . -B build-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release -DEVO_WASM=ON \
    -DEVO_NATIVE=OFF -DEVO_TESTS=OFF -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" \
    "${launcher[@]}" > /dev/null
cmake --build build-wasm -j "${WASM_JOBS:-$(nproc)}" --target evochess_wasm
mkdir -p wasm/dist
cp build-wasm/wasm/evochess_wasm.mjs build-wasm/wasm/evochess_wasm.wasm wasm/dist/
echo "wasm/build.sh: wasm/dist/evochess_wasm.mjs and .wasm"

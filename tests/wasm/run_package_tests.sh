#!/usr/bin/env bash
# The WebAssembly package's tests (wasm/test, Node's test runner) on the module wasm/build.sh
# built; skipped (77) when emscripten is not installed. Then its types (evochess.d.ts) are
# checked against their use with the web UI's TypeScript compiler when that is installed.
set -uo pipefail
repo=$1
if [ ! -f "$repo/wasm/dist/evochess_wasm.wasm" ]; then
    if ! command -v emcmake > /dev/null; then
        echo "emscripten is not installed: the WebAssembly package is not built; skipped"
        exit 77
    fi
    echo "wasm/dist/ is missing: run wasm/build.sh (test.sh does) before these tests"
    exit 1
fi
command -v node > /dev/null || { echo "node is not installed; skipped"; exit 77; }
cd "$repo/wasm" || exit 1
node --test --test-reporter=spec test/*.test.mjs || exit 1
tsc="$repo/web/node_modules/.bin/tsc"
if [ -x "$tsc" ]; then
    "$tsc" --noEmit --strict --module nodenext --moduleResolution nodenext --target es2022 \
        test/types_check.ts || exit 1
    echo "evochess.d.ts: types_check.ts compiles"
fi

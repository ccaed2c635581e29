#!/usr/bin/env bash
# Builds and runs every test: unit, rule, peer (stockfish perft), CLI, engine, match, API,
# browser end-to-end (the release build also builds the web UI with npm);
# the unit tests again under AddressSanitizer+UndefinedBehaviorSanitizer; the tests that
# run threads under ThreadSanitizer; and each fuzz target briefly. Installs what it needs
# (Debian packages, npm packages from the lockfile).
set -euo pipefail
cd "$(dirname "$0")"
source scripts/deps.sh
ensure_node
ensure_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
export PATH="$PATH:/usr/games"
jobs=$(nproc)
passed=0
failed=0
count() { # reads a ctest log, adds its totals
    local line
    line=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$1" | tail -1 || true)
    local total=$(echo "$line" | sed -E 's/.* out of ([0-9]+).*/\1/')
    local bad=$(echo "$line" | sed -E 's/.*passed, ([0-9]+) tests failed.*/\1/')
    [ -n "$line" ] || { failed=$((failed + 1)); return; }
    passed=$((passed + total - bad))
    failed=$((failed + bad))
}

echo "== release build (-Werror) and all tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DEVO_WERROR=ON > /dev/null
cmake --build build -j "$jobs"
set +e
ctest --test-dir build --output-on-failure -j "$jobs" 2>&1 | tee build/ctest.log
set -e
count build/ctest.log

echo "== ASan+UBSan build: unit tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEVO_SANITIZE=ON -DEVO_NATIVE=OFF \
    -DEVO_WEB_UI=OFF > /dev/null
cmake --build build-asan -j "$jobs"
set +e
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -L unit 2>&1 | tee build-asan/ctest.log
set -e
count build-asan/ctest.log

echo "== ThreadSanitizer build: the tests that run threads (label tsan)"
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEVO_TSAN=ON -DEVO_NATIVE=OFF \
    -DEVO_WEB_UI=OFF > /dev/null
cmake --build build-tsan -j "$jobs" --target tsan_tests
set +e
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp" \
    ctest --test-dir build-tsan --output-on-failure -j "$jobs" -L tsan -LE cli 2>&1 | tee build-tsan/ctest.log
set -e
count build-tsan/ctest.log

echo "== fuzz targets, briefly (bench/fuzz.sh runs them long)"
set +e
FUZZ_SECONDS="${FUZZ_SECONDS:-15}" bench/fuzz.sh 2>&1 | tee build/fuzz.log
set -e
fuzz_line=$(grep -E "^fuzz: [0-9]+ passed, [0-9]+ failed" build/fuzz.log | tail -1 || true)
if [ -n "$fuzz_line" ]; then
    passed=$((passed + $(echo "$fuzz_line" | sed -E 's/fuzz: ([0-9]+) passed.*/\1/')))
    failed=$((failed + $(echo "$fuzz_line" | sed -E 's/.* ([0-9]+) failed/\1/')))
else
    failed=$((failed + 1))
fi

echo
echo "all: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

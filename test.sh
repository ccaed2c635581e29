#!/usr/bin/env bash
# Builds and runs every test: unit, rule, peer (stockfish perft), CLI, engine, match, API,
# browser end-to-end (the release build also builds the web UI with npm), the WebAssembly
# package (wasm/build.sh, before the release build, whose web UI copies it in);
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
failed_names=()
flaky_names=()
# names of the tests a ctest log lists as failed
failed_in() { sed -n '/The following tests FAILED:/,$p' "$1" | sed -nE 's/^\s+[0-9]+ - (.*) \([^()]*\)$/\1/p'; }
summary_of() { grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$1" | tail -1 || true; }
# count PHASE RUN [FINAL]: adds the totals of the ctest run logged in RUN; its failures (their
# count and names) are those of FINAL, the log of a rerun of RUN's failed tests, when given.
count() {
    local phase=$1 run=$2 final=${3:-$2}
    local run_line final_line
    run_line=$(summary_of "$run")
    final_line=$(summary_of "$final")
    if [ -z "$run_line" ] || [ -z "$final_line" ]; then
        failed=$((failed + 1))
        failed_names+=("$phase: no ctest summary")
        return
    fi
    local total=$(echo "$run_line" | sed -E 's/.* out of ([0-9]+).*/\1/')
    local bad=$(echo "$final_line" | sed -E 's/.*passed, ([0-9]+) tests failed.*/\1/')
    passed=$((passed + total - bad))
    failed=$((failed + bad))
    local name
    while IFS= read -r name; do failed_names+=("$phase: $name"); done < <(failed_in "$final")
}
# run_ctest PHASE DIR CTEST-ARGS...: runs the tests; a test that fails is run once more on its
# own (on CI's two busy cores a browser wait can time out), and the phase counts that second
# run. A test that passes only the second time is named at the end, so no flake hides.
run_ctest() {
    local phase=$1 dir=$2
    shift 2
    set +e
    ctest --test-dir "$dir" --output-on-failure "$@" 2>&1 | tee "$dir/ctest.log"
    local first=$(failed_in "$dir/ctest.log")
    if [ -z "$first" ] || [ "$(echo "$first" | wc -l)" -gt 3 ]; then
        set -e
        count "$phase" "$dir/ctest.log"
        return
    fi
    echo "== $phase: running the failed tests once more, alone"
    ctest --test-dir "$dir" --output-on-failure --rerun-failed 2>&1 | tee "$dir/ctest-rerun.log"
    local again=$(failed_in "$dir/ctest-rerun.log") name
    while IFS= read -r name; do
        grep -qxF "$name" <<<"$again" || flaky_names+=("$phase: $name")
    done <<<"$first"
    set -e
    count "$phase" "$dir/ctest.log" "$dir/ctest-rerun.log"
}

echo "== release build (-Werror) and all tests"
# The WebAssembly package (wasm/) first: the release stage's test wasm.package runs it, and
# the web UI that the release build makes copies it in (the engine in the browser).
if ! wasm/build.sh; then
    failed=$((failed + 1))
    failed_names+=("release: wasm/build.sh")
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DEVO_WERROR=ON > /dev/null
cmake --build build -j "$jobs"
run_ctest release build -j "$jobs"

# The sanitizer builds compile at -O1 with line tables only (-g1): stack traces keep their
# files and lines, and the two builds compile about four times faster than at -O2 -g (their
# compile time was most of CI's time; see docs/performance.md "CI time").
sanitizer_flags="-O1 -g1 -DNDEBUG"

echo "== ASan+UBSan build: unit tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$sanitizer_flags" \
    -DEVO_SANITIZE=ON -DEVO_NATIVE=OFF -DEVO_WEB_UI=OFF > /dev/null
cmake --build build-asan -j "$jobs" --target unit_tests
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 run_ctest asan build-asan -j "$jobs" -L unit

echo "== ThreadSanitizer build: the tests that run threads (label tsan)"
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$sanitizer_flags" \
    -DEVO_TSAN=ON -DEVO_NATIVE=OFF -DEVO_WEB_UI=OFF > /dev/null
cmake --build build-tsan -j "$jobs" --target tsan_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp" \
    run_ctest tsan build-tsan -j "$jobs" -L tsan -LE cli

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
while IFS= read -r line; do failed_names+=("$line"); done < <(grep -E "^fuzz [a-z_]+: FINDING" build/fuzz.log || true)

echo
for name in "${flaky_names[@]}"; do echo "failed once, passed when run again: $name"; done
for name in "${failed_names[@]}"; do echo "FAILED: $name"; done
echo "all: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

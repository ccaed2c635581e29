#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) and runs each for FUZZ_SECONDS
# (default 600). Prints the executions reached; ends with "fuzz: N passed, N failed".
# Findings are written to build-fuzz/findings/. Record long runs in docs/reliability.md.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-600}"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DEVO_FUZZ=ON -DEVO_SANITIZE=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo > build-fuzz.log 2>&1 || { cat build-fuzz.log; echo "fuzz: 0 passed, 1 failed"; exit 1; }
cmake --build build-fuzz -j "$(nproc)" >> build-fuzz.log 2>&1 || { tail -30 build-fuzz.log; echo "fuzz: 0 passed, 1 failed"; exit 1; }
rm -f build-fuzz.log
mkdir -p build-fuzz/findings
passed=0
failed=0
for target in fen san uci_move pgn make_move variants; do
    corpus="build-fuzz/corpus/$target"
    mkdir -p "$corpus"
    cp -n fuzz/seeds/$target/* "$corpus/" 2>/dev/null
    log="build-fuzz/$target.log"
    build-fuzz/fuzz/${target}_fuzz -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix=build-fuzz/findings/${target}- "$corpus" > "$log" 2>&1
    status=$?
    execs=$(grep -E "stat::number_of_executed_units" "$log" | awk '{print $2}')
    if [ $status -eq 0 ]; then
        passed=$((passed + 1))
        echo "fuzz ${target}: ${execs:-?} executions in ${seconds}s, no finding"
    else
        failed=$((failed + 1))
        echo "fuzz ${target}: FINDING after ${execs:-?} executions (see $log)"
        grep -E "ERROR|SUMMARY|#[0-9]+ " "$log" | head -20
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

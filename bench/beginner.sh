#!/usr/bin/env bash
# The first levels against the scripted beginner (tools/beginner; issue 23, item 8): level 1
# should lose to it regularly (score at most about 60%), level 2 clearly more. Each variant's
# openings (bench/openings/VARIANT.txt), both colours, refereed by `evochess match`; the
# levels are bound by their own node budgets, so the generous clock never binds.
#
#   bench/beginner.sh [GAMES] [LEVELS] [VARIANTS]
#       defaults: 200 games, levels "1 2", every built-in variant
# Prints one line per level and variant: the level's W-D-L and score against the beginner.
# Environment: BUILD (default build), CONCURRENCY (default 2), OUT (default build/beginner).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
games=${1:-200}
levels=${2:-1 2}
variants=${3:-chess evochess echess promoteking}
concurrency=${CONCURRENCY:-2}
out=${OUT:-$build/beginner}
mkdir -p "$out"
for program in "$build/evochess" "$build/tools/beginner/scripted_beginner"; do
    [ -x "$program" ] || { echo "no $program (build the targets evochess and scripted_beginner)" >&2; exit 2; }
done
printf '%-12s %-6s %6s %-12s %s\n' variant level games "W-D-L" "level's score"
for variant in $variants; do
    for level in $levels; do
        log="$out/$variant-level$level.txt"
        "$build/evochess" match --variant "$variant" --tc 60+1 --games "$games" \
            --concurrency "$concurrency" --openings "$root/bench/openings/$variant.txt" \
            --pgn "$out/$variant-level$level.pgn" \
            --engine "cmd='$build/evochess uci' name=level$level option.Level=$level option.Hash=16" \
            --engine "cmd=$build/tools/beginner/scripted_beginner name=beginner" > "$log"
        line=$(grep -E "^  level$level: " "$log")
        wdl=$(echo "$line" | sed -E 's/.*: ([0-9]+) wins, ([0-9]+) draws, ([0-9]+) losses.*/\1-\2-\3/')
        score=$(echo "$line" | sed -E 's/.* = ([0-9.]+%).*/\1/')
        printf '%-12s %-6s %6s %-12s %s\n' "$variant" "$level" "$games" "$wdl" "$score"
    done
done

#!/usr/bin/env bash
# Perft speed of the built-in variants against the same rules read from a variants file
# (docs/performance.md, "Variants from a file"). Runs interleaved, median of --runs; times are
# CPU seconds (user + system), which a machine busy with other work disturbs less than wall time.
#   bench/variant-perft-speed.sh [--evochess build/evochess] [--before OLD_BINARY] [--runs 5]
set -euo pipefail
evochess=build/evochess
before=""
runs=5
while [ $# -gt 0 ]; do
    case "$1" in
    --evochess) evochess="$2"; shift 2 ;;
    --before) before="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
file=$(mktemp --suffix=.ini)
trap 'rm -f "$file"' EXIT
printf '[evochess-file:evochess]\n[chess-file:chess]\n' > "$file"

seconds() { # command... -> CPU seconds
    /usr/bin/time -f "%U %S" "$@" 2>&1 > /dev/null | tail -1 | awk '{print $1 + $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| variant | depth | nodes | binary | rules from | median CPU s | Mn/s |"
echo "|---|---:|---:|---|---|---:|---:|"
for case in "evochess 6 146351063" "chess 6 119060324"; do
    set -- $case
    v=$1 depth=$2 nodes=$3
    declare -A times=()
    for ((i = 0; i < runs; i++)); do
        [ -n "$before" ] && times[before]+="$(seconds "$before" perft --variant "$v" --depth "$depth") "
        times[builtin]+="$(seconds "$evochess" perft --variant "$v" --depth "$depth") "
        times[file]+="$(seconds "$evochess" perft --variants "$file" --variant "$v-file" --depth "$depth") "
    done
    for key in before builtin file; do
        [ -z "${times[$key]:-}" ] && continue
        m=$(echo "${times[$key]}" | tr ' ' '\n' | grep . | median)
        case $key in
        before) bin="before (constexpr table)"; from="compiled in" ;;
        builtin) bin="after"; from="builtin.ini, compiled in" ;;
        file) bin="after"; from="a variants file ([$v-file:$v])" ;;
        esac
        printf "| %s | %d | %'d | %s | %s | %.3f | %.1f |\n" "$v" "$depth" "$nodes" "$bin" "$from" "$m" \
            "$(echo "$nodes / $m / 1000000" | bc -l)"
    done
    unset times
done

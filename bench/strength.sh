#!/usr/bin/env bash
# The strength matches of docs/strength.md, refereed by `evochess match`.
#
#   bench/strength.sh chess    [GAMES]  evochess vs stockfish (UCI_LimitStrength, UCI_Elo 2000)
#   bench/strength.sh scaling  VARIANT [GAMES]  evochess vs itself at half the time
#   bench/strength.sh depth    VARIANT [GAMES]  evochess vs itself limited to DEPTH plies
#   bench/strength.sh selfplay VARIANT [GAMES]  evochess vs itself, same clock (a soak: the
#                                               summary's Endings must show no engine failure)
#
# Environment: EVOCHESS (default build/evochess), TC (chess 10+0.1, selfplay 1+0.01, else
# 4+0.04), HALF_TC (half of TC for `scaling`), DEPTH (4, for `depth`), CONCURRENCY
# (default 2), OUT (folder for the PGN and the printed summary, default build/strength).
# Installs Debian's stockfish if missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
evochess=${EVOCHESS:-$root/build/evochess}
concurrency=${CONCURRENCY:-2}
out=${OUT:-$root/build/strength}
mkdir -p "$out"
[ -x "$evochess" ] || { echo "no evochess binary at $evochess (build it first)" >&2; exit 2; }

kind=${1:-}
case "$kind" in
chess)
    "$here/install-peers.sh"
    games=${2:-200}
    tc=${TC:-10+0.1}
    name="chess-vs-stockfish-elo2000"
    set -- --engine "cmd='$evochess uci' name=evochess option.Hash=64" \
        --engine "cmd=stockfish name=stockfish-elo2000 option.Hash=64 option.UCI_LimitStrength=true option.UCI_Elo=2000" \
        --variant chess --tc "$tc" --openings "$here/openings/chess.txt"
    ;;
scaling)
    variant=${2:?variant}
    games=${3:-200}
    tc=${TC:-4+0.04}
    half=${HALF_TC:-2+0.02}
    name="$variant-scaling"
    # Two clocks in one match: the slow side gets its own time control by `tc=` per engine.
    set -- --engine "cmd='$evochess uci' name=evochess-$tc tc=$tc" \
        --engine "cmd='$evochess uci' name=evochess-$half tc=$half" \
        --variant "$variant" --tc "$tc" --openings "$here/openings/$variant.txt"
    ;;
depth)
    variant=${2:?variant}
    games=${3:-200}
    tc=${TC:-4+0.04}
    depth=${DEPTH:-4}
    name="$variant-vs-depth$depth"
    set -- --engine "cmd='$evochess uci' name=evochess" \
        --engine "cmd='$evochess uci' name=evochess-depth$depth depth=$depth" \
        --variant "$variant" --tc "$tc" --openings "$here/openings/$variant.txt"
    ;;
selfplay)
    variant=${2:?variant}
    games=${3:-1000}
    tc=${TC:-1+0.01}
    name="$variant-selfplay"
    set -- --engine "cmd='$evochess uci' name=evochess-a" \
        --engine "cmd='$evochess uci' name=evochess-b" \
        --variant "$variant" --tc "$tc" --openings "$here/openings/$variant.txt"
    ;;
*)
    sed -n '2,13p' "$0" >&2
    exit 2
    ;;
esac

"$evochess" match "$@" --games "$games" --concurrency "$concurrency" \
    --pgn "$out/$name.pgn" | tee "$out/$name.txt"

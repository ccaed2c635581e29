#!/usr/bin/env bash
# The calibration of the playing levels (src/engine/levels.cpp, docs/strength.md "Levels"),
# refereed by `evochess match`. Levels 1-7 are bound by their own node budgets; the
# full-strength level plays FULL_NODES nodes a move here (about what the app's 1 s a move
# searches on the project's machine), so that no figure depends on the machine's speed or
# load (the clock below is generous and never binds).
#
#   bench/levels.sh ladder VARIANT [GAMES] [FIRST] [LAST]
#       neighbouring levels FIRST..LAST (default 1..8): level N against level N+1
#   bench/levels.sh anchor LEVEL PEER [GAMES]
#       chess: level LEVEL against a peer engine, PEER one of
#       stockfish-eloNNNN (Stockfish with UCI_LimitStrength, UCI_Elo NNNN),
#       glaurung-nodesNNNN (the full engine at NNNN nodes a move), glaurung-depthN or
#       toga2-depthN (to N plies a move; toga2 does not obey `go nodes`), or hand-levelN
#       (our level N with the hand-written evaluation, `Use NNUE` off: the levels as they
#       were calibrated before the chess net, so that their games still count), or
#       prev-levelN (level N of another build, PREV_EVOCHESS: the levels as they were
#       before a change of the engine, e.g. the search of commit 567c243)
#   bench/levels.sh summary
#       one line per match played into OUT: the pair, W-D-L of the first, score and Elo
#
# Environment: EVOCHESS (default build/evochess), PREV_EVOCHESS (for prev-levelN),
# FULL_NODES (default 1000000),
# TC (default 60+1), PEER_MOVETIME (Stockfish's milliseconds a move; default 100 below
# UCI_Elo 2200, 200 below 2400, 400 from there: weakened, Stockfish 15.1 picks its move at
# a depth its UCI_Elo sets, 7 plies at 2000, 10 at 2200, 12 at 2400, which those times
# reach with two games on two cores; on a short clock instead it answers from depth 1, far
# below its Elo), CONCURRENCY (default 2), OUT (default build/levels), NICE (default 10).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
evochess=${EVOCHESS:-$root/build/evochess}
full_nodes=${FULL_NODES:-1000000}
tc=${TC:-60+1}
peer_movetime=${PEER_MOVETIME:-}
concurrency=${CONCURRENCY:-2}
out=${OUT:-$root/build/levels}
niceness=${NICE:-10}
mkdir -p "$out"
[ -x "$evochess" ] || { echo "no evochess binary at $evochess (build it first)" >&2; exit 2; }

# The --engine argument for evochess at a level; PREFIX (optional) names a setting of it,
# OPTIONS are more of its UCI options and BINARY another build (default EVOCHESS).
level_engine() {
    local level=$1 prefix=${2:-} options=${3:-} binary=${4:-$evochess} extra=""
    [ "$level" = 8 ] && extra=" nodes=$full_nodes"
    echo "cmd='$binary uci' name=${prefix}level$level option.Level=$level option.Hash=16$options$extra"
}

run_match() { # NAME VARIANT GAMES ENGINE-ARGS...
    local name=$1 variant=$2 games=$3
    shift 3
    nice -n "$niceness" "$evochess" match "$@" --variant "$variant" --tc "$tc" \
        --openings "$here/openings/$variant.txt" --games "$games" \
        --concurrency "$concurrency" --pgn "$out/$name.pgn" | tee "$out/$name.txt"
}

kind=${1:-}
case "$kind" in
ladder)
    variant=${2:?variant}
    games=${3:-60}
    first=${4:-1}
    last=${5:-8}
    for ((level = first; level < last; ++level)); do
        run_match "$variant-level$level-vs-level$((level + 1))" "$variant" "$games" \
            --engine "$(level_engine "$level")" --engine "$(level_engine $((level + 1)))"
    done
    ;;
anchor)
    level=${2:?level}
    peer=${3:?peer}
    games=${4:-60}
    case "$peer" in
    stockfish-elo*)
        elo=${peer#stockfish-elo}
        if [ -z "$peer_movetime" ]; then
            peer_movetime=100
            [ "$elo" -ge 2200 ] && peer_movetime=200
            [ "$elo" -ge 2400 ] && peer_movetime=400
        fi
        peer_engine="cmd=/usr/games/stockfish name=$peer option.Hash=16 option.UCI_LimitStrength=true option.UCI_Elo=$elo movetime=$peer_movetime"
        ;;
    glaurung-nodes*)
        peer_engine="cmd=/usr/games/glaurung name=$peer option.Hash=16 nodes=${peer#*-nodes}"
        ;;
    glaurung-depth* | toga2-depth*)
        program=${peer%%-depth*}
        peer_engine="cmd=/usr/games/$program name=$peer option.Hash=16 depth=${peer#*-depth}"
        ;;
    hand-level[1-8])
        peer_engine=$(level_engine "${peer#hand-level}" hand- " 'option.Use NNUE=false'")
        ;;
    prev-level[1-8])
        [ -x "${PREV_EVOCHESS:-}" ] || { echo "prev-levelN plays the build PREV_EVOCHESS: set it" >&2; exit 2; }
        peer_engine=$(level_engine "${peer#prev-level}" prev- "" "$PREV_EVOCHESS")
        ;;
    *)
        sed -n '10,18p' "$0" >&2
        exit 2
        ;;
    esac
    run_match "chess-level$level-vs-$peer" chess "$games" \
        --engine "$(level_engine "$level")" --engine "$peer_engine"
    ;;
summary)
    for file in "$out"/*.txt; do
        awk -v match_name="$(basename "$file" .txt)" '
            / games$/ && / vs / { games = $(NF - 1) }
            /wins,/ { gsub(",", ""); w = $2; d = $4; l = $6; score = $(NF) }
            /Elo difference:/ { elo = $3 " " $4 " " $5 }
            END { if (games) printf "%-40s %4s games  %s-%s-%s  %-6s  Elo %s\n", match_name, games, w, d, l, score, elo }
        ' "$file"
    done
    ;;
*)
    sed -n '2,28p' "$0" >&2
    exit 2
    ;;
esac

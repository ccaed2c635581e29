#!/usr/bin/env bash
# Remakes the opening sets in this folder: 100 lines of 4 random legal plies per variant,
# level in material, and balanced by a quick engine search where one can play the variant
# (README.md says why these choices). Usage: bench/openings/make-openings.sh [EVOCHESS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
evochess=${1:-$here/../../build/evochess}
[ -x "$evochess" ] || { echo "error: no evochess binary at $evochess (build it, or pass its path)" >&2; exit 2; }

if ! command -v stockfish >/dev/null && [ ! -x /usr/games/stockfish ]; then
  apt-get install -y stockfish >/dev/null || { apt-get update >/dev/null && apt-get install -y stockfish >/dev/null; }
fi

# The variants need an engine that knows them: evochess itself, once it speaks UCI.
if "$evochess" --help | grep -q '^  uci '; then variant_engine="cmd='$evochess uci' name=evochess"; else variant_engine=""; fi

seed=1
for variant in chess evochess echess promoteking; do
  if [ "$variant" = chess ]; then engine="cmd=stockfish option.Hash=16"; check="stockfish depth 10, |score| <= 50 cp"
  elif [ -n "$variant_engine" ]; then engine=$variant_engine; check="evochess depth 6, |score| <= 50 cp"
  else engine=""; check="material only (no engine for the variant yet)"; fi
  depth=10; [ "$variant" = chess ] || depth=6
  out=$here/$variant.txt
  {
    echo "# $variant: 100 openings, 4 random legal plies, level material; balance check: $check"
    echo "# made by bench/openings/make-openings.sh (evochess openings --seed $seed)"
    if [ -n "$engine" ]; then
      "$evochess" openings --variant "$variant" --count 100 --plies 4 --seed "$seed" \
        --engine "$engine" --depth "$depth" --max-score 50
    else
      "$evochess" openings --variant "$variant" --count 100 --plies 4 --seed "$seed"
    fi
  } > "$out.tmp"
  mv "$out.tmp" "$out"
  echo "$out: $(grep -vc '^#' "$out") openings ($check)"
  seed=$((seed + 1))
done

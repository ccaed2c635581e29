#!/usr/bin/env bash
# Installs the Debian packages the peer benchmarks compare against, if missing.
set -euo pipefail
missing=()
for program in stockfish fairy-stockfish; do
  command -v "$program" >/dev/null || [ -x "/usr/games/$program" ] || missing+=("$program")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]} (Debian packages)" >&2
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get install -y "${missing[@]}" >/dev/null 2>&1 ||
  { $sudo apt-get update >/dev/null && $sudo apt-get install -y "${missing[@]}" >/dev/null; }

#!/usr/bin/env bash
# Perft speed of evochess, stockfish and fairy-stockfish on the same positions (chess, and
# the EvoChess start), with node counts checked to agree. Installs the peers if missing.
# Usage: bench/perft-vs-peers.sh [--evochess PATH] [--runs N] [--quick]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/install-peers.sh"
exec python3 "$here/peers.py" perft "$@"

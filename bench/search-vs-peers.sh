#!/usr/bin/env bash
# Search bench speed (nodes/s) of `evochess bench`, `stockfish bench` and
# `fairy-stockfish bench`. Installs the peers if missing; says so if evochess has no bench.
# Usage: bench/search-vs-peers.sh [--evochess PATH] [--runs N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/install-peers.sh"
exec python3 "$here/peers.py" search "$@"

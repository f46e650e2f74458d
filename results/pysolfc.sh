#!/usr/bin/env bash
# Reproduces results/pysolfc-thoughtful.csv and results/pysolfc-greedy.csv: PySolFC's Eagle Wing games 1-31999
# (every plainly numbered game of its Microsoft-compatible generator, LCRandom31) under preset pysol, which
# plays PySolFC's rules. Per-deal rows go to results/raw/; their deal column is the PySolFC game number.
# Usage: bash results/pysolfc.sh [games = 31999]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-31999}
mkdir -p results/raw
for player in thoughtful greedy; do
  node bin/eaglewing.js sim --numbering pysol --preset pysol --player "$player" --from 1 --deals "$games" --quiet \
    --out "results/raw/pysolfc-$player.csv" --resume --summary "results/pysolfc-$player.csv"
done

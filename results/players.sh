#!/usr/bin/env bash
# Reproduces results/greedy-*.csv and results/sampling-*.csv: the no-peek players' win rates (RULES §6).
# Usage: bash results/players.sh [greedy deals] [sampling deals]
set -euo pipefail
cd "$(dirname "$0")/.."
greedy_deals=${1:-10000}
sampling_deals=${2:-2500}
mkdir -p results/raw
for preset in strict coops easy goodsol pysol; do
  node bin/eaglewing.js sim --preset "$preset" --player greedy --deals "$greedy_deals" --quiet \
    --out "results/raw/greedy-$preset.csv" --resume --summary "results/greedy-$preset.csv"
done
for preset in strict coops goodsol; do
  node bin/eaglewing.js sim --preset "$preset" --player sampling --deals "$sampling_deals" --quiet \
    --out "results/raw/sampling-$preset.csv" --resume --summary "results/sampling-$preset.csv"
done

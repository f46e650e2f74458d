#!/usr/bin/env bash
# Reproduces results/greedy-*.csv and results/sampling-*.csv: the no-peek players' win rates (RULES §6).
# Usage: bash results/players.sh [greedy deals = 10000] [sampling deals = 2500] [sampling deals for goodsol = 1600]
# (goodsol's sampled decisions are slower, about 1 s a deal on one thread here; 1,600 deals still pin a rate
# near 80% to about ±2 points)
set -euo pipefail
cd "$(dirname "$0")/.."
greedy_deals=${1:-10000}
sampling_deals=${2:-2500}
goodsol_sampling_deals=${3:-1600}
mkdir -p results/raw
for preset in strict coops easy goodsol pysol; do
  node bin/eaglewing.js sim --preset "$preset" --player greedy --deals "$greedy_deals" --quiet \
    --out "results/raw/greedy-$preset.csv" --resume --summary "results/greedy-$preset.csv"
done
sampling() { # preset deals
  node bin/eaglewing.js sim --preset "$1" --player sampling --deals "$2" --quiet \
    --out "results/raw/sampling-$1.csv" --resume --summary "results/sampling-$1.csv"
}
for preset in strict coops easy pysol; do sampling "$preset" "$sampling_deals"; done
sampling goodsol "$goodsol_sampling_deals"


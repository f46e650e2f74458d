#!/usr/bin/env bash
# Reproduces results/greedy-*.csv and results/sampling-*.csv: the no-peek players' win rates (RULES §6).
# Usage: bash results/players.sh [greedy deals] [sampling deals] [sampling deals for goodsol]
# (goodsol's group moves and spaces make each sampled decision far slower: about 5 s a deal on one thread here, 26 min for 300 deals)
set -euo pipefail
cd "$(dirname "$0")/.."
greedy_deals=${1:-10000}
sampling_deals=${2:-2500}
goodsol_sampling_deals=${3:-300}
mkdir -p results/raw
for preset in strict coops easy goodsol pysol; do
  node bin/eaglewing.js sim --preset "$preset" --player greedy --deals "$greedy_deals" --quiet \
    --out "results/raw/greedy-$preset.csv" --resume --summary "results/greedy-$preset.csv"
done
sampling() { # preset deals
  node bin/eaglewing.js sim --preset "$1" --player sampling --deals "$2" --quiet \
    --out "results/raw/sampling-$1.csv" --resume --summary "results/sampling-$1.csv"
}
sampling strict "$sampling_deals"
sampling coops "$sampling_deals"
sampling goodsol "$goodsol_sampling_deals"


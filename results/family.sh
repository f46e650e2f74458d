#!/usr/bin/env bash
# Reproduces results/family-*.csv: the Canfield family's win rates (issue 18 point 6), thoughtful (the solver,
# each deal stopped at --max-nodes and then counted unknown, apart from won and lost) and greedy (no-peek).
# Per-deal rows (with each solve's time) go to results/raw/ (not committed); `node results/family-times.mjs`
# reads them for the mean/median/worst solve time.
# Usage: bash results/family.sh [deals = 500] [max nodes = 200000] [presets = every dealt-base family preset]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-500}
max_nodes=${2:-200000}
presets=${3:-canfield,superior-canfield,rainfall,canfield-rush,rainbow,chameleon,sv-canfield,sv-canfield-strict}
mkdir -p results/raw
for preset in ${presets//,/ }; do
  node bin/eaglewing.js sim --preset "$preset" --deals "$deals" --max-nodes "$max_nodes" --quiet \
    --out "results/raw/family-thoughtful-$preset.csv" --resume --summary "results/family-thoughtful-$preset.csv"
  node bin/eaglewing.js sim --preset "$preset" --player greedy --deals "$deals" --quiet \
    --out "results/raw/family-greedy-$preset.csv" --resume --summary "results/family-greedy-$preset.csv"
done

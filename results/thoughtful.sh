#!/usr/bin/env bash
# Reproduces results/thoughtful-*.csv: the thoughtful (perfect-information) win rate of each preset.
# Per-deal rows go to results/raw/ (not committed: tens of MB); rerun any line, or a smaller
# --deals, to reproduce the same per-deal rows (with --no-timing, byte for byte).
# Usage: bash results/thoughtful.sh [strict-deals] [other-deals] (both 100,000 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
strict_deals=${1:-100000}
other_deals=${2:-100000}
mkdir -p results/raw
run() { # preset deals
  node bin/eaglewing.js sim --preset "$1" --deals "$2" --quiet \
    --out "results/raw/thoughtful-$1.csv" --resume --summary "results/thoughtful-$1.csv"
}
run strict "$strict_deals"
for preset in coops easy goodsol pysol; do run "$preset" "$other_deals"; done

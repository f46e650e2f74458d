#!/usr/bin/env bash
# Where a coops run's time goes: solves deals 1–N (10,000 by default) with per-deal times on the machine's
# cores, then sums the solving time and nodes of won and of lost deals (the rows behind results/README.md,
# "A million deals"). Per-deal rows go to results/raw/where-coops.csv (not committed).
# Usage: bash results/million-where.sh [deals] [preset]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-10000}
preset=${2:-coops}
mkdir -p results/raw
rm -f "results/raw/where-$preset.csv" "results/raw/where-$preset.csv.run.json"
start=$(date +%s.%N)
node bin/eaglewing.js sim --preset "$preset" --deals "$deals" --quiet --out "results/raw/where-$preset.csv" >/dev/null
end=$(date +%s.%N)
awk -F, -v wall="$(echo "$end - $start" | bc)" 'NR > 1 { n[$5]++; ms[$5] += $7; nodes[$5] += $6; all += $7 }
  END {
    printf "%s deals in %.1f s wall; solving time summed over deals: %.1f s\n", NR - 1, wall, all / 1000
    for (r in n) printf "%-5s %6d deals  %8.1f s solving (%4.1f%%)  %6.2f ms/deal  %9.0f nodes/deal\n", r, n[r], ms[r] / 1000, 100 * ms[r] / all, ms[r] / n[r], nodes[r] / n[r]
  }' "results/raw/where-$preset.csv"

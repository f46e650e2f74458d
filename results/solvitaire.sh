#!/usr/bin/env bash
# Reproduces results/solvitaire-*.csv (the test of Solvitaire's published figure): Solvitaire's Canfield readings on its seeds 1–N
# (its `--random` numbers, as `--numbering solvitaire` deals them), thoughtful, a deal the search cannot
# finish within --max-nodes counted apart as unknown; and sv-canfield again with `--wing-moves group`, the
# books' rule, on the same seeds (RULES §10.13: does Solvitaire's sv-partial ever lose a win?).
# Per-deal rows go to results/raw/ (not committed); then `node results/solvitaire-table.mjs` prints the
# table and the seeds whose verdict changes, as in results/README.md.
# Usage: bash results/solvitaire.sh [deals = 5000] [max nodes = 100000] [workers = all cores]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-5000}
max_nodes=${2:-100000}
workers=${3:-}
mkdir -p results/raw
run() { # name, then the rule flags
  local name=$1
  shift
  node bin/eaglewing.js sim --numbering solvitaire --deals "$deals" --max-nodes "$max_nodes" ${workers:+--workers "$workers"} --quiet \
    --out "results/raw/solvitaire-$name.csv" --resume --summary "results/solvitaire-$name.csv" "$@"
}
run sv-canfield --preset sv-canfield
run sv-canfield-group --preset sv-canfield --wing-moves group
run sv-canfield-strict --preset sv-canfield-strict
node results/solvitaire-table.mjs

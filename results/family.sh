#!/usr/bin/env bash
# Reproduces results/family-*.csv: the Canfield family's win rates on the engine's deals 1–N
# and on PySolFC's games 1–N (the sv-* presets have no PySolFC numbering): thoughtful (the solver; a deal it
# cannot finish within --max-nodes is unknown, counted apart from won and lost) and greedy (no-peek).
# Per-deal rows, with each solve's time, go to results/raw/ (not committed); then
# `node results/family-table.mjs` prints the table in results/README.md.
# Usage: bash results/family.sh [deals = 500] [max nodes = 200000] [presets = the family's eleven; any family or Canfield-type preset] [table MB = 256]
# (a search above about 6 million positions fills the default 256 MB table: give it more, e.g. 1024 for 10 million)
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-500}
max_nodes=${2:-200000}
presets=${3:-canfield,superior-canfield,rainfall,canfield-rush,rainbow,storehouse,chameleon,acme,casino-canfield,sv-canfield,sv-canfield-strict}
memory=${4:-256}
mkdir -p results/raw
run() { # preset numbering suffix
  node bin/eaglewing.js sim --preset "$1" --numbering "$2" --deals "$deals" --max-nodes "$max_nodes" --memory "$memory" --quiet \
    --out "results/raw/family-thoughtful-$1$3.csv" --resume --summary "results/family-thoughtful-$1$3.csv"
  node bin/eaglewing.js sim --preset "$1" --numbering "$2" --player greedy --deals "$deals" --quiet \
    --out "results/raw/family-greedy-$1$3.csv" --resume --summary "results/family-greedy-$1$3.csv"
}
for preset in ${presets//,/ }; do
  run "$preset" eaglewing ''
  case "$preset" in sv-*) ;; *) run "$preset" pysol -pysol ;; esac
done

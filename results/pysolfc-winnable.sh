#!/usr/bin/env bash
# Makes results/pysolfc-eaglewing-winnable.txt: the PySolFC Eagle Wing games among 1-31999 that the solver proved
# winnable, one game number per line, ascending: a list a solitaire program could ship ("only winnable deals").
# It reads the per-deal rows of the run behind results/pysolfc-thoughtful.csv (results/pysolfc.sh; raw rows are not
# committed, so they are made again here, with --resume continuing any that exist), and checks that the list holds
# exactly as many games as that committed summary counts won.
# Usage: bash results/pysolfc-winnable.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p results/raw
raw=results/raw/pysolfc-thoughtful.csv
node bin/eaglewing.js sim --numbering pysol --preset pysol --from 1 --deals 31999 --quiet --no-timing \
  --out "$raw" --resume --summary results/raw/pysolfc-thoughtful-summary.csv
# deal (the PySolFC game number) where result is won; the summary's won column is the count to match
awk -F, 'NR > 1 && $5 == "won" { print $1 }' "$raw" | sort -n > results/pysolfc-eaglewing-winnable.txt
listed=$(wc -l < results/pysolfc-eaglewing-winnable.txt)
won=$(awk -F, 'NR == 2 { print $5 }' results/pysolfc-thoughtful.csv)
[ "$listed" -eq "$won" ] || { echo "the list holds $listed games, the committed summary counts $won won" >&2; exit 1; }
echo "results/pysolfc-eaglewing-winnable.txt: $listed winnable games of 31999"

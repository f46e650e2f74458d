#!/usr/bin/env bash
# Reproduces results/million-<preset>.csv: strict and coops on deals 1–1,000,000, run through the committed
# GNU parallel recipe (scripts/cluster/parallel-run.sh) on this machine's cores, timed.
# Shards and their merge go to results/raw/million-<preset>/ (not committed: the merged per-deal file is
# hundreds of MB; its SHA-256 is in results/README.md, and --no-timing makes a rerun byte-identical).
# Each preset's wall and CPU seconds are appended to results/raw/million-times.txt.
# Usage: bash results/million.sh [presets] [deals] [shards]   (strict coops, 1000000, 20 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=${1:-strict coops}
deals=${2:-1000000}
shards=${3:-20}
cores=$(nproc)
mkdir -p results/raw
for preset in $presets; do
  dir="results/raw/million-$preset"
  # one shard per core at a time, one worker each: no pool inside a shard, parallel balances the shards
  /usr/bin/time -f "$preset: deals $deals, shards $shards, jobs $cores: wall %e s, user %U s, system %S s, max RSS %M kB" \
    -a -o results/raw/million-times.txt \
    scripts/cluster/parallel-run.sh --preset "$preset" --deals "$deals" --shards "$shards" \
      --jobs "$cores" --workers 1 --dir "$dir" -- --no-timing
  cp "$dir/summary.csv" "results/million-$preset.csv"
  sha256sum "$dir/all.csv" | sed "s|$dir/||" | tee -a results/raw/million-times.txt
done

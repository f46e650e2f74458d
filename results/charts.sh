#!/usr/bin/env bash
# Reproduces results/trunk.{csv,svg} and results/redeals.{csv,svg}: thoughtful win rate of strict and
# coops against trunk size and against redeals, with Wilson 95% intervals.
# Usage: bash results/charts.sh [deals per point]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-1000}
node bin/eaglewing.js sweep --preset strict,coops --vary trunk=0..20 --deals "$deals" --quiet \
  --out results/trunk.csv --chart results/trunk.svg
node bin/eaglewing.js sweep --preset strict,coops --vary redeals=0..5 --deals "$deals" --quiet \
  --out results/redeals.csv --chart results/redeals.svg

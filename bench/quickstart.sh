#!/usr/bin/env bash
# Times the README's quick start (npm start, npm test) on this machine and says what the times depend on.
# Usage: bash bench/quickstart.sh [start|test|both]   (run it after `npm ci`, in the eaglewing folder)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-both}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || echo 'cpu unknown'), node $(node --version)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) (other work on the machine slows both)"
timed() {
  local started ended
  started=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  ended=$(date +%s.%N)
  echo "$*: $(echo "$ended - $started" | bc | xargs printf '%.0f') s"
}
if [ "$what" = start ] || [ "$what" = both ]; then timed npm start; fi
if [ "$what" = test ] || [ "$what" = both ]; then timed npm test; fi

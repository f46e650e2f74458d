#!/usr/bin/env bash
# Runs an eaglewing sim run as shards under GNU parallel, on this machine and/or ssh hosts, then merges them.
#
# Usage:
#   scripts/cluster/parallel-run.sh --preset P --deals N [--from K] --shards S [--dir D]
#       [--jobs J] [--workers W] [--sshlogin HOSTS] [--remote-root PATH] [-- SIM-OPTIONS…]
#
#   --preset P          comma list of presets (strict,coops)
#   --deals N, --from K deals K … K+N-1 (K defaults to 1)
#   --shards S          shards 1..S of the range (sim --shard i/S), one parallel job each
#   --dir D             where shard-i.csv (and its shard-i.csv.run.json), all.csv and summary.csv
#                       go (default: shards-<preset>-<K>-<N>); made if missing
#   --jobs J            shards at once on each machine (default 1)
#   --workers W         sim --workers for each shard (default: every core of its machine)
#   --sshlogin HOSTS    parallel's --sshlogin list, e.g. ':,host1,4/host2' (':' is this machine);
#                       without it every shard runs here. Each shard made on a host comes back
#                       with --return and is then removed there (--cleanup)
#   --remote-root PATH  the eaglewing checkout on the hosts, built with `npm ci` (default: this
#                       checkout's path, taken relative to the home folder when it is inside it)
#   -- SIM-OPTIONS      passed to every sim (--no-timing, --chunk 10, rule overrides, limits)
#
# Then `eaglewing merge` writes D/all.csv and D/summary.csv (replacing those two), or exits 2 naming
# a missing or unfinished shard with the command that finishes it. Running this again with the same
# arguments continues shards already in D (sim --resume) instead of starting them afresh. Every argument
# is checked (by eaglewing) before parallel starts: a bad one is exit 2 with one line, nothing made.
# Ctrl-C stops every shard cleanly (each keeps its finished rows) and exits 130 without merging,
# saying how many of this run's shards finished.
#
# Examples:
#   scripts/cluster/parallel-run.sh --preset coops --deals 100000 --shards 8 --jobs 2 --workers 1 -- --no-timing
#   scripts/cluster/parallel-run.sh --preset strict,coops --deals 1000000 --shards 40 --sshlogin :,host1,host2
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

preset='' deals='' from=1 shards='' dir='' jobs=1 workers='' hosts='' remote=''
while [ $# -gt 0 ]; do
  case "$1" in
    --preset|--deals|--from|--shards|--dir|--jobs|--workers|--sshlogin|--remote-root)
      [ $# -ge 2 ] || { echo "parallel-run.sh: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case "$1" in
    --preset) preset="$2"; shift 2 ;;
    --deals) deals="$2"; shift 2 ;;
    --from) from="$2"; shift 2 ;;
    --shards) shards="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --sshlogin) hosts="$2"; shift 2 ;;
    --remote-root) remote="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "parallel-run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$preset" ] && [ -n "$deals" ] && [ -n "$shards" ] || { echo "parallel-run.sh: --preset, --deals and --shards are needed (see --help)" >&2; exit 2; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "parallel-run.sh: --shards must be a whole number from 1, got '$shards'" >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "parallel-run.sh: --jobs must be a whole number from 1, got '$jobs'" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel-run.sh: GNU parallel is not installed (Debian: sudo apt-get install parallel)" >&2; exit 2; }
[ -e "$root/dist/cli.js" ] || { echo "parallel-run.sh: eaglewing is not built in $root: run \`npm ci\` there first" >&2; exit 2; }
# each shard's own options are this script's to give
for word in "$@"; do
  case "$word" in
    --out|--out=*|--summary|--summary=*|--shard|--shard=*|--resume|--force)
      echo "parallel-run.sh: ${word%%=*} is given by this script to each shard: leave it out of the SIM-OPTIONS" >&2; exit 2 ;;
  esac
done
# every argument checked by eaglewing itself before parallel starts (else every shard fails alike, each saying so):
# sim with --resume and no --out checks presets, rules, limits, the range, --workers and --shard, then stops
# at the missing --out, having solved nothing
probe=(node "$root/bin/eaglewing.js" sim --preset "$preset" --from "$from" --deals "$deals" --shard "1/$shards" --quiet)
[ -n "$workers" ] && probe+=(--workers "$workers")
set +e
said="$("${probe[@]}" "$@" --resume 2>&1 >/dev/null)"
set -e
if [ "$said" != "eaglewing: --resume needs --out" ]; then
  printf '%s\n' "${said:-parallel-run.sh: eaglewing could not check the arguments}" | sed 's/^eaglewing: /parallel-run.sh: /; s/(see --help)$/(see eaglewing sim --help)/' >&2
  exit 2
fi
dir="${dir:-shards-${preset//,/+}-$from-$deals}"
mkdir -p "$dir"
cd "$dir"

# the shard's command, as the shell on each machine reads it ({} is the shard number)
if [ -z "$remote" ]; then
  case "$root" in "$HOME"/*) remote="~/${root#"$HOME"/}" ;; *) remote="$root" ;; esac
fi
# a ~ at the front is left for the remote shell to expand; everything else is quoted
if [ "${remote:0:2}" = "~/" ]; then cli="node ~/$(printf '%q' "${remote:2}")/bin/eaglewing.js"; else cli="node $(printf '%q' "$remote")/bin/eaglewing.js"; fi
[ -n "$hosts" ] || cli="node $(printf '%q' "$root")/bin/eaglewing.js"
sim="$cli sim --preset $(printf '%q' "$preset") --from $(printf '%q' "$from") --deals $(printf '%q' "$deals") --shard {}/$shards --quiet"
[ -n "$workers" ] && sim="$sim --workers $(printf '%q' "$workers")"
[ $# -gt 0 ] && sim="$sim $(printf '%q ' "$@")"
# a shard file already here is continued, not replaced
sim="if [ -e shard-{}.csv ]; then again=--resume; else again=; fi; $sim --out shard-{}.csv \$again"

where=()
[ -n "$hosts" ] && where=(--sshlogin "$hosts" --wd . --return 'shard-{}.csv' --return 'shard-{}.csv.run.json' --cleanup)
# this run's shards as parallel logs them (its exit code is no count: 255 after Ctrl-C), removed at exit
joblog="$(mktemp "${TMPDIR:-/tmp}/parallel-run-joblog.XXXXXX")"
trap 'rm -f "$joblog"' EXIT
# Ctrl-C reaches parallel and every shard, which stop cleanly (each keeps its finished rows); this script then reports
interrupted=''
trap 'interrupted=1' INT
set +e
parallel --jobs "$jobs" --joblog "$joblog" "${where[@]}" "$sim" ::: $(seq 1 "$shards")
set -e
trap - INT
# the joblog's columns: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command
finished=$(awk -F '\t' 'NR > 1 && $7 == 0 && $8 == 0 { n++ } END { print n + 0 }' "$joblog")
# a shard that stopped on Ctrl-C (or SIGTERM) says so by its exit code, 130, even where this shell did not see the signal
stopped=$(awk -F '\t' 'NR > 1 && ($7 == 130 || $8 == 2 || $8 == 15) { n++ } END { print n + 0 }' "$joblog")
[ "$stopped" -eq 0 ] || interrupted=1
if [ -n "$interrupted" ] && [ "$finished" -lt "$shards" ]; then
  echo "parallel-run.sh: interrupted: $finished of $shards shard(s) finished; run the same command again to continue the others" >&2
  exit 130
fi
[ "$finished" -eq "$shards" ] || echo "parallel-run.sh: $((shards - finished)) of $shards shard(s) did not finish; merge names them" >&2

files=()
for i in $(seq 1 "$shards"); do [ -e "shard-$i.csv" ] && files+=("shard-$i.csv"); done
[ ${#files[@]} -gt 0 ] || { echo "parallel-run.sh: no shard file was made in $PWD" >&2; exit 2; }
# not exec: the joblog is removed as this shell exits
set +e
node "$root/bin/eaglewing.js" merge "${files[@]}" --out all.csv --summary summary.csv --force
exit $?

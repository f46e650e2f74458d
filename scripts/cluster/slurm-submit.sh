#!/usr/bin/env bash
# Submits an eaglewing sim run to Slurm: a job array with one shard per task, and a merge job that waits for it.
#
# Usage:
#   scripts/cluster/slurm-submit.sh --preset P --deals N [--from K] --shards S [--dir D]
#       [--cpus-per-task C] [--tasks LIST] [--wait] [--sbatch "SBATCH-OPTIONS"] [-- SIM-OPTIONS…]
#
#   --preset P          comma list of presets (strict,coops)
#   --deals N, --from K deals K … K+N-1 (K defaults to 1)
#   --shards S          array tasks 1..S, one shard of the range each (sim --shard i/S)
#   --dir D             where shard-i.csv (and its shard-i.csv.run.json), all.csv, summary.csv
#                       and the jobs' logs go (default: shards-<preset>-<K>-<N>); made if missing
#   --cpus-per-task C   cores per task, used as sim --workers (default 2)
#   --tasks LIST        only these array tasks (sbatch --array syntax: 2 or 2,5-7), e.g. to run
#                       again tasks that were stopped: each continues its shard file (--resume)
#   --wait              return when the merge job has ended, with its exit code
#   --sbatch "…"        more options for both sbatch calls (--partition=…, --time=…, --account=…)
#   -- SIM-OPTIONS      passed to every sim (--no-timing, --chunk 10, rule overrides, limits)
#
# Run it from anywhere on a login node whose checkout (built with `npm ci`) the compute nodes see at
# the same path. It prints the two job ids. When the array ends (even with a task cancelled or
# failed: the dependency is afterany), the merge job writes D/all.csv and D/summary.csv, or exits 2
# naming the missing shard or deals with the command that finishes them (D/merge-<job>.out). A
# stopped task can also be run again as it was: sbatch --array=<i> with the same arguments continues
# its file (--tasks i).
#
# Example:
#   scripts/cluster/slurm-submit.sh --preset coops --deals 1000000 --shards 100 --cpus-per-task 8 -- --no-timing
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

preset='' deals='' from=1 shards='' dir='' cpus=2 wait=0 extra='' tasks=''
while [ $# -gt 0 ]; do
  case "$1" in
    --preset) preset="$2"; shift 2 ;;
    --deals) deals="$2"; shift 2 ;;
    --from) from="$2"; shift 2 ;;
    --shards) shards="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --cpus-per-task) cpus="$2"; shift 2 ;;
    --tasks) tasks="$2"; shift 2 ;;
    --wait) wait=1; shift ;;
    --sbatch) extra="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "slurm-submit.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$preset" ] && [ -n "$deals" ] && [ -n "$shards" ] || { echo "slurm-submit.sh: --preset, --deals and --shards are needed (see --help)" >&2; exit 2; }
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "slurm-submit.sh: --shards must be a whole number from 1, got '$shards'" >&2; exit 2; }
[ -e "$root/dist/cli.js" ] || { echo "slurm-submit.sh: eaglewing is not built in $root: run \`npm ci\` there first" >&2; exit 2; }
dir="${dir:-shards-${preset//,/+}-$from-$deals}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
# shellcheck disable=SC2086 # --sbatch holds several options, split on purpose
array=$(sbatch --parsable $extra --array="${tasks:-1-$shards}" --cpus-per-task="$cpus" --job-name=eaglewing-sim \
  --output="$dir/shard-%a.out" --export=ALL,EAGLEWING_HOME="$root" \
  "$here/slurm-shard.sbatch" --preset "$preset" --from "$from" --deals "$deals" --shards "$shards" --dir "$dir" -- "$@")
array="${array%%;*}"
echo "array job $array: ${tasks:+tasks $tasks of }$shards shards of $preset deals $from-$((from + deals - 1)) into $dir"
waiting=()
[ "$wait" = 1 ] && waiting=(--wait)
set +e
# shellcheck disable=SC2086
merge=$(sbatch --parsable $extra "${waiting[@]}" --dependency="afterany:$array" --kill-on-invalid-dep=no --cpus-per-task=1 \
  --job-name=eaglewing-merge --output="$dir/merge-%j.out" --export=ALL,EAGLEWING_HOME="$root" \
  "$here/slurm-shard.sbatch" --merge --shards "$shards" --dir "$dir")
code=$?
set -e
echo "merge job ${merge%%;*}: writes $dir/all.csv and $dir/summary.csv when the array has ended (log: $dir/merge-${merge%%;*}.out)"
exit "$code"

#!/bin/sh
# TLB shoot-downs while a command runs: the kernel's TLB and CAL lines in /proc/interrupts (all cores), before and after.
# Usage: bench/tlb.sh node bin/eaglewing.js sim --preset coops --deals 500 --workers 2 --quiet
# Threads of one process on several cores interrupt each other whenever a page mapping they share changes.
count() { awk '$1 == "TLB:" || $1 == "CAL:" { total = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) total += $i; print $1, total }' /proc/interrupts; }
before=$(count)
"$@" > /dev/null
status=$?
after=$(count)
printf '%s\n%s\n' "$before" "$after" | awk '{ if ($1 in first) printf "%s %d\n", $1, $2 - first[$1]; else first[$1] = $2 }'
exit $status

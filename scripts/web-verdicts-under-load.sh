#!/usr/bin/env bash
# `hingesim web` (the default tour, --clock stream unless given) N times while two busy loops keep
# both cores busy: prints each run's exit code, wall time and the app log's SHA-256, then how
# many verdicts and logs were identical. docs/web.md quotes its output.
#   scripts/web-verdicts-under-load.sh [N] [HINGESIM] [-- web options…]
set -euo pipefail
runs="${1:-10}"
hingesim="${2:-$(cd "$(dirname "$0")/.." && pwd)/bin/hingesim}"
shift $(( $# < 2 ? $# : 2 ))
[ "${1:-}" = "--" ] && shift
work="$(mktemp -d /tmp/hingesim-load-XXXXXX)"
hogs=()
cleanup() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
for _ in 1 2; do
  yes > /dev/null &
  hogs+=("$!")
done
echo "load before the runs: $(cut -d' ' -f1 /proc/loadavg)"
for i in $(seq 1 "$runs"); do
  start=$(date +%s.%N)
  set +e
  "$hingesim" web --app-log "$work/$i.jsonl" "$@" > "$work/$i.out" 2> "$work/$i.err"
  code=$?
  set -e
  end=$(date +%s.%N)
  # Each line's time less the sync's (the page's clock at the stream's 0 differs run to run).
  hash=$(awk 'match($0, /"t":[-0-9.e+]+/) { t = substr($0, RSTART + 4, RLENGTH - 4) + 0;
      if (NR == 1) base = t; else print (t - base) substr($0, RSTART + RLENGTH) }' "$work/$i.jsonl" |
    sha256sum | cut -c1-16)
  verdict=$(grep -E '^(ok|FAIL) ' "$work/$i.out" | cut -c1-4 | tr -d ' ')
  printf 'run %2d  exit %d  %-4s  %5.1f s  app log %s  load %s\n' "$i" "$code" "$verdict" \
    "$(echo "$end - $start" | bc)" "$hash" "$(cut -d' ' -f1 /proc/loadavg)"
  echo "$code $verdict $hash" >> "$work/summary"
done
echo "identical verdicts: $(sort "$work/summary" | cut -d' ' -f1,2 | uniq -c | sort -rn | head -1 | awk '{print $1}') of $runs;" \
  "identical app logs: $(cut -d' ' -f3 "$work/summary" | sort | uniq -c | sort -rn | head -1 | awk '{print $1}') of $runs"

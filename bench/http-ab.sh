#!/usr/bin/env bash
# A/B of one GET path between a git revision and the working tree (bench/README.md "Access log and
# the uWS ceiling"): both servers run at once (bench/profile-server.ts, real tables from
# HAZRISK_TABLES_DIR, an absolute path) and wrk alternates between them, so a noisy machine slows both alike.
# Prints req/s per round and the medians. The revision must have bench/profile-server.ts (1a7380c on).
#   bench/http-ab.sh <revision> [path, default /health] [rounds, default 5]
set -euo pipefail
rev=${1:?usage: bench/http-ab.sh <revision> [path] [rounds]}; path=${2:-/health}; rounds=${3:-5}
root=$(git rev-parse --show-toplevel); work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q --detach "$work/base" "$rev"
ln -s "$root/node_modules" "$work/base/node_modules"
echo "building $rev (kernel, UI, report client)…"
(cd "$work/base" && npm run build >"$work/build.log" 2>&1) || { tail -20 "$work/build.log"; exit 1; }
for side in base new; do
  dir=$([ "$side" = base ] && echo "$work/base" || echo "$root")
  (cd "$dir" && exec node --import tsx bench/profile-server.ts --seconds 600 --out "$work/$side.cpuprofile" >/dev/null 2>"$work/$side.err") &
  pids+=($!)
done
for _ in $(seq 1 120); do grep -q READY "$work/base.err" 2>/dev/null && grep -q READY "$work/new.err" 2>/dev/null && break; sleep 0.5; done
for side in base new; do grep -q READY "$work/$side.err" || { echo "the $side server did not start:"; tail -20 "$work/$side.err"; exit 1; }; done
for side in base new; do
  grep READY "$work/$side.err" | cut -d' ' -f2 > "$work/$side.url"
  echo "wrk.headers['x-api-key'] = '$(grep READY "$work/$side.err" | cut -d' ' -f3)'" > "$work/$side.lua"
done
declare -A all
for r in $(seq 1 "$rounds"); do
  line="round $r"
  for side in base new; do
    rps=$(wrk -t1 -c32 -d4s  -s "$work/$side.lua" "$(cat "$work/$side.url")$path" | awk '/Requests\/sec/ {print $2}')
    all[$side]="${all[$side]:-} $rps"; line="$line  $side $rps"
  done
  echo "$line"
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
b=$(echo "${all[base]}" | median); n=$(echo "${all[new]}" | median)
echo "median req/s: $rev $b, working tree $n ($(awk -v n="$n" -v b="$b" 'BEGIN {printf "%+.0f %%", 100 * (n / b - 1)}'))"

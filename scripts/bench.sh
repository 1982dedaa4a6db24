#!/usr/bin/env bash
# bench.sh — benchmarks on project-local services (.data/bench): builds the programs, then runs
# `go run ./bench <name> [flags]` for each benchmark named (default: all of them).
#
#   scripts/bench.sh                 every benchmark, then the table of them all (latest.md)
#   scripts/bench.sh summary         that table from the benchmarks' latest results
#   scripts/bench.sh listing -products 5000
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export SERVICES_FAST=1
eval "$(bash scripts/services.sh start bench)"
bin="$root/.data/bench/bin"
mkdir -p "$bin"
go build -o "$bin/" ./server ./bench ./sim
export SIM_BIN="$bin/sim"
export SERVER_BIN="$bin/server"
export JWT_SECRET=${JWT_SECRET:-bench-secret-bench-secret-bench-secret}
if [ $# -eq 0 ]; then
  # Every benchmark, each against its reference in the same run, then one table of them all
  # (bench/results/latest.md). A benchmark that fails to run is reported and the rest go on.
  status=0
  for name in listing filters adminlists checkout login realtime jobs invoices delivery search; do
    "$bin/bench" "$name" || { echo "bench: $name did not finish" >&2; status=1; }
  done
  "$bin/bench" summary
  exit $status
else
  "$bin/bench" "$@"
fi

#!/usr/bin/env bash
# bench.sh — benchmarks on project-local services (.data/bench): builds the programs, then runs
# `go run ./bench <name> [flags]` for each benchmark named (default: all of them).
#
#   scripts/bench.sh                 every benchmark
#   scripts/bench.sh listing -products 5000
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export SERVICES_FAST=1
eval "$(bash scripts/services.sh start bench)"
bin="$root/.data/bench/bin"
mkdir -p "$bin"
go build -o "$bin/" ./server ./bench
export SERVER_BIN="$bin/server"
export JWT_SECRET=${JWT_SECRET:-bench-secret-bench-secret-bench-secret}
if [ $# -eq 0 ]; then
  "$bin/bench" listing
  "$bin/bench" login
  "$bin/bench" checkout
else
  "$bin/bench" "$@"
fi

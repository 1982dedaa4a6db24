#!/usr/bin/env bash
# lighthouse.sh — page speed and accessibility budgets (client/scripts/lighthouse.mjs) against
# the whole shop started as `make run` starts it, on project-local services with a fresh
# database (demo data included). Prints the table, writes bench/results/lighthouse.md, and
# exits 1 when a page misses a budget.
#
#   scripts/lighthouse.sh            median of 3 runs per page
#   RUNS=1 scripts/lighthouse.sh     one run each
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export SERVICES_FAST=1
eval "$(bash scripts/services.sh start test)"
bash scripts/ensure-chromium.sh >/dev/null
bash scripts/build-client.sh
"${PGBIN:-/usr/lib/postgresql/15/bin}/psql" "$DATABASE_URL" -qc "DROP DATABASE IF EXISTS drape_lighthouse WITH (FORCE)" -c "CREATE DATABASE drape_lighthouse" >/dev/null
port=$(bash -c 'p=8870; while (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null; do p=$((p+1)); done; echo $p')
log="$root/.data/lighthouse.log"
mkdir -p "$root/.data"
DATABASE_URL="${DATABASE_URL%/*}/drape_lighthouse?sslmode=disable" REDIS_URL="${REDIS_URL%/*}/5" RUN_NAME=lighthouse PORT="$port" \
  setsid bash scripts/run.sh >"$log" 2>&1 &
shop=$!
trap 'kill -TERM -- -$shop 2>/dev/null || true; wait $shop 2>/dev/null || true' EXIT
for _ in $(seq 1 1200); do
  grep -q "drape is running at" "$log" && break
  kill -0 $shop 2>/dev/null || { tail -n 30 "$log"; echo "lighthouse: the shop did not start" >&2; exit 1; }
  sleep 0.2
done
grep -q "drape is running at" "$log" || { tail -n 30 "$log"; echo "lighthouse: the shop did not start in 240 s" >&2; exit 1; }
cd client
BASE_URL="http://127.0.0.1:$port" node scripts/lighthouse.mjs

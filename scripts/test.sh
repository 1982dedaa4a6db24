#!/usr/bin/env bash
# test.sh — everything `make test` runs, on project-local services (.data/test, fsync off):
# formatting, go vet, the linters (scripts/lint.sh), generated-code freshness, every Go test,
# the client's type check, unit tests and ESLint, the browser tests against the whole stack
# started by scripts/run.sh, and Lighthouse's accessibility and layout-shift budgets.
#
# One lane: every step's output, time and result are shown; any failed step fails the run.
# (Running the browser tests beside the other steps was measured on a clean clone: 28 min 33 s
# against about 24 min one after another; on 2 cores they only took CPU from one another.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step() { printf '\n==> %s\n' "$*"; }
# Each step's result and time go to files, read at the end.
results=$(mktemp -d)
run_step() {
  local name=$1 started=$SECONDS; shift
  step "$name"
  if "$@"; then echo "ok: $name"; else echo "FAILED: $name"; echo "$name" >>"$results/failed"; fi
  printf '%5ss  %s\n' $((SECONDS - started)) "$name" >>"$results/timings"
}

step "services"
own_services=1
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then own_services=0; fi
export SERVICES_FAST=1
eval "$(bash scripts/services.sh start test)"
stop() {
  bash scripts/services.sh stop test >/dev/null 2>&1 || true
  rm -rf "$results"
}
trap stop EXIT

# The browser tests and the Go tests that drive sim's Google flow use Debian's Chromium and the
# client's packages and build, so those come first. The client is type-checked once, in its own
# step below (client type check and unit tests), not again in the build.
run_step "chromium, client packages and build" bash -c 'bash scripts/ensure-chromium.sh && CLIENT_TYPECHECK=0 bash scripts/build-client.sh'

browser_tests() {
  # A fresh database for the stack the browser tests drive; Redis database 0 of the test Redis.
  local db_url="${DATABASE_URL%/*}/drape_e2e?sslmode=disable" port
  "${PGBIN:-/usr/lib/postgresql/15/bin}/psql" "${DATABASE_URL}" -qc "DROP DATABASE IF EXISTS drape_e2e WITH (FORCE)" -c "CREATE DATABASE drape_e2e" >/dev/null
  # A fresh Redis database 0 too (rate-limit counters of an earlier run), but only on the
  # project's own test Redis, never on one given through REDIS_URL.
  if [ "$own_services" = 1 ] && command -v redis-cli >/dev/null; then redis-cli -u "${REDIS_URL%/*}/0" FLUSHDB >/dev/null; fi
  port=$(bash -c 'p=8790; while (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null; do p=$((p+1)); done; echo $p')
  (cd client && DATABASE_URL="$db_url" REDIS_URL="${REDIS_URL%/*}/0" RUN_NAME=e2e \
    E2E_START=1 BASE_URL="http://127.0.0.1:$port" npx playwright test)
}

gofmt_clean() {
  local files
  files=$(gofmt -l $(git ls-files '*.go' | grep -v '/node_modules/') 2>/dev/null || true)
  [ -z "$files" ] || { echo "gofmt would change:"; echo "$files"; return 1; }
}
run_step "gofmt" gofmt_clean
run_step "go vet" go vet ./...
run_step "golangci-lint (.golangci.yml)" bash scripts/lint.sh go
run_step "sqlc generated code is fresh" env CGO_ENABLED=0 go run github.com/sqlc-dev/sqlc/cmd/sqlc@v1.31.1 diff
# 30 minutes for a package: the server package's 200-odd seconds on a quiet machine stretched
# past 15 minutes on a loaded shared one.
run_step "go test" go test -count=1 -timeout 30m ./...
run_step "fuzz (a short run of every target)" bash scripts/fuzz.sh

client_unit() {
  (cd client && npm run --silent typecheck && npm test --silent && npm run --silent size)
}
run_step "client type check and unit tests" client_unit
run_step "ESLint (client/eslint.config.js)" bash scripts/lint.sh client
run_step "browser tests" browser_tests

# Lighthouse on the storefront (mobile): accessibility ≥ 95 and CLS ≤ 0.05 on every page fail
# the run when missed; the other speed budgets are measured and reported (make lighthouse): one
# run on this shared 2-core machine swings TBT by ±50 ms, and the cart is not server-drawn.
run_step "page accessibility and layout shift (Lighthouse)" env RUNS=1 BUDGETS=accessibility,cls LIGHTHOUSE_OUT=/dev/null bash scripts/lighthouse.sh

echo
cat "$results/timings"
echo "make test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
if [ -s "$results/failed" ]; then
  echo "make test: $(wc -l <"$results/failed") step(s) failed: $(paste -sd, "$results/failed" | sed 's/,/, /g')"
  exit 1
fi
echo "make test: every step passed"

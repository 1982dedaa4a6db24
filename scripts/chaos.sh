#!/usr/bin/env bash
# chaos.sh — the fault drills in one command, on project-local services (.data/test): real
# server, worker, sim and Redis processes, then a worker killed with SIGKILL mid-push while the
# courier is slow, a worker killed mid return-pickup booking while the courier hangs, Redis
# stopped and crashed (its data lost) during checkouts, the courier down until retries give up,
# its webhooks lost, PostgreSQL ending every connection, and WhatsApp and MSG91 down for 5 minutes
# (MESSAGING_OUTAGE; make test runs that drill with a 3 s outage), and the Redis primary killed
# under Sentinels (a replica and three Sentinels promote it), and the PostgreSQL primary killed
# and its synchronous streaming replica promoted. Each drill prints what it sent,
# what arrived, what arrived twice and what was lost; the goal is 0 lost, 0 duplicated. The
# same drills run in `make test` (they are Go tests in server/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export SERVICES_FAST=1
eval "$(bash scripts/services.sh start test)"

report=$(mktemp)
trap 'rm -f "$report"' EXIT
drills='^(TestAWorkerKilledMidPush|TestRedisStopsDuringCheckouts|TestCourierDownThenStaffRetry|TestLostWebhooksAreCaughtByTracking|TestDatabaseConnectionsDropped|TestAWorkerKilledMidPickupBooking|TestMessagingProviderDown|TestRedisPrimaryFailsOver|TestPostgresPrimaryPromoted)$'
status=0
CHAOS_REPORT="$report" MESSAGING_OUTAGE="${MESSAGING_OUTAGE:-5m}" go test -count=1 -timeout 15m -run "$drills" -v ./server >"$root/.data/test/chaos.log" 2>&1 || status=$?
grep -E '^(--- (PASS|FAIL)|FAIL|ok)' "$root/.data/test/chaos.log" || true

printf '\n### Fault drills\n\n%s, %s, %s CPUs\n\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(hostname)" "$(nproc)"
echo '| drill | side effect | sent | arrived | duplicated | lost |'
echo '|---|---|---|---|---|---|'
sort "$report"
bad=$(awk -F'|' '{ if ($6 + 0 != 0 || $7 + 0 != 0) n++ } END { print n + 0 }' "$report")
rows=$(wc -l <"$report")
tests_failed=$(grep -c '^--- FAIL' "$root/.data/test/chaos.log" || true)
echo
echo "$((rows - bad)) passed, $((bad + tests_failed)) failed"
if [ "$status" -ne 0 ] || [ "$bad" -ne 0 ]; then
  echo "chaos: see .data/test/chaos.log"
  exit 1
fi

#!/usr/bin/env bash
# screens.sh — `make screens`: the camera of issue 21's screens (client/e2e/screens.spec.ts) on
# its own stack (RUN_NAME=screens: project-local PostgreSQL and Redis, demo data, server, worker,
# sim), writing client/test-results/screens/<screen>-$SHOTS-<width>.jpg (SHOTS=after unless
# given). The "before" set in that folder was taken by the same spec on the tree before issue 21.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/ensure-chromium.sh
CLIENT_TYPECHECK=0 bash scripts/build-client.sh
port=$(bash -c 'p=8990; while (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null; do p=$((p+1)); done; echo $p')
cd client
SHOTS=${SHOTS:-after} RUN_NAME=screens E2E_START=1 BASE_URL="http://127.0.0.1:$port" \
  npx playwright test e2e/screens.spec.ts --project=desktop --project=mobile --workers=1

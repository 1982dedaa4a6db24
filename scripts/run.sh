#!/usr/bin/env bash
# run.sh — the whole shop on this machine: PostgreSQL and Redis (project-local, or
# DATABASE_URL/REDIS_URL when given), migrations, demo data, the built client, and server +
# worker + sim. Ctrl-C or SIGTERM stops everything it started. Works without a TTY.
#
#   PORT=8080 scripts/run.sh
#
# RUN_NAME names the data directory (.data/RUN_NAME, default "run"). Logs go to
# .data/RUN_NAME/logs/.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
name=${RUN_NAME:-run}
port=${PORT:-8080}
logs="$root/.data/$name/logs"
bin="$root/.data/$name/bin"
mkdir -p "$logs" "$bin"

say() { printf 'drape: %s\n' "$*"; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
pick_port() { local p=$1; while ! port_free "$p"; do p=$((p + 1)); done; echo "$p"; }

started_services=0
pids=()
cleanup() {
  trap - EXIT INT TERM
  if [ ${#pids[@]} -gt 0 ]; then
    kill -TERM "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 100); do
      alive=0
      for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
      [ $alive = 0 ] && break
      sleep 0.2
    done
    kill -KILL "${pids[@]}" 2>/dev/null || true
  fi
  if [ $started_services = 1 ]; then bash "$root/scripts/services.sh" stop "$name" || true; fi
  say "stopped"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

command -v go >/dev/null || { say "Go is required (https://go.dev/dl)"; exit 1; }
command -v npm >/dev/null || { say "Node.js and npm are required"; exit 1; }
port_free "$port" || { say "port $port is taken: run with PORT=<another port>"; exit 1; }

if [ -z "${DATABASE_URL:-}" ] || [ -z "${REDIS_URL:-}" ]; then
  started_services=1
fi
eval "$(bash scripts/services.sh start "$name")"

say "building server, worker and sim"
go build -o "$bin/server" ./server
go build -o "$bin/worker" ./worker
go build -o "$bin/sim" ./sim

bash scripts/build-client.sh

export UPLOADS_DIR="$root/.data/$name/uploads"
# A signing secret per data directory, made once (set JWT_SECRET to use your own).
if [ -z "${JWT_SECRET:-}" ]; then
  [ -s "$root/.data/$name/jwt_secret" ] || head -c 32 /dev/urandom | base64 >"$root/.data/$name/jwt_secret"
  JWT_SECRET=$(cat "$root/.data/$name/jwt_secret")
fi
export JWT_SECRET
"$bin/server" migrate >>"$logs/server.log"
# DEMO_ORDERS=off: the demo shop without its month of orders (the browser tests' stack).
seed_orders=true
[ "${DEMO_ORDERS:-on}" = off ] && seed_orders=false
# DEMO_COD_CONFIRM=off: COD orders are pushed at once, as before the confirmation (the browser
# tests' stack; their COD confirmation spec turns it on while it runs).
cod_confirm=true
[ "${DEMO_COD_CONFIRM:-on}" = off ] && cod_confirm=false
LOG_LEVEL=warn "$bin/server" seed --orders=$seed_orders --cod-confirm=$cod_confirm 2>>"$logs/server.log" | sed "s/^/drape: /"
admin_email=${ADMIN_EMAIL:-admin@drape.local}
admin_password=${ADMIN_PASSWORD:-drape-admin-2026}
LOG_LEVEL=warn "$bin/server" admin create --email "$admin_email" --password "$admin_password" --name "Shop Admin" \
  2>>"$logs/server.log" | sed "s/^/drape: /"

sim_http=$(pick_port 9090)
sim_smtp=$(pick_port 2525)
worker_metrics=$(pick_port 9100)
server_metrics=$(pick_port $((worker_metrics + 1)))
export PORT="$port"
export PUBLIC_URL="http://127.0.0.1:$port"
export SIM_ADDR="127.0.0.1:$sim_http" SIM_SMTP_ADDR="127.0.0.1:$sim_smtp"
export SMTP_HOST=127.0.0.1 SMTP_PORT="$sim_smtp" SMTP_TLS=none SMTP_FROM="drape <orders@drape.local>"
# Sign in with Google against sim's look-alike of Google Identity Services.
export GOOGLE_CLIENT_ID="${GOOGLE_CLIENT_ID:-drape-dev.apps.googleusercontent.example}"
export GOOGLE_ISSUER="${GOOGLE_ISSUER:-http://$SIM_ADDR/google}"
export GOOGLE_CERTS_URL="${GOOGLE_CERTS_URL:-http://$SIM_ADDR/google/oauth2/v3/certs}"
export GOOGLE_SCRIPT_URL="${GOOGLE_SCRIPT_URL:-http://$SIM_ADDR/google/gsi/client}"
# Online payment against sim's Razorpay (orders, payments, refunds, checkout.js, signed webhooks).
export RAZORPAY_KEY_ID="${RAZORPAY_KEY_ID:-rzp_test_drape}"
export RAZORPAY_KEY_SECRET="${RAZORPAY_KEY_SECRET:-drape-sim-key-secret}"
export RAZORPAY_WEBHOOK_SECRET="${RAZORPAY_WEBHOOK_SECRET:-drape-sim-webhook-secret}"
export RAZORPAY_API_URL="${RAZORPAY_API_URL:-http://$SIM_ADDR/razorpay}"
export RAZORPAY_CHECKOUT_URL="${RAZORPAY_CHECKOUT_URL:-http://$SIM_ADDR/razorpay/checkout.js}"
export SIM_RAZORPAY_KEY_ID="$RAZORPAY_KEY_ID" SIM_RAZORPAY_KEY_SECRET="$RAZORPAY_KEY_SECRET"
export SIM_RAZORPAY_WEBHOOK_SECRET="$RAZORPAY_WEBHOOK_SECRET" SIM_RAZORPAY_WEBHOOK_URL="$PUBLIC_URL/api/webhooks/razorpay"
# Shipping against sim's Shiprocket (API-user login, adhoc orders, cancel, tracking, serviceability,
# and status webhooks to the shop carrying SHIPROCKET_WEBHOOK_TOKEN in x-api-key).
export SHIPROCKET_EMAIL="${SHIPROCKET_EMAIL:-api@drape.local}"
export SHIPROCKET_PASSWORD="${SHIPROCKET_PASSWORD:-drape-sim-shiprocket}"
export SHIPROCKET_API_URL="${SHIPROCKET_API_URL:-http://$SIM_ADDR/shiprocket}"
export SHIPROCKET_WEBHOOK_TOKEN="${SHIPROCKET_WEBHOOK_TOKEN:-drape-sim-courier-token}"
export SIM_SHIPROCKET_EMAIL="$SHIPROCKET_EMAIL" SIM_SHIPROCKET_PASSWORD="$SHIPROCKET_PASSWORD"
export SIM_SHIPROCKET_PICKUP_LOCATION="${PICKUP_LOCATION:-Primary}"
export SIM_SHIPROCKET_WEBHOOK_TOKEN="$SHIPROCKET_WEBHOOK_TOKEN" SIM_SHIPROCKET_WEBHOOK_URL="$PUBLIC_URL/api/hooks/courier"
# Order updates on WhatsApp (Cloud API) and SMS (MSG91 Flow) against sim; see them at /messages.
export WHATSAPP_API_URL="${WHATSAPP_API_URL:-http://$SIM_ADDR/whatsapp}"
export WHATSAPP_PHONE_NUMBER_ID="${WHATSAPP_PHONE_NUMBER_ID:-109876543210987}"
export WHATSAPP_TOKEN="${WHATSAPP_TOKEN:-drape-sim-whatsapp-token}"
export MSG91_API_URL="${MSG91_API_URL:-http://$SIM_ADDR/msg91}"
export MSG91_AUTHKEY="${MSG91_AUTHKEY:-drape-sim-msg91-authkey}"
export SIM_WHATSAPP_PHONE_NUMBER_ID="$WHATSAPP_PHONE_NUMBER_ID" SIM_WHATSAPP_TOKEN="$WHATSAPP_TOKEN" SIM_MSG91_AUTHKEY="$MSG91_AUTHKEY"
# WhatsApp's webhook: a tap on a message's button at /messages (a COD order's Confirm or Cancel)
# and the status callbacks, signed with the app secret, reach the shop as Meta's would.
export WHATSAPP_APP_SECRET="${WHATSAPP_APP_SECRET:-drape-sim-whatsapp-app-secret}"
export WHATSAPP_VERIFY_TOKEN="${WHATSAPP_VERIFY_TOKEN:-drape-sim-whatsapp-verify}"
export SIM_WHATSAPP_APP_SECRET="$WHATSAPP_APP_SECRET" SIM_WHATSAPP_WEBHOOK_URL="$PUBLIC_URL/api/webhooks/whatsapp"
export WORKER_METRICS_ADDR="127.0.0.1:$worker_metrics" METRICS_ADDR="127.0.0.1:$server_metrics"
# The worker's job queues page (asynqmon) at http://$WORKER_METRICS_ADDR/queues/ opens with this token.
export OPS_TOKEN="${OPS_TOKEN:-drape-demo-ops}"

"$bin/sim" >>"$logs/sim.log" 2>&1 &
pids+=($!)
"$bin/worker" >>"$logs/worker.log" 2>&1 &
pids+=($!)
"$bin/server" >>"$logs/server.log" 2>&1 &
pids+=($!)

# http_ok HOST:PORT PATH — a GET answered 200 (bash only; no curl needed).
http_ok() {
  local status
  { exec 3<>"/dev/tcp/${1%:*}/${1##*:}"; } 2>/dev/null || return 1
  printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$2" "$1" >&3
  read -r -t 5 status <&3 || status=
  exec 3<&-
  [[ $status == *" 200 "* ]]
}

wait_for() {
  local what=$1 addr=$2 path=$3
  for _ in $(seq 1 300); do
    if http_ok "$addr" "$path"; then return 0; fi
    for p in "${pids[@]}"; do
      kill -0 "$p" 2>/dev/null || { say "$what did not start; the last log lines:"; tail -n 20 "$logs"/*.log; exit 1; }
    done
    sleep 0.2
  done
  say "$what did not become ready in 60 s; see $logs"
  exit 1
}
wait_for sim "$SIM_ADDR" /healthz
wait_for server "127.0.0.1:$port" /readyz

say "mailbox (sim) at http://$SIM_ADDR/mail; metrics at http://$METRICS_ADDR/metrics; logs in $logs"
say "job queues at http://$WORKER_METRICS_ADDR/queues/ (password: the OPS_TOKEN, $OPS_TOKEN under make run)"
say "back office: http://127.0.0.1:$port/adminlogin as $admin_email / $admin_password"
echo "drape is running at http://127.0.0.1:$port"

# Wait for any child to exit (or a signal); then stop the rest.
wait -n "${pids[@]}" || true
say "a process exited; stopping the shop"
exit 1

#!/usr/bin/env bash
# ensure-chromium.sh — the browser tests use Debian's Chromium (never a downloaded build).
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "drape: installing chromium with apt"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
fi
[ -x /usr/bin/chromium ] || { echo "chromium is missing: apt-get install chromium"; exit 1; }

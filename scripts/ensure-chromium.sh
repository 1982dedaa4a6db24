#!/usr/bin/env bash
# ensure-chromium.sh — the browser tests use Debian's Chromium (never a downloaded build): the
# browser itself (Lighthouse, sim's in-browser Go tests) and its old headless shell, the
# lighter build without a desktop's browser layer that Playwright's tests drive
# (client/playwright.config.ts). Installs what is missing with apt when run as root.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "drape: installing ${missing[*]} with apt"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }
fi
[ -x /usr/bin/chromium ] || { echo "chromium is missing: apt-get install chromium"; exit 1; }
[ -x /usr/lib/chromium/chromium-headless-shell ] || { echo "chromium's headless shell is missing: apt-get install chromium-headless-shell"; exit 1; }

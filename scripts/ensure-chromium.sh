#!/usr/bin/env bash
# ensure-chromium.sh — the browser tests use Debian's Chromium (never a downloaded build): the
# browser itself (Lighthouse, sim's in-browser Go tests) and its old headless shell, the
# lighter build without a desktop's browser layer that Playwright's tests drive
# (client/playwright.config.ts, which falls back to the whole browser without it). Installs
# what is missing with apt when run as root, each package on its own.
set -euo pipefail
shell=/usr/lib/chromium/chromium-headless-shell
install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 0
  echo "drape: installing $1 with apt"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null; } || true
}
[ -x /usr/bin/chromium ] || install chromium
[ -x "$shell" ] || install chromium-headless-shell
[ -x /usr/bin/chromium ] || { echo "chromium is missing: apt-get install chromium" >&2; exit 1; }
[ -x "$shell" ] || echo "drape: chromium-headless-shell is missing (apt-get install chromium-headless-shell); the browser tests use the whole browser, which costs them about a sixth more CPU" >&2
exit 0

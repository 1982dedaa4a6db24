#!/usr/bin/env bash
# build-client.sh — installs the client's npm packages when package-lock.json changed and
# builds client/dist when any client source is newer than the last build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/client"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "drape: installing client packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
stamp=dist/.first-screen.html
if [ ! -f "$stamp" ] || [ -n "$(find src public scripts index.html package.json vite.config.ts -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  echo "drape: building the client"
  npm run build --silent
fi

#!/usr/bin/env bash
# build-client.sh — installs the client's npm packages when package-lock.json changed and
# builds client/dist when any client source, the locked packages or the build's own settings
# are newer than the last build (make test measures the bundle's size on that build). The
# build type-checks first (tsc -b), unless CLIENT_TYPECHECK=0: make test, which type-checks
# in a step of its own beside the browser tests, builds without it so the browser tests start
# sooner.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/client"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "drape: installing client packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
stamp=dist/.first-screen.html
if [ ! -f "$stamp" ] || [ -n "$(find src public scripts index.html package.json package-lock.json vite.config.ts cssModuleNames.ts tsconfig*.json -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  echo "drape: building the client"
  if [ "${CLIENT_TYPECHECK:-1}" = 0 ]; then npm run bundle --silent; else npm run build --silent; fi
fi

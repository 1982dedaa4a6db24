#!/usr/bin/env bash
# lint.sh — the linters `make lint` and `make test` run:
#   go      golangci-lint at a pinned version with .golangci.yml, on every Go package
#   client  ESLint with client/eslint.config.js, in client/ (needs client/node_modules:
#           scripts/build-client.sh or `npm ci` installs them)
# No argument runs both. golangci-lint keeps its analysis cache where it does by default, in
# the user's cache directory (~/.cache/golangci-lint) beside Go's build cache: entries are keyed
# by the content they checked, so every clone and work tree on the machine shares them and a
# fresh clone re-checks only what differs (a per-tree cache made every clean clone's make test
# check all packages from scratch: 263-361 s of its time). GOLANGCI_LINT_CACHE sets another
# place (a CI cache kept between runs, as Go's own build cache is).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

GOLANGCI_LINT=github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

lint_go() {
  go run "$GOLANGCI_LINT" run ./...
}

lint_client() {
  (cd client && npm run --silent lint)
}

case "${1:-all}" in
  go) lint_go ;;
  client) lint_client ;;
  all) status=0; lint_go || status=1; lint_client || status=1; exit $status ;;
  *) echo "usage: $0 [go|client]" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# deploy-check.sh — validates deploy/: the Kubernetes manifests with kubeconform (strict: an
# unknown or misspelt field fails) against schemas made from the Kubernetes API's own OpenAPI
# document, and the Prometheus alert rules with promtool. Both tools come pinned: kubeconform
# and the Kubernetes API document through the Go module proxy, promtool from Debian's
# prometheus package (installed here when missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
kube_version=v1.34.2 # the Kubernetes API the manifests are checked against
kubeconform=github.com/yannh/kubeconform/cmd/kubeconform@v0.7.0

# The k8s.io/kubernetes module holds api/openapi-spec/swagger.json (an 18 MB download, once).
api_dir=$(cd "${TMPDIR:-/tmp}" && GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@$kube_version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -f "$api_dir/api/openapi-spec/swagger.json" ] || { echo "deploy-check: no swagger.json in k8s.io/kubernetes@$kube_version" >&2; exit 1; }
schemas=$(mktemp -d)
trap 'rm -rf "$schemas"' EXIT
manifests=(deploy/k8s/*.yaml)
go run ./deploy/kubeschema -swagger "$api_dir/api/openapi-spec/swagger.json" -out "$schemas" "${manifests[@]}"
go run "$kubeconform" -strict -summary -skip Kustomization \
  -schema-location "$schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json" "${manifests[@]}"

if ! command -v promtool >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "deploy-check: installing promtool (Debian's prometheus package)" >&2
    (apt-get install -y -qq --no-install-recommends prometheus >/dev/null 2>&1 ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus >/dev/null; }) >&2
  fi
fi
command -v promtool >/dev/null || { echo "deploy-check: promtool not found: install Debian's prometheus package" >&2; exit 1; }
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts_test.yml

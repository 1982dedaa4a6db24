# drape — the two commands first: `make run` and `make test`.
.PHONY: run test lint bench chaos lighthouse screens deploy-check sqlc sqlc-check build clean

SQLC = CGO_ENABLED=0 go run github.com/sqlc-dev/sqlc/cmd/sqlc@v1.31.1

## run: the whole shop on this machine (PostgreSQL, Redis, server, worker, sim, built client)
run:
	@bash scripts/run.sh

## test: the linters (go vet's analyzers among them), every Go test, client unit tests and browser tests, on project-local services
test:
	@bash scripts/test.sh

## lint: golangci-lint (pinned, .golangci.yml) on the Go code and ESLint (client/eslint.config.js) on the client
lint:
	@bash scripts/lint.sh

## bench: benchmarks against references in the same run; tables in bench/results/
bench:
	@bash scripts/bench.sh

## chaos: the fault drills (worker killed, Redis down, courier down, PostgreSQL connections ended) with what was lost or duplicated
chaos:
	@bash scripts/chaos.sh

## lighthouse: page speed and accessibility budgets (Lighthouse, mobile) on home, a listing, a product and the cart
lighthouse:
	@bash scripts/lighthouse.sh

## screens: issue 21's screens at their widths, saved beside the committed "before" set in client/test-results/screens/ (SHOTS=after)
screens:
	@bash scripts/screens.sh

## deploy-check: the Kubernetes manifests (kubeconform, strict) and Prometheus alert rules (promtool) in deploy/
deploy-check:
	@bash scripts/deploy-check.sh

## sqlc: regenerate the typed query code from each domain's queries.sql
sqlc:
	$(SQLC) generate

## sqlc-check: fail when the committed generated code is stale
sqlc-check:
	$(SQLC) diff

## build: server, worker and sim binaries in bin/, and the client in client/dist
build:
	go build -o bin/ ./server ./worker ./sim
	bash scripts/build-client.sh

## clean: stop project-local services and remove their data
clean:
	-bash scripts/services.sh stop run
	-bash scripts/services.sh stop test
	-bash scripts/services.sh stop bench
	rm -rf .data bin

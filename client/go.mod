// The client is no Go module: this file keeps `go vet ./...`, `go test ./...` and
// golangci-lint in the repository's root out of client/node_modules, where npm packages ship
// Go files of their own (flatted, a dependency of ESLint).
module drape/client

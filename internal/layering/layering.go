// Package layering has no code of its own: its test checks drape's dependency rule
// (DESIGN.md) over the whole module with `go list -deps`, so a wrong import fails the build's
// tests instead of waiting for a reviewer.
//
// The rule: server and worker → internal/* → internal/platform, internal/shop, jobs, realtime.
// jobs, realtime and sim import no drape package. No package imports another package's
// sqlc-generated …db package: a domain calls another domain's Service. The one exception is
// bench, whose reference handlers run the very queries a domain runs.
package layering

// Package deploy holds what runs drape elsewhere: Kubernetes manifests (k8s/), Prometheus
// alert rules (prometheus/), a Grafana dashboard (grafana/) and the schema maker kubeconform
// checks the manifests with (kubeschema/). scripts/deploy-check.sh validates the manifests and
// rules; this test keeps the dashboard and the alerts reading metrics and routes that exist.
package deploy

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var metricName = regexp.MustCompile(`drape_[a-z_]+`)

// exported answers the drape_ metric names the programs' Go sources define.
func exported(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, dir := range []string{"../server", "../worker", "../internal", "../realtime", "../jobs"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			for _, quoted := range regexp.MustCompile(`"drape_[a-z_]+"`).FindAll(src, -1) {
				names[strings.Trim(string(quoted), `"`)] = true
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// TestDashboardAndAlertsReadRealMetrics: every drape_ metric the Grafana dashboard and the alert
// rules ask for is one the server or worker exports (a histogram's _bucket, _sum and _count
// included), and every route they name is one the server serves: a renamed metric or route
// breaks this test, not a graph nobody looks at until the night it matters.
func TestDashboardAndAlertsReadRealMetrics(t *testing.T) {
	names := exported(t)
	routes, err := os.ReadFile("../server/routes.go")
	if err != nil {
		t.Fatal(err)
	}
	dashboard, err := os.ReadFile("grafana/drape.json")
	if err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(dashboard, &parsed); err != nil {
		t.Fatalf("grafana/drape.json: %v", err)
	}
	if len(parsed.Panels) < 6 {
		t.Fatalf("the dashboard has %d panels, want requests, latency, websockets, outbox, queues and orders", len(parsed.Panels))
	}
	alerts, err := os.ReadFile("prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var exprs []string
	for _, p := range parsed.Panels {
		if len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
		for _, q := range p.Targets {
			exprs = append(exprs, q.Expr)
		}
	}
	exprs = append(exprs, string(alerts))
	for _, expr := range exprs {
		for _, name := range metricName.FindAllString(expr, -1) {
			base := name
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				base = strings.TrimSuffix(base, suffix)
			}
			if !names[name] && !names[base] {
				t.Errorf("%s is not a metric drape exports (in %.80s)", name, expr)
			}
		}
		for _, m := range regexp.MustCompile(`route="/api(/[^"]+)"`).FindAllStringSubmatch(expr, -1) {
			if !strings.Contains(string(routes), `"`+m[1]+`"`) {
				t.Errorf("route /api%s is not served (server/routes.go)", m[1])
			}
		}
	}
}

package layering

import (
	"encoding/json"
	"io"
	"os/exec"
	"path"
	"strings"
	"testing"
)

type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps=false", "-json=ImportPath,Imports,Deps", "drape/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 5 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

func own(deps []string) []string {
	var out []string
	for _, d := range deps {
		if d == "drape" || strings.HasPrefix(d, "drape/") {
			out = append(out, d)
		}
	}
	return out
}

func under(p, root string) bool { return p == root || strings.HasPrefix(p, root+"/") }

func TestDependencyRule(t *testing.T) {
	for _, p := range listPackages(t) {
		for _, dep := range own(p.Deps) {
			switch {
			case under(p.ImportPath, "drape/jobs") || under(p.ImportPath, "drape/realtime") || under(p.ImportPath, "drape/sim"):
				t.Errorf("%s imports %s: jobs, realtime and sim import no drape package", p.ImportPath, dep)
			case under(dep, "drape/server") || under(dep, "drape/worker") || under(dep, "drape/sim"):
				t.Errorf("%s imports %s: nothing imports a program", p.ImportPath, dep)
			case (under(p.ImportPath, "drape/internal/shop") || under(p.ImportPath, "drape/internal/platform") ||
				under(p.ImportPath, "drape/internal/provider")) && isDomain(dep):
				t.Errorf("%s imports the domain package %s: shared layers know no domain", p.ImportPath, dep)
			}
		}
		for _, imp := range own(p.Imports) {
			// bench runs the reference implementations, which must issue exactly the queries the
			// domain does: it may use generated queries directly.
			if under(p.ImportPath, "drape/bench") {
				continue
			}
			if strings.HasSuffix(imp, "db") && path.Base(imp) == path.Base(path.Dir(imp))+"db" && path.Dir(imp) != p.ImportPath {
				t.Errorf("%s imports %s: only %s may use its generated queries; call its Service", p.ImportPath, imp, path.Dir(imp))
			}
		}
	}
}

// isDomain reports whether p is a domain package: internal/<name> other than the shared layers.
func isDomain(p string) bool {
	if !strings.HasPrefix(p, "drape/internal/") {
		return false
	}
	first := strings.SplitN(strings.TrimPrefix(p, "drape/internal/"), "/", 2)[0]
	switch first {
	case "shop", "platform", "provider", "layering":
		return false
	}
	return true
}

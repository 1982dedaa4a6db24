package event

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// root is the module's directory.
const root = "../../.."

// goCatalogue and clientCatalogue are the two files allowed to spell an event name.
var (
	goCatalogue     = filepath.Join("internal", "shop", "event", "event.go")
	clientCatalogue = filepath.Join("client", "src", "lib", "events.ts")
)

// spelled matches a catalogue name as a whole word inside a string (SQL text, JSON, a label).
func spelled(name Name) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^a-z0-9_.])` + regexp.QuoteMeta(string(name)) + `($|[^a-z0-9_])`)
}

// TestNoEventNameOutsideTheCatalogue: no Go code other than this package spells an event
// name in a string literal: it uses the catalogue's constants. Tests may spell them (they pin
// the wire), and so may comments.
func TestNoEventNameOutsideTheCatalogue(t *testing.T) {
	patterns := map[Name]*regexp.Regexp{}
	for _, n := range Names {
		patterns[n] = spelled(n)
	}
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "client" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || rel == goCatalogue {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			value, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for name, re := range patterns {
				if re.MatchString(value) {
					t.Errorf("%s spells the event %q: use event.%s from %s", rel, name, constName(t, name), goCatalogue)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d Go files checked: is the walk rooted at the module?", checked)
	}
}

// TestClientCatalogueMatches: the client's catalogue names exactly the events of this one,
// and no other client source (tests aside) spells an event name in quotes.
func TestClientCatalogueMatches(t *testing.T) {
	text, err := os.ReadFile(filepath.Join(root, clientCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	var client []Name
	for _, m := range regexp.MustCompile(`'([a-z]+\.[a-z]+)'`).FindAllStringSubmatch(string(text), -1) {
		if !slices.Contains(client, Name(m[1])) {
			client = append(client, Name(m[1]))
		}
	}
	slices.Sort(client)
	want := slices.Clone(Names)
	slices.Sort(want)
	if !slices.Equal(client, want) {
		t.Errorf("%s names %v; the Go catalogue %v", clientCatalogue, client, want)
	}

	quoted := map[Name]*regexp.Regexp{}
	for _, n := range Names {
		quoted[n] = regexp.MustCompile("['\"`]" + regexp.QuoteMeta(string(n)) + "['\"`]")
	}
	src := filepath.Join(root, "client", "src")
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if rel == clientCatalogue || !(strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx")) ||
			strings.Contains(path, ".test.") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for name, re := range quoted {
			if re.Match(b) {
				t.Errorf("%s spells the event %q: use the names in %s", rel, name, clientCatalogue)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// constName is the catalogue constant holding name, read from the catalogue's source.
func constName(t *testing.T, name Name) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, goCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(\w+)\s+Name = "` + regexp.QuoteMeta(string(name)) + `"`).FindSubmatch(b)
	if m == nil {
		return "?"
	}
	return string(m[1])
}

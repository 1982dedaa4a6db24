package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// summaryParts are the benchmarks whose tables `bench summary` gathers, in the order shown,
// each with the word its rows are prefixed with.
var summaryParts = []struct{ name, label string }{
	{"listing", "pages"},
	{"filters", "filtered listing"},
	{"adminlists", "admin lists"},
	{"checkout", "checkout"},
	{"login", "login"},
	{"realtime", "websocket"},
	{"jobs", "jobs"},
	{"invoices", "invoices"},
	{"delivery", "pincode check"},
	{"search", "search"},
}

// runSummary gathers the main table of every benchmark's latest results into one
// (bench/results/latest.md): figure, ours, reference, ratio, goal, result, then
// "N passed, N failed". A benchmark that has no results yet is listed as missing and counts as
// failed.
func runSummary() error {
	var b strings.Builder
	host, _ := os.Hostname()
	fmt.Fprintf(&b, "### drape benchmarks: every figure against its reference\n\n%s, %s, %d CPUs, %s\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), host, runtime.NumCPU(), runtime.Version())
	b.WriteString("| figure | ours | reference | ratio | goal | result |\n|---|---|---|---|---|---|\n")
	passed, failed := 0, 0
	var sources []string
	for _, part := range summaryParts {
		path := filepath.Join("bench", "results", part.name+".md")
		rows, when, err := mainTable(path)
		if err != nil {
			fmt.Fprintf(&b, "| %s: no results (%v) | — | — | — | run `scripts/bench.sh %s` | FAIL |\n", part.label, err, part.name)
			failed++
			continue
		}
		sources = append(sources, fmt.Sprintf("%s (%s)", path, when))
		for _, cells := range rows {
			cells[0] = part.label + ": " + cells[0]
			switch cells[5] {
			case "pass":
				passed++
			case "FAIL":
				failed++
			}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	fmt.Fprintf(&b, "\nEach row comes from its benchmark's own table, where its method is described: %s.\n", strings.Join(sources, ", "))
	fmt.Fprintf(&b, "\n%d passed, %d failed\n", passed, failed)
	fmt.Print("\n" + b.String())
	return os.WriteFile(filepath.Join("bench", "results", "latest.md"), []byte(b.String()), 0o644)
}

// mainTable reads the first figure table of a results file: its rows' six cells, and the
// line saying when it ran.
func mainTable(path string) (rows [][]string, when string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	t, err := readResults(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	if len(t.rows) == 0 {
		return nil, "", fmt.Errorf("%s holds no figure table", path)
	}
	when, _, _ = strings.Cut(t.machine, ",")
	return t.rows, when, nil
}

// results is a results file read back from its markdown: the heading, the line saying when
// and on what it ran ("2026-11-25 13:49 UTC, vm, 2 CPUs, go1.26.8"), and the six cells of
// each row of its first figure table (figure, ours, reference, ratio, goal, result).
type results struct {
	title   string
	machine string
	rows    [][]string
}

// readResults reads a results file as table.write and runSummary write it.
func readResults(r io.Reader) (results, error) {
	var t results
	lines := bufio.NewScanner(r)
	in := false
	for lines.Scan() {
		line := lines.Text()
		switch {
		case t.title == "" && strings.HasPrefix(line, "### "):
			t.title = strings.TrimPrefix(line, "### ")
		case t.machine == "" && (strings.HasSuffix(line, "CPUs") || strings.Contains(line, " CPUs, ")):
			t.machine = line
		case strings.HasPrefix(line, "| figure |"):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "| "):
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			if len(cells) != 6 {
				return results{}, fmt.Errorf("a row without six cells: %q", line)
			}
			t.rows = append(t.rows, cells)
		case in:
			return t, lines.Err()
		}
	}
	return t, lines.Err()
}

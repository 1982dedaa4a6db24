package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// table is one benchmark's results: figure, ours, reference, ratio, goal, pass.
type table struct {
	title string
	rows  [][]string
	notes []string
	pass  int
	fail  int
}

func (t *table) add(figure string, ours, ref float64, goal string, ok bool, args ...any) {
	ratio := "—"
	if ref > 0 {
		ratio = fmt.Sprintf("%.2f×", ours/ref)
	}
	t.row(fmt.Sprintf(figure, args...), fmt.Sprintf("%.0f", ours), fmt.Sprintf("%.0f", ref), ratio, goal, ok)
}

func (t *table) addDuration(figure string, ours, ref time.Duration, goal string, ok bool) {
	ratio := "—"
	if ref > 0 {
		ratio = fmt.Sprintf("%.2f×", float64(ours)/float64(ref))
	}
	t.row(figure, ms(ours), ms(ref), ratio, goal, ok)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func (t *table) row(figure, ours, ref, ratio, goal string, ok bool) {
	verdict := "—"
	if goal != "" {
		if ok {
			verdict = "pass"
			t.pass++
		} else {
			verdict = "FAIL"
			t.fail++
		}
	}
	t.rows = append(t.rows, []string{figure, ours, ref, ratio, goal, verdict})
}

func (t *table) note(s string) { t.notes = append(t.notes, s) }

// write prints the table and saves it as bench/results/<name>.md.
func (t *table) write(name string) error {
	var b strings.Builder
	host, _ := os.Hostname()
	fmt.Fprintf(&b, "### %s\n\n%s, %s, %d CPUs, %s\n\n", t.title, time.Now().UTC().Format("2006-01-02 15:04 MST"), host, runtime.NumCPU(), runtime.Version())
	b.WriteString("| figure | ours | reference | ratio | goal | result |\n|---|---|---|---|---|---|\n")
	for _, r := range t.rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	for _, n := range t.notes {
		b.WriteString("\n" + n + "\n")
	}
	fmt.Fprintf(&b, "\n%d passed, %d failed\n", t.pass, t.fail)
	fmt.Print("\n" + b.String())
	if err := os.MkdirAll("bench/results", 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join("bench", "results", name+".md"), []byte(b.String()), 0o644)
}

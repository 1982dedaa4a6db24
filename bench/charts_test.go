package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleSummary is part of a real bench/results/latest.md, with one checkout row turned into
// a failure (0.41× against ≥ 0.5×) and one admin list into a slow one (56.61 ms against ≤ 50 ms).
const sampleSummary = `### drape benchmarks: every figure against its reference

2026-11-25 13:49 UTC, vm, 2 CPUs, go1.26.8

| figure | ours | reference | ratio | goal | result |
|---|---|---|---|---|---|
| pages: static route through our middleware (/healthz) vs a bare Fiber JSON route: req/s, 32 workers | 30923 | 34189 | 0.90× | ≥ 0.9× bare | pass |
| pages: cached listing (as served) vs bare Fiber+pgx: req/s | 22656 | 227 | 99.70× | ≥ 0.8× bare | pass |
| pages: cached listing p50 at 2000 req/s offered | 0.64 ms | 5252.70 ms | 0.00× |  | — |
| pages: cached listing p99 at 2000 req/s offered | 2.65 ms | 9784.25 ms | 0.00× | ≤ 10 ms | pass |
| admin lists: page 1, newest first: p95 | 15.68 ms | 0.51 ms | 30.69× | ≤ 50 ms | pass |
| admin lists: search: a product's name: p95 | 56.61 ms | 0.51 ms | 111.22× | ≤ 50 ms | FAIL |
| checkout: hot: 1 size, 500 in stock, 1000 shoppers, 16 workers: orders/s | 1704 | 2719 | 0.63× | ≥ 0.5× reference, 0 oversold, 0 errors | pass |
| checkout: hot, 16 workers: p99 of a placed order | 27.35 ms | 23.54 ms | 1.16× |  | — |
| checkout: hot: 1 size, 500 in stock, 1000 shoppers, 64 workers: orders/s | 1032 | 2524 | 0.41× | ≥ 0.5× reference, 0 oversold, 0 errors | FAIL |
| checkout: hot: problems (oversold units, a size below 0, counts that disagree, errors) | 0 | 0 | — | 0 | pass |
| login: 1000 wrong passwords a second from one address: share answered 429 | 99.9% of 7504 | — | — | ≥ 99% | pass |
| login: listing p99 during the flood vs alone | 1.76 ms | 4.63 ms | 0.38× | ≤ 2× alone or ≤ 10 ms | pass |
| websocket: idle memory per socket: live heap + goroutine stacks after a GC, growth / 10000 | 1.4 KB | 15.0 KB | 0.10× | ≤ 8 KB | pass |
| websocket: delivery p99, commit → socket, 10000 subscribers | 95.84 ms | 147.19 ms | 0.65× | ≤ 100.00 ms | pass |
| jobs: jobs/s, first insert → last job handled (all rounds) | 4724 | 5485 | 0.86× | ≥ 0.5× reference | pass |

Each row comes from its benchmark's own table, where its method is described: bench/results/listing.md (2026-11-25 13:49 UTC).

12 passed, 2 failed
`

func TestReadResults(t *testing.T) {
	r, err := readResults(strings.NewReader(sampleSummary))
	if err != nil {
		t.Fatal(err)
	}
	if r.title != "drape benchmarks: every figure against its reference" {
		t.Errorf("title %q", r.title)
	}
	if r.machine != "2026-11-25 13:49 UTC, vm, 2 CPUs, go1.26.8" {
		t.Errorf("machine line %q", r.machine)
	}
	if len(r.rows) != 15 {
		t.Fatalf("%d rows, want 15", len(r.rows))
	}
	if got := strings.Join(r.rows[3], " | "); got != "pages: cached listing p99 at 2000 req/s offered | 2.65 ms | 9784.25 ms | 0.00× | ≤ 10 ms | pass" {
		t.Errorf("row 4: %q", got)
	}
	if _, err := readResults(strings.NewReader("| figure | ours |\n|---|\n| a | b | c |\n")); err == nil {
		t.Error("a row of three cells was read without an error")
	}
}

func TestChartBars(t *testing.T) {
	r, err := readResults(strings.NewReader(sampleSummary))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		section      string
		value, goal  float64
		pass         bool
		labelStartAs string
	}
	check := func(name string, bars []chartBar, wants []want) {
		t.Helper()
		if len(bars) != len(wants) {
			t.Fatalf("%s: %d bars, want %d: %+v", name, len(bars), len(wants), bars)
		}
		for i, w := range wants {
			b := bars[i]
			if b.section != w.section || b.value != w.value || b.goal != w.goal || b.pass != w.pass || !strings.HasPrefix(b.label, w.labelStartAs) {
				t.Errorf("%s bar %d: %+v, want %+v", name, i, b, w)
			}
		}
	}
	check("ratio", ratioBars(r.rows), []want{
		{"pages", 0.90, 0.9, true, "static route"},
		{"pages", 99.70, 0.8, true, "cached listing (as served)"},
		{"checkout", 0.63, 0.5, true, "hot: 1 size"},
		{"checkout", 0.41, 0.5, false, "hot: 1 size"},
		{"login", 0.38, 2, true, "listing p99"},
		{"jobs", 0.86, 0.5, true, "jobs/s"},
	})
	check("latency", latencyBars(r.rows), []want{
		{"pages", 2.65, 10, true, "cached listing p99"},
		{"admin lists", 15.68, 50, true, "page 1"},
		{"admin lists", 56.61, 50, false, "search: a product's name"},
		{"login", 1.76, 10, true, "listing p99"},
		{"websocket", 95.84, 100, true, "delivery p99"},
	})
}

// TestWriteCharts draws the sample's two charts and reads them back: 1200 pixels wide, one
// band of label and bar for each row with a goal, and bars in the pass and fail colours where
// the rows passed and failed.
func TestWriteCharts(t *testing.T) {
	dir := t.TempDir()
	summary := filepath.Join(dir, "latest.md")
	if err := os.WriteFile(summary, []byte(sampleSummary), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeCharts(summary, dir); err != nil {
		t.Fatal(err)
	}
	r, _ := readResults(strings.NewReader(sampleSummary))
	rowPitch := lineHeight + 6 + barHeight + rowGap
	for _, c := range []struct {
		file                 string
		bars                 []chartBar
		sections, pass, fail int
		failBar              float64 // the failing bar's value: its length is checked on the axis
		axis                 axis
	}{
		{ratioChartFile, ratioBars(r.rows), 4, 5, 1, 0.41, ratioAxis(ratioBars(r.rows))},
		{latencyChartFile, latencyBars(r.rows), 4, 4, 1, 56.61, msAxis(latencyBars(r.rows))},
	} {
		img := decodePNG(t, filepath.Join(dir, c.file))
		wantHeight := plotTop + c.sections*sectionHeight + len(c.bars)*rowPitch + footerHeight
		if got := img.Bounds().Size(); got != image.Pt(chartWidth, wantHeight) {
			t.Errorf("%s: %v pixels, want %dx%d", c.file, got, chartWidth, wantHeight)
		}
		// Every bar starts at the plot's left edge and is barHeight pixel rows high; the
		// legend's swatches sit above the plot.
		if got := barRows(img, passColor); got != c.pass*barHeight {
			t.Errorf("%s: %d pixel rows of pass bars, want %d (%d bars)", c.file, got, c.pass*barHeight, c.pass)
		}
		if got := barRows(img, failColor); got != c.fail*barHeight {
			t.Errorf("%s: %d pixel rows of fail bars, want %d (%d bar)", c.file, got, c.fail*barHeight, c.fail)
		}
		if got, want := longestBar(img, failColor), c.axis.x(c.failBar)-chartMargin; got < want-1 || got > want+1 {
			t.Errorf("%s: the failing bar is %d pixels long, want %d (%v on the axis)", c.file, got, want, c.failBar)
		}
	}
}

// TestChartsOfLatest draws the committed bench/results/latest.md, which must hold rows for
// both charts.
func TestChartsOfLatest(t *testing.T) {
	f, err := os.Open(filepath.Join("results", "latest.md"))
	if err != nil {
		t.Fatal("bench/results/latest.md is committed with the project:", err)
	}
	defer f.Close()
	r, err := readResults(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ratioBars(r.rows)) == 0 || len(latencyBars(r.rows)) == 0 {
		t.Errorf("latest.md gives %d ratio bars and %d latency bars; want some of each", len(ratioBars(r.rows)), len(latencyBars(r.rows)))
	}
	for _, draw := range []func(results) (image.Image, error){drawRatioChart, drawLatencyChart} {
		if _, err := draw(r); err != nil {
			t.Error(err)
		}
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// barRows counts the pixel rows of the plot whose bar, at the left edge, is in col.
func barRows(img image.Image, col color.RGBA) int {
	rows := 0
	for y := plotTop; y < img.Bounds().Max.Y; y++ {
		if color.RGBAModel.Convert(img.At(chartMargin, y)).(color.RGBA) == col {
			rows++
		}
	}
	return rows
}

// longestBar is the length of the longest bar in col, read from the plot's left edge across
// any goal marker or reference line drawn over it.
func longestBar(img image.Image, col color.RGBA) int {
	longest := 0
	for y := plotTop; y < img.Bounds().Max.Y; y++ {
		end := chartMargin
		for x := chartMargin; x < img.Bounds().Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c != col && c != goalColor && c != refColor {
				break
			}
			if c == col {
				end = x + 1
			}
		}
		longest = max(longest, end-chartMargin)
	}
	return longest
}

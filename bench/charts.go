package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The charts written beside bench/results/latest.md.
const (
	ratioChartFile   = "latest-ratios.png"
	latencyChartFile = "latest-latency.png"
)

// runCharts draws the charts of a summary table (bench/results/latest.md unless -in says
// otherwise) without running any benchmark: `go run ./bench charts`.
func runCharts(args []string) error {
	fs := flag.NewFlagSet("charts", flag.ContinueOnError)
	in := fs.String("in", filepath.Join("bench", "results", "latest.md"), "summary table to draw")
	out := fs.String("out", filepath.Join("bench", "results"), "folder the PNG files are written to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return writeCharts(*in, *out)
}

// writeCharts reads the summary table at path and writes its two charts into dir: every row
// with a ratio goal (latest-ratios.png) and every latency row with a goal in milliseconds
// (latest-latency.png).
func writeCharts(path, dir string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	t, err := readResults(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(t.rows) == 0 {
		return fmt.Errorf("%s holds no figure table", path)
	}
	charts := []struct {
		file string
		draw func(results) (image.Image, error)
	}{
		{ratioChartFile, drawRatioChart},
		{latencyChartFile, drawLatencyChart},
	}
	for _, c := range charts {
		img, err := c.draw(t)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
			return err
		}
		file := filepath.Join(dir, c.file)
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", file)
	}
	return nil
}

// chartBar is one row of a chart: the figure it measures, split into its benchmark's word
// ("checkout") and the rest, the value drawn as a bar, and the goal drawn as a marker.
type chartBar struct {
	section, label string
	value          float64
	valueText      string
	goal           float64
	goalText       string // the goal as the table words it
	pass           bool
}

var (
	// ratioGoal finds the ratio in a goal: "≥ 0.8× bare", "≤ 2× alone or ≤ 10 ms".
	ratioGoal = regexp.MustCompile(`[≥≤]\s*([0-9]+(?:\.[0-9]+)?)×`)
	// msGoal finds the milliseconds in a goal: "≤ 50 ms", "≤ 2× alone or ≤ 10 ms".
	msGoal = regexp.MustCompile(`[≥≤]\s*([0-9]+(?:\.[0-9]+)?)\s*ms\b`)
)

// ratioBars are the rows whose goal is a ratio to the reference, each drawn at its ratio.
func ratioBars(rows [][]string) []chartBar {
	var bars []chartBar
	for _, r := range rows {
		m := ratioGoal.FindStringSubmatch(r[4])
		ratio, err := strconv.ParseFloat(strings.TrimSuffix(r[3], "×"), 64)
		if m == nil || err != nil || !strings.HasSuffix(r[3], "×") || !judged(r[5]) {
			continue
		}
		goal, _ := strconv.ParseFloat(m[1], 64)
		bars = append(bars, newBar(r, ratio, r[3], goal))
	}
	return bars
}

// latencyBars are the rows that measure a time in milliseconds against a goal in
// milliseconds, each drawn at our time.
func latencyBars(rows [][]string) []chartBar {
	var bars []chartBar
	for _, r := range rows {
		m := msGoal.FindStringSubmatch(r[4])
		ms, err := strconv.ParseFloat(strings.TrimSuffix(r[1], " ms"), 64)
		if m == nil || err != nil || !strings.HasSuffix(r[1], " ms") || !judged(r[5]) {
			continue
		}
		goal, _ := strconv.ParseFloat(m[1], 64)
		bars = append(bars, newBar(r, ms, r[1], goal))
	}
	return bars
}

// judged tells whether a row's result cell is a verdict (rows without a goal say "—").
func judged(result string) bool { return result == "pass" || result == "FAIL" }

func newBar(r []string, value float64, valueText string, goal float64) chartBar {
	section, label, ok := strings.Cut(r[0], ": ")
	if !ok {
		section, label = "", r[0]
	}
	return chartBar{section: section, label: label, value: value, valueText: valueText,
		goal: goal, goalText: r[4], pass: r[5] == "pass"}
}

// The palette: calm colours on white.
var (
	paper     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ink       = color.RGBA{0x22, 0x26, 0x2b, 0xff}
	muted     = color.RGBA{0x6b, 0x72, 0x7a, 0xff}
	gridLine  = color.RGBA{0xe3, 0xe6, 0xea, 0xff}
	track     = color.RGBA{0xf3, 0xf4, 0xf6, 0xff}
	passColor = color.RGBA{0x4e, 0x9a, 0x6f, 0xff}
	failColor = color.RGBA{0xc8, 0x55, 0x46, 0xff}
	goalColor = color.RGBA{0x2b, 0x2f, 0x36, 0xff}
	refColor  = color.RGBA{0x9a, 0xa1, 0xa9, 0xff}
)

// Sizes in pixels.
const (
	chartWidth  = 1200
	chartMargin = 48
	barHeight   = 18
	lineHeight  = 20
	rowGap      = 14
)

// axis maps values to x positions across the plot, on a log scale (ratios) or a linear one
// from zero (milliseconds).
type axis struct {
	min, max float64
	log      bool
	ticks    []float64
	format   func(float64) string
	// reference, when above zero, is drawn as a dashed line through every bar (1× for ratios).
	reference float64
}

func (a axis) x(v float64) int {
	left, width := float64(chartMargin), float64(chartWidth-2*chartMargin)
	var f float64
	if a.log {
		if v <= 0 {
			return chartMargin
		}
		f = (math.Log10(v) - math.Log10(a.min)) / (math.Log10(a.max) - math.Log10(a.min))
	} else {
		f = (v - a.min) / (a.max - a.min)
	}
	f = math.Max(0, math.Min(1, f))
	return int(math.Round(left + f*width))
}

// ratioAxis is a log axis from the 1-2-5 step below the smallest ratio or goal to the one
// above the largest, always with 1× on it.
func ratioAxis(bars []chartBar) axis {
	lo, hi := 1.0, 1.0
	for _, b := range bars {
		for _, v := range []float64{b.value, b.goal} {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	a := axis{min: oneTwoFive(lo/1.15, false), max: oneTwoFive(hi*1.15, true), log: true, reference: 1,
		format: func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + "×" }}
	for d := math.Pow(10, math.Floor(math.Log10(a.min))); d <= a.max; d *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if v := m * d; v >= a.min*0.999 && v <= a.max*1.001 {
				a.ticks = append(a.ticks, math.Round(v*1e6)/1e6)
			}
		}
	}
	return a
}

// oneTwoFive rounds v down (or up) to 1, 2 or 5 times a power of ten.
func oneTwoFive(v float64, up bool) float64 {
	d := math.Pow(10, math.Floor(math.Log10(v)))
	steps := []float64{1, 2, 5, 10}
	if up {
		for _, m := range steps {
			if m*d >= v*0.999 {
				return m * d
			}
		}
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i]*d <= v*1.001 {
			return steps[i] * d
		}
	}
	return d
}

// msAxis is a linear axis from 0 ms past the largest time or goal, in round steps.
func msAxis(bars []chartBar) axis {
	hi := 10.0
	for _, b := range bars {
		hi = math.Max(hi, math.Max(b.value, b.goal))
	}
	step := oneTwoFive(hi*1.08/6, true)
	a := axis{min: 0, max: step * math.Ceil(hi*1.08/step),
		format: func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + " ms" }}
	for v := 0.0; v <= a.max+step/2; v += step {
		a.ticks = append(a.ticks, v)
	}
	return a
}

// drawRatioChart draws every row with a ratio goal: ours ÷ reference as a bar, the goal as a
// marker, passes green and failures red.
func drawRatioChart(t results) (image.Image, error) {
	bars := ratioBars(t.rows)
	return drawChart(chartSpec{
		title:   "drape benchmarks: ours ÷ reference, each against its goal",
		machine: t.machine,
		bars:    bars,
		axis:    ratioAxis(bars),
		refName: "1× = as fast as the reference",
		scale:   "log scale",
		empty:   "no row of the table has a goal in ×",
	})
}

// drawLatencyChart draws every latency row with a goal in milliseconds: our time as a bar,
// the goal as a marker.
func drawLatencyChart(t results) (image.Image, error) {
	bars := latencyBars(t.rows)
	return drawChart(chartSpec{
		title:   "drape benchmarks: latencies against their goals",
		machine: t.machine,
		bars:    bars,
		axis:    msAxis(bars),
		scale:   "our time, milliseconds",
		empty:   "no row of the table has a goal in ms",
	})
}

// chartSpec is what drawChart needs to know about one chart.
type chartSpec struct {
	title, machine string
	bars           []chartBar
	axis           axis
	refName        string // the legend's words for axis.reference
	scale          string // said at the legend's right
	empty          string // said when there are no bars
}

// canvas is an image being drawn, with the faces its text is set in.
type canvas struct {
	img                      *image.RGBA
	title, bold, text, small font.Face
}

// newCanvas makes a white w×h image and the faces of Go's own fonts to write on it.
func newCanvas(w, h int) (*canvas, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	heavy, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	for _, f := range []struct {
		face *font.Face
		font *opentype.Font
		size float64
	}{{&c.title, heavy, 24}, {&c.bold, heavy, 16}, {&c.text, regular, 15}, {&c.small, regular, 13}} {
		if *f.face, err = opentype.NewFace(f.font, &opentype.FaceOptions{Size: f.size, DPI: 72, Hinting: font.HintingFull}); err != nil {
			return nil, err
		}
	}
	c.fill(0, 0, w, h, paper)
	return c, nil
}

func (c *canvas) fill(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Src)
}

// write sets s with its baseline at y, starting at x, and returns where it ends.
func (c *canvas) write(x, y int, s string, face font.Face, col color.Color) int {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
	return d.Dot.X.Ceil()
}

// label writes s like write, on white, so that grid lines do not run through it.
func (c *canvas) label(x, y int, s string, face font.Face, col color.Color) {
	m := face.Metrics()
	c.fill(x-4, y-m.Ascent.Ceil(), x+measure(face, s)+4, y+m.Descent.Ceil(), paper)
	c.write(x, y, s, face, col)
}

func measure(face font.Face, s string) int { return font.MeasureString(face, s).Ceil() }

// goalText is a bar's goal as written at the right of its label: "goal ≥ 0.8× bare", cut
// short with "…" where it would take more than half the width.
func goalText(face font.Face, b chartBar) string {
	s := "goal " + b.goalText
	limit := (chartWidth - 2*chartMargin) / 2
	for r := []rune(s); measure(face, s) > limit && len(r) > 1; {
		r = r[:len(r)-1]
		s = strings.TrimSpace(string(r)) + "…"
	}
	return s
}

// wrap breaks s into lines no wider than width.
func wrap(face font.Face, s string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line != "" && measure(face, next) > width {
			lines = append(lines, line)
			next = word
		}
		line = next
	}
	return append(lines, line)
}

// Vertical layout, in pixels from the top.
const (
	titleBaseline   = 44
	machineBaseline = 72
	legendBaseline  = 106
	plotTop         = 140 // the top axis labels sit just above
	sectionHeight   = 34
	footerHeight    = 76 // bottom axis labels, the source line and the margin
)

// chartLayout is where each bar's text goes: its label broken into lines that leave room for
// its goal.
type chartLayout struct {
	labels [][]string
	height int
}

func layoutChart(s chartSpec, text font.Face) chartLayout {
	l := chartLayout{height: plotTop}
	width := chartWidth - 2*chartMargin
	section := ""
	for i, b := range s.bars {
		if i == 0 || b.section != section {
			section = b.section
			l.height += sectionHeight
		}
		lines := wrap(text, b.label, width-measure(text, goalText(text, b))-32)
		l.labels = append(l.labels, lines)
		l.height += len(lines)*lineHeight + 6 + barHeight + rowGap
	}
	if len(s.bars) == 0 {
		l.height += 2 * sectionHeight
	}
	l.height += footerHeight
	return l
}

func drawChart(s chartSpec) (image.Image, error) {
	// The layout needs the faces to measure text, and the canvas needs the layout's height:
	// measure on a canvas of no size first.
	c, err := newCanvas(0, 0)
	if err != nil {
		return nil, err
	}
	l := layoutChart(s, c.text)
	if c, err = newCanvas(chartWidth, l.height); err != nil {
		return nil, err
	}
	left, right := chartMargin, chartWidth-chartMargin

	// Title, the machine line and how many rows passed.
	c.write(left, titleBaseline, s.title, c.title, ink)
	passed := 0
	for _, b := range s.bars {
		if b.pass {
			passed++
		}
	}
	c.write(left, machineBaseline, fmt.Sprintf("%s   ·   %d of %d rows pass", s.machine, passed, len(s.bars)), c.text, muted)

	// Legend.
	x := left
	swatch := func(col color.Color, words string) {
		c.fill(x, legendBaseline-12, x+14, legendBaseline+2, col)
		x = c.write(x+20, legendBaseline, words, c.text, ink) + 24
	}
	swatch(passColor, "pass")
	swatch(failColor, "fail")
	c.fill(x+5, legendBaseline-15, x+8, legendBaseline+5, goalColor)
	x = c.write(x+16, legendBaseline, "goal", c.text, ink) + 24
	if s.axis.reference > 0 {
		dashes(c, x+6, legendBaseline-15, legendBaseline+5)
		c.write(x+16, legendBaseline, s.refName, c.text, ink)
	}
	c.write(right-measure(c.small, s.scale), legendBaseline, s.scale, c.small, muted)

	plotBottom := l.height - footerHeight + 8
	ticks := func(y int) {
		for _, v := range s.axis.ticks {
			label := s.axis.format(v)
			tx := s.axis.x(v) - measure(c.small, label)/2
			tx = max(left-chartMargin/2, min(tx, right+chartMargin/2-measure(c.small, label)))
			c.write(tx, y, label, c.small, muted)
		}
	}
	ticks(plotTop - 8)
	ticks(plotBottom + 18)
	for _, v := range s.axis.ticks {
		c.fill(s.axis.x(v), plotTop, s.axis.x(v)+1, plotBottom, gridLine)
	}

	y := plotTop
	section := ""
	for i, b := range s.bars {
		if i == 0 || b.section != section {
			section = b.section
			c.fill(left, y+sectionHeight-25, right, y+sectionHeight-24, gridLine)
			y += sectionHeight
			c.label(left, y-8, section, c.bold, ink)
		}
		for j, line := range l.labels[i] {
			y += lineHeight
			c.label(left, y-5, line, c.text, ink)
			if j == 0 {
				goal := goalText(c.text, b)
				c.label(right-measure(c.text, goal), y-5, goal, c.text, muted)
			}
		}
		y += 6
		c.fill(left, y, right, y+barHeight, track)
		for _, v := range s.axis.ticks {
			c.fill(s.axis.x(v), y, s.axis.x(v)+1, y+barHeight, gridLine)
		}
		col := passColor
		if !b.pass {
			col = failColor
		}
		end := max(s.axis.x(b.value), left+2)
		c.fill(left, y, end, y+barHeight, col)
		if s.axis.reference > 0 {
			dashes(c, s.axis.x(s.axis.reference), y-4, y+barHeight+4)
		}
		gx := s.axis.x(b.goal)
		c.fill(gx-1, y-5, gx+2, y+barHeight+5, goalColor)

		// The value after the bar (and after the goal marker when that is close behind), or
		// inside the bar's end when there is no room on the right.
		value := b.valueText
		verdict := ""
		if !b.pass {
			verdict = "  FAIL"
		}
		w := measure(c.bold, value) + measure(c.bold, verdict)
		tx := end + 8
		if gx >= end-2 && gx-end < w+16 {
			tx = gx + 10
		}
		base := y + barHeight - 4
		if tx+w > right {
			c.write(end-8-w, base, value+verdict, c.bold, paper)
		} else {
			c.fill(tx-4, y, tx+w+4, y+barHeight, track)
			tx = c.write(tx, base, value, c.bold, ink)
			c.write(tx, base, verdict, c.bold, failColor)
		}
		y += barHeight + rowGap
	}
	if len(s.bars) == 0 {
		c.write(left, y+sectionHeight, s.empty, c.text, muted)
	}
	c.write(left, l.height-20, "from bench/results/latest.md; each row's method is in its benchmark's own table beside it", c.small, muted)
	return c.img, nil
}

// dashes draws a dashed vertical line at x from y0 to y1 in the reference colour.
func dashes(c *canvas, x, y0, y1 int) {
	for y := y0; y < y1; y += 6 {
		c.fill(x, y, x+2, min(y+3, y1), refColor)
	}
}

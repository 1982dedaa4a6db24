package main

import (
	"flag"
	"os"
	"testing"
)

// serverTestParallel is how many of this package's parallel tests run at once unless -parallel
// says otherwise. Go's default is GOMAXPROCS (2 on CI), but most of the time of this package's
// longest tests is real server, worker and sim processes waiting on timers (a hung courier,
// asynq recovering a killed worker's job): with 2 at a time their waits queued behind one
// another (README, "Where make test's time goes"). Alone on an idle 2-core machine the package
// took 303 s at 2, 191 s at 6, 174 s at 8 and 182 s at 12 (2026-11-27), but at 8 a socket-cap
// test failed in make test: the process's one nbio engine (realtime/engine.go) serves every
// test's hub, and more sockets opening and closing at once beside it let one held socket go.
const serverTestParallel = "4"

// TestMain runs the package's tests serverTestParallel at a time unless -parallel is given.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", serverTestParallel); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

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
// another (README, "Where make test's time goes").
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

// Package simtest runs sim, drape's provider simulator, for a test: built from ./sim, on
// free ports, stopped when the test ends.
package simtest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
	buildOut  []byte
)

// Start builds ./sim (once per test binary) and runs it on free ports with extra environment;
// it returns sim's HTTP base URL ("http://127.0.0.1:port") and stops sim when t ends.
func Start(t testing.TB, env ...string) string {
	t.Helper()
	buildOnce.Do(func() {
		var gomod []byte
		if gomod, buildErr = exec.Command("go", "env", "GOMOD").Output(); buildErr != nil {
			return
		}
		dir, err := os.MkdirTemp("", "drape-simtest-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "sim")
		build := exec.Command("go", "build", "-o", binary, "./sim")
		build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
		buildOut, buildErr = build.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build ./sim: %v\n%s", buildErr, buildOut)
	}
	cmd := exec.Command(binary)
	cmd.Env = append(append(os.Environ(), "SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0"), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	exited := make(chan error, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if line, ok := strings.CutPrefix(lines.Text(), "sim listening http="); ok {
				listening <- strings.Fields(line)[0]
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Logf("sim: %v", err)
		}
		select {
		case err := <-exited:
			if err != nil {
				t.Logf("sim ended: %v", err) // a signal ends it with a status that says so
			}
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Error("sim did not stop within 10 s of SIGTERM")
		}
	})
	select {
	case addr := <-listening:
		return "http://" + addr
	case <-time.After(20 * time.Second):
		t.Fatal("sim printed no listening line within 20 s")
		return ""
	}
}

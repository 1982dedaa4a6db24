// Package testenv finds the PostgreSQL and Redis that tests use: DATABASE_URL and REDIS_URL
// when set (make test sets them), otherwise the project-local test services, started on
// demand through scripts/services.sh, so that a bare `go test ./...` works too.
package testenv

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

var (
	once sync.Once
	urls map[string]string
	err  error
)

// URLs returns the DATABASE_URL and REDIS_URL for tests.
func URLs() (databaseURL, redisURL string, err error) {
	once.Do(load)
	return urls["DATABASE_URL"], urls["REDIS_URL"], errFromLoad()
}

func errFromLoad() error { return err }

func load() {
	urls = map[string]string{"DATABASE_URL": os.Getenv("DATABASE_URL"), "REDIS_URL": os.Getenv("REDIS_URL")}
	if urls["DATABASE_URL"] != "" && urls["REDIS_URL"] != "" {
		return
	}
	root, e := ModuleRoot()
	if e != nil {
		err = e
		return
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "services.sh"), "start", "test")
	cmd.Env = append(os.Environ(), "SERVICES_FAST=1", "DATABASE_URL=", "REDIS_URL=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, e := cmd.Output()
	if e != nil {
		err = fmt.Errorf("testenv: scripts/services.sh start test: %v\n%s", e, stderr.String())
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "export ")
		k, v, ok := strings.Cut(line, "=")
		if ok && urls[k] == "" {
			urls[k] = strings.Trim(v, "'")
		}
	}
	if urls["DATABASE_URL"] == "" || urls["REDIS_URL"] == "" {
		err = fmt.Errorf("testenv: services.sh printed no URLs: %s", out)
	}
}

// ModuleRoot is the directory holding go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testenv: go.mod not found above the working directory")
		}
		dir = parent
	}
}

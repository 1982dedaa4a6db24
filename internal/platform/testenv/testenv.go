// Package testenv finds the PostgreSQL, Redis and S3 server that tests use: DATABASE_URL and REDIS_URL
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

var (
	s3Once sync.Once
	s3Env  map[string]string
	s3Err  error
)

// S3 returns the S3_* variables (S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION,
// S3_USE_SSL) of the S3-compatible server tests use: S3_ENDPOINT and its keys when set,
// otherwise the project's SeaweedFS, started on first use through `scripts/services.sh s3
// test` (built once per machine), so only tests that need a bucket pay for it.
func S3() (map[string]string, error) {
	s3Once.Do(loadS3)
	return s3Env, s3Err
}

func loadS3() {
	names := []string{"S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_REGION", "S3_USE_SSL"}
	s3Env = map[string]string{"S3_REGION": "us-east-1", "S3_USE_SSL": "false"}
	if os.Getenv("S3_ENDPOINT") != "" {
		for _, k := range names {
			if v := os.Getenv(k); v != "" {
				s3Env[k] = v
			}
		}
		return
	}
	root, e := ModuleRoot()
	if e != nil {
		s3Err = e
		return
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "services.sh"), "s3", "test")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, e := cmd.Output()
	if e != nil {
		s3Err = fmt.Errorf("testenv: scripts/services.sh s3 test: %v\n%s", e, stderr.String())
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "export "), "=")
		if ok {
			s3Env[k] = strings.Trim(v, "'")
		}
	}
	if s3Env["S3_ENDPOINT"] == "" {
		s3Err = fmt.Errorf("testenv: services.sh s3 printed no S3_ENDPOINT: %s", out)
	}
}

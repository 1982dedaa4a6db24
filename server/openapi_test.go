package main

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
	"testing"
)

var (
	openAPIPath   = regexp.MustCompile(`^  (/[^:]*):\s*$`)
	openAPIMethod = regexp.MustCompile(`^    (get|put|post|delete|patch):\s*$`)
	fiberParam    = regexp.MustCompile(`:([A-Za-z_]+)`)
)

// documentedRoutes reads "METHOD /path" pairs from openapi.yaml.
func documentedRoutes() map[string]bool {
	out := map[string]bool{}
	current := ""
	sc := bufio.NewScanner(bytes.NewReader(openAPISpec))
	for sc.Scan() {
		line := sc.Text()
		if m := openAPIPath.FindStringSubmatch(line); m != nil {
			current = m[1]
		} else if m := openAPIMethod.FindStringSubmatch(line); m != nil && current != "" {
			out[strings.ToUpper(m[1])+" "+current] = true
		}
	}
	return out
}

// TestEveryRouteIsDocumented fails when a registered route is missing from openapi.yaml, or
// when the document describes a route that does not exist.
func TestEveryRouteIsDocumented(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	documented := documentedRoutes()
	if len(documented) == 0 {
		t.Fatal("openapi.yaml lists no routes")
	}
	registered := map[string]bool{}
	for _, r := range app.GetRoutes(true) {
		if r.Method == "HEAD" || r.Path == "/*" || r.Path == "/api" {
			continue
		}
		key := r.Method + " " + fiberParam.ReplaceAllString(r.Path, "{$1}")
		registered[key] = true
		if !documented[key] {
			t.Errorf("%s is not in server/openapi.yaml", key)
		}
	}
	for key := range documented {
		if !registered[key] {
			t.Errorf("openapi.yaml documents %s, which is not a route", key)
		}
	}
}

package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"drape/internal/outbox"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/redistest"
	"drape/jobs"
)

// TestQueuesPageNeedsTheOpsToken: the job queues' page opens with the ops token and is refused
// without it or with a wrong one; its API lists the shop's queues with the task waiting on one;
// a change from a foreign page is refused even with the token; and /metrics reports the
// queue's depth.
func TestQueuesPageNeedsTheOpsToken(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	rdb := redistest.New(t)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	queue := asynq.NewClientFromRedisClient(rdb.Client)
	relay := outbox.NewRelay(pool, jobs.NewClient(queue), nil, log)
	if _, err := queue.Enqueue(asynq.NewTask(jobs.TypeSendMail, []byte(`{"kind":"test","ref":"1"}`)), asynq.Queue(jobs.QueueDefault)); err != nil {
		t.Fatal(err)
	}
	ops := httptest.NewServer(opsHandler("s3cret-ops", pool, rdb.Client, relay, log))
	t.Cleanup(ops.Close)

	get := func(path string, prepare func(*http.Request)) (int, http.Header, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, ops.URL+path, nil)
		if prepare != nil {
			prepare(req)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(body)
	}
	withToken := func(token string) func(*http.Request) {
		return func(r *http.Request) { r.SetBasicAuth("ops", token) }
	}

	for name, prepare := range map[string]func(*http.Request){"no token": nil, "a wrong token": withToken("guess"),
		"a bearer of the wrong token": func(r *http.Request) { r.Header.Set("Authorization", "Bearer s3cret-op") }} {
		for _, path := range []string{"/queues/", "/queues/api/queues"} {
			status, header, _ := get(path, prepare)
			if status != http.StatusUnauthorized || !strings.HasPrefix(header.Get("WWW-Authenticate"), "Basic ") {
				t.Errorf("%s with %s: %d (WWW-Authenticate %q), want 401 asking for basic credentials", path, name, status, header.Get("WWW-Authenticate"))
			}
		}
	}

	status, _, page := get("/queues/", withToken("s3cret-ops"))
	if status != http.StatusOK || !strings.Contains(page, "<div id=\"root\">") {
		t.Fatalf("/queues/ with the token: %d, want asynqmon's page; got %.200s", status, page)
	}
	status, _, list := get("/queues/api/queues", func(r *http.Request) { r.Header.Set("Authorization", "Bearer s3cret-ops") })
	if status != http.StatusOK || !strings.Contains(list, `"queue":"default"`) || !strings.Contains(list, `"size":1`) {
		t.Fatalf("/queues/api/queues with the token: %d %s, want the default queue holding 1 task", status, list)
	}

	req, _ := http.NewRequestWithContext(context.Background(), http.MethodDelete, ops.URL+"/queues/api/queues/default", nil)
	req.SetBasicAuth("ops", "s3cret-ops")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site delete of the default queue with the token: %d, want 403", res.StatusCode)
	}

	_, _, metrics := get("/metrics", nil)
	for _, want := range []string{`drape_queue_size{queue="default"} 1`, `drape_queue_tasks{queue="default",state="pending"} 1`,
		`drape_queue_size{queue="critical"} 0`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// TestQueuesPageIsOffWithoutAToken: with OPS_TOKEN unset nobody gets the page, with or without
// credentials.
func TestQueuesPageIsOffWithoutAToken(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	rdb := redistest.New(t)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	relay := outbox.NewRelay(pool, jobs.NewClient(asynq.NewClientFromRedisClient(rdb.Client)), nil, log)
	ops := httptest.NewServer(opsHandler("", pool, rdb.Client, relay, log))
	t.Cleanup(ops.Close)
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, ops.URL+"/queues/", nil)
	req.SetBasicAuth("ops", "")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("/queues/ without OPS_TOKEN set: %d, want 404", res.StatusCode)
	}
}

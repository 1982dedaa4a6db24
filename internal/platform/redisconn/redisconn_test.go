package redisconn

import (
	"strings"
	"testing"

	"drape/internal/platform/config"
)

func TestReadConfigRefusesHalfASentinelSetup(t *testing.T) {
	for name, c := range map[string]struct {
		env  map[string]string
		want string // a problem the error must name; "" for none
	}{
		"one server":               {map[string]string{"REDIS_URL": "redis://127.0.0.1:6379/2"}, ""},
		"sentinels with a master":  {map[string]string{"REDIS_URL": "redis://:pw@ignored:1/3", "REDIS_SENTINELS": "10.0.0.1:26379, 10.0.0.2:26379", "REDIS_MASTER_NAME": "drape"}, ""},
		"sentinels without master": {map[string]string{"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_SENTINELS": "10.0.0.1:26379"}, "REDIS_MASTER_NAME: is required with REDIS_SENTINELS"},
		"a sentinel without port":  {map[string]string{"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_SENTINELS": "10.0.0.1", "REDIS_MASTER_NAME": "drape"}, `REDIS_SENTINELS: "10.0.0.1" is not host:port`},
	} {
		r := config.NewReader(func(k string) string { return c.env[k] })
		ReadConfig(r)
		err := r.Err()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestOpenOnSentinelsKeepsTheURLsDatabaseAndPassword(t *testing.T) {
	c := Config{URL: "redis://:s3cret@ignored:1/3", Sentinels: []string{"10.0.0.1:26379"}, MasterName: "drape"}
	client, err := c.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	opts := client.Options()
	if opts.DB != 3 || opts.Password != "s3cret" || opts.Addr == "ignored:1" {
		t.Errorf("failover client options: db %d, password %q, addr %q; want db 3, the URL's password, and no fixed address",
			opts.DB, opts.Password, opts.Addr)
	}
	if got := c.String(); strings.Contains(got, "s3cret") || !strings.Contains(got, "drape") {
		t.Errorf("String() = %q, want the master's name and no password", got)
	}
}

package jobs

import (
	"log/slog"
	"slices"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
)

// QueueCollector reports each asynq queue's state to Prometheus when scraped: its size, its
// latency (the age of its oldest pending task), how many tasks wait to be retried or were given
// up (archived), and the processed and failed counts. A worker autoscaler reads the size; alerts
// read the latency and the archive.
type QueueCollector struct {
	inspector *asynq.Inspector
	log       *slog.Logger

	size, latency, state, processed, failed *prometheus.Desc
}

// NewQueueCollector answers a collector that asks inspector about the queues in Queues.
func NewQueueCollector(inspector *asynq.Inspector, log *slog.Logger) *QueueCollector {
	queue := []string{"queue"}
	return &QueueCollector{
		inspector: inspector,
		log:       log,
		size:      prometheus.NewDesc("drape_queue_size", "Tasks in the queue in any state but completed.", queue, nil),
		latency: prometheus.NewDesc("drape_queue_latency_seconds",
			"How long the queue's oldest pending task has waited; 0 when none waits.", queue, nil),
		state: prometheus.NewDesc("drape_queue_tasks", "Tasks in the queue by state (pending, active, scheduled, retry, archived).",
			[]string{"queue", "state"}, nil),
		processed: prometheus.NewDesc("drape_queue_processed_total", "Tasks the queue's workers finished, successful or not.", queue, nil),
		failed:    prometheus.NewDesc("drape_queue_failed_total", "Task runs that ended in an error.", queue, nil),
	}
}

// Describe sends the descriptions of every metric the collector makes.
func (c *QueueCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.size, c.latency, c.state, c.processed, c.failed} {
		ch <- d
	}
}

// Collect asks Redis about each queue. A queue Redis has never seen (nothing was ever queued
// on it) reports zeros; one Redis cannot answer about is left out and logged, so a scrape during
// a Redis failover shows a gap rather than a false zero.
func (c *QueueCollector) Collect(ch chan<- prometheus.Metric) {
	known, err := c.inspector.Queues()
	if err != nil {
		c.log.Warn("queue metrics: listing queues", "err", err)
		return
	}
	for _, name := range queueNames() {
		info := &asynq.QueueInfo{Queue: name}
		if slices.Contains(known, name) {
			if info, err = c.inspector.GetQueueInfo(name); err != nil {
				c.log.Warn("queue metrics", "queue", name, "err", err)
				continue
			}
		}
		ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(info.Size), name)
		ch <- prometheus.MustNewConstMetric(c.latency, prometheus.GaugeValue, info.Latency.Seconds(), name)
		for state, n := range map[string]int{"pending": info.Pending, "active": info.Active, "scheduled": info.Scheduled,
			"retry": info.Retry, "archived": info.Archived} {
			ch <- prometheus.MustNewConstMetric(c.state, prometheus.GaugeValue, float64(n), name, state)
		}
		ch <- prometheus.MustNewConstMetric(c.processed, prometheus.CounterValue, float64(info.ProcessedTotal), name)
		ch <- prometheus.MustNewConstMetric(c.failed, prometheus.CounterValue, float64(info.FailedTotal), name)
	}
}

// queueNames answers the names in Queues, sorted.
func queueNames() []string {
	names := make([]string, 0, len(Queues))
	for name := range Queues {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

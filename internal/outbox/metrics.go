package outbox

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"drape/internal/outbox/outboxdb"
)

// Collector reports the outbox backlog to Prometheus, read at scrape time: how many rows wait
// and how old the oldest is (the relay's lag).
type Collector struct {
	db      outboxdb.DBTX
	pending *prometheus.Desc
	lag     *prometheus.Desc
}

// NewCollector reads the backlog through db.
func NewCollector(db outboxdb.DBTX) *Collector {
	return &Collector{
		db:      db,
		pending: prometheus.NewDesc("drape_outbox_pending", "Outbox rows not yet delivered.", nil, nil),
		lag:     prometheus.NewDesc("drape_outbox_lag_seconds", "Age of the oldest undelivered outbox row.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (o *Collector) Describe(ch chan<- *prometheus.Desc) { ch <- o.pending; ch <- o.lag }

// Collect implements prometheus.Collector.
func (o *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	stats, err := PendingStats(ctx, o.db)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(o.pending, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(o.pending, prometheus.GaugeValue, float64(stats.Pending))
	ch <- prometheus.MustNewConstMetric(o.lag, prometheus.GaugeValue, stats.OldestSeconds)
}

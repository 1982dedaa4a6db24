package audit_test

import (
	"context"
	"encoding/json"
	"testing"

	"drape/internal/audit"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/shop"

	"github.com/jackc/pgx/v5"
)

// TestRedactKeepsEntriesValidJSON: a shopper's values are cut out of the entries wherever JSON
// holds them: in strings (quotes and ampersands included) and as a number (a courier payload's
// billing_phone), which a text replace turned into invalid JSON and so failed the erasure; the
// entries stay readable and other values stay.
func TestRedactKeepsEntriesValidJSON(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	s := audit.NewService(pool)
	name := `Kavya "KV" Iyer & Sons`
	if err := s.Record(ctx, audit.Change{ActorID: shop.NewID(), ActorRole: "staff", Action: "POST /api/orderStatus", EntityType: "order",
		EntityID: shop.NewID(), Before: map[string]any{"status": "Pending"},
		After: map[string]any{"address": map[string]any{"name": name, "phone": "9812345670", "city": "Chennai"},
			"shipment": map[string]any{"billing_phone": 9812345670, "billing_customer_name": "Dear " + name, "weight": 0.5}}}); err != nil {
		t.Fatal(err)
	}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return s.Redact(ctx, tx, []string{name, "9812345670", "ab"}) }); err != nil {
		t.Fatalf("redact: %v", err)
	}
	got, err := s.List(ctx, audit.Filter{}, shop.Page{Number: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Items) != 1 {
		t.Fatalf("%d entries", len(got.Items))
	}
	var after, before map[string]any
	if err := json.Unmarshal(got.Items[0].After, &after); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got.Items[0].Before, &before); err != nil {
		t.Fatal(err)
	}
	address, shipment := after["address"].(map[string]any), after["shipment"].(map[string]any)
	for what, v := range map[string]any{"address name": address["name"], "address phone": address["phone"],
		"billing phone": shipment["billing_phone"], "billing name": shipment["billing_customer_name"]} {
		want := "[erased]"
		if what == "billing name" {
			want = "Dear [erased]"
		}
		if v != want {
			t.Errorf("%s = %v, want %q", what, v, want)
		}
	}
	if address["city"] != "Chennai" || shipment["weight"] != 0.5 {
		t.Errorf("other values changed: %v", after)
	}
	if before["status"] != "Pending" {
		t.Errorf("before changed: %v", before)
	}
}

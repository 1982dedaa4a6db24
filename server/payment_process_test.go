package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// TestOnlineOrderPaidByWebhook runs the real programs: the shopper pays on sim's checkout and
// closes the tab before the callback; Razorpay's signed webhook (sim → server) marks the order
// paid, the worker mails the confirmation through SMTP to sim's mailbox, and the callback
// arriving late changes nothing — one paid order, one mail.
func TestOnlineOrderPaidByWebhook(t *testing.T) {
	t.Parallel()
	port := freePort(t)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	simHTTP, simSMTP := startSim(t, "SIM_RAZORPAY_WEBHOOK_URL="+base+"/api/webhooks/razorpay")
	env, dbURL, _ := shopEnv(t)
	smtpHost, smtpPort, _ := net.SplitHostPort(simSMTP)
	env = append(env, "SMTP_HOST="+smtpHost, "SMTP_PORT="+smtpPort, "RAZORPAY_KEY_ID=rzp_test_drape",
		"RAZORPAY_KEY_SECRET=drape-sim-key-secret", "RAZORPAY_WEBHOOK_SECRET=drape-sim-webhook-secret",
		"RAZORPAY_API_URL=http://"+simHTTP+"/razorpay", "PUBLIC_URL="+base)

	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	f := checkoutFixture(t, fixtureDeps(pool, base))

	startWorker(t, env)
	p := start(t, "server", append(env, fmt.Sprintf("PORT=%d", port)))
	waitReady(t, base, p)

	request := func(method, path, token string, body any) map[string]any {
		t.Helper()
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %v", method, path, resp.StatusCode, out)
		}
		return out
	}
	token := request("POST", "/api/register", "", map[string]any{"firstName": "Ira", "email": "ira@example.in", "password": "tailored-fit-42"})["token"].(string)
	addressID := request("POST", "/api/addAddress", token, with(homeAddress(), "email", "ira@example.in"))["data"].(map[string]any)["_id"]
	request("POST", "/api/addToCart", token, map[string]any{"productId": f.newestShirt.ID, "size": "M"})
	checkout := request("POST", "/api/payments/razorpay/order", token, map[string]any{"address": addressID})["data"].(map[string]any)
	number := checkout["orderId"].(string)

	raw, _ := json.Marshal(map[string]any{"order_id": checkout["razorpayOrderId"], "key_id": checkout["key"], "outcome": "success"})
	resp, err := http.Post("http://"+simHTTP+"/razorpay/checkout/pay", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var paid map[string]any
	json.NewDecoder(resp.Body).Decode(&paid)
	resp.Body.Close()

	deadline := time.Now().Add(20 * time.Second)
	for {
		o := request("GET", "/api/orders/"+number, token, nil)["data"].(map[string]any)
		if o["paymentStatus"] == "success" && o["orderStatus"] == "PENDING" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook never marked %s paid: %v", number, o)
		}
		time.Sleep(100 * time.Millisecond)
	}
	late := request("POST", "/api/createOrder", token, map[string]any{"paymentMode": "online", "orderId": number,
		"razorpay_payment_id": paid["razorpay_payment_id"], "razorpay_signature": paid["razorpay_signature"]})
	if late["data"].(map[string]any)["paymentStatus"] != "success" {
		t.Fatalf("late callback: %v", late)
	}

	var mail struct {
		Messages []struct {
			Subject string `json:"subject"`
			Text    string `json:"text"`
		} `json:"messages"`
	}
	for deadline = time.Now().Add(20 * time.Second); len(mail.Messages) == 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no confirmation mail reached the SMTP sink")
		}
		resp, err := http.Get("http://" + simHTTP + "/mail/api/messages?to=ira@example.in")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&mail)
		resp.Body.Close()
	}
	time.Sleep(time.Second) // a second mail, were one queued, would arrive in this time
	resp, _ = http.Get("http://" + simHTTP + "/mail/api/messages?to=ira@example.in")
	json.NewDecoder(resp.Body).Decode(&mail)
	resp.Body.Close()
	// The mail names the order as people read it: its short number.
	short := "#" + request("GET", "/api/orders/"+number, token, nil)["data"].(map[string]any)["orderNumber"].(string)
	if len(mail.Messages) != 1 || !strings.Contains(mail.Messages[0].Subject, short) || !strings.Contains(mail.Messages[0].Text, "Paid online") {
		t.Fatalf("mails: %+v", mail.Messages)
	}
}

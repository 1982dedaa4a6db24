package shiprocket

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

// ordersAnswer is the part of GET /v1/external/orders the shop reads: each order's Shiprocket
// id, the shop's own order id (channel_order_id) and its shipments.
type ordersAnswer struct {
	Data []struct {
		ID             flexInt    `json:"id"`
		ChannelOrderID flexString `json:"channel_order_id"`
		Status         flexString `json:"status"`
		Shipments      []struct {
			ID flexInt `json:"id"`
		} `json:"shipments"`
	} `json:"data"`
}

// FindOrder looks up the order the shop created under its own id channelOrderID (GET
// /v1/external/orders?search=…), and says whether Shiprocket has it. A push that may have got
// through before its answer was lost asks this before creating the order again.
func (c *Client) FindOrder(ctx context.Context, token, channelOrderID string) (Created, bool, error) {
	return c.findByChannelID(ctx, token, "/v1/external/orders", channelOrderID)
}

// findByChannelID looks up, in the order list at listPath, the order the shop created under its
// own id channelOrderID, and says whether Shiprocket has it. Forward and return orders are
// listed at different paths in the same shape.
func (c *Client) findByChannelID(ctx context.Context, token, listPath, channelOrderID string) (Created, bool, error) {
	channelOrderID = strings.TrimSpace(channelOrderID)
	if channelOrderID == "" {
		return Created{}, false, ErrInvalidArgument
	}
	query := url.Values{"per_page": {"100"}, "search": {channelOrderID}}
	var answer ordersAnswer
	if err := c.do(ctx, http.MethodGet, listPath+"?"+query.Encode(), token, nil, &answer); err != nil {
		return Created{}, false, err
	}
	for _, o := range answer.Data {
		if string(o.ChannelOrderID) != channelOrderID || o.ID <= 0 {
			continue
		}
		found := Created{OrderID: int64(o.ID), Status: NormalizeStatus(string(o.Status))}
		if len(o.Shipments) > 0 {
			found.ShipmentID = int64(o.Shipments[0].ID)
		}
		return found, true, nil
	}
	return Created{}, false, nil
}

// FindOrder is Client.FindOrder with the session's token.
func (s *Session) FindOrder(ctx context.Context, creds Credentials, channelOrderID string) (Created, bool, error) {
	return findWithToken(ctx, s, creds, channelOrderID, s.client.FindOrder)
}

// findWithToken runs a Client lookup of channelOrderID with the session's token.
func findWithToken(ctx context.Context, s *Session, creds Credentials, channelOrderID string,
	find func(ctx context.Context, token, channelOrderID string) (Created, bool, error)) (Created, bool, error) {
	type result struct {
		created Created
		found   bool
	}
	r, err := withToken(ctx, s, creds, func(token string) (result, error) {
		c, found, err := find(ctx, token, channelOrderID)
		return result{c, found}, err
	})
	return r.created, r.found, err
}

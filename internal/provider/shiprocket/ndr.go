package shiprocket

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// The NDR actions Shiprocket takes (POST /v1/external/ndr/{awb}/action, INDIA.md §3): the
// docs name them "Reattempt and RTO"; client SDKs send these spellings.
const (
	NDRReattempt = "re-attempt"
	NDRReturn    = "return"
)

// NDRAction is the shop's answer to a failed delivery attempt: re-attempt (on DeferredDate,
// "YYYY-MM-DD", or at a corrected Phone or Address1) or return to origin. Comments is
// required by the API.
type NDRAction struct {
	Action       string
	Comments     string
	Phone        string
	Address1     string
	Address2     string
	DeferredDate string
}

type ndrActionBody struct {
	Action       string `json:"action"`
	Comments     string `json:"comments"`
	Phone        string `json:"phone,omitempty"`
	Address1     string `json:"address1,omitempty"`
	Address2     string `json:"address2,omitempty"`
	DeferredDate string `json:"deferred_date,omitempty"`
}

// NDRHistory is one failed attempt of a shipment as the NDR API lists it, with who acted on it
// ("" while nobody has).
type NDRHistory struct {
	Attempt  int
	Reason   string
	ActionBy string
}

// NDRShipment is a shipment's failed delivery attempts (GET /v1/external/ndr/{awb}).
type NDRShipment struct {
	AWB      string
	Reason   string
	Attempts int
	History  []NDRHistory
}

// Acted reports whether attempt (from 1) was acted on already.
func (n NDRShipment) Acted(attempt int) bool {
	for _, h := range n.History {
		if h.Attempt == attempt && strings.TrimSpace(h.ActionBy) != "" {
			return true
		}
	}
	return false
}

type ndrAnswer struct {
	Data []struct {
		AWB      flexString `json:"awb_code"`
		Reason   flexString `json:"reason"`
		Attempts flexInt    `json:"attempts"`
		History  []struct {
			Attempt  flexInt    `json:"ndr_attempt"`
			Reason   flexString `json:"ndr_reason"`
			ActionBy flexString `json:"action_by"`
		} `json:"history"`
	} `json:"data"`
}

// ActOnNDR sends action about the failed delivery of air waybill awb (POST
// /v1/external/ndr/{awb}/action). Errors: ErrInvalidArgument for an empty awb, action or
// comments; *APIError with the courier's answer.
func (c *Client) ActOnNDR(ctx context.Context, token, awb string, action NDRAction) error {
	awb = strings.TrimSpace(awb)
	if awb == "" || action.Action == "" || strings.TrimSpace(action.Comments) == "" {
		return ErrInvalidArgument
	}
	body := ndrActionBody(action)
	return c.do(ctx, http.MethodPost, "/v1/external/ndr/"+url.PathEscape(awb)+"/action", token, body, nil)
}

// NDR reads the failed delivery attempts of air waybill awb (GET /v1/external/ndr/{awb}), and
// says whether the courier has any.
func (c *Client) NDR(ctx context.Context, token, awb string) (NDRShipment, bool, error) {
	awb = strings.TrimSpace(awb)
	if awb == "" {
		return NDRShipment{}, false, ErrInvalidArgument
	}
	var answer ndrAnswer
	if err := c.do(ctx, http.MethodGet, "/v1/external/ndr/"+url.PathEscape(awb), token, nil, &answer); err != nil {
		return NDRShipment{}, false, err
	}
	for _, d := range answer.Data {
		if string(d.AWB) != awb {
			continue
		}
		n := NDRShipment{AWB: awb, Reason: string(d.Reason), Attempts: int(d.Attempts)}
		for _, h := range d.History {
			n.History = append(n.History, NDRHistory{Attempt: int(h.Attempt), Reason: string(h.Reason), ActionBy: string(h.ActionBy)})
		}
		return n, true, nil
	}
	return NDRShipment{}, false, nil
}

// ActOnNDR is Client.ActOnNDR with the session's token.
func (s *Session) ActOnNDR(ctx context.Context, creds Credentials, awb string, action NDRAction) error {
	_, err := withToken(ctx, s, creds, func(token string) (struct{}, error) {
		return struct{}{}, s.client.ActOnNDR(ctx, token, awb, action)
	})
	return err
}

// NDR is Client.NDR with the session's token.
func (s *Session) NDR(ctx context.Context, creds Credentials, awb string) (NDRShipment, bool, error) {
	type result struct {
		n     NDRShipment
		found bool
	}
	r, err := withToken(ctx, s, creds, func(token string) (result, error) {
		n, found, err := s.client.NDR(ctx, token, awb)
		return result{n, found}, err
	})
	if err != nil {
		return NDRShipment{}, false, fmt.Errorf("ndr %s: %w", awb, err)
	}
	return r.n, r.found, nil
}

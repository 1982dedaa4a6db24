package shiprocket

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Status names, as NormalizeStatus writes them. Shiprocket's numeric ids differ
// between contexts (PROVIDERS.md §3.6), so decisions key on these names.
const (
	StatusNew               = "NEW"
	StatusAWBAssigned       = "AWB ASSIGNED"
	StatusPickupScheduled   = "PICKUP SCHEDULED"
	StatusPickedUp          = "PICKED UP"
	StatusShipped           = "SHIPPED"
	StatusInTransit         = "IN TRANSIT"
	StatusOutForDelivery    = "OUT FOR DELIVERY"
	StatusDelivered         = "DELIVERED"
	StatusUndelivered       = "UNDELIVERED"
	StatusCanceled          = "CANCELED"
	StatusRTOInitiated      = "RTO INITIATED"
	StatusRTODelivered      = "RTO DELIVERED"
	StatusRTOAcknowledged   = "RTO ACKNOWLEDGED"
	StatusLost              = "LOST"
	StatusPickupError       = "PICKUP ERROR"
	StatusPickupException   = "PICKUP EXCEPTION"
	StatusManifestGenerated = "MANIFEST GENERATED"
)

// WebhookTimestampLayout is the time layout of a status update's current_timestamp
// ("23 05 2023 11:43:52", IST).
const WebhookTimestampLayout = "02 01 2006 15:04:05"

// NormalizeStatus returns a status name in the one spelling the shop compares:
// upper case, trimmed, and every run of spaces, underscores and hyphens made one
// space. "in_transit" becomes "IN TRANSIT" and "Out for Delivery" becomes
// "OUT FOR DELIVERY".
func NormalizeStatus(name string) string {
	fields := strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool {
		return unicode.IsSpace(r) || r == '_' || r == '-'
	})
	return strings.Join(fields, " ")
}

// StatusUpdate is the body of Shiprocket's shipment status webhook
// (PROVIDERS.md §3.7). It carries no signature: check the x-api-key header with
// VerifyWebhookToken, treat the update as a hint (TrackAWB confirms it), and
// handle it idempotently (DedupeKey).
type StatusUpdate struct {
	AWB         string
	CourierName string
	// CurrentStatus is the status name as sent, such as "IN TRANSIT"; Status
	// returns it normalised.
	CurrentStatus   string
	CurrentStatusID int
	ShipmentStatus  string
	// ShipmentStatusID is Shiprocket's shipment-level id; it may differ from
	// CurrentStatusID for the same name.
	ShipmentStatusID int
	// CurrentTimestamp is the update's time as sent ("23 05 2023 11:43:52", IST);
	// Time parses it.
	CurrentTimestamp string
	// OrderID is the shop's order id as given to CreateAdhoc; Shiprocket may add a
	// suffix to it.
	OrderID string
	// SROrderID is Shiprocket's order id (Created.OrderID).
	SROrderID           int64
	AWBAssignedDate     string
	PickupScheduledDate string
	ETD                 string
	// Scans are the courier's scans so far, oldest first.
	Scans           []Activity
	IsReturn        bool
	ChannelID       int64
	PODStatus       string
	POD             string
	QCImage         string
	QCFailureReason string
}

// statusUpdateBody is a status update as Shiprocket writes it.
type statusUpdateBody struct {
	AWB                 flexString `json:"awb"`
	CourierName         flexString `json:"courier_name"`
	CurrentStatus       flexString `json:"current_status"`
	CurrentStatusID     flexInt    `json:"current_status_id"`
	ShipmentStatus      flexString `json:"shipment_status"`
	ShipmentStatusID    flexInt    `json:"shipment_status_id"`
	CurrentTimestamp    flexString `json:"current_timestamp"`
	OrderID             flexString `json:"order_id"`
	SROrderID           flexInt    `json:"sr_order_id"`
	AWBAssignedDate     flexString `json:"awb_assigned_date"`
	PickupScheduledDate flexString `json:"pickup_scheduled_date"`
	ETD                 flexString `json:"etd"`
	Scans               []scan     `json:"scans"`
	IsReturn            flexInt    `json:"is_return"`
	ChannelID           flexInt    `json:"channel_id"`
	PODStatus           flexString `json:"pod_status"`
	POD                 flexString `json:"pod"`
	QCImage             flexString `json:"qc_image"`
	QCFailureReason     flexString `json:"qc_failure_reason"`
}

// ParseStatusUpdate decodes a status webhook body. It fails unless the body is a
// JSON object with a current_status and an order_id, sr_order_id or awb to match
// it by.
func ParseStatusUpdate(body []byte) (StatusUpdate, error) {
	var raw statusUpdateBody
	if err := json.Unmarshal(body, &raw); err != nil {
		return StatusUpdate{}, fmt.Errorf("shiprocket: parse status update: %w", err)
	}
	if strings.TrimSpace(string(raw.CurrentStatus)) == "" {
		return StatusUpdate{}, fmt.Errorf("shiprocket: parse status update: no current_status")
	}
	if raw.OrderID == "" && raw.SROrderID == 0 && raw.AWB == "" {
		return StatusUpdate{}, fmt.Errorf("shiprocket: parse status update: no order_id, sr_order_id or awb")
	}
	update := StatusUpdate{
		AWB: string(raw.AWB), CourierName: string(raw.CourierName), CurrentStatus: string(raw.CurrentStatus),
		CurrentStatusID: int(raw.CurrentStatusID), ShipmentStatus: string(raw.ShipmentStatus),
		ShipmentStatusID: int(raw.ShipmentStatusID), CurrentTimestamp: string(raw.CurrentTimestamp),
		OrderID: string(raw.OrderID), SROrderID: int64(raw.SROrderID), AWBAssignedDate: string(raw.AWBAssignedDate),
		PickupScheduledDate: string(raw.PickupScheduledDate), ETD: string(raw.ETD), Scans: []Activity{},
		IsReturn: raw.IsReturn == 1, ChannelID: int64(raw.ChannelID), PODStatus: string(raw.PODStatus),
		POD: string(raw.POD), QCImage: string(raw.QCImage), QCFailureReason: string(raw.QCFailureReason),
	}
	for _, s := range raw.Scans {
		update.Scans = append(update.Scans, s.activity())
	}
	return update, nil
}

// Status is CurrentStatus normalised with NormalizeStatus.
func (u StatusUpdate) Status() string { return NormalizeStatus(u.CurrentStatus) }

// Time parses CurrentTimestamp (IST).
func (u StatusUpdate) Time() (time.Time, error) {
	at, err := time.ParseInLocation(WebhookTimestampLayout, strings.TrimSpace(u.CurrentTimestamp), IST)
	if err != nil {
		return time.Time{}, fmt.Errorf("shiprocket: status update time %q: %w", u.CurrentTimestamp, err)
	}
	return at, nil
}

// DedupeKey identifies the update for idempotent handling: the same AWB, status
// and timestamp is the same event delivered again.
func (u StatusUpdate) DedupeKey() string {
	return strings.TrimSpace(u.AWB) + "|" + u.Status() + "|" + strings.TrimSpace(u.CurrentTimestamp)
}

// VerifyWebhookToken reports whether got (the x-api-key header of a webhook)
// is the configured token want. It compares in constant time and rejects an
// empty want, so an unconfigured token accepts nothing.
func VerifyWebhookToken(want, got string) bool {
	if want == "" {
		return false
	}
	// Hashing first keeps the comparison constant-time in the length too.
	wantSum, gotSum := sha256.Sum256([]byte(want)), sha256.Sum256([]byte(got))
	return subtle.ConstantTimeCompare(wantSum[:], gotSum[:]) == 1
}

package order

import "drape/internal/notify"

// updateMessage is the WhatsApp or SMS update about o in its status now (placed, shipped, out
// for delivery, delivered), to the phone of its delivery address; false for other statuses.
func updateMessage(o Order, publicURL string) (notify.Message, bool) {
	m := notify.Message{Ref: o.ID, UserID: o.UserID, Phone: o.Address.Phone}
	track := publicURL + "/trackid?orderId=" + o.Number
	switch o.Status {
	case Shipped:
		if o.Courier.TrackURL != "" {
			track = o.Courier.TrackURL
		}
		m.Kind, m.Vars = notify.KindShipped, []string{o.Label(), track}
	case OutForDelivery:
		m.Kind, m.Vars = notify.KindOutForDelivery, []string{o.Label()}
	case Delivered:
		m.Kind, m.Vars = notify.KindDelivered, []string{o.Label()}
	default:
		return m, false
	}
	return m, true
}

// placedMessage is the WhatsApp or SMS update that o is placed.
func placedMessage(o Order, publicURL string) notify.Message {
	return notify.Message{Kind: notify.KindOrderPlaced, Ref: o.ID, UserID: o.UserID, Phone: o.Address.Phone,
		Vars: []string{o.Label(), o.Amount.String(), publicURL + "/trackid?orderId=" + o.Number}}
}

// withStatus is o in status to.
func withStatus(o Order, to Status) Order {
	o.Status = to
	return o
}

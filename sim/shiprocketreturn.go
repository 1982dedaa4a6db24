package main

import (
	"net/http"
	"strings"
)

// Return order statuses. Shiprocket's own samples confirm 21 RETURN PENDING; the other
// numbers (22–32, the return lifecycle) follow third-party code tables (INDIA.md §3).
const (
	shiprocketReturnPending         = "RETURN PENDING"
	shiprocketReturnPickupGenerated = "RETURN PICKUP GENERATED"
	shiprocketReturnPickedUp        = "RETURN PICKED UP"
	shiprocketReturnInTransit       = "RETURN IN TRANSIT"
	shiprocketReturnDelivered       = "RETURN DELIVERED"
)

// shiprocketReturnLifecycle is the walk of every return order: created (pending), the pickup
// booked with an AWB, picked up at the shopper's door, in transit, delivered to the shop.
var shiprocketReturnLifecycle = []shiprocketStage{
	{name: shiprocketReturnPending, label: "Return Pending", shipmentStatusID: 21, currentStatusID: 21},
	{name: shiprocketReturnPickupGenerated, label: "Return Pickup Generated", shipmentStatusID: 28, currentStatusID: 28, scanCode: "RPG", activity: "Return pickup scheduled - AWB assigned"},
	{name: shiprocketReturnPickedUp, label: "Return Picked Up", shipmentStatusID: 32, currentStatusID: 32, scanCode: "RPKD", activity: "Return shipment picked up from customer"},
	{name: shiprocketReturnInTransit, label: "Return In Transit", shipmentStatusID: 25, currentStatusID: 25, scanCode: "RIT", activity: "Return in transit to seller"},
	{name: shiprocketReturnDelivered, label: "Return Delivered", shipmentStatusID: 26, currentStatusID: 26, scanCode: "RDLVD", activity: "Return delivered to seller", atDestination: true},
}

// lifecycle is the walk of o: a return order's or a forward order's.
func (o *shiprocketOrder) lifecycle() []shiprocketStage {
	if o.isReturn {
		return shiprocketReturnLifecycle
	}
	return shiprocketLifecycle
}

// shiprocketReturn is what sim keeps of a valid return create request besides what an adhoc
// order keeps: where the parcel goes back to.
type shiprocketReturn struct {
	shiprocketAdhoc
	warehouseCity, warehouseState string
}

// validateReturn checks a return create body as Shiprocket does (INDIA.md §3): the
// order id and date, the shopper's pickup_* address, the warehouse's shipping_* address,
// order_items, a prepaid payment method, the sub-total, dimensions and weight.
func validateReturn(f *shiprocketFields) shiprocketReturn {
	var r shiprocketReturn
	r.orderID = f.requiredText("order_id", shiprocketMaxOrderID)
	if date := f.requiredText("order_date", 0); date != "" && !validShiprocketDate(date) {
		f.fail("order_date", "The order date does not match the format Y-m-d H:i.")
	}
	r.customerName = f.requiredText("pickup_customer_name", 0)
	if lastName, ok := f.text("pickup_last_name"); ok {
		r.customerName += " " + lastName
	}
	f.requiredText("pickup_address", 0)
	r.city = f.requiredText("pickup_city", shiprocketMaxCity)
	r.state = f.requiredText("pickup_state", 0)
	f.requiredText("pickup_country", 0)
	r.pincode = f.digits("pickup_pincode", 6)
	r.customerEmail = f.email("pickup_email")
	r.customerPhone = f.digits("pickup_phone", 10)
	f.requiredText("shipping_customer_name", 0)
	f.requiredText("shipping_address", 0)
	r.warehouseCity = f.requiredText("shipping_city", shiprocketMaxCity)
	f.requiredText("shipping_country", 0)
	f.digits("shipping_pincode", 6)
	r.warehouseState = f.requiredText("shipping_state", 0)
	f.digits("shipping_phone", 10)
	r.items = validateAdhocItems(f)
	switch method, _ := f.text("payment_method"); {
	case method == "":
		f.fail("payment_method", "The payment method field is required.")
	case !strings.EqualFold(method, "Prepaid"):
		f.fail("payment_method", "The selected payment method is invalid.")
	default:
		r.paymentMethod = "Prepaid"
	}
	if _, ok := f.number("sub_total"); !ok {
		f.fail("sub_total", "The sub total field is required.")
	}
	r.subTotal, _ = f.number("sub_total")
	r.length = f.greaterThan("length", shiprocketMinDimension)
	r.breadth = f.greaterThan("breadth", shiprocketMinDimension)
	r.height = f.greaterThan("height", shiprocketMinDimension)
	r.weight = f.greaterThan("weight", 0)
	return r
}

// serveCreateReturn is POST /v1/external/orders/create/return, counted and faulted as
// serveCreate is: a valid return order starts RETURN PENDING (21) and the driver walks it to
// RETURN DELIVERED, the AWB coming with RETURN PICKUP GENERATED, each status a webhook with
// is_return=1.
func (s *shiprocketSim) serveCreateReturn(w http.ResponseWriter, r *http.Request) {
	s.serveCreating(w, r, s.createReturn)
}

// createReturn validates a return create body and stores the return order, answering 200
// with Shiprocket's ids or a 422.
func (s *shiprocketSim) createReturn(fields *shiprocketFields) (int, any) {
	ret := validateReturn(fields)
	if len(fields.errors) > 0 {
		return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity, "Oops! Invalid Data.", fields.errors)
	}
	s.mu.Lock()
	if existing := s.channelOrders[ret.orderID]; existing != nil {
		s.mu.Unlock()
		return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity, "Order Id Already Exists",
			map[string][]string{"order_id": {"The order id has already been taken."}})
	}
	ret.pickupLocation = s.cfg.pickupLocation
	order := s.createLocked(ret.shiprocketAdhoc)
	order.isReturn = true
	order.origin = strings.ToUpper(ret.city + ", " + ret.state)
	order.destination = strings.ToUpper(ret.warehouseCity + ", " + ret.warehouseState)
	answer := map[string]any{"order_id": order.id, "shipment_id": order.shipmentID, "status": shiprocketReturnPending, "status_code": 21}
	s.mu.Unlock()
	s.logger.Info("shiprocket return order created", "order_id", ret.orderID, "sr_order_id", order.id, "shipment_id", order.shipmentID)
	return http.StatusOK, answer
}

// serveReturns is GET /v1/external/orders/processing/return: the account's return orders,
// newest first, paged and searched as GET /v1/external/orders is.
func (s *shiprocketSim) serveReturns(w http.ResponseWriter, r *http.Request) {
	s.serveOrderList(w, r, true)
}

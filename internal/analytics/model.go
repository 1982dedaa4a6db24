package analytics

import (
	"time"

	"drape/internal/shop"
)

// Takings is what the orders placed in a window brought in. Online money counts once it is
// paid and while it is not refunded; cash on delivery counts while the order stands (Booked)
// and once the courier has collected it (Collected).
type Takings struct {
	Online       shop.Money `json:"online"`
	CODBooked    shop.Money `json:"codBooked"`
	CODCollected shop.Money `json:"codCollected"`
	Total        shop.Money `json:"total"` // Online + CODBooked
	Orders       int64      `json:"orders"`
	AverageOrder shop.Money `json:"averageOrder"` // whole rupees
}

// StatusCount is how many orders of a window are in one status.
type StatusCount struct {
	Status string `json:"orderStatus"`
	Orders int64  `json:"orders"`
}

// ProductSales is one product's units and revenue in a window.
type ProductSales struct {
	ProductID   string     `json:"productId"`
	ProductName string     `json:"productName"`
	Units       int64      `json:"units"`
	Revenue     shop.Money `json:"revenue"`
}

// SizeSales is one size's units in a window.
type SizeSales struct {
	Size  string `json:"size"`
	Units int64  `json:"units"`
}

// LowStock is a size running out.
type LowStock struct {
	ProductID   string `json:"productId"`
	ProductName string `json:"productName"`
	Size        string `json:"size"`
	Stock       int    `json:"stock"`
}

// Day is one Indian day's orders and takings.
type Day struct {
	Date      string     `json:"date"` // YYYY-MM-DD
	Orders    int64      `json:"orders"`
	Online    shop.Money `json:"online"`
	CODBooked shop.Money `json:"codBooked"`
	Total     shop.Money `json:"total"`
}

// Report is the shop's figures over [From, Before).
type Report struct {
	From         time.Time      `json:"from"`
	Before       time.Time      `json:"before"`
	Takings      Takings        `json:"takings"`
	ByStatus     []StatusCount  `json:"byStatus"`
	TopProducts  []ProductSales `json:"topProducts"`
	TopSizes     []SizeSales    `json:"topSizes"`
	NewCustomers int64          `json:"newCustomers"`
	Days         []Day          `json:"days"`
}

// Dashboard is the back office's first screen: today, the last 7 and 30 days, the same spans
// just before them, the 30 days' report in full, and the sizes running out.
type Dashboard struct {
	Today    Takings    `json:"today"`
	Week     Takings    `json:"week"`
	Month    Takings    `json:"month"`
	Previous Previous   `json:"previous"`
	Report   Report     `json:"report"` // the last 30 days
	LowStock []LowStock `json:"lowStock"`
}

// COD is cash on delivery and what it costs over the orders placed in [From, Before): its
// share of the orders, how many came back unclaimed (RTO) in all and where, how the shoppers
// asked to confirm before dispatch answered, and the failed deliveries waiting now.
type COD struct {
	From         time.Time        `json:"from"`
	Before       time.Time        `json:"before"`
	Days         int              `json:"days"`
	Share        CODShare         `json:"share"`
	RTO          RTO              `json:"rto"`
	Confirmation CODConfirmations `json:"confirmation"`
	NDR          NDRQueue         `json:"ndr"`
}

// CODShare is how many of the orders placed, and how much of their value, is paid on delivery.
type CODShare struct {
	Orders        int64      `json:"orders"`
	CODOrders     int64      `json:"codOrders"`
	OrdersPercent *float64   `json:"ordersPercent"` // nil without orders
	Value         shop.Money `json:"value"`
	CODValue      shop.Money `json:"codValue"`
	ValuePercent  *float64   `json:"valuePercent"`
}

// RTOCount is how many deliveries ended (delivered, or back to origin) and how many of them
// came back unclaimed (RTO), with the rate in percent (nil when none ended).
type RTOCount struct {
	Ended   int64    `json:"ended"`
	RTO     int64    `json:"rto"`
	Percent *float64 `json:"percent"`
}

// RTOPlace is one state's or pincode's RTO count. Few is true when fewer than RTOFewEnded
// deliveries ended there: too few for its rate to say much (1 of 1 is 100%).
type RTOPlace struct {
	Place string `json:"place"`
	RTOCount
	Few bool `json:"few"`
}

// RTO is the returned-to-origin orders of a window: in all, paid on delivery, and the states
// and pincodes with the most (top offenders first).
type RTO struct {
	RTOCount
	COD       RTOCount   `json:"cod"`
	ByState   []RTOPlace `json:"byState"`
	ByPincode []RTOPlace `json:"byPincode"`
}

// CODConfirmations is how the cash-on-delivery orders asked to confirm before dispatch
// answered: Confirmed (ByShopper through the link or a reply, ByStaff after a call), Expired
// (cancelled when their hours ran out), Cancelled while they waited, and still Waiting.
// Percent is the confirmed share of those that no longer wait (nil when none).
type CODConfirmations struct {
	Asked     int64    `json:"asked"`
	Confirmed int64    `json:"confirmed"`
	ByShopper int64    `json:"byShopper"`
	ByStaff   int64    `json:"byStaff"`
	Expired   int64    `json:"expired"`
	Cancelled int64    `json:"cancelled"`
	Waiting   int64    `json:"waiting"`
	Percent   *float64 `json:"percent"`
}

// NDRQueue is the failed deliveries open now: Unanswered ones wait for the shopper's or staff's
// answer (the back office's NDR queue), Open counts those answered and waiting for the courier too.
type NDRQueue struct {
	Unanswered int64 `json:"unanswered"`
	Open       int64 `json:"open"`
}

// Previous is the takings of the spans just before the dashboard's: yesterday, the 7 days before
// the last 7 and the 30 days before the last 30, to compare with.
type Previous struct {
	Today Takings `json:"today"`
	Week  Takings `json:"week"`
	Month Takings `json:"month"`
}

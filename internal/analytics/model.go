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
	AverageOrder shop.Money `json:"averageOrder"`
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

// Dashboard is the back office's first screen: today, the last 7 and 30 days, the 30 days'
// report in full, and the sizes running out.
type Dashboard struct {
	Today    Takings    `json:"today"`
	Week     Takings    `json:"week"`
	Month    Takings    `json:"month"`
	Report   Report     `json:"report"` // the last 30 days
	LowStock []LowStock `json:"lowStock"`
}

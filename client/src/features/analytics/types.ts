// The back office's figures (GET /api/admin/dashboard): takings in rupees, orders by status,
// best sellers, sizes running out and a day-by-day series. Amounts are rupees.

export interface Takings {
  online: number;
  codBooked: number;
  codCollected: number;
  total: number;
  orders: number;
  /** Whole rupees. */
  averageOrder: number;
}

export interface Day {
  /** YYYY-MM-DD, an Indian day. */
  date: string;
  orders: number;
  online: number;
  codBooked: number;
  total: number;
}

export interface Report {
  takings: Takings;
  byStatus: { orderStatus: string; orders: number }[];
  topProducts: { productId: string; productName: string; units: number; revenue: number }[];
  topSizes: { size: string; units: number }[];
  newCustomers: number;
  days: Day[];
}

export interface Dashboard {
  today: Takings;
  week: Takings;
  month: Takings;
  /** The spans just before: yesterday, the 7 days before the last 7, the 30 before the last 30. */
  previous?: { today: Takings; week: Takings; month: Takings };
  report: Report;
  lowStock: { productId: string; productName: string; size: string; stock: number }[];
}

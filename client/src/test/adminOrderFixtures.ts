// Back-office orders shaped like GET /api/admin/getalloder's items. Tests only.

/** An order as the server sends it to the board, with `overrides`. */
export function anAdminOrder(overrides: Record<string, unknown> = {}) {
  return {
    _id: '6b049f5594cc005de786b0b3',
    orderId: 'DRP1795465045343UVP5HRHB37',
    userId: 'u1',
    orderStatus: 'PENDING',
    status: 'Pending',
    paymentStatus: 'unpaid',
    paymentMode: 'cod',
    amount: 2399,
    items: [{ productId: 'p1', productName: 'Sky Blue Linen Shirt', size: 'M', quantity: 1, discountedPrice: 2399, total: 2399, thumbnail: '/uploads/products/a.svg' }],
    address: { firstName: 'Meera', lastName: 'Shah', email: 'meera@example.com', phone: '9876543210', address1: '14 Civil Lines', city: 'Jaipur', state: 'Rajasthan', pincode: '302006' },
    shiprocket: {},
    notaddorder: false,
    nextStatuses: ['CONFIRMED', 'NEW', 'CANCELED'],
    createdAt: '2026-11-23T20:17:25Z',
    orderDate: '2026-11-24',
    orderTime: '01:47',
    ...overrides,
  };
}

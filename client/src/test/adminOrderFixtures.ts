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
    userdetails: { _id: 'u1', firstName: 'Meera', lastName: 'Shah', email: 'meera@example.com' },
    statusDetails: { status: 'PENDING', label: 'Pending', since: '2026-11-23T20:17:25Z' },
    orderObj: {
      cartData: [
        {
          productId: 'p1',
          productDetails: { productName: 'Sky Blue Linen Shirt', thumbnail: '/uploads/products/a.svg' },
          size: 'M',
          quantity: 1,
          price: 2399,
          discountedPrice: 2399,
          total: 2399,
        },
      ],
      orderData: {
        order_id: 'DRP1795465045343UVP5HRHB37',
        billing_customer_name: 'Meera',
        billing_last_name: 'Shah',
        billing_address: '14 Civil Lines',
        billing_address_2: '',
        billing_city: 'Jaipur',
        billing_pincode: 302006,
        billing_state: 'Rajasthan',
        billing_country: 'India',
        billing_email: 'meera@example.com',
        billing_phone: 9876543210,
        payment_method: 'COD',
        sub_total: 2399,
      },
    },
    shiprocket: {},
    notaddorder: false,
    nextStatuses: ['CONFIRMED', 'NEW', 'CANCELED'],
    createdAt: '2026-11-23T20:17:25Z',
    orderDate: '2026-11-24',
    orderTime: '01:47',
    ...overrides,
  };
}

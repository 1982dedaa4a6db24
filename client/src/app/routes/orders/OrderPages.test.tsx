import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from '../../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingFetch, refusal } from '../../../test/recordingFetch';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { makeStore } from '../../store';
import { OrderRoutes } from './OrderRoutes';

afterEach(() => {
  vi.useRealTimers();
});

describe('thank-you pages', () => {
  it("/thankyou thanks the shopper, shows the order number and links to 'Check your order'", () => {
    renderWithProviders(<OrderRoutes />, { path: '/thankyou' });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank-you' })).toBeInTheDocument();
    expect(screen.getByText("Your order has been placed successfully. We'll keep you updated!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your order' })).toHaveAttribute('href', '/user/orders');
  });

  it('/thankyou names the order passed in the navigation state, with a link to track it', () => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter url="/thankyou" state={{ orderId: 'DRP1732251234567AB12CD34EF' }}>
          <OrderRoutes />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('DRP1732251234567AB12CD34EF')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track this order' })).toHaveAttribute('href', '/trackid/DRP1732251234567AB12CD34EF');
  });

  it('/thankyou is the order’s status: when it comes, the total, a COD order’s confirmation first, the pieces, address and payment', async () => {
    window.localStorage.setItem('token', 'jwt');
    const placed = {
      orderId: 'DRP1732251234567AB12CD34EF',
      paymentMode: 'cod',
      paymentStatus: 'unpaid',
      orderStatus: 'PENDING',
      items: [{ productId: 'p1', productName: 'Slim Shirt', size: 'M', quantity: 2, price: 1999, discountedPrice: 1439, total: 2878, thumbnail: '/uploads/products/slim.jpg' }],
      listTotal: 3998,
      subTotal: 2878,
      productDiscount: 1120,
      couponCode: 'FESTIVE10',
      couponDiscount: 288,
      shipping: 0,
      codFee: 49,
      tax: 0,
      totalAmount: 2639,
      address: { firstName: 'Riya', lastName: 'Kapoor', address1: 'Flat 4B', address2: 'MG Road', city: 'Jaipur', state: 'Rajasthan', pincode: '302006', phone: '9876543210' },
      codConfirmation: { state: 'awaiting', due: '2026-11-23T08:35:00Z' },
    };
    recordingFetch((call) =>
      call.path === 'orders/DRP1732251234567AB12CD34EF'
        ? { body: envelope(placed) }
        : call.path.startsWith('delivery')
          ? { body: envelope({ pincode: '302006', known: true, serviceable: true, cod: true, deliveryBy: '2026-11-27', message: 'Delivery by Fri, 27 Nov' }) }
          : undefined,
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter url="/thankyou" state={{ orderId: placed.orderId }}>
          <OrderRoutes />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('Arriving by Fri, 27 Nov')).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('Arriving by Fri, 27 NovTotal ₹2,639 · pay when it arrives');
    const steps = within(next).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(/^Confirm your order\. We have sent you a link by e-mail/);
    const items = screen.getByRole('list', { name: 'Items in order DRP1732251234567AB12CD34EF' });
    expect(within(items).getByText('Slim Shirt')).toBeInTheDocument();
    expect(items.querySelector('img')).toHaveAttribute('src', '/uploads/products/slim.jpg');
    const totals = screen.getByLabelText('Order total');
    expect(within(totals).getByText('Coupon (FESTIVE10)')).toBeInTheDocument();
    expect(within(totals).getByText('−₹288')).toBeInTheDocument();
    expect(within(totals).getByText('₹49')).toBeInTheDocument();
    expect(within(totals).getByText('₹2,639')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delivering to' })).toHaveTextContent('Jaipur, Rajasthan 302006');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Cash on delivery · Pay on delivery');
    window.localStorage.clear();
  });

  it('/thankyoupage returns to the home page after 3 s', () => {
    vi.useFakeTimers();
    const { location } = renderWithProviders(<OrderRoutes />, { path: '/thankyoupage' });
    expect(screen.getByRole('heading', { level: 1, name: 'Thanks for purchasing' })).toBeInTheDocument();
    expect(screen.getByText('We will keep you updated')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2900));
    expect(location.current?.pathname).toBe('/thankyoupage');
    act(() => vi.advanceTimersByTime(100));
    expect(location.current?.pathname).toBe('/');
  });
});

const tracking = {
  orderId: 'DRP1732251234567AB12CD34EF',
  orderStatus: 'SHIPPED',
  paymentStatus: 'success',
  paymentMode: 'online',
  amount: 2590,
  placedAt: '2026-11-22T08:35:00Z',
  items: [
    { productId: 'p1', productName: 'Slim Shirt', size: 'M', quantity: 2, price: 1999, discountedPrice: 1439, total: 2878, thumbnail: '' },
  ],
  timeline: [
    { status: 'PLACED', label: 'Order placed', at: '2026-11-22T08:35:00Z' },
    { status: 'PAID', label: 'Payment received', at: '2026-11-22T08:36:00Z' },
    { status: 'SHIPPED', label: 'Shipped', at: '2026-11-23T10:00:00Z' },
  ],
};

describe('order tracking', () => {
  it('/track asks a guest for the order number and e-mail, then shows the timeline', async () => {
    const calls = recordingFetch((call) => (call.path === 'track' ? { body: envelope(tracking) } : undefined));
    const { location } = renderWithProviders(<OrderRoutes />, { path: '/track' });
    await userEvent.click(screen.getByRole('button', { name: 'Track order' }));
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveAccessibleDescription('Please enter your order number');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter the e-mail the order was placed with');

    await userEvent.type(screen.getByRole('textbox', { name: 'Order number' }), 'DRP1732251234567AB12CD34EF');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'riya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Track order' }));
    expect(location.current?.pathname).toBe('/trackid/DRP1732251234567AB12CD34EF');
    expect(location.current?.search).toBe('?email=riya%40example.com');

    const progress = await screen.findByRole('list', { name: 'Order progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span > span')?.textContent)).toEqual([
      'Order placed',
      'Confirmed',
      'Shipped',
      'Out for delivery',
      'Delivered',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Shipped', { selector: '[data-tone]' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'track')?.search.toString()).toBe(
      'orderId=DRP1732251234567AB12CD34EF&email=riya%40example.com',
    );
  });

  it('/trackid shows the courier, the airway bill, the tracking link and the latest scan', async () => {
    const parcel = {
      ...tracking,
      courierName: 'Delhivery Surface',
      awb: '19041234567890',
      trackUrl: 'https://shiprocket.co/tracking/19041234567890',
      latestScan: { at: '2026-11-23T12:30:00Z', activity: 'Shipment Reached at Destination Hub', location: 'Kolkata_Hub (West Bengal)' },
    };
    recordingFetch((call) => (call.path === 'track' ? { body: envelope(parcel) } : undefined));
    renderWithProviders(<OrderRoutes />, { path: '/trackid/DRP1732251234567AB12CD34EF?email=riya%40example.com' });
    const shipment = await screen.findByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('Delhivery Surface')).toBeInTheDocument();
    expect(within(shipment).getByText('19041234567890')).toBeInTheDocument();
    expect(within(shipment).getByText(/Shipment Reached at Destination Hub · Kolkata_Hub \(West Bengal\)/)).toBeInTheDocument();
    expect(within(shipment).getByRole('link', { name: 'Track with Delhivery Surface' })).toHaveAttribute('href', parcel.trackUrl);
  });

  it('/trackid shows no shipment before the courier has the parcel, and never a link that is not http(s)', async () => {
    recordingFetch((call) => (call.path === 'track' ? { body: envelope({ ...tracking, trackUrl: 'javascript:alert(1)' }) } : undefined));
    renderWithProviders(<OrderRoutes />, { path: '/trackid/DRP1732251234567AB12CD34EF?email=riya%40example.com' });
    await screen.findByRole('list', { name: 'Order progress' });
    expect(screen.queryByRole('region', { name: 'Shipment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Track with/ })).not.toBeInTheDocument();
  });

  it('/trackid?orderId=… lets the signed-in owner track without an e-mail', async () => {
    window.localStorage.setItem('token', 'jwt');
    const calls = recordingFetch((call) =>
      call.path === 'track' ? { body: envelope({ ...tracking, orderStatus: 'CANCELED', timeline: tracking.timeline.slice(0, 1) }) } : undefined,
    );
    renderWithProviders(<OrderRoutes />, { path: '/trackid?orderId=DRP1732251234567AB12CD34EF' });
    const progress = await screen.findByRole('list', { name: 'Order progress' });
    expect(within(progress).getAllByRole('listitem').at(-1)).toHaveAttribute('data-state', 'cancelled');
    expect(calls[0]!.search.has('email')).toBe(false);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('says when the order is not found', async () => {
    recordingFetch((call) => (call.path === 'track' ? refusal(404, 'Order not found') : undefined));
    renderWithProviders(<OrderRoutes />, { path: '/trackid/NOPE?email=a%40b.in' });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/track');
  });

  it('asks a guest with only an order number for the e-mail', async () => {
    renderWithProviders(<OrderRoutes />, { path: '/trackid/DRP1' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('DRP1'));
    expect(screen.getByText('Enter the e-mail the order was placed with to see its progress.')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, renderWithProviders } from '../../../app/renderWithProviders';
import type { AppStore } from '../../../app/store';
import { recordingFetch, refusal, type RecordedCall, type Reply } from '../../../test/recordingFetch';
import { unconfirmedMessage } from '../usePayment';
import type { RazorpayFailure, RazorpayOptions, RazorpaySuccess } from '../razorpay';
import type { CheckoutAddress, Coupon, QuoteLine } from '../types';
import { Checkout } from './Checkout';

function aLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    _id: 'line-1',
    productId: 'p-1',
    productName: 'Slim Shirt',
    name: 'Slim Shirt',
    size: 'M',
    quantity: 2,
    price: 1999,
    discount: 10,
    discountedPrice: 1439,
    total: 2878,
    thumbnail: '/uploads/products/slim.svg',
    available: 7,
    soldOut: false,
    problem: '',
    ...overrides,
  };
}

function anAddress(overrides: Partial<CheckoutAddress> = {}): CheckoutAddress {
  return {
    _id: 'addr-1',
    firstName: 'Riya',
    lastName: 'Kapoor',
    address1: 'Flat 4B',
    address2: 'MI Road',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302001',
    email: 'riya@example.com',
    phone: '9876543210',
    type: 'home',
    country: 'India',
    isDefault: true,
    ...overrides,
  };
}

const coupons: Coupon[] = [
  {
    _id: 'c1',
    name: 'FESTIVE10',
    code: 'FESTIVE10',
    description: '10% off on orders above ₹1,999',
    status: 'active',
    mimimumAmount: 1999,
    discount: 10,
    maxDiscount: 500,
    firstTime: false,
    eligible: true,
    reason: '',
  },
  {
    _id: 'c2',
    name: 'BIG20',
    code: 'BIG20',
    description: '20% off on orders above ₹10,000',
    status: 'active',
    mimimumAmount: 10000,
    discount: 20,
    maxDiscount: 0,
    firstTime: false,
    eligible: true,
    reason: '',
  },
];

const anOrder = (overrides: object = {}) => ({
  _id: 'o1',
  orderId: 'DRP1732251234567AB12CD34EF',
  paymentMode: 'cod',
  paymentStatus: 'unpaid',
  orderStatus: 'PENDING',
  totalAmount: 2878,
  ...overrides,
});

interface Shop {
  lines: QuoteLine[];
  /** The lines an online order awaiting payment took out of the cart (given back when it fails). */
  held: QuoteLine[];
  company: boolean;
  addresses: CheckoutAddress[];
  /** Answers to POST createOrder, used one after another (then success). */
  createOrder: Reply[];
  razorpayScript: boolean;
  /** The payment arrived before the shopper gave up: the server refuses to cancel (409). */
  paidMeanwhile?: boolean;
}

/** The quote the server would give for `lines` and the coupon. */
function quote(lines: QuoteLine[], code?: string): Reply {
  if (lines.length === 0) return refusal(400, 'Your cart is empty.');
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const listTotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  let coupon = null;
  let couponDiscount = 0;
  if (code) {
    if (code === 'OLD5') return refusal(400, 'Coupon is not active.');
    const found = coupons.find((candidate) => candidate.code === code);
    if (!found) return refusal(400, 'Coupon not found');
    if (subtotal < found.mimimumAmount) {
      return refusal(400, `Add items worth ₹${(found.mimimumAmount - subtotal).toLocaleString('en-IN')} more to use this coupon.`);
    }
    couponDiscount = Math.round((subtotal * found.discount) / 100);
    if (found.maxDiscount > 0) couponDiscount = Math.min(couponDiscount, found.maxDiscount);
    coupon = { code: found.code, discount: found.discount, maxDiscount: found.maxDiscount };
  }
  return {
    body: envelope({
      lines,
      subtotal,
      listTotal,
      productDiscount: listTotal - subtotal,
      coupon,
      couponDiscount,
      shipping: 0,
      tax: 0,
      total: subtotal - couponDiscount,
      totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
      blocked: lines.some((line) => line.soldOut),
    }),
  };
}

function openShop(overrides: Partial<Shop> = {}) {
  const shop: Shop = {
    lines: [aLine()],
    held: [],
    company: true,
    addresses: [anAddress()],
    createOrder: [],
    razorpayScript: true,
    ...overrides,
  };
  const calls = recordingFetch((call) => {
    switch (call.path) {
      case 'checkout/quote':
        return quote(shop.lines, (call.body as { couponCode?: string } | undefined)?.couponCode);
      case 'company':
        return shop.company ? { body: envelope({ companyName: 'Jaipur Formals' }) } : refusal(404, 'Company details not added');
      case 'getAddress':
        return { body: envelope(shop.addresses) };
      case 'getcoupon':
        return { body: envelope(coupons) };
      case 'address/states':
        return { body: envelope(['Maharashtra', 'Rajasthan']) };
      case 'config':
        return { body: envelope(shop.razorpayScript ? { razorpayCheckoutUrl: '/sim/razorpay/checkout.js' } : {}) };
      case 'createOrder': {
        const next = shop.createOrder.shift();
        if (next) return next;
        const online = (call.body as { paymentMode: string }).paymentMode === 'online';
        // Like the server, a placed order empties the cart.
        shop.lines = [];
        return online
          ? { body: envelope(anOrder({ paymentMode: 'online', paymentStatus: 'success' }), 200, 'Thank you for purchasing.') }
          : { status: 201, body: envelope(anOrder(), 201, 'Order placed successfully!') };
      }
      case 'payments/razorpay/order':
        // The order awaiting payment holds the lines; the cart is empty meanwhile.
        shop.held = shop.lines;
        shop.lines = [];
        return {
          status: 201,
          body: envelope(
            {
              orderId: 'DRP1732251234567AB12CD34EF',
              razorpayOrderId: 'order_Sim123',
              key: 'rzp_test_key',
              amount: 287800,
              currency: 'INR',
              name: 'drape',
              description: 'Order DRP1732251234567AB12CD34EF',
              prefill: { name: 'Riya Kapoor', email: 'riya@example.com', contact: '9876543210' },
              order: anOrder({ paymentMode: 'online', paymentStatus: 'pending', orderStatus: 'AWAITING_PAYMENT' }),
            },
            201,
          ),
        };
      case 'payments/razorpay/failed':
        if (shop.paidMeanwhile) return refusal(409, 'Order DRP1732251234567AB12CD34EF has been paid, so it was not cancelled.');
        shop.lines = shop.held;
        return { body: envelope(anOrder({ orderStatus: 'CANCELED', paymentStatus: 'failed' })) };
      default:
        return undefined;
    }
  });
  return { shop, calls };
}

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

function renderCheckout() {
  return renderWithProviders(<Checkout />, { path: '/checkout', route: '/checkout' });
}

/** The quotes asked for after the first call to `path` (the order placed, say). */
function quotesAfter(calls: RecordedCall[], path: string) {
  const placed = calls.findIndex((call) => call.path === path);
  expect(placed, `a call to ${path}`).toBeGreaterThanOrEqual(0);
  return calls.slice(placed).filter((call) => call.path === 'checkout/quote');
}

/** Lets pending requests and renders run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

async function payButton() {
  const button = await screen.findByRole('button', { name: /^Make Payment/ });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** The dialog's message beside Make Payment. */
function notice(): string {
  return screen
    .queryAllByRole('alert')
    .concat(screen.queryAllByRole('status'))
    .map((element) => element.textContent ?? '')
    .join(' ');
}

const toasts = (store: AppStore) => store.getState().toast.items.map((toast) => toast.message);

beforeEach(() => {
  window.localStorage.setItem('token', 'jwt');
});

afterEach(() => {
  delete window.Razorpay;
});

describe('checkout: Make Payment checks (SPEC §5), in order', () => {
  it('says an empty cart is empty and offers no payment', async () => {
    const { calls } = openShop({ lines: [], company: false, addresses: [] });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: /^Make Payment/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'createOrder')).toHaveLength(0);
  });

  it.each([
    ['no company is set up', { company: false, addresses: [] }, 'Company details not added'],
    ['there is no saved address', { addresses: [] }, 'Please add a shipping address.'],
    [
      'no address is chosen',
      { addresses: [anAddress({ isDefault: false }), anAddress({ _id: 'addr-2', isDefault: false, city: 'Pune' })] },
      'Please select a shipping address.',
    ],
  ])('when %s it says so and places nothing', async (_case, shop, message) => {
    const { calls } = openShop(shop);
    renderCheckout();
    await userEvent.click(await payButton());
    await waitFor(() => expect(notice()).toContain(message));
    expect(callsTo(calls, 'createOrder')).toHaveLength(0);
  });

  it('names the size that is short and does not pay', async () => {
    const { calls } = openShop({ lines: [aLine({ soldOut: true, available: 1, problem: 'Only 1 left in size M' })] });
    renderCheckout();
    const overview = await screen.findByRole('list', { name: 'Items in your order' });
    expect(within(overview).getByText('Only 1 left in size M')).toBeInTheDocument();
    await userEvent.click(await payButton());
    await waitFor(() => expect(notice()).toContain('Slim Shirt: Only 1 left in size M.'));
    expect(callsTo(calls, 'createOrder')).toHaveLength(0);
  });

  it('chooses a lone saved address without a tap, and pays to it', async () => {
    const { calls } = openShop({ addresses: [anAddress({ isDefault: false })] });
    renderCheckout();
    const group = await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect(within(group).getByRole('radio')).toBeChecked();
    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(1));
    expect(callsTo(calls, 'createOrder')[0]!.body).toEqual({ paymentMode: 'cod', address: anAddress()._id });
  });

  it('chooses the default address first, and another one when the shopper picks it', async () => {
    const { calls } = openShop({ addresses: [anAddress(), anAddress({ _id: 'addr-2', isDefault: false, city: 'Pune' })] });
    renderCheckout();
    const group = await screen.findByRole('radiogroup', { name: 'Delivery address' });
    const [first, second] = within(group).getAllByRole('radio');
    expect(first).toBeChecked();
    await userEvent.click(second!);
    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(1));
    expect(callsTo(calls, 'createOrder')[0]!.body).toEqual({ paymentMode: 'cod', address: 'addr-2' });
  });
});

describe('checkout: coupons', () => {
  it('lists the available coupons with their terms and eligibility', async () => {
    openShop();
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    const list = await screen.findByRole('list', { name: 'Available coupons' });
    const [festive, big] = within(list).getAllByRole('listitem');
    expect(within(festive!).getByText('FESTIVE10')).toBeInTheDocument();
    expect(within(festive!).getByText('10% off on orders above ₹1,999')).toBeInTheDocument();
    expect(within(festive!).getByText('Min. order ₹1,999 · Up to ₹500 off')).toBeInTheDocument();
    expect(within(festive!).getByText('You can use this')).toBeInTheDocument();
    await waitFor(() => expect(within(big!).getByText('Add items worth ₹7,122 more')).toBeInTheDocument());
  });

  it("applies, refuses and removes with SPEC §8's words", async () => {
    const { calls } = openShop();
    const { store } = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(field).toHaveAccessibleDescription('Please Select a coupon');

    await userEvent.type(field, 'OLD5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Coupon is not active.'));

    await userEvent.clear(field);
    await userEvent.type(field, 'BIG20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Add items worth ₹7,122 more to use this coupon.'));

    await userEvent.clear(field);
    await userEvent.type(field, 'FESTIVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toasts(store)).toContain('Congratulations, you got 10% off!'));
    const total = screen.getByLabelText('Order total');
    // 10% of ₹2,878 is ₹288 (under the ₹500 cap): ₹2,590 to pay.
    await waitFor(() => expect(within(total).getByText('Coupon (FESTIVE10)')).toBeInTheDocument());
    expect(within(total).getByText('−₹288')).toBeInTheDocument();
    expect(within(total).getByText('₹2,590')).toBeInTheDocument();
    expect(field).not.toHaveAccessibleDescription();
    expect(callsTo(calls, 'checkout/quote').some((call) => (call.body as { couponCode?: string }).couponCode === 'FESTIVE10')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts(store)).toContain('Coupon removed'));
    await waitFor(() => expect(within(total).getByText('₹2,878')).toBeInTheDocument());
  });

  it('sends the applied coupon with the order', async () => {
    const { calls } = openShop();
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    const list = await screen.findByRole('list', { name: 'Available coupons' });
    await userEvent.click(within(list).getByRole('button', { name: 'Apply FESTIVE10' }));
    await screen.findByText(/FESTIVE10/, { selector: 'strong' });
    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(1));
    expect(callsTo(calls, 'createOrder')[0]!.body).toEqual({ paymentMode: 'cod', address: 'addr-1', couponCode: 'FESTIVE10' });
  });
});

describe('checkout: cash on delivery', () => {
  it('sends an Idempotency-Key, and the same key again when retried after a lost connection', async () => {
    const { calls } = openShop({ createOrder: ['network-error'] });
    const { store, location } = renderCheckout();
    await userEvent.click(await payButton());
    await waitFor(() => expect(notice()).toContain('Cannot reach the shop. Please check your connection.'));

    await userEvent.click(await payButton());
    await waitFor(() => expect(location.current?.pathname).toBe('/thankyou'));
    const [first, retry] = callsTo(calls, 'createOrder');
    expect(first!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
    expect(retry!.body).toEqual({ paymentMode: 'cod', address: 'addr-1' });
    expect(toasts(store)).toContain('Order placed successfully!');
    expect(location.current?.state).toEqual({ orderId: 'DRP1732251234567AB12CD34EF' });
  });

  it('asks for no quote of the emptied cart once the order is placed (the thank-you page starts without a 400)', async () => {
    const { calls } = openShop();
    const { location } = renderCheckout();
    await userEvent.click(await payButton());
    await waitFor(() => expect(location.current?.pathname).toBe('/thankyou'));
    await settle();
    expect(quotesAfter(calls, 'createOrder')).toEqual([]);
  });

  it("shows the server's stock message, asks for the quote again, and starts a new attempt", async () => {
    const { calls } = openShop({ createOrder: [refusal(409, 'Only 1 left in size M of Slim Shirt')] });
    renderCheckout();
    await userEvent.click(await payButton());
    await waitFor(() => expect(notice()).toContain('Only 1 left in size M of Slim Shirt'));
    const quotes = callsTo(calls, 'checkout/quote').length;
    await waitFor(() => expect(callsTo(calls, 'checkout/quote').length).toBeGreaterThan(1));
    expect(quotes).toBeGreaterThanOrEqual(1);

    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(2));
    const [refused, next] = callsTo(calls, 'createOrder');
    expect(next!.headers.get('Idempotency-Key')).not.toBe(refused!.headers.get('Idempotency-Key'));
  });
});

class FakeRazorpay {
  static instances: FakeRazorpay[] = [];
  options: RazorpayOptions;
  opened = false;
  failed?: (response: RazorpayFailure) => void;
  constructor(options: RazorpayOptions) {
    this.options = options;
    FakeRazorpay.instances.push(this);
  }
  on(_event: 'payment.failed', callback: (response: RazorpayFailure) => void) {
    this.failed = callback;
  }
  open() {
    this.opened = true;
  }
}

async function payNow() {
  const methods = await screen.findByRole('radiogroup', { name: 'Payment method' });
  await userEvent.click(within(methods).getByRole('radio', { name: /Pay now/ }));
  await userEvent.click(await payButton());
  await waitFor(() => expect(FakeRazorpay.instances.at(-1)?.opened).toBe(true));
  return FakeRazorpay.instances.at(-1)!;
}

describe('checkout: pay now (Razorpay)', () => {
  beforeEach(() => {
    FakeRazorpay.instances = [];
    window.Razorpay = FakeRazorpay;
  });

  it("opens Razorpay's checkout for the server's order and sends its result to createOrder", async () => {
    const { calls } = openShop();
    const { store, location } = renderCheckout();
    const checkout = await payNow();

    const [razorpayOrder] = callsTo(calls, 'payments/razorpay/order');
    expect(razorpayOrder!.body).toEqual({ address: 'addr-1' });
    expect(razorpayOrder!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkout.options).toMatchObject({
      key: 'rzp_test_key',
      amount: 287800,
      currency: 'INR',
      order_id: 'order_Sim123',
      prefill: { email: 'riya@example.com' },
    });

    const response: RazorpaySuccess = {
      razorpay_payment_id: 'pay_Sim456',
      razorpay_order_id: 'order_Sim123',
      razorpay_signature: 'c0ffee',
    };
    act(() => checkout.options.handler(response));
    await waitFor(() => expect(location.current?.pathname).toBe('/thankyou'));
    const [confirmation] = callsTo(calls, 'createOrder');
    expect(confirmation!.body).toEqual({
      paymentMode: 'online',
      orderId: 'DRP1732251234567AB12CD34EF',
      paymentId: 'pay_Sim456',
      signature: 'c0ffee',
      razorpay_order_id: 'order_Sim123',
      razorpay_payment_id: 'pay_Sim456',
      razorpay_signature: 'c0ffee',
    });
    expect(confirmation!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirmation!.headers.get('Idempotency-Key')).not.toBe(razorpayOrder!.headers.get('Idempotency-Key'));
    expect(toasts(store)).toContain('Thank you for purchasing.');
    expect(callsTo(calls, 'payments/razorpay/failed')).toHaveLength(0);
    // The cart was emptied when Razorpay's order was made: no quote of it since.
    await settle();
    expect(quotesAfter(calls, 'payments/razorpay/order')).toEqual([]);
  });

  it('shows a failed payment, and cancels the order when the shopper gives up', async () => {
    const { calls } = openShop();
    renderCheckout();
    const checkout = await payNow();

    act(() => checkout.failed?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the bank' } }));
    await waitFor(() => expect(notice()).toContain('Payment declined by the bank'));

    act(() => checkout.options.modal?.ondismiss?.());
    await waitFor(() => expect(notice()).toContain('Payment was not completed. The order was cancelled.'));
    expect(callsTo(calls, 'payments/razorpay/failed')[0]!.body).toEqual({
      orderId: 'DRP1732251234567AB12CD34EF',
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment declined by the bank',
    });
    expect(callsTo(calls, 'createOrder')).toHaveLength(0);
  });

  it('cancels the order when the modal is closed without paying', async () => {
    const { calls } = openShop();
    renderCheckout();
    const checkout = await payNow();
    act(() => checkout.options.modal?.ondismiss?.());
    await waitFor(() => expect(callsTo(calls, 'payments/razorpay/failed')).toHaveLength(1));
    expect(callsTo(calls, 'payments/razorpay/failed')[0]!.body).toEqual({ orderId: 'DRP1732251234567AB12CD34EF' });
    await waitFor(() => expect(notice()).toContain('Payment was not completed. The order was cancelled.'));
    // The cart is back: its quote is asked for again, and Make Payment is there to try again.
    await waitFor(() => expect(quotesAfter(calls, 'payments/razorpay/failed')).not.toEqual([]));
    expect(await payButton()).toHaveTextContent('₹2,878');
  });

  it('goes to the thank-you page when the payment arrived before the shopper gave up', async () => {
    const { calls } = openShop({ paidMeanwhile: true });
    const { location, store } = renderCheckout();
    const checkout = await payNow();
    act(() => checkout.options.modal?.ondismiss?.());
    await waitFor(() => expect(location.current?.pathname).toBe('/thankyou'));
    expect(callsTo(calls, 'payments/razorpay/failed')).toHaveLength(1);
    expect(toasts(store)).toContain('Thank you for purchasing.');
  });

  it("shows the server's words, and no thank-you, when the payment came after its order lapsed", async () => {
    const lapsed = 'Order DRP1732251234567AB12CD34EF is cancelled, so it will not be sent; your payment of ₹2,878 is being refunded in full.';
    const { calls } = openShop({ createOrder: [refusal(409, lapsed)] });
    const { location, store } = renderCheckout();
    const checkout = await payNow();
    act(() => checkout.options.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_Sim123', razorpay_signature: 'sig' }));
    await waitFor(() => expect(notice()).toContain(lapsed));
    expect(location.current?.pathname).toBe('/checkout');
    expect(toasts(store)).not.toContain('Thank you for purchasing.');
    expect(callsTo(calls, 'createOrder')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
  });

  it('confirms again with the same key when the confirmation was lost', async () => {
    const { calls } = openShop({ createOrder: ['network-error'] });
    const { location } = renderCheckout();
    const checkout = await payNow();
    act(() => checkout.options.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_Sim123', razorpay_signature: 'sig' }));
    await waitFor(() => expect(notice()).toContain(unconfirmedMessage));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/thankyou'));
    const [lost, again] = callsTo(calls, 'createOrder');
    expect(again!.headers.get('Idempotency-Key')).toBe(lost!.headers.get('Idempotency-Key'));
    expect(callsTo(calls, 'payments/razorpay/order')).toHaveLength(1);
  });

  it("says 'Something went wrong' when the payment script cannot load, before any order exists", async () => {
    delete window.Razorpay;
    const { calls } = openShop({ razorpayScript: false });
    const { store } = renderCheckout();
    const methods = await screen.findByRole('radiogroup', { name: 'Payment method' });
    await userEvent.click(within(methods).getByRole('radio', { name: /Pay now/ }));
    await userEvent.click(await payButton());
    await waitFor(() => expect(toasts(store)).toContain('Something went wrong'));
    expect(callsTo(calls, 'payments/razorpay/order')).toHaveLength(0);
  });
});

describe('checkout: a business purchase', () => {
  const badCheck = "This GSTIN's check character is wrong: check it for a typing mistake";

  it('is closed at first and sends no business details unless opened', async () => {
    const { calls } = openShop();
    renderCheckout();
    const toggle = await screen.findByRole('button', { name: /Add GST details for business purchase/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Business GSTIN')).not.toBeInTheDocument();
    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(1));
    expect(callsTo(calls, 'createOrder')[0]!.body).toEqual({ paymentMode: 'cod', address: 'addr-1' });
  });

  it('checks the GSTIN’s shape and the name before sending, and shows the server’s refusal at the field', async () => {
    const { shop, calls } = openShop({
      createOrder: [{ status: 400, body: { code: 400, success: false, message: badCheck, data: null, errors: { businessGstin: badCheck } } }],
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /Add GST details for business purchase/ }));
    const gstin = screen.getByLabelText('Business GSTIN');
    await userEvent.type(gstin, '27aapfu0939f1z');
    await userEvent.click(await payButton());
    expect(await screen.findByText('A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character')).toBeInTheDocument();
    expect(screen.getByText('Enter the business name for its GSTIN')).toBeInTheDocument();
    expect(gstin).toHaveFocus();
    expect(callsTo(calls, 'createOrder')).toHaveLength(0);

    await userEvent.type(gstin, 'w');
    await userEvent.type(screen.getByLabelText('Business name'), ' Acme Traders ');
    await userEvent.click(await payButton());
    await waitFor(() => expect(screen.getByLabelText('Business GSTIN')).toHaveAccessibleDescription(badCheck));
    expect(callsTo(calls, 'createOrder')[0]!.body).toEqual({
      paymentMode: 'cod',
      address: 'addr-1',
      businessGstin: '27AAPFU0939F1ZW',
      businessName: 'Acme Traders',
    });
    expect(shop.lines).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('Business GSTIN'));
    await userEvent.type(screen.getByLabelText('Business GSTIN'), '27AAPFU0939F1ZV');
    await userEvent.click(await payButton());
    await waitFor(() => expect(callsTo(calls, 'createOrder')).toHaveLength(2));
    expect(callsTo(calls, 'createOrder')[1]!.body).toMatchObject({ businessGstin: '27AAPFU0939F1ZV', businessName: 'Acme Traders' });
    expect(callsTo(calls, 'createOrder')[1]!.headers.get('Idempotency-Key')).not.toBe(callsTo(calls, 'createOrder')[0]!.headers.get('Idempotency-Key'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingFetch, refusal } from '../../../test/recordingFetch';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { OrdersPage } from './OrdersPage';

function anOrder(overrides: object = {}) {
  return {
    _id: '65a1f0c2b4d3e8a9c0f10001',
    orderId: 'DRP1732251234567AB12CD34EF',
    userId: 'u1',
    paymentMode: 'cod',
    paymentStatus: 'unpaid',
    orderStatus: 'PENDING',
    status: 'Pending',
    items: [
      {
        productId: 'p1',
        productName: 'Slim Shirt',
        size: 'M',
        quantity: 2,
        price: 1999,
        discount: 10,
        discountedPrice: 1439,
        total: 2878,
        thumbnail: '/uploads/products/slim.svg',
      },
    ],
    subTotal: 2878,
    couponCode: '',
    couponDiscount: 0,
    amount: 2878,
    totalAmount: 2878,
    orderDate: '2026-11-22',
    orderTime: '14:05',
    createdAt: '2026-11-22T08:35:00Z',
    cancellable: true,
    timeline: [{ status: 'PLACED', label: 'Order placed', at: '2026-11-22T08:35:00Z' }],
    ...overrides,
  };
}

const page = (items: object[], more: object = {}) => ({ body: envelope({ items, page: 1, totalPages: 1, total: items.length, ...more }) });

beforeEach(() => {
  window.localStorage.setItem('token', 'jwt');
});

describe('orders page', () => {
  it('shows each order with its items, status, payment and total', async () => {
    const calls = recordingFetch((call) => (call.path === 'getallorder' ? page([anOrder()]) : undefined));
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    const card = await screen.findByRole('article', { name: 'DRP1732251234567AB12CD34EF' });
    expect(within(card).getByText('Order placed')).toBeInTheDocument();
    expect(within(card).getByText('Cash on delivery')).toBeInTheDocument();
    expect(within(card).getByText('Pay on delivery')).toBeInTheDocument();
    expect(within(card).getByText('Placed on 22 Nov 2026')).toBeInTheDocument();
    const items = within(card).getByRole('list', { name: 'Items in order DRP1732251234567AB12CD34EF' });
    expect(within(items).getByText('Slim Shirt')).toBeInTheDocument();
    expect(within(items).getByText(/Size M · Qty 2 · ₹1,439 each/)).toBeInTheDocument();
    expect(within(card).getAllByText('₹2,878')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'Track order DRP1732251234567AB12CD34EF' })).toHaveAttribute(
      'href',
      '/trackid/DRP1732251234567AB12CD34EF',
    );
    expect(calls[0]!.search.get('page')).toBe('1');
    expect(calls[0]!.search.get('limit')).toBe('10');
    expect(calls[0]!.search.has('status')).toBe(false);
  });

  it('asks before cancelling, then cancels and shows the order as cancelled', async () => {
    let cancelled = false;
    const calls = recordingFetch((call) => {
      if (call.path === 'getallorder') {
        return page([cancelled ? anOrder({ orderStatus: 'CANCELED', cancellable: false }) : anOrder()]);
      }
      if (call.path === 'orders/DRP1732251234567AB12CD34EF/cancel' && call.method === 'POST') {
        cancelled = true;
        return { body: envelope(anOrder({ orderStatus: 'CANCELED', cancellable: false })) };
      }
      return undefined;
    });
    const { store } = renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order DRP1732251234567AB12CD34EF' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/Nothing has been charged/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(true));
    const card = await screen.findByRole('article', { name: 'DRP1732251234567AB12CD34EF' });
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    expect(store.getState().toast.items.map((toast) => toast.message)).toContain('Order DRP1732251234567AB12CD34EF cancelled');
  });

  it("says why an order can no longer be cancelled", async () => {
    recordingFetch((call) => {
      if (call.path === 'getallorder') return page([anOrder()]);
      if (call.path.endsWith('/cancel')) return refusal(409, 'This order can no longer be cancelled');
      return undefined;
    });
    const { store } = renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order DRP1732251234567AB12CD34EF' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(store.getState().toast.items.map((toast) => toast.message)).toContain('This order can no longer be cancelled'),
    );
  });

  it('filters by status and pages through, both in the query', async () => {
    const calls = recordingFetch((call) =>
      call.path === 'getallorder' ? page([anOrder({ orderStatus: 'DELIVERED', cancellable: false })], { page: 2, totalPages: 3 }) : undefined,
    );
    renderWithProviders(<OrdersPage />, { path: '/user/orders?status=DELIVERED&page=2' });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Delivered')).toBeInTheDocument();
    expect(calls[0]!.search.get('status')).toBe('DELIVERED');
    expect(calls[0]!.search.get('page')).toBe('2');
    const filters = screen.getByRole('navigation', { name: 'Filter orders by status' });
    expect(within(filters).getByRole('link', { name: 'Delivered' })).toHaveAttribute('aria-current', 'page');
    expect(within(filters).getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/user/orders');
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/user/orders?status=DELIVERED&page=3');
  });

  it('invites a first order when there are none', async () => {
    recordingFetch((call) => (call.path === 'getallorder' ? page([]) : undefined));
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/shop');
  });

  it('shows a skeleton while loading and an error view with Try again', async () => {
    let fail = true;
    recordingFetch((call) => {
      if (call.path !== 'getallorder') return undefined;
      return fail ? refusal(500, 'Something broke') : page([anOrder()]);
    });
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your orders could not be loaded' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });
});

describe('the invoice of an order', () => {
  it('offers "Download invoice" only for an invoiced order and saves the PDF fetched with the shopper\'s token', async () => {
    const shipped = anOrder({
      _id: '65a1f0c2b4d3e8a9c0f10002',
      orderId: 'DRP1732251234567SHIPPED001',
      orderStatus: 'SHIPPED',
      cancellable: false,
      invoice: { number: 'JF/26-27/000123', date: '2026-11-26' },
    });
    const calls = recordingFetch((call) => {
      if (call.path === 'getallorder') return page([shipped, anOrder({ invoice: null })]);
      if (call.path === 'orders/DRP1732251234567SHIPPED001/invoice.pdf') return { body: 'the PDF' };
      return undefined;
    });
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => {} }); // jsdom has no object URLs
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });

    const card = await screen.findByRole('article', { name: 'DRP1732251234567SHIPPED001' });
    const link = within(card).getByRole('link', { name: 'Download invoice JF/26-27/000123 for order DRP1732251234567SHIPPED001' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/api/orders/DRP1732251234567SHIPPED001/invoice.pdf`);
    expect(link).toHaveAttribute('download', 'JF-26-27-000123.pdf');
    const pending = screen.getByRole('article', { name: 'DRP1732251234567AB12CD34EF' });
    expect(within(pending).queryByRole('link', { name: /Download invoice/ })).toBeNull();

    await userEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:invoice', download: 'JF-26-27-000123.pdf' }]));
    const download = calls.find((call) => call.path.endsWith('invoice.pdf'));
    expect(download?.headers.get('Authorization')).toBe('Bearer jwt');
    click.mockRestore();
  });

  it('lists the credit notes against the invoice (number, day, amount) and saves one as its PDF', async () => {
    const back = anOrder({
      _id: '65a1f0c2b4d3e8a9c0f10003',
      orderId: 'DRP1732251234567RTO0000001',
      orderStatus: 'RTO_DELIVERED',
      cancellable: false,
      invoice: {
        number: 'JF/26-27/000125',
        date: '2026-10-14',
        creditNotes: [{ number: 'JF/CN/26-27/0002', date: '2026-10-20', reason: 'Shipment returned to origin (RTO)', totals: { total: 7698 } }],
      },
    });
    const calls = recordingFetch((call) => {
      if (call.path === 'getallorder') return page([back, anOrder({ orderStatus: 'SHIPPED', invoice: { number: 'JF/26-27/000126', date: '2026-10-21', creditNotes: [] } })]);
      if (call.path === 'orders/DRP1732251234567RTO0000001/creditnotes/JF-CN-26-27-0002.pdf') return { body: 'the PDF' };
      return undefined;
    });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:note', revokeObjectURL: () => {} });
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });

    const card = await screen.findByRole('article', { name: 'DRP1732251234567RTO0000001' });
    const notes = within(card).getByRole('list', { name: 'Credit notes against invoice JF/26-27/000125' });
    expect(notes).toHaveTextContent('Credit note JF/CN/26-27/0002');
    expect(notes).toHaveTextContent('20 Oct 2026');
    expect(notes).toHaveTextContent('₹7,698 credited');
    expect(screen.queryAllByRole('list', { name: /Credit notes/ })).toHaveLength(1);
    const link = within(notes).getByRole('link', { name: 'Download credit note JF/CN/26-27/0002 for order DRP1732251234567RTO0000001' });
    await userEvent.click(link);
    await waitFor(() => expect(saved).toEqual(['JF-CN-26-27-0002.pdf']));
    expect(calls.find((call) => call.path.endsWith('.pdf'))?.headers.get('Authorization')).toBe('Bearer jwt');
    click.mockRestore();
  });

  it('says so when the invoice cannot be downloaded', async () => {
    recordingFetch((call) =>
      call.path === 'getallorder'
        ? page([anOrder({ orderStatus: 'SHIPPED', invoice: { number: 'JF/26-27/000124', date: '2026-11-26' } })])
        : refusal(404, 'Invoice not found'),
    );
    renderWithProviders(<OrdersPage />, { path: '/user/orders' });
    await userEvent.click(await screen.findByRole('link', { name: /Download invoice JF\/26-27\/000124/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The invoice could not be downloaded. Try again.');
  });
});

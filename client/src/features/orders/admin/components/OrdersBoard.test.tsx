import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../../../app/renderWithProviders';
import { anAdminOrder } from '../../../../test/adminOrderFixtures';
import { recordingFetch, refusal, type Reply } from '../../../../test/recordingFetch';
import { ToastViewport } from '../../../ui/components/ToastViewport';
import { OrdersBoard as Board } from './OrdersBoard';

/** The board with the back office's toasts beside it. */
function OrdersBoard({ refunds }: { refunds: boolean }) {
  return (
    <>
      <Board refunds={refunds} />
      <ToastViewport />
    </>
  );
}

const delivered = anAdminOrder({ _id: 'a'.repeat(24), orderId: 'DRP-DELIVERED', orderStatus: 'DELIVERED', nextStatuses: ['RETURN_REQUESTED'] });
const cancelled = anAdminOrder({ _id: 'b'.repeat(24), orderId: 'DRP-CANCELLED', orderStatus: 'CANCELED', nextStatuses: [] });
const paidOnline = anAdminOrder({
  _id: 'c'.repeat(24),
  orderId: 'DRP-ONLINE',
  orderStatus: 'NEW',
  paymentMode: 'online',
  paymentStatus: 'success',
  notaddorder: false,
  nextStatuses: ['READY_TO_SHIP', 'SHIPPED', 'CANCELED'],
  shiprocket: { awb: '19000000000001', courierName: 'Delhivery Surface' },
});
const notPushed = anAdminOrder({ _id: 'd'.repeat(24), orderId: 'DRP-STUCK', notaddorder: true, orderStatus: '' });

function page(items: unknown[], extra: object = {}): Reply {
  return { body: envelope({ items, page: 1, totalPages: 1, total: items.length, ...extra }) };
}

function rowOf(orderId: string) {
  return screen.getByText(orderId).closest('tbody')!;
}

beforeEach(() => {
  window.localStorage.setItem('adminToken', 'admin-jwt');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order board', () => {
  it("shows 'Loading...', then the orders with SPEC §4's colours and 'Not Added on Shiprocket'", async () => {
    recordingFetch((call) => (call.path === 'admin/getalloder' ? page([delivered, cancelled, paidOnline, notPushed]) : undefined));
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    expect(await screen.findByText('DRP-DELIVERED')).toBeInTheDocument();
    const status = (orderId: string) => within(rowOf(orderId)).getByTestId('order-status');
    expect(status('DRP-DELIVERED')).toHaveAttribute('data-tone', 'success');
    expect(status('DRP-DELIVERED')).toHaveTextContent('Delivered');
    expect(status('DRP-CANCELLED')).toHaveAttribute('data-tone', 'danger');
    expect(status('DRP-ONLINE')).toHaveAttribute('data-tone', 'waiting');
    expect(status('DRP-STUCK')).toHaveTextContent('N/A');
    expect(within(rowOf('DRP-STUCK')).getByText('Not Added on Shiprocket')).toBeInTheDocument();
    expect(within(rowOf('DRP-STUCK')).getByRole('button', { name: 'Retry push' })).toBeInTheDocument();
    expect(within(rowOf('DRP-ONLINE')).getByText('Delhivery Surface')).toBeInTheDocument();
    expect(within(rowOf('DRP-ONLINE')).getByText('AWB 19000000000001')).toBeInTheDocument();
    // The customer, city, amount and payment.
    const online = within(rowOf('DRP-ONLINE'));
    expect(online.getByText('Meera Shah')).toBeInTheDocument();
    expect(online.getByText('meera@example.com')).toBeInTheDocument();
    expect(online.getByText('Jaipur')).toBeInTheDocument();
    expect(online.getByText('₹2,399')).toBeInTheDocument();
    expect(online.getByText('Online')).toBeInTheDocument();
    expect(online.getByText('Paid')).toBeInTheDocument();
  });

  it("says 'No matching orders found.' when nothing matches", async () => {
    recordingFetch((call) => (call.path === 'admin/getalloder' ? page([]) : undefined));
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders?status=RETURNED' });
    expect(await screen.findByText('No matching orders found.')).toBeInTheDocument();
  });

  it('opens and hides the items of an order', async () => {
    recordingFetch((call) => (call.path === 'admin/getalloder' ? page([paidOnline]) : undefined));
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    await userEvent.click(await screen.findByRole('button', { name: /View Items/ }));
    const items = screen.getByRole('list', { name: 'Items of order DRP-ONLINE' });
    expect(items).toHaveTextContent('Sky Blue Linen Shirt');
    expect(items).toHaveTextContent('Size M · Qty 1');
    await userEvent.click(screen.getByRole('button', { name: /Hide/ }));
    expect(screen.queryByRole('list', { name: 'Items of order DRP-ONLINE' })).not.toBeInTheDocument();
  });

  it('asks the server with the filters in the URL, and a filter change goes back to page 1', async () => {
    const calls = recordingFetch((call) => (call.path === 'admin/getalloder' ? page([paidOnline], { page: 3, totalPages: 4, total: 31 }) : undefined));
    const { location } = renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders?status=NEW&pay=online&page=3' });
    await screen.findByText('DRP-ONLINE');
    expect(Object.fromEntries(calls[0]!.search)).toEqual({ page: '3', limit: '10', orderStatus: 'NEW', filter: 'online' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer admin-jwt');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'DELIVERED');
    await waitFor(() => expect(location.current?.search).toBe('?status=DELIVERED&pay=online'));
    await waitFor(() => expect(Object.fromEntries(calls.at(-1)!.search)).toEqual({ page: '1', limit: '10', orderStatus: 'DELIVERED', filter: 'online' }));

    await userEvent.type(screen.getByLabelText('Search'), 'Meera{Enter}');
    await waitFor(() => expect(location.current?.search).toBe('?status=DELIVERED&q=Meera&pay=online'));
    await waitFor(() => expect(calls.at(-1)!.search.get('search')).toBe('meera'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.current?.search).toBe(''));
  });

  it('offers only the statuses the order may take next and posts the choice with a note', async () => {
    let current = paidOnline;
    const calls = recordingFetch((call) => {
      if (call.path === 'admin/getalloder') return page([current]);
      if (call.path === 'orderStatus') {
        current = anAdminOrder({ ...paidOnline, orderStatus: 'SHIPPED', nextStatuses: ['DELIVERED'] });
        return { body: envelope(current) };
      }
      return undefined;
    });
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'Change status of order DRP-ONLINE' }));
    const dialog = screen.getByRole('dialog', { name: 'Change status' });
    expect(within(dialog).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['READY_TO_SHIP', 'SHIPPED', 'CANCELED']);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Shipped/ }));
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Handed over at the counter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));

    await waitFor(() => expect(calls.some((call) => call.path === 'orderStatus')).toBe(true));
    const post = calls.find((call) => call.path === 'orderStatus')!;
    expect(post.body).toEqual({ id: 'c'.repeat(24), orderStatus: 'SHIPPED', note: 'Handed over at the counter' });
    expect(post.headers.get('Authorization')).toBe('Bearer admin-jwt');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('DRP-ONLINE')).getByTestId('order-status')).toHaveTextContent('Shipped'));
    expect(await screen.findByText('Order DRP-ONLINE is now Shipped')).toBeInTheDocument();
  });

  it('shows a refused move as a toast', async () => {
    recordingFetch((call) => {
      if (call.path === 'admin/getalloder') return page([paidOnline]);
      if (call.path === 'orderStatus') return refusal(409, 'Order DRP-ONLINE is DELIVERED: it cannot become SHIPPED');
      return undefined;
    });
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'Change status of order DRP-ONLINE' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Order DRP-ONLINE is DELIVERED: it cannot become SHIPPED')).toBeInTheDocument();
  });

  it('refunds a paid online order after a confirmation; staff are not offered refunds', async () => {
    let online = paidOnline;
    const calls = recordingFetch((call) => {
      if (call.path === 'admin/getalloder') return page([online, delivered]);
      if (call.path === 'refund') {
        online = { ...paidOnline, paymentStatus: 'refund_pending' };
        return { body: envelope(online) };
      }
      return undefined;
    });
    const view = renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    await screen.findByText('DRP-ONLINE');
    // A COD order has nothing to refund.
    expect(within(rowOf('DRP-DELIVERED')).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund order DRP-ONLINE' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹2,399?' });
    expect(calls.some((call) => call.path === 'refund')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹2,399' }));
    await waitFor(() => expect(calls.find((call) => call.path === 'refund')?.body).toEqual({ id: 'c'.repeat(24) }));
    await waitFor(() => expect(within(rowOf('DRP-ONLINE')).getByText('Refund pending')).toBeInTheDocument());
    view.unmount();

    recordingFetch((call) => (call.path === 'admin/getalloder' ? page([paidOnline]) : undefined));
    renderWithProviders(<OrdersBoard refunds={false} />, { path: '/admin/orders' });
    await screen.findByText('DRP-ONLINE');
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('shows a failed load as a toast', async () => {
    recordingFetch((call) => (call.path === 'admin/getalloder' ? refusal(400, 'startDate must be a date like 2026-11-23') : undefined));
    renderWithProviders(<OrdersBoard refunds />, { path: '/admin/orders' });
    expect(await screen.findByText('startDate must be a date like 2026-11-23')).toBeInTheDocument();
  });
});

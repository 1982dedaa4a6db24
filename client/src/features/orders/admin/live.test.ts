import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import type { RealtimeEvent } from '../../../lib/realtime';
import { anAdminOrder } from '../../../test/adminOrderFixtures';
import { adminOrdersApi, cachedBoardPage } from './api';
import { emptyFilters } from './filters';
import { handleBoardEvent, type BoardLiveDeps } from './live';
import { toAdminOrderPage } from './rows';
import type { AdminOrderFilters } from './types';

const id = '6b049f5594cc005de786b0b3';

function event(type: string, data: Record<string, unknown>, topic = 'admin:orders'): RealtimeEvent {
  return { id: `evt-${Math.random()}`, type, topic, data: { _id: id, orderId: 'DRP1', ...data }, at: '2026-11-23T20:17:25Z' };
}

async function board(filters: AdminOrderFilters = emptyFilters) {
  const store = makeStore();
  const page = toAdminOrderPage({ items: [anAdminOrder(), anAdminOrder({ _id: 'other', orderId: 'DRP2' })], page: 1, totalPages: 1, total: 2 });
  await store.dispatch(adminOrdersApi.util.upsertQueryData('getAdminOrders', filters, page));
  const deps = {
    dispatch: (action: UnknownAction) => store.dispatch(action),
    getState: store.getState,
    filters: () => filters,
    refetch: vi.fn(),
    highlight: vi.fn(),
    newOrder: vi.fn(),
  } satisfies BoardLiveDeps;
  const rows = () => cachedBoardPage(store.getState(), filters)!.items;
  return { store, deps, rows };
}

describe('the board hearing admin:orders', () => {
  it('refetches for a new order, lights it up and rings', async () => {
    const { deps } = await board();
    handleBoardEvent(event('order.created', { _id: 'brand-new', orderStatus: 'PENDING' }), deps);
    expect(deps.highlight).toHaveBeenCalledWith('brand-new', 'new');
    expect(deps.newOrder).toHaveBeenCalledOnce();
    expect(deps.refetch).toHaveBeenCalledOnce();
  });

  it('patches a row in place when its order moves on, without a refetch', async () => {
    const { deps, rows } = await board();
    const other = rows()[1];
    handleBoardEvent(event('order.updated', { orderStatus: 'CONFIRMED', paymentStatus: 'unpaid' }), deps);
    expect(rows()[0]).toMatchObject({ orderStatus: 'CONFIRMED', nextStatuses: ['NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED', 'CANCELED'] });
    expect(rows()[1]).toBe(other);
    expect(deps.highlight).toHaveBeenCalledWith(id, 'updated');
    expect(deps.refetch).not.toHaveBeenCalled();
  });

  it('patches the payment', async () => {
    const { deps, rows } = await board();
    handleBoardEvent(event('payment.updated', { paymentStatus: 'refund_pending' }), deps);
    expect(rows()[0]!.paymentStatus).toBe('refund_pending');
  });

  it('patches a courier update and fetches the row again for what the event does not carry', async () => {
    const { deps, rows } = await board();
    handleBoardEvent(event('shipment.updated', { orderStatus: 'IN_TRANSIT' }), deps);
    expect(rows()[0]!.orderStatus).toBe('IN_TRANSIT');
    expect(deps.refetch).toHaveBeenCalledOnce();
  });

  it('refetches the newest page for an order it does not show (it may belong there now)', async () => {
    const { deps } = await board();
    handleBoardEvent(event('order.updated', { _id: 'paid-just-now', orderStatus: 'PENDING' }), deps);
    expect(deps.highlight).not.toHaveBeenCalled();
    expect(deps.refetch).toHaveBeenCalledOnce();
  });

  it('leaves a later page alone for an order it does not show', async () => {
    const { deps } = await board({ ...emptyFilters, page: 3 });
    handleBoardEvent(event('order.updated', { _id: 'elsewhere', orderStatus: 'SHIPPED' }), deps);
    expect(deps.refetch).not.toHaveBeenCalled();
  });

  it('refetches a status-filtered page when a row no longer matches', async () => {
    const { deps } = await board({ ...emptyFilters, orderStatus: 'PENDING' });
    handleBoardEvent(event('order.updated', { orderStatus: 'CONFIRMED' }), deps);
    expect(deps.refetch).toHaveBeenCalledOnce();
  });

  it('hears each event once: admin:dashboard repeats them, other topics are not the board', async () => {
    const { deps, rows } = await board();
    handleBoardEvent(event('order.updated', { orderStatus: 'CANCELED' }, 'admin:dashboard'), deps);
    handleBoardEvent(event('order.created', {}, 'user:u1'), deps);
    expect(rows()[0]!.orderStatus).toBe('PENDING');
    expect(deps.refetch).not.toHaveBeenCalled();
    expect(deps.highlight).not.toHaveBeenCalled();
  });
});

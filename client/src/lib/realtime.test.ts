import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { api, tagTypes } from './api';
import { connectionStatusChanged } from './connection';
import { eventNames, type EventOf } from './events';
import {
  cacheActionsForEvent,
  createRealtimeSession,
  eventHandlers,
  setRealtimeExtension,
  type RealtimeEvent,
  type RealtimeExtension,
} from './realtime';

function event(type: string, topic = 'sales', data: unknown = {}): RealtimeEvent {
  return { id: 'evt-1', type, topic, data, at: '2025-01-01T00:00:00Z' };
}

describe('cacheActionsForEvent', () => {
  it('invalidates sales and product prices when a sale changes', () => {
    expect(cacheActionsForEvent(event('sale.changed'))).toEqual([api.util.invalidateTags(['Sale', 'Product'])]);
  });

  it('invalidates product listings, details, categories and the sale banner (it names categories) when the catalog changes', () => {
    expect(cacheActionsForEvent(event('catalog.changed', 'catalog'))).toEqual([
      api.util.invalidateTags(['Product', 'Category', 'Sale']),
    ]);
  });

  it('refetches products when a stock change carries no counts it can patch in', () => {
    expect(cacheActionsForEvent(event('stock.changed', 'catalog'))).toEqual([api.util.invalidateTags(['Product'])]);
  });

  it('refetches only what shows the product whose stock changed', () => {
    expect(cacheActionsForEvent(event('stock.changed', 'catalog', { productId: 'p1', sizes: { M: 0 } }))).toEqual([
      api.util.invalidateTags([{ type: 'Product', id: 'p1' }]),
    ]);
  });

  it("invalidates the shopper's orders and tracking when one is created, moved on, shipped or paid", () => {
    for (const type of ['order.created', 'order.updated', 'shipment.updated', 'payment.updated']) {
      expect(cacheActionsForEvent(event(type, 'user:42'))).toEqual([api.util.invalidateTags(['Order'])]);
    }
  });

  it('ignores events it does not know', () => {
    expect(cacheActionsForEvent(event('review.liked', 'user:42'))).toEqual([]);
  });

  it('ignores events named like properties every object has', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(cacheActionsForEvent(event(type))).toEqual([]);
    }
  });
});

describe('eventHandlers', () => {
  it('has a handler for every event of the catalogue, and for nothing else', () => {
    expect(Object.keys(eventHandlers).sort()).toEqual(Object.values(eventNames).sort());
  });

  it('turns every event of the catalogue into a cache invalidation', () => {
    for (const type of Object.values(eventNames)) {
      const actions = cacheActionsForEvent(event(type, 'catalog', { productId: 'p1', sizes: {} }));
      expect(actions.length, type).toBeGreaterThan(0);
      for (const action of actions) expect(action.type, type).toBe(api.util.invalidateTags([]).type);
    }
  });

  it('is what the socket dispatches for an event it receives', () => {
    const { realtime, dispatched } = session();
    realtime.received(JSON.stringify(event(eventNames.cartChanged, 'user:u1')));
    expect(dispatched).toEqual(eventHandlers[eventNames.cartChanged](event(eventNames.cartChanged, 'user:u1') as EventOf<'cart.changed'>));
  });
});

function session(token: string | null = null) {
  const sent: unknown[] = [];
  const dispatched: UnknownAction[] = [];
  const realtime = createRealtimeSession({
    dispatch: (action) => dispatched.push(action),
    send: (text) => sent.push(JSON.parse(text)),
    token: () => token,
  });
  return { realtime, sent, dispatched };
}

describe('createRealtimeSession', () => {
  it('says hello with the token, then subscribes to public topics and the user topic', () => {
    const { realtime, sent, dispatched } = session('jwt-abc');
    realtime.opened();
    expect(sent).toEqual([{ type: 'hello', token: 'jwt-abc' }]);

    realtime.received(JSON.stringify({ type: 'welcome', user: { id: 'u1', role: 'user' } }));
    expect(sent[1]).toEqual({ type: 'subscribe', topics: ['sales', 'catalog', 'user:u1'] });

    realtime.received(JSON.stringify({ type: 'subscribed', topics: ['sales', 'catalog', 'user:u1'], denied: [] }));
    expect(dispatched).toContainEqual(connectionStatusChanged('live'));
  });

  it('subscribes a guest to the public topics only', () => {
    const { realtime, sent } = session(null);
    realtime.opened();
    expect(sent[0]).toEqual({ type: 'hello', token: '' });
    realtime.received(JSON.stringify({ type: 'welcome', user: null }));
    expect(sent[1]).toEqual({ type: 'subscribe', topics: ['sales', 'catalog'] });
  });

  it('turns events into cache actions', () => {
    const { realtime, dispatched } = session();
    realtime.received(JSON.stringify(event('sale.changed')));
    expect(dispatched).toEqual([api.util.invalidateTags(['Sale', 'Product'])]);
  });

  it('refetches everything after a reconnect, but not on the first connection', () => {
    const { realtime, dispatched } = session();
    const refetchAll = api.util.invalidateTags([...tagTypes]);
    const subscribed = JSON.stringify({ type: 'subscribed', topics: ['sales', 'catalog'], denied: [] });

    realtime.opened();
    realtime.received(subscribed);
    expect(dispatched).not.toContainEqual(refetchAll);

    realtime.closed(1006);
    expect(dispatched.at(-1)).toEqual(connectionStatusChanged('offline'));
    realtime.opened();
    realtime.received(subscribed);
    expect(dispatched).toContainEqual(refetchAll);
  });

  it('says hello as a guest after the server rejected the token', () => {
    const { realtime, sent } = session('expired');
    realtime.opened();
    realtime.closed(4401);
    realtime.opened();
    expect(sent).toEqual([
      { type: 'hello', token: 'expired' },
      { type: 'hello', token: '' },
    ]);
  });

  it('ignores frames that are not JSON', () => {
    const { realtime, dispatched, sent } = session();
    realtime.received('not json');
    expect(dispatched).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('says hello with the token again after a new sign-in, even when an old token was rejected', () => {
    let token: string | null = 'old-jwt';
    const sent: unknown[] = [];
    const realtime = createRealtimeSession({ dispatch: () => {}, send: (text) => sent.push(JSON.parse(text)), token: () => token });
    realtime.opened();
    realtime.closed(4401);
    realtime.opened();
    expect(sent.at(-1)).toEqual({ type: 'hello', token: '' });
    token = 'new-jwt';
    realtime.tokenChanged();
    realtime.opened();
    expect(sent.at(-1)).toEqual({ type: 'hello', token: 'new-jwt' });
  });
});

describe('a screen extending the socket (the back office board)', () => {
  function extended(token: string | null = 'admin-jwt') {
    const heard: string[] = [];
    const extension: RealtimeExtension = {
      topics: ['admin:orders', 'admin:dashboard'],
      event: (event) => heard.push(`${event.type}@${event.topic}`),
      subscribed: () => heard.push('subscribed'),
    };
    const sent: unknown[] = [];
    const dispatched: UnknownAction[] = [];
    const realtime = createRealtimeSession({
      dispatch: (action) => dispatched.push(action),
      send: (text) => sent.push(JSON.parse(text)),
      token: () => token,
    });
    setRealtimeExtension(extension);
    return { realtime, sent, dispatched, heard, unplug: () => setRealtimeExtension(null) };
  }

  afterEach(() => setRealtimeExtension(null));

  it("subscribes to the extension's topics with the welcome", () => {
    const { realtime, sent } = extended();
    realtime.opened();
    realtime.received(JSON.stringify({ type: 'welcome', user: { id: 'a1', role: 'admin' } }));
    expect(sent[1]).toEqual({ type: 'subscribe', topics: ['sales', 'catalog', 'user:a1', 'admin:orders', 'admin:dashboard'] });
  });

  it('knows when the token changed since the hello (a back-office sign-in)', () => {
    let token: string | null = null;
    const realtime = createRealtimeSession({ dispatch: () => {}, send: () => {}, token: () => token });
    expect(realtime.tokenIsStale()).toBe(false);
    realtime.opened();
    expect(realtime.tokenIsStale()).toBe(false);
    token = 'admin-jwt';
    expect(realtime.tokenIsStale()).toBe(true);
    realtime.opened();
    expect(realtime.tokenIsStale()).toBe(false);
  });

  it('hears events after the cache actions, and is told each time its topics are subscribed', () => {
    const { realtime, dispatched, heard, unplug } = extended();
    const subscribed = JSON.stringify({ type: 'subscribed', topics: ['sales', 'catalog', 'user:a1', 'admin:orders', 'admin:dashboard'], denied: [] });
    realtime.opened();
    realtime.received(subscribed);
    // Subscribed at last: what the screen fetched before may have missed an event. The first
    // connection fetches nothing else again.
    expect(heard).toEqual(['subscribed']);
    expect(dispatched).not.toContainEqual(api.util.invalidateTags([...tagTypes]));
    realtime.received(JSON.stringify(event('order.created', 'admin:orders', { _id: 'o1' })));
    expect(dispatched).toContainEqual(api.util.invalidateTags(['Order']));
    expect(heard).toEqual(['subscribed', 'order.created@admin:orders']);
    // Another screen's subscribe, answered on the same connection, is not this screen's; nor is
    // an answer that refuses the screen's topic.
    realtime.received(JSON.stringify({ type: 'subscribed', topics: ['user:a1'], denied: [] }));
    realtime.received(JSON.stringify({ type: 'subscribed', topics: [], denied: ['admin:orders'] }));
    expect(heard).toHaveLength(2);
    // The screen's own subscribe on the live connection (plugged in after the welcome) is.
    realtime.received(JSON.stringify({ type: 'subscribed', topics: ['admin:orders'], denied: [] }));
    expect(heard).toEqual(['subscribed', 'order.created@admin:orders', 'subscribed']);

    // After a drop, every tag is fetched again, and the screen is told.
    dispatched.length = 0;
    realtime.closed(1006);
    realtime.opened();
    realtime.received(subscribed);
    expect(dispatched).toContainEqual(api.util.invalidateTags([...tagTypes]));
    expect(heard).toEqual(['subscribed', 'order.created@admin:orders', 'subscribed', 'subscribed']);

    unplug();
    realtime.received(JSON.stringify(event('order.updated', 'admin:orders', { _id: 'o1' })));
    realtime.received(subscribed);
    expect(heard).toHaveLength(4);
  });
});

// The board, live: the tab's socket follows admin:orders (and admin:dashboard) while the board
// is open (plugged in with lib/realtime's setRealtimeExtension, so none of this reaches a
// shopper's page). A new order refetches the list and its row lights up (with an optional chime); an
// order, shipment or payment update patches its row in place and lights it briefly; each time
// the topics' subscription is confirmed (at first, after a reconnect) the list is fetched again,
// by invalidation, which waits for a fetch on its way (a refetch asked meanwhile is dropped).
import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { eventNames } from '../../../lib/events';
import { adminTopics, setRealtimeExtension, type RealtimeEvent } from '../../../lib/realtime';
import { adminOrdersApi, patchBoardPages } from './api';
import { patchOrderRow, readOrderEvent } from './rows';
import { playNewOrderChime, primeSound, readSoundPreference, writeSoundPreference } from './sound';
import type { AdminOrderFilters } from './types';

const adminOrdersTopic = adminTopics.orders;

/** How long a row stays lit: a new order a little longer than an update. */
export const highlightMs = { new: 6000, updated: 3000 } as const;
/** Events often come in bursts (an order placed, then pushed): one refetch for a burst. */
export const refetchDelayMs = 300;

export type Highlight = keyof typeof highlightMs;

export interface BoardLiveDeps {
  dispatch: (action: UnknownAction) => unknown;
  getState: () => unknown;
  /** The filters on screen now. */
  filters: () => AdminOrderFilters;
  /** Fetches the page on screen again (soon: bursts are coalesced by the caller). */
  refetch: () => void;
  highlight: (id: string, kind: Highlight) => void;
  newOrder: () => void;
}

/**
 * What the board does with one event (pure of React, so it can be tested): only admin:orders
 * events count (admin:dashboard carries the same ones again).
 */
export function handleBoardEvent(event: RealtimeEvent, deps: BoardLiveDeps): void {
  if (event.topic !== adminOrdersTopic) return;
  const data = readOrderEvent(event.data);
  if (!data) return;
  const filters = deps.filters();
  switch (event.type) {
    case eventNames.orderCreated:
      deps.highlight(data._id, 'new');
      deps.newOrder();
      deps.refetch();
      return;
    case eventNames.orderUpdated:
    case eventNames.paymentUpdated:
    case eventNames.shipmentUpdated: {
      const found = patchBoardPages(deps.dispatch, deps.getState, (page) => patchOrderRow(page, data));
      if (found) deps.highlight(data._id, 'updated');
      // Not on screen: it may belong there now (a payment made it visible, a status moved it into
      // the filtered one) when the newest page or a status filter is shown.
      const mayArrive = !found && (filters.page === 1 || Boolean(filters.orderStatus));
      // On screen: a courier update also changes what the event does not carry (AWB, 'Not
      // Added on Shiprocket'); a status filter may no longer match.
      const mayChange =
        found && (event.type === eventNames.shipmentUpdated || Boolean(filters.orderStatus && data.orderStatus && data.orderStatus !== filters.orderStatus));
      if (mayArrive || mayChange) deps.refetch();
      return;
    }
  }
}

/** The board's live side: rows to light up, the chime's switch. */
export function useLiveOrderBoard(filters: AdminOrderFilters, refetch: () => void) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [highlights, setHighlights] = useState<Record<string, Highlight>>({});
  const [sound, setSound] = useState(readSoundPreference);
  const latest = useRef({ filters, refetch, sound });
  latest.current = { filters, refetch, sound };
  const timers = useRef(new Map<string, number>());

  const highlight = useCallback((id: string, kind: Highlight) => {
    setHighlights((current) => ({ ...current, [id]: current[id] === 'new' ? 'new' : kind }));
    window.clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      window.setTimeout(() => {
        timers.current.delete(id);
        setHighlights(({ [id]: _gone, ...rest }) => rest);
      }, highlightMs[kind]),
    );
  }, []);

  useEffect(() => {
    let refetchTimer: number | undefined;
    const refetchSoon = () => {
      window.clearTimeout(refetchTimer);
      refetchTimer = window.setTimeout(() => latest.current.refetch(), refetchDelayMs);
    };
    setRealtimeExtension({
      topics: [adminTopics.orders, adminTopics.dashboard],
      event: (event) =>
        handleBoardEvent(event, {
          dispatch,
          getState: store.getState,
          filters: () => latest.current.filters,
          refetch: refetchSoon,
          highlight,
          newOrder: () => {
            if (latest.current.sound) playNewOrderChime();
          },
        }),
      subscribed: () => dispatch(adminOrdersApi.util.invalidateTags(['AdminOrder'])),
    });
    const pending = timers.current;
    return () => {
      setRealtimeExtension(null);
      window.clearTimeout(refetchTimer);
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    };
  }, [dispatch, store, highlight]);

  const toggleSound = useCallback(() => {
    const on = !latest.current.sound;
    writeSoundPreference(on);
    // Turning it on is a click: the moment browsers let a page start audio. A chime says it works.
    if (on) {
      primeSound();
      playNewOrderChime();
    }
    setSound(on);
  }, []);

  return { highlights, sound, toggleSound };
}

/**
 * The order page, live: any admin:orders event about order `id` (its status, payment or
 * shipment moved) fetches the page again, once for a burst; so does each confirmation of the
 * topic's subscription (at first, after a reconnect).
 */
export function useLiveOrder(id: string, refetch: () => void) {
  const latest = useRef(refetch);
  latest.current = refetch;
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    const refetchSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), refetchDelayMs);
    };
    setRealtimeExtension({
      topics: [adminOrdersTopic],
      event: (event) => {
        if (event.topic !== adminOrdersTopic) return;
        const data = readOrderEvent(event.data);
        if (data && (data._id === id || data.orderId === id)) refetchSoon();
      },
      subscribed: () => dispatch(adminOrdersApi.util.invalidateTags(['AdminOrder', 'Order'])),
    });
    return () => {
      setRealtimeExtension(null);
      window.clearTimeout(timer);
    };
  }, [id, dispatch]);
}

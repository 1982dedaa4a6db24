// The returns queue, live: while it is open the tab's socket follows admin:orders (plugged in
// with lib/realtime's setRealtimeExtension, so none of this reaches a shopper's page). A
// return.requested or return.updated event patches the request's status where a cached queue
// page or open request shows it, lights its row, and refetches the queue's pages and the open
// request once for a burst (counts per status and filters move with it); so does each
// confirmation of the topic's subscription (at first, after a reconnect).
import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { eventNames, type ReturnChange } from '../../../lib/events';
import { adminTopics, setRealtimeExtension, type RealtimeEvent } from '../../../lib/realtime';
import { returnQueueApi } from './api';
import type { QueueFilters } from './types';

const adminOrdersTopic = adminTopics.orders;
export const refetchDelayMs = 300;
export const highlightMs = 4000;

/** The return event `event` carries, when it is one on admin:orders. */
export function readReturnEvent(event: RealtimeEvent): (ReturnChange & { created: boolean }) | null {
  if (event.topic !== adminOrdersTopic) return null;
  if (event.type !== eventNames.returnRequested && event.type !== eventNames.returnUpdated) return null;
  const data = event.data as Partial<ReturnChange> | null;
  if (!data || typeof data._id !== 'string' || typeof data.status !== 'string') return null;
  return { ...(data as ReturnChange), created: event.type === eventNames.returnRequested };
}

type State = Parameters<typeof returnQueueApi.util.selectCachedArgsForQuery>[0];

/** Sets request `id`'s status to `status` in every cached queue page and in its open view. */
export function patchCachedStatus(dispatch: (action: UnknownAction) => unknown, getState: () => unknown, id: string, status: string): boolean {
  let found = false;
  for (const args of returnQueueApi.util.selectCachedArgsForQuery(getState() as State, 'getReturnQueue') as QueueFilters[]) {
    dispatch(
      returnQueueApi.util.updateQueryData('getReturnQueue', args, (page) => {
        for (const item of page.items) {
          if (item._id !== id || item.status === status) continue;
          item.status = status;
          found = true;
        }
      }) as unknown as UnknownAction,
    );
  }
  dispatch(
    returnQueueApi.util.updateQueryData('getAdminReturn', id, (request) => {
      request.status = status;
    }) as unknown as UnknownAction,
  );
  return found;
}

/** The queue's live side: the rows lit by a recent event (id → 'new' or 'updated'). */
export function useLiveReturnQueue() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [highlights, setHighlights] = useState<Record<string, 'new' | 'updated'>>({});
  const timers = useRef(new Map<string, number>());

  const highlight = useCallback((id: string, kind: 'new' | 'updated') => {
    setHighlights((current) => ({ ...current, [id]: kind }));
    window.clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      window.setTimeout(() => {
        timers.current.delete(id);
        setHighlights(({ [id]: _gone, ...rest }) => rest);
      }, highlightMs),
    );
  }, []);

  useEffect(() => {
    let refetchTimer: number | undefined;
    const refetchSoon = () => {
      window.clearTimeout(refetchTimer);
      refetchTimer = window.setTimeout(() => dispatch(returnQueueApi.util.invalidateTags(['ReturnQueue'])), refetchDelayMs);
    };
    setRealtimeExtension({
      topics: [adminOrdersTopic],
      event: (event) => {
        const change = readReturnEvent(event);
        if (!change) return;
        patchCachedStatus(dispatch, store.getState, change._id, change.status);
        highlight(change._id, change.created ? 'new' : 'updated');
        refetchSoon();
      },
      subscribed: refetchSoon,
    });
    const pending = timers.current;
    return () => {
      setRealtimeExtension(null);
      window.clearTimeout(refetchTimer);
      for (const timer of pending.values()) window.clearTimeout(timer);
      pending.clear();
    };
  }, [dispatch, store, highlight]);

  return highlights;
}

// The one realtime socket of a tab. It says hello with the token, subscribes to the public
// topics (and the user's own), and turns server events into RTK Query cache actions so open
// screens update in place. After a reconnect it invalidates every tag, refetching what is shown.
import type { UnknownAction } from '@reduxjs/toolkit';
import ReconnectingWebSocket from 'reconnecting-websocket';
import { api, authToken, tagTypes, type TagType } from './api';
import { connectionStatusChanged } from './connection';
import { realtimeUrl } from './env';

export interface RealtimeEvent {
  id: string;
  type: string;
  topic: string;
  data: unknown;
  at: string;
}

export interface RealtimeUser {
  id: string;
  role: string;
}

type ServerMessage =
  | { type: 'welcome'; user: RealtimeUser | null }
  | { type: 'subscribed'; topics: string[]; denied: string[] }
  | { type: 'error'; message: string };

export const publicTopics = ['sales', 'catalog'] as const;

/** Close code the server uses for a missing or bad token. */
const unauthorisedCloseCode = 4401;

/**
 * Which cached answers each event makes stale. A sale changes prices, so products refetch too;
 * a catalog change can add products or sub-categories; a stock change alters sizes and badges;
 * an order event refreshes the shopper's order list and tracking.
 */
const tagsInvalidatedByEvent: Record<string, TagType[]> = {
  'sale.changed': ['Sale', 'Product'],
  'catalog.changed': ['Product', 'Category'],
  'stock.changed': ['Product'],
  // On the user's own topic: the cart changed elsewhere (another tab or device).
  'cart.changed': ['Cart'],
  // On the user's own topic: an order placed, paid, cancelled or moved on (another tab, the worker).
  'order.created': ['Order'],
  'order.updated': ['Order'],
};

/** Maps a server event to the cache actions it calls for. Unknown events map to nothing. */
export function cacheActionsForEvent(event: RealtimeEvent): UnknownAction[] {
  const tags = tagsInvalidatedByEvent[event.type];
  return tags ? [api.util.invalidateTags(tags)] : [];
}

function isEvent(message: unknown): message is RealtimeEvent {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    'topic' in message &&
    'type' in message &&
    typeof message.type === 'string'
  );
}

export interface RealtimeSessionOptions {
  dispatch: (action: UnknownAction) => unknown;
  send: (text: string) => void;
  token: () => string | null;
}

/**
 * The protocol of one socket over its whole life, independent of any real WebSocket:
 * the caller reports open, message and close; the session sends and dispatches.
 */
export function createRealtimeSession({ dispatch, send, token }: RealtimeSessionOptions) {
  let wasLiveBefore = false;
  let tokenRejected = false;

  return {
    opened() {
      dispatch(connectionStatusChanged('connecting'));
      send(JSON.stringify({ type: 'hello', token: tokenRejected ? '' : (token() ?? '') }));
    },
    received(text: string) {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (isEvent(message)) {
        for (const action of cacheActionsForEvent(message)) dispatch(action);
        return;
      }
      const control = message as ServerMessage;
      if (control.type === 'welcome') {
        const topics: string[] = [...publicTopics];
        if (control.user) topics.push(`user:${control.user.id}`);
        send(JSON.stringify({ type: 'subscribe', topics }));
      } else if (control.type === 'subscribed') {
        dispatch(connectionStatusChanged('live'));
        if (wasLiveBefore) dispatch(api.util.invalidateTags([...tagTypes]));
        wasLiveBefore = true;
      }
    },
    closed(code: number) {
      if (code === unauthorisedCloseCode) tokenRejected = true;
      dispatch(connectionStatusChanged('offline'));
    },
    /** A new sign-in (or sign-out): the next hello sends whatever token there is now. */
    tokenChanged() {
      tokenRejected = false;
    },
  };
}

export interface Realtime {
  /** Closes the socket for good. */
  stop(): void;
  /** Closes and opens the socket again, saying hello with the current token. */
  reconnect(): void;
}

/** Opens the tab's socket. */
export function startRealtime(dispatch: RealtimeSessionOptions['dispatch']): Realtime {
  const socket = new ReconnectingWebSocket(() => realtimeUrl(), [], {
    minReconnectionDelay: 1000 + Math.random() * 2000,
    maxReconnectionDelay: 30000,
    reconnectionDelayGrowFactor: 1.6,
    connectionTimeout: 5000,
  });
  const session = createRealtimeSession({
    dispatch,
    send: (text) => socket.send(text),
    token: () => authToken(window.location.pathname.startsWith('/admin') ? 'admin' : 'user'),
  });
  socket.addEventListener('open', () => session.opened());
  socket.addEventListener('message', (event) => {
    if (typeof event.data === 'string') session.received(event.data);
  });
  socket.addEventListener('close', (event) => session.closed(event.code));
  return {
    stop: () => socket.close(),
    reconnect: () => {
      session.tokenChanged();
      socket.reconnect();
    },
  };
}

// The one realtime socket of a tab. It says hello with the token, subscribes to the public
// topics (and the user's own), and turns server events into RTK Query cache actions so open
// screens update in place. After a reconnect it invalidates every tag, refetching what is shown.
// A lazily loaded screen with its own topics and cache (the back office's order board) plugs in
// with setRealtimeExtension: its code stays out of every shopper's page.
import type { UnknownAction } from '@reduxjs/toolkit';
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
 * a catalog change can add products or sub-categories; an order event refreshes the shopper's
 * order list and tracking. (A stock change refetches only what shows that product: see below.)
 */
const tagsInvalidatedByEvent: Record<string, TagType[]> = {
  'sale.changed': ['Sale', 'Product'],
  'catalog.changed': ['Product', 'Category'],
  // On the user's own topic: the cart changed elsewhere (another tab or device).
  'cart.changed': ['Cart'],
  // On the user's own topic: an order placed, paid, cancelled or moved on (another tab, the
  // worker, staff in the back office, the courier's status reports, the payment gateway).
  'order.created': ['Order'],
  'order.updated': ['Order'],
  'shipment.updated': ['Order'],
  'payment.updated': ['Order'],
};

/** Maps a server event to the cache actions it calls for. Unknown events map to nothing. */
export function cacheActionsForEvent(event: RealtimeEvent): UnknownAction[] {
  if (event.type === 'stock.changed') {
    // Only the answers showing that product (its page, the listings holding it: catalog's tags)
    // refetch, not every listing of every shopper on each order anywhere.
    const id = (event.data as { productId?: string } | null)?.productId;
    return [api.util.invalidateTags([id ? { type: 'Product', id } : 'Product'])];
  }
  const tags = tagsInvalidatedByEvent[event.type];
  return tags ? [api.util.invalidateTags(tags)] : [];
}

/**
 * What a lazily loaded screen adds to the tab's socket while it is open (the back office's
 * order board: admin topics, and its own cache patched from their events).
 */
export interface RealtimeExtension {
  /** Topics to subscribe to beside the public and own ones (the server refuses what is not allowed). */
  topics: string[];
  /** Every event, after the cache actions above. */
  event(event: RealtimeEvent): void;
  /** The socket is back after a drop (or a new sign-in): refetch what is shown. */
  reconnected(): void;
}

let extension: RealtimeExtension | null = null;
/** The running socket's way to subscribe to more topics now. */
let subscribeNow: ((topics: string[]) => void) | null = null;

/**
 * Plugs `next` into the tab's socket (null unplugs it): its topics are subscribed at once and
 * with every welcome. A token that changed since the hello (a back-office sign-in) makes the
 * socket say hello again first.
 */
export function setRealtimeExtension(next: RealtimeExtension | null): void {
  extension = next;
  if (next) subscribeNow?.(next.topics);
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
  /** 'now' once subscribed on this connection; 'dropped' after a live connection closed. */
  let liveness: 'never' | 'now' | 'dropped' = 'never';
  let tokenRejected = false;
  /** The token the last hello carried; null before the first. */
  let helloToken: string | null = null;

  return {
    opened() {
      dispatch(connectionStatusChanged('connecting'));
      helloToken = tokenRejected ? '' : (token() ?? '');
      send(JSON.stringify({ type: 'hello', token: helloToken }));
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
        extension?.event(message);
        return;
      }
      const control = message as ServerMessage;
      if (control.type === 'welcome') {
        const topics: string[] = [...publicTopics];
        if (control.user) topics.push(`user:${control.user.id}`);
        send(JSON.stringify({ type: 'subscribe', topics: [...topics, ...(extension?.topics ?? [])] }));
      } else if (control.type === 'subscribed') {
        // Later subscribes (a screen following a topic) are answered too: only the first counts.
        if (liveness === 'now') return;
        dispatch(connectionStatusChanged('live'));
        if (liveness === 'dropped') {
          dispatch(api.util.invalidateTags([...tagTypes]));
          extension?.reconnected();
        }
        liveness = 'now';
      }
    },
    closed(code: number) {
      if (liveness === 'now') liveness = 'dropped';
      if (code === unauthorisedCloseCode) tokenRejected = true;
      dispatch(connectionStatusChanged('offline'));
    },
    /** A new sign-in (or sign-out): the next hello sends whatever token there is now. */
    tokenChanged() {
      tokenRejected = false;
    },
    /** The token there is now is not the one the connection said hello with (a sign-in since). */
    tokenIsStale(): boolean {
      return helloToken !== null && (token() ?? '') !== helloToken;
    },
  };
}

export interface Realtime {
  /** Closes the socket for good. */
  stop(): void;
  /** Closes and opens the socket again, saying hello with the current token. */
  reconnect(): void;
}

/** Delays before reconnecting: from `min` (random, so a restarted server is not met by every tab at once), growing to `max`. */
const reconnectDelay = { min: 1000 + Math.random() * 2000, max: 30_000, growth: 1.6 };
/** A socket not open after this long is given up and tried again. */
const connectTimeoutMs = 5000;
/** A connection that stays open this long brings the delay back to its minimum. */
const stableAfterMs = 5000;

export interface SocketHandlers {
  open(): void;
  message(text: string): void;
  close(code: number): void;
}

/**
 * A WebSocket to `url()` that reconnects after every close with a growing delay, until close().
 * reconnect() drops the current connection (reported as closed, 1000) and connects at once.
 */
export function reconnectingSocket(url: () => string, on: SocketHandlers) {
  let socket: WebSocket | null = null;
  let retries = 0;
  let timer: number | undefined;
  let stableTimer: number | undefined;
  let stopped = false;

  function clearTimers() {
    window.clearTimeout(timer);
    window.clearTimeout(stableTimer);
  }

  function retryLater() {
    const delay = Math.min(reconnectDelay.max, reconnectDelay.min * reconnectDelay.growth ** retries);
    retries += 1;
    timer = window.setTimeout(connect, delay);
  }

  function connect() {
    clearTimers();
    if (stopped) return;
    let next: WebSocket;
    try {
      next = new WebSocket(url());
    } catch {
      retryLater();
      return;
    }
    socket = next;
    timer = window.setTimeout(() => next.close(), connectTimeoutMs);
    next.onopen = () => {
      window.clearTimeout(timer);
      stableTimer = window.setTimeout(() => (retries = 0), stableAfterMs);
      on.open();
    };
    next.onmessage = (event) => {
      if (typeof event.data === 'string') on.message(event.data);
    };
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = null;
      clearTimers();
      on.close(event.code);
      if (!stopped) retryLater();
    };
  }

  /** Forgets the current socket (its events are ignored from now on), closes it and reports it closed. */
  function drop() {
    const current = socket;
    socket = null;
    clearTimers();
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = null;
    current.close(1000);
    on.close(1000);
  }

  connect();
  return {
    send(text: string) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(text);
    },
    reconnect() {
      drop();
      retries = 0;
      connect();
    },
    close() {
      stopped = true;
      drop();
    },
  };
}

/** Opens the tab's socket. */
export function startRealtime(dispatch: RealtimeSessionOptions['dispatch']): Realtime {
  const session = createRealtimeSession({
    dispatch,
    // Only called from the socket's own events, so `socket` below is set by then.
    send: (text) => socket.send(text),
    token: () => authToken(window.location.pathname.startsWith('/admin') ? 'admin' : 'user'),
  });
  const socket = reconnectingSocket(() => realtimeUrl(), {
    open: () => session.opened(),
    message: (text) => session.received(text),
    close: (code) => session.closed(code),
  });
  const reconnect = () => {
    session.tokenChanged();
    socket.reconnect();
  };
  // Admin topics need the back-office token: after a sign-in the socket says hello again with it.
  // Otherwise a subscribe goes out at once (after the hello, which an open socket sent first; a
  // closed one drops it, and its next welcome asks for the extension's topics anyway).
  subscribeNow = (topics) => (session.tokenIsStale() ? reconnect() : socket.send(JSON.stringify({ type: 'subscribe', topics })));
  return {
    stop: () => {
      subscribeNow = null;
      socket.close();
    },
    reconnect,
  };
}

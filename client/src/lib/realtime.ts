// The one realtime socket of a tab. It says hello with the token, subscribes to the public
// topics (and the user's own), and turns server events into RTK Query cache actions through one
// handler map (eventHandlers) over the event catalogue (lib/events.ts), so open screens update
// in place. After a reconnect it invalidates every tag, refetching what is shown. A lazily
// loaded screen with its own topics (the back office's screens) plugs in with
// setRealtimeExtension: its code stays out of every shopper's page, and it is told each time its
// topics are subscribed, so it fetches again what an event sent before then would have changed. The transport is
// lib/reconnectingSocket.ts.
import type { UnknownAction } from '@reduxjs/toolkit';
import { api, authToken, tagTypes } from './api';
import { connectionStatusChanged } from './connection';
import { realtimeUrl } from './env';
import { eventNames, isEventName, type EventName, type EventOf, type ServerEvent } from './events';
import { reconnectingSocket } from './reconnectingSocket';

/** An event as it arrives on the socket, before its type is known to be in the catalogue. */
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

/** The back office's topics (staff and admins; the server refuses the rest). */
export const adminTopics = {
  /** Every order, payment, shipment and return change (realtime.TopicAdminOrders). */
  orders: 'admin:orders',
  /** What moves the dashboard's figures (realtime.TopicAdminDashboard). */
  dashboard: 'admin:dashboard',
} as const;

/** Close code the server uses for a missing or bad token. */
const unauthorisedCloseCode = 4401;

/** What one event of type K does to the cache. */
export type EventHandler<K extends EventName> = (event: EventOf<K>) => UnknownAction[];

const orderAnswers: EventHandler<EventName> = () => [api.util.invalidateTags(['Order'])];

/**
 * The one handler map: which cached answers each event makes stale (a type error when an event
 * of the catalogue has none). A sale changes prices, so products refetch too; a catalog change
 * can add products or sub-categories and rename what a sale banner names; an order event
 * refreshes the shopper's order list and tracking.
 */
export const eventHandlers: { [K in EventName]: EventHandler<K> } = {
  [eventNames.saleChanged]: () => [api.util.invalidateTags(['Sale', 'Product'])],
  [eventNames.catalogChanged]: () => [api.util.invalidateTags(['Product', 'Category', 'Sale'])],
  // Only the answers showing that product (its page, the listings holding it: catalog's tags)
  // refetch, not every listing of every shopper on each order anywhere.
  [eventNames.stockChanged]: (event) => {
    const id = (event.data as Partial<typeof event.data> | null)?.productId;
    return [api.util.invalidateTags([typeof id === 'string' && id ? { type: 'Product', id } : 'Product'])];
  },
  // On the user's own topic: the cart changed elsewhere (another tab or device).
  [eventNames.cartChanged]: () => [api.util.invalidateTags(['Cart'])],
  // On the user's own topic: an order placed, paid, cancelled or moved on (another tab, the
  // worker, staff in the back office, the courier's status reports, the payment gateway).
  [eventNames.orderCreated]: orderAnswers,
  [eventNames.orderUpdated]: orderAnswers,
  [eventNames.shipmentUpdated]: orderAnswers,
  [eventNames.paymentUpdated]: orderAnswers,
  // On the user's own topic: a return or exchange asked for one of their orders (another tab),
  // or moved on by staff (approved, rejected).
  [eventNames.returnRequested]: orderAnswers,
  [eventNames.returnUpdated]: orderAnswers,
};

/** Maps a server event to the cache actions it calls for. Events not in the catalogue map to nothing. */
export function cacheActionsForEvent(event: RealtimeEvent): UnknownAction[] {
  if (!isEventName(event.type)) return [];
  const handle = eventHandlers[event.type] as (event: ServerEvent) => UnknownAction[];
  return handle(event as ServerEvent);
}

/**
 * What a lazily loaded screen adds to the tab's socket while it is open (the back office's
 * screens: admin topics, and their own cache patched or refetched on their events).
 */
export interface RealtimeExtension {
  /** Topics to subscribe to beside the public and own ones (the server refuses what is not allowed). */
  topics: string[];
  /** Every event, after the cache actions above. */
  event(event: RealtimeEvent): void;
  /**
   * Its topics are subscribed: once plugged in, and again after a drop or a new sign-in. Refetch
   * what is shown: an event sent between the screen's fetch and this moment was not heard.
   */
  subscribed(): void;
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
        // Later subscribes (a screen following a topic) are answered too: only the first makes
        // the connection live, and after a drop, everything shown is fetched again.
        if (liveness !== 'now') {
          dispatch(connectionStatusChanged('live'));
          if (liveness === 'dropped') dispatch(api.util.invalidateTags([...tagTypes]));
          liveness = 'now';
        }
        const screen = extension;
        if (screen && control.topics.some((topic) => screen.topics.includes(topic))) screen.subscribed();
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

// A WebSocket that comes back by itself: the transport under the tab's one realtime socket
// (lib/realtime.ts), which knows the protocol; this file knows only connecting, timing out and
// retrying with a growing, jittered delay.

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

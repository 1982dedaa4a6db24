import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectingSocket, type SocketHandlers } from './reconnectingSocket';

/** A WebSocket stand-in: tests open, message and close it by hand. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(text: string) {
    this.sent.push(text);
  }

  close(code = 1005) {
    this.closedWith = code;
    this.serverClosed(code === 1005 ? 1006 : code);
  }

  /** The browser opened it. */
  opened() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  /** The connection ended (the server went away, or close() was called). */
  serverClosed(code: number) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function handlers() {
  const seen: string[] = [];
  const on: SocketHandlers = {
    open: () => seen.push('open'),
    message: (text) => seen.push(`message ${text}`),
    close: (code) => seen.push(`close ${code}`),
  };
  return { seen, on };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reconnectingSocket', () => {
  it('connects at once, passes text messages on, and reconnects 1 to 3 s after a drop', () => {
    const { seen, on } = handlers();
    reconnectingSocket(() => 'ws://shop/api/ws', on);
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://shop/api/ws');
    latest().opened();
    latest().onmessage?.({ data: '{"type":"welcome"}' });
    latest().onmessage?.({ data: new ArrayBuffer(2) });
    latest().serverClosed(1006);
    expect(seen).toEqual(['open', 'message {"type":"welcome"}', 'close 1006']);

    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(2001);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('waits longer after each failed try, up to 30 s, and starts again once a connection held', () => {
    const { on } = handlers();
    reconnectingSocket(() => 'ws://shop/api/ws', on);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const before = FakeSocket.all.length;
      latest().serverClosed(1006);
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[delays.length - 1]).toBe(30_000);

    // Open for 5 s: the next drop is retried quickly again.
    latest().opened();
    vi.advanceTimersByTime(5000);
    const before = FakeSocket.all.length;
    latest().serverClosed(1006);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('gives up on a socket that has not opened in 5 s and tries again', () => {
    const { seen, on } = handlers();
    reconnectingSocket(() => 'ws://shop/api/ws', on);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all[0]!.readyState).toBe(FakeSocket.CLOSED);
    expect(seen).toEqual(['close 1006']);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnect() drops the connection (reported closed, 1000) and connects again at once', () => {
    const { seen, on } = handlers();
    const socket = reconnectingSocket(() => 'ws://shop/api/ws', on);
    const first = latest();
    first.opened();
    socket.reconnect();
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(seen).toEqual(['open', 'close 1000']);
    // The old socket is forgotten: nothing it does is reported.
    first.onmessage?.({ data: 'late' });
    latest().opened();
    expect(seen).toEqual(['open', 'close 1000', 'open']);
  });

  it('sends only while open, and close() stops it for good', () => {
    const { seen, on } = handlers();
    const socket = reconnectingSocket(() => 'ws://shop/api/ws', on);
    socket.send('too early');
    latest().opened();
    socket.send('hello');
    expect(latest().sent).toEqual(['hello']);
    socket.close();
    expect(latest().closedWith).toBe(1000);
    expect(seen).toEqual(['open', 'close 1000']);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

// One Idempotency-Key per checkout attempt (DESIGN.md, wire contract): made once, sent again
// unchanged when the same attempt is retried (a lost answer must not place a second order), and
// replaced when the shopper changes what they are buying or the server has refused the attempt.

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: build one below.
    }
  }
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of the current attempt. `keyFor(what)` gives the same key while `what` (payment mode,
 * address, coupon) stays the same, and a new one when it changes; `settle()` ends the attempt
 * after the server refused it, so the next try is a new one.
 */
export function createAttempt(makeKey: () => string = newIdempotencyKey) {
  let key = makeKey();
  let usedFor: string | null = null;
  return {
    keyFor(what: string): string {
      if (usedFor !== null && usedFor !== what) key = makeKey();
      usedFor = what;
      return key;
    },
    settle() {
      key = makeKey();
      usedFor = null;
    },
  };
}

export type Attempt = ReturnType<typeof createAttempt>;

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAttempt, newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('makes a different v4 UUID each time, with or without crypto.randomUUID', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(first);

    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

describe('createAttempt', () => {
  it('keeps one key while the same order is retried', () => {
    let made = 0;
    const attempt = createAttempt(() => `key-${(made += 1)}`);
    expect(attempt.keyFor('cod|addr-1|')).toBe('key-1');
    expect(attempt.keyFor('cod|addr-1|')).toBe('key-1');
  });

  it('starts a new attempt when what is bought changes, or after the server refused it', () => {
    let made = 0;
    const attempt = createAttempt(() => `key-${(made += 1)}`);
    expect(attempt.keyFor('cod|addr-1|')).toBe('key-1');
    expect(attempt.keyFor('cod|addr-2|')).toBe('key-2');
    attempt.settle();
    expect(attempt.keyFor('cod|addr-2|')).toBe('key-3');
  });
});

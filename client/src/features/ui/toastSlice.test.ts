// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultToastDurationMs, toastDismissed, toastShown, toastSlice } from './toastSlice';

const reducer = toastSlice.reducer;

describe('toast slice', () => {
  it('defaults to a success toast shown for 4000 ms', () => {
    const state = reducer(undefined, toastShown({ message: 'Item added to cart' }));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ message: 'Item added to cart', type: 'success', durationMs: 4000 });
    expect(defaultToastDurationMs).toBe(4000);
  });

  it('keeps the requested type and duration, and gives every toast its own id', () => {
    let state = reducer(undefined, toastShown({ message: 'Login failed', type: 'error', durationMs: 6000 }));
    state = reducer(state, toastShown({ message: 'OTP sent to your email', type: 'info' }));
    expect(state.items.map((toast) => [toast.type, toast.durationMs])).toEqual([
      ['error', 6000],
      ['info', 4000],
    ]);
    expect(state.items[0]!.id).not.toBe(state.items[1]!.id);
  });

  it('dismisses only the toast with the given id', () => {
    let state = reducer(undefined, toastShown({ message: 'first' }));
    state = reducer(state, toastShown({ message: 'second' }));
    state = reducer(state, toastDismissed(state.items[0]!.id));
    expect(state.items.map((toast) => toast.message)).toEqual(['second']);
  });
});

/** The part of a Redux store watchStore needs. */
export interface WatchableStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * Runs `effect(value)` whenever `select(state)` changes (by identity) after an action: the
 * store's side effects (saving the theme, the guest cart) without the listener middleware.
 */
export function watchStore<S, T>(store: WatchableStore<S>, select: (state: S) => T, effect: (value: T) => void): () => void {
  let last = select(store.getState());
  return store.subscribe(() => {
    const next = select(store.getState());
    if (next === last) return;
    last = next;
    effect(next);
  });
}

/** Writes `value` under `key` in local storage (JSON unless a string); null removes the key. */
export function store(key: string, value: unknown): void {
  try {
    if (value == null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage can be unavailable; the session then lasts for this page only.
  }
}

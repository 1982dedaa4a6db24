// Local storage, which can be unavailable (private mode, full, blocked): reading then finds
// nothing and writing does nothing, and the shop still works for the visit.

/** The value stored under `key` (parsed JSON with `json`), or null: none, unreadable, or broken JSON. */
export function readStored<T = string>(key: string, json = false): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw && json ? (JSON.parse(raw) as T) : (raw as T | null);
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (JSON unless a string); null removes the key. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value == null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Nothing kept: it lasts for this page only.
  }
}

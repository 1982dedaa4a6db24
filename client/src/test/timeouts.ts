// How long a test waits for something asynchronous to show up (findBy*, waitFor, vi.waitFor).
// Testing Library's default of 1 s is too short on a loaded 2-core CI box, where the first
// render of a lazily loaded page or drawer has to transform its modules first. The per-test
// limit (testTimeout in vite.config.ts) leaves room for a few such waits in one test.
export const asyncTimeoutMs = 5_000;

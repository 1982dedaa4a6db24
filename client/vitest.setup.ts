import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { asyncTimeoutMs } from './src/test/timeouts';

// findBy* and waitFor give up after this long (see src/test/timeouts.ts).
configure({ asyncUtilTimeout: asyncTimeoutMs });

// Test files that need no DOM run in Node (`// @vitest-environment node`): no page to clean.
afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

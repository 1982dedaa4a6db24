import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { asyncTimeoutMs } from './src/test/timeouts';

// findBy* and waitFor give up after this long (see src/test/timeouts.ts).
configure({ asyncUtilTimeout: asyncTimeoutMs });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

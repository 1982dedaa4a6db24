import { afterEach, describe, expect, it, vi } from 'vitest';
import { showApp } from './firstScreen';

describe('showApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.fonts;
    vi.useRealTimers();
  });

  it("removes the server's first screen, then lets the shop's fonts in", async () => {
    document.body.innerHTML = '<div id="first-screen"><h1>Formal Shirts</h1></div><div id="root"></div>';
    document.documentElement.dataset.fonts = 'later';
    showApp();
    expect(document.getElementById('first-screen')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
    await vi.waitFor(() => expect(document.documentElement.dataset.fonts).toBeUndefined());
  });

  it('changes nothing on a page without a first screen', () => {
    document.body.innerHTML = '<div id="root"><p>Cart</p></div>';
    document.documentElement.dataset.fonts = 'later';
    showApp();
    expect(document.getElementById('root')?.textContent).toBe('Cart');
    expect(document.documentElement.dataset.fonts).toBe('later');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selectSignInPrompt, wishlistSignInNotice } from '../../../features/account/accountSlice';
import { aProduct } from '../../../test/fixtures';
import { envelope, fakeApi, renderWithProviders } from '../../renderWithProviders';
import { WishlistHeart } from './WishlistHeart';

const shirt = aProduct({ _id: 'shirt-1', productName: 'Ivory Oxford Shirt' });

describe('WishlistHeart', () => {
  it("draws a guest's heart with the card and asks them to sign in, calling nothing", async () => {
    const fetch = vi.fn(fakeApi({}));
    vi.stubGlobal('fetch', fetch);
    const { store } = renderWithProviders(<WishlistHeart product={shirt} />);
    // There at once, not after a chunk: nothing to wait for.
    const heart = screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(selectSignInPrompt(store.getState())).toEqual({ mode: 'login', notice: wishlistSignInNotice });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a signed-in shopper's heart at once and fills it once the wishlist says it is saved", async () => {
    window.localStorage.setItem('token', 'jwt');
    vi.stubGlobal('fetch', fakeApi({ '/api/wishlist': { body: envelope({ items: [shirt] }) } }));
    renderWithProviders(<WishlistHeart product={shirt} />);
    expect(screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist', pressed: true })).toBeInTheDocument();
  });
});

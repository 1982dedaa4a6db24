import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '../../../app/hooks';
import { envelope, renderWithProviders } from '../../../app/renderWithProviders';
import { ToastViewport } from '../../ui/components/ToastViewport';
import { aProduct } from '../../../test/fixtures';
import { selectSignInPrompt } from '../accountSlice';
import type { SavedProduct } from '../types';
import { WishlistToggle, wishlistSignInNotice } from './WishlistToggle';

const shirt = aProduct({ _id: 'shirt-1', productName: 'Ivory Oxford Shirt' }) as unknown as SavedProduct;

function Prompt() {
  const prompt = useAppSelector(selectSignInPrompt);
  return <output aria-label="Sign-in prompt">{prompt ? `${prompt.mode}: ${prompt.notice ?? ''}` : 'closed'}</output>;
}

function renderHeart() {
  return renderWithProviders(
    <>
      <WishlistToggle product={shirt} />
      <Prompt />
      <ToastViewport />
    </>,
  );
}

/** Answers GET /api/wishlist with `items`, and POST/DELETE with what `change` gives (when it gives). */
function wishlistApi(items: SavedProduct[], change: () => Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    asked.push(`${request.method} ${path}`);
    if (request.method === 'GET' && path === '/api/wishlist') {
      return new Response(JSON.stringify(envelope({ items })), { headers: { 'Content-Type': 'application/json' } });
    }
    return change();
  });
  return asked;
}

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('wishlist heart', () => {
  it('asks a guest to sign in and calls nothing', async () => {
    const asked = wishlistApi([], () => Promise.resolve(json(200, envelope(null))));
    renderHeart();
    const heart = screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(screen.getByRole('status', { name: 'Sign-in prompt' })).toHaveTextContent(`login: ${wishlistSignInNotice}`);
    expect(asked).toEqual([]);
  });

  it('saves at once for a signed-in shopper and keeps it when the server agrees', async () => {
    window.localStorage.setItem('token', 'jwt');
    const answer = deferred();
    const asked = wishlistApi([], () => answer.promise);
    renderHeart();
    const heart = screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' });
    await waitFor(() => expect(asked).toContain('GET /api/wishlist'));
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(json(200, envelope({ productId: 'shirt-1' }, 200, 'Added to your wishlist')));
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Added to your wishlist')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toContain('POST /api/wishlist');
  });

  it('puts the heart back when the server refuses, and says so', async () => {
    window.localStorage.setItem('token', 'jwt');
    const answer = deferred();
    wishlistApi([], () => answer.promise);
    renderHeart();
    const heart = screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(json(404, { code: 404, success: false, message: 'Product not found', data: null }));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Product not found')).toBeInTheDocument();
  });

  it('removes a saved product at once and restores it when removing fails', async () => {
    window.localStorage.setItem('token', 'jwt');
    const answer = deferred();
    const asked = wishlistApi([shirt], () => answer.promise);
    renderHeart();
    const heart = screen.getByRole('button', { name: 'Save Ivory Oxford Shirt to wishlist' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    answer.resolve(new Response('upstream down', { status: 503 }));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(asked).toContain('DELETE /api/wishlist/shirt-1');
  });
});

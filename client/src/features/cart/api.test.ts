import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { envelope } from '../../app/renderWithProviders';
import { api } from '../../lib/api';
import { cacheActionsForEvent } from '../../lib/realtime';
import { aCartLine, cartAnswer, json } from '../../test/cartFixtures';
import { serve } from '../../test/serve';
import { asyncTimeoutMs } from '../../test/timeouts';
import { cartApi, toServerCart } from './api';
import { selectServerCartCount } from './cartSlice';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signedInStoreWith(lines = [aCartLine({ quantity: 2, discountedPrice: 1439 })]) {
  window.localStorage.setItem('token', 'jwt-riya');
  const store = makeStore();
  await store.dispatch(cartApi.endpoints.getCartDetails.initiate());
  return { store, line: lines[0]!, cart: () => cartApi.endpoints.getCartDetails.select()(store.getState()).data! };
}

const toasts = (store: ReturnType<typeof makeStore>) => store.getState().toast.items.map(({ message, type }) => ({ message, type }));

describe('updateCart (SPEC §4: optimistic, rolled back on failure)', () => {
  it('patches the cached cart with the new quantity, line total and sums at once, and puts them back when the server says no', async () => {
    const line = aCartLine({ quantity: 2, discountedPrice: 1439 });
    let answer: ((response: Response) => void) | undefined;
    serve({
      '/api/getcartdetails': { body: cartAnswer([line]) },
      '/api/updatecart': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { store, cart } = await signedInStoreWith([line]);
    expect(selectServerCartCount(store.getState())).toBe(2);

    const update = store.dispatch(cartApi.endpoints.updateCart.initiate({ cartId: line._id!, quantity: 3 }));
    expect(cart().lines[0]).toMatchObject({ quantity: 3, total: 4317 });
    expect(cart().summary).toMatchObject({ totalItems: 3, subtotal: 4317, finalAmount: 4317 });
    expect(selectServerCartCount(store.getState())).toBe(3);

    await vi.waitFor(() => expect(answer).toBeDefined(), { timeout: asyncTimeoutMs });
    answer!(json(envelope(null, 409, 'Only 2 left in size M'), 409));
    await update;
    expect(cart().lines[0]).toMatchObject({ quantity: 2, total: 2878 });
    expect(cart().summary).toMatchObject({ totalItems: 2, subtotal: 2878 });
    expect(toasts(store)).toEqual([{ message: 'Failed to update quantity', type: 'error' }]);
  });

  it('sends {quantity} to /api/updatecart?cartId= and keeps the change when it is taken', async () => {
    const line = aCartLine({ quantity: 2, discountedPrice: 1439 });
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request.clone());
      const url = new URL(request.url);
      if (url.pathname === '/api/updatecart') return json(envelope({ ...line, quantity: 3, total: 4317 }, 200, 'Cart updated'));
      return json(cartAnswer([requests.length > 1 ? { ...line, quantity: 3, total: 4317 } : line]));
    });
    const { store, cart } = await signedInStoreWith([line]);
    await store.dispatch(cartApi.endpoints.updateCart.initiate({ cartId: line._id!, quantity: 3 }));

    const update = requests.find((request) => new URL(request.url).pathname === '/api/updatecart')!;
    expect(update.method).toBe('POST');
    expect(new URL(update.url).searchParams.get('cartId')).toBe(line._id);
    expect(await update.json()).toEqual({ quantity: 3 });
    expect(update.headers.get('Authorization')).toBe('Bearer jwt-riya');
    await vi.waitFor(() => expect(cart().lines[0]).toMatchObject({ quantity: 3, total: 4317 }), { timeout: asyncTimeoutMs });
    expect(toasts(store)).toEqual([]);
  });
});

describe('addToCart', () => {
  it('puts the answered cart in the cache and shows the stock notes', async () => {
    const line = aCartLine({ quantity: 3 });
    serve({
      '/api/addToCart': {
        body: { ...cartAnswer([line]), data: { ...cartAnswer([line]).data, notes: ['Only 3 left in size M of Ivory Oxford Shirt; your cart has 3'] } },
      },
    });
    window.localStorage.setItem('token', 'jwt-riya');
    const store = makeStore();
    const result = await store.dispatch(cartApi.endpoints.addToCart.initiate({ items: { productId: line.productId, size: 'M' } })).unwrap();
    expect(result.lines).toHaveLength(1);
    await vi.waitFor(() => expect(selectServerCartCount(store.getState())).toBe(3), { timeout: asyncTimeoutMs });
    expect(toasts(store)).toEqual([{ message: 'Only 3 left in size M of Ivory Oxford Shirt; your cart has 3', type: 'info' }]);
  });

  it("prefers the server's reason, else 'Failed to add item to cart'", async () => {
    window.localStorage.setItem('token', 'jwt-riya');
    serve({ '/api/addToCart': { status: 409, body: envelope(null, 409, 'Size M of Slim Shirt is sold out') } });
    let store = makeStore();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ items: { productId: 'p', size: 'M' } }));
    expect(toasts(store)).toEqual([{ message: 'Size M of Slim Shirt is sold out', type: 'error' }]);

    serve({ '/api/addToCart': async () => new Response('Bad gateway', { status: 502 }) });
    store = makeStore();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ items: { productId: 'p', size: 'M' } }));
    expect(toasts(store)).toEqual([{ message: 'Failed to add item to cart', type: 'error' }]);
  });
});

describe('removeFromCart and clearCart', () => {
  it("removes the line and says 'Item removed from cart', or 'Failed to remove item from cart'", async () => {
    const [keep, drop] = [aCartLine(), aCartLine()];
    serve({
      '/api/getcartdetails': { body: cartAnswer([keep!, drop!]) },
      [`/api/deletecart?cartId=${drop!._id}`]: { body: envelope({ _id: drop!._id }, 200, 'Item removed from cart') },
      [`/api/deletecart?cartId=${keep!._id}`]: { status: 404, body: envelope(null, 404, 'Cart item not found') },
    });
    const { store, cart } = await signedInStoreWith([keep!, drop!]);
    await store.dispatch(cartApi.endpoints.removeFromCart.initiate(drop!._id!));
    expect(cart().lines.map((line) => line._id)).toContain(keep!._id);
    expect(toasts(store)).toContainEqual({ message: 'Item removed from cart', type: 'success' });

    await store.dispatch(cartApi.endpoints.removeFromCart.initiate(keep!._id!));
    expect(toasts(store)).toContainEqual({ message: 'Failed to remove item from cart', type: 'error' });
  });

  it("empties the cart, or says 'Failed to clear cart'", async () => {
    window.localStorage.setItem('token', 'jwt-riya');
    serve({ '/api/deletecart': { body: envelope(null, 200, 'Cart cleared') } });
    let store = makeStore();
    await store.dispatch(cartApi.endpoints.clearCart.initiate());
    await vi.waitFor(() => expect(selectServerCartCount(store.getState())).toBe(0), { timeout: asyncTimeoutMs });
    expect(toasts(store)).toEqual([{ message: 'Cart cleared', type: 'success' }]);

    serve({ '/api/deletecart': { status: 500, body: envelope(null, 500, 'Oops') } });
    store = makeStore();
    await store.dispatch(cartApi.endpoints.clearCart.initiate());
    expect(toasts(store)).toEqual([{ message: 'Failed to clear cart', type: 'error' }]);
  });
});

describe('reading the server cart', () => {
  it("says 'Failed to fetch cart details' when it cannot be loaded", async () => {
    serve({ '/api/getcartdetails': { status: 500, body: envelope(null, 500, 'Database unavailable') } });
    const { store } = await signedInStoreWith();
    expect(toasts(store)).toEqual([{ message: 'Failed to fetch cart details', type: 'error' }]);
    expect(selectServerCartCount(store.getState())).toBeNull();
  });

  it('accepts the list alone (an older reading) and fills in what a line leaves out', () => {
    const cart = toServerCart([{ _id: 'l1', productId: 'p1', productName: 'Shirt', size: 'M', quantity: 2, discountedPrice: 100, total: 200 }]);
    expect(cart.lines[0]).toMatchObject({ id: 'p1', name: 'Shirt', finalAmount: 100, price: 100, soldOut: false, problem: '' });
    expect(cart.summary).toMatchObject({ subtotal: 200, totalItems: 2, finalAmount: 200, blocked: false });
  });

  it("refetches the cart when the user's topic says cart.changed", () => {
    expect(cacheActionsForEvent({ id: 'e1', type: 'cart.changed', topic: 'user:u1', data: {}, at: '2026-01-01T00:00:00Z' })).toEqual([
      api.util.invalidateTags(['Cart']),
    ]);
  });
});

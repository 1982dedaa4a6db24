import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addedToCart } from '../../features/cart/cartSlice';
import { cartLineFor } from '../../features/cart/guestCart';
import type { CartLine } from '../../features/cart/types';
import { aCartLine, cartAnswer, json } from '../../test/cartFixtures';
import { aPage, aProduct, aUser } from '../../test/fixtures';
import { serve, type Answer } from '../../test/serve';
import { envelope } from '../renderWithProviders';
import { AppRoutes } from '../router';
import { makeStore } from '../store';

// The checkout is the checkout feature's; here Make Payment only has to reach its page.
vi.mock('../../features/checkout', () => ({
  Checkout: () => <h1>Checkout</h1>,
}));

function renderShop(path: string, { signedIn = false } = {}) {
  if (signedIn) {
    window.localStorage.setItem('token', 'jwt-riya');
    window.localStorage.setItem('user', JSON.stringify(aUser()));
  }
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter url={path}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** A server cart that changes as the shopper changes it (and can be told to answer later). */
function serverCart(initial: CartLine[], more: Record<string, Answer> = {}) {
  const cart = { lines: initial };
  const asked = serve({
    '/api/getcartdetails': () => Promise.resolve(json(cartAnswer(cart.lines))),
    ...more,
  });
  return { cart, asked };
}

const shirt = () => aCartLine({ productId: 'shirt-1', productName: 'Ivory Oxford Shirt', name: 'Ivory Oxford Shirt', size: 'M', quantity: 2 });
const trouser = () =>
  aCartLine({
    productId: 'trouser-1',
    productName: 'Charcoal Flexiwaist Trouser',
    name: 'Charcoal Flexiwaist Trouser',
    size: '32',
    quantity: 1,
    price: 2499,
    discountedPrice: 1999,
  });

function lineOf(name: string) {
  return screen.getAllByTestId('cart-line').find((line) => within(line).queryByRole('link', { name }))!;
}

function summary(name = 'Order Summary') {
  return screen.getByRole('region', { name });
}

function summaryValue(name: string, term: string) {
  const row = within(summary(name)).getByText(term).parentElement!;
  return row.querySelector('dd')!.textContent;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/cart for a signed-in shopper', () => {
  it('shows each line with its picture, name, size, struck-through and discounted price, stepper and Remove, and the Order Summary', async () => {
    const first = shirt();
    serverCart([first, trouser()]);
    renderShop('/cart', { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    const line = await waitFor(() => lineOf('Ivory Oxford Shirt'));
    expect(within(line).getByRole('link', { name: 'Ivory Oxford Shirt' })).toHaveAttribute('href', '/api/getproduct/shirt-1');
    expect(line.querySelector('img')).toHaveAttribute('src', first.thumbnail);
    expect(within(line).getByText('Size M')).toBeInTheDocument();
    expect(within(line).getByText('₹1,599').closest('del')).not.toBeNull();
    expect(within(line).getByText('₹1,439')).toBeInTheDocument();
    expect(within(line).getByRole('group', { name: 'Quantity of Ivory Oxford Shirt, size M' })).toHaveTextContent('2');
    expect(within(line).getByRole('button', { name: 'Remove Ivory Oxford Shirt, size M' })).toBeInTheDocument();
    expect(within(line).getByText('₹2,878')).toBeInTheDocument();

    expect(summaryValue('Order Summary', 'Subtotal')).toBe('₹4,877');
    expect(summaryValue('Order Summary', 'Total Items')).toBe('3');
    expect(summaryValue('Order Summary', 'Final Amount')).toBe('₹4,877');
    expect(within(summary()).getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it("says 'No items in the cart' with Shop now to the Flexiwaist Pant listing, and shows no ₹0 summary to pay", async () => {
    serverCart([]);
    renderShop('/cart', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'No items in the cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products/Flexiwaist%20Pant');
    expect(screen.queryByRole('region', { name: 'Order Summary' })).not.toBeInTheDocument();
    expect(screen.queryByText('₹0')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
  });

  it('shows a guest’s empty cart without a ₹0 checkout summary', async () => {
    renderShop('/guestcart');

    expect(await screen.findByRole('heading', { name: 'No items in the cart' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Checkout summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
  });

  it('goes to the checkout page from Make Payment', async () => {
    serverCart([shirt()]);
    renderShop('/cart', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
  });

  it('asks a guest who opens /checkout to sign in first', async () => {
    renderShop('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Please login first' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const signIn = await screen.findByRole('dialog');
    expect(within(signIn).getByText('Sign in to pay. Your cart comes with you.')).toBeInTheDocument();
  });

  it('shows a new quantity and line total at once, and puts them back with "Failed to update quantity" when the server says no', async () => {
    let answer: (response: Response) => void = () => {};
    const first = shirt();
    const { asked } = serverCart([first], {
      '/api/updatecart': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderShop('/cart', { signedIn: true });
    const line = await waitFor(() => lineOf('Ivory Oxford Shirt'));
    const quantity = within(line).getByRole('group', { name: 'Quantity of Ivory Oxford Shirt, size M' });

    await userEvent.click(within(line).getByRole('button', { name: 'Increase quantity of Ivory Oxford Shirt, size M' }));
    expect(quantity).toHaveTextContent('3');
    expect(within(line).getByText('₹4,317')).toBeInTheDocument();
    expect(within(line).getByRole('status', { name: 'Updating quantity' })).toBeInTheDocument();
    expect(summaryValue('Order Summary', 'Total Items')).toBe('3');
    expect(asked.find((url) => url.pathname === '/api/updatecart')!.searchParams.get('cartId')).toBe(first._id);

    answer(json(envelope(null, 409, 'Only 2 left in size M'), 409));
    expect(await screen.findByText('Failed to update quantity')).toBeInTheDocument();
    await waitFor(() => expect(quantity).toHaveTextContent('2'));
    expect(within(line).getByText('₹2,878')).toBeInTheDocument();
    expect(summaryValue('Order Summary', 'Total Items')).toBe('2');
    expect(within(line).queryByRole('status', { name: 'Updating quantity' })).not.toBeInTheDocument();
  });

  it('keeps the new quantity when the server takes it, then shows its totals', async () => {
    const first = shirt();
    const { cart, asked } = serverCart([first], {
      '/api/updatecart': async () => {
        cart.lines = [{ ...first, quantity: 3, total: 4317 }];
        return json(envelope(cart.lines[0], 200, 'Cart updated'));
      },
    });
    renderShop('/cart', { signedIn: true });
    const line = await waitFor(() => lineOf('Ivory Oxford Shirt'));
    await userEvent.click(within(line).getByRole('button', { name: 'Increase quantity of Ivory Oxford Shirt, size M' }));

    await waitFor(() => expect(summaryValue('Order Summary', 'Subtotal')).toBe('₹4,317'));
    expect(within(lineOf('Ivory Oxford Shirt')).getByRole('group', { name: /Quantity of/ })).toHaveTextContent('3');
    const update = asked.find((url) => url.pathname === '/api/updatecart')!;
    expect(update.searchParams.get('cartId')).toBe(first._id);
    expect(screen.queryByText('Failed to update quantity')).not.toBeInTheDocument();
  });

  it('never goes below 1: minus is disabled at 1 and plus at 10', async () => {
    serverCart([shirt(), { ...trouser(), quantity: 1, total: 1999 }, aCartLine({ productName: 'Navy Blazer', name: 'Navy Blazer', quantity: 10, available: 20 })]);
    renderShop('/cart', { signedIn: true });
    const trouserLine = await waitFor(() => lineOf('Charcoal Flexiwaist Trouser'));
    expect(within(trouserLine).getByRole('button', { name: /^Decrease quantity/ })).toBeDisabled();
    expect(within(trouserLine).getByRole('button', { name: /^Increase quantity/ })).toBeEnabled();
    const blazer = lineOf('Navy Blazer');
    expect(within(blazer).getByRole('button', { name: /^Increase quantity/ })).toBeDisabled();
    expect(within(blazer).getByRole('button', { name: /^Decrease quantity/ })).toBeEnabled();
  });

  it('shows a sold-out or short line’s problem in red and blocks Make Payment', async () => {
    serverCart([shirt(), { ...trouser(), available: 0, soldOut: true, problem: 'Size 32 is sold out' }]);
    renderShop('/cart', { signedIn: true });

    const problem = await screen.findByText('Size 32 is sold out');
    expect(lineOf('Charcoal Flexiwaist Trouser')).toContainElement(problem);
    expect(lineOf('Charcoal Flexiwaist Trouser')).toHaveAccessibleDescription('Size 32 is sold out');
    const pay = within(summary()).getByRole('button', { name: 'Make Payment' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/no longer in stock in the quantity you chose/);
    // The short line can only go down.
    expect(within(lineOf('Charcoal Flexiwaist Trouser')).getByRole('button', { name: /^Increase quantity/ })).toBeDisabled();
  });

  it("says 'Removing Item' while a line is removed, then 'Item removed from cart'", async () => {
    let answer: (response: Response) => void = () => {};
    const first = shirt();
    const { cart } = serverCart([first, trouser()], {
      '/api/deletecart': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderShop('/cart', { signedIn: true });
    const line = await waitFor(() => lineOf('Ivory Oxford Shirt'));
    await userEvent.click(within(line).getByRole('button', { name: 'Remove Ivory Oxford Shirt, size M' }));
    expect(await screen.findByText('Removing Item')).toBeInTheDocument();

    cart.lines = cart.lines.filter((candidate) => candidate._id !== first._id);
    answer(json(envelope({ _id: first._id }, 200, 'Item removed from cart')));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.queryByText('Removing Item')).not.toBeInTheDocument();
    expect(summaryValue('Order Summary', 'Total Items')).toBe('1');
  });

  it("says 'Loading your cart' first, and 'Failed to fetch cart details' when it cannot be loaded", async () => {
    let answer: (response: Response) => void = () => {};
    serve({ '/api/getcartdetails': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderShop('/cart', { signedIn: true });
    expect(await screen.findByText('Loading your cart')).toBeInTheDocument();
    answer(json(envelope(null, 500, 'Database unavailable'), 500));
    expect(await screen.findByRole('heading', { name: 'Failed to fetch cart details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/guestcart', () => {
  function withGuestLines(...lines: Array<[ReturnType<typeof aProduct>, string, number?]>) {
    return (store: ReturnType<typeof makeStore>) => {
      for (const [product, size, times = 1] of lines) {
        for (let index = 0; index < times; index += 1) store.dispatch(addedToCart(cartLineFor(product, size)));
      }
    };
  }

  function renderGuestCart(path = '/guestcart', fill = withGuestLines()) {
    // The guest cart loads from local storage at start, like after a visit that added these.
    const seed = makeStore();
    fill(seed);
    return renderShop(path);
  }

  const oxford = aProduct({ _id: 'shirt-1', productName: 'Ivory Oxford Shirt', price: 1599, discountedPrice: 1279 });
  const trouserProduct = aProduct({ _id: 'trouser-1', productName: 'Charcoal Flexiwaist Trouser', price: 2499, discountedPrice: 1999 });

  it('lists the guest lines under Details, Quantity and Total with a checkout summary beside them', async () => {
    serve({});
    renderGuestCart('/guestcart', withGuestLines([oxford, 'M', 2], [trouserProduct, '32']));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByText('Details').parentElement).toHaveTextContent(/^DetailsQuantityTotal$/);
    const line = lineOf('Ivory Oxford Shirt');
    expect(line.querySelector('a[href="/api/getproduct/shirt-1"] img')).toHaveAttribute('src', oxford.thumbnail);
    expect(within(line).getByText('₹1,599').closest('del')).not.toBeNull();
    expect(within(line).getByText('₹1,279')).toBeInTheDocument();
    expect(within(line).getByText('₹2,558')).toBeInTheDocument();
    expect(summaryValue('Checkout summary', 'Subtotal')).toBe('₹4,557');
    expect(summaryValue('Checkout summary', 'Total Items')).toBe('3');
    expect(summaryValue('Checkout summary', 'Final Amount')).toBe('₹4,557');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('never goes below 1: minus is disabled at 1, plus adds one and the line total follows', async () => {
    serve({});
    renderGuestCart('/guestcart', withGuestLines([oxford, 'M']));
    const line = await waitFor(() => lineOf('Ivory Oxford Shirt'));
    const minus = within(line).getByRole('button', { name: 'Decrease quantity of Ivory Oxford Shirt, size M' });
    const plus = within(line).getByRole('button', { name: 'Increase quantity of Ivory Oxford Shirt, size M' });
    const quantity = within(line).getByRole('group', { name: 'Quantity of Ivory Oxford Shirt, size M' });
    expect(minus).toBeDisabled();

    await userEvent.click(plus);
    expect(quantity).toHaveTextContent('2');
    expect(within(line).getByText('₹2,558')).toBeInTheDocument();
    expect(minus).toBeEnabled();
    await userEvent.click(minus);
    expect(quantity).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    await userEvent.click(minus);
    expect(quantity).toHaveTextContent('1');
    expect(JSON.parse(window.localStorage.getItem('guestCart')!)[0]).toMatchObject({ quantity: 1, total: 1279 });

    for (let count = 1; count < 10; count += 1) await userEvent.click(plus);
    expect(quantity).toHaveTextContent('10');
    expect(plus).toBeDisabled();
  });

  it("asks a guest to sign in from Make Payment: 'Please login first' and the sign-in popup", async () => {
    serve({});
    renderGuestCart('/guestcart', withGuestLines([oxford, 'M']));
    await userEvent.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    const popup = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(popup).toHaveTextContent('Sign in to pay. Your cart comes with you.');
  });

  it('removes a line and says so', async () => {
    serve({});
    renderGuestCart('/guestcart', withGuestLines([oxford, 'M']));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Ivory Oxford Shirt, size M' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No items in the cart' })).toBeInTheDocument();
    expect(window.localStorage.getItem('guestCart')).toBeNull();
  });

  it('shows best sellers under "Products you may like", last first', async () => {
    const asked = serve({
      '/api/getproduct': { body: envelope(aPage([aProduct({ productName: 'First Seller' }), aProduct({ productName: 'Second Seller' })])) },
    });
    renderGuestCart('/guestcart', withGuestLines([oxford, 'M']));
    const grid = await screen.findByRole('list', { name: 'Products you may like' });
    expect(within(grid).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Second Seller', 'First Seller']);
    expect(asked.find((url) => url.pathname === '/api/getproduct')!.searchParams.get('status')).toBe('BestSeller');
  });

  it('is what a guest sees at /cart', async () => {
    serve({});
    renderGuestCart('/cart', withGuestLines([oxford, 'M']));
    expect(await screen.findByRole('region', { name: 'Checkout summary' })).toBeInTheDocument();
    expect(screen.getByText('Guest cart')).toBeInTheDocument();
    expect(lineOf('Ivory Oxford Shirt')).toBeInTheDocument();
  });
});

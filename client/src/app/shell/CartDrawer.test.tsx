import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location } from '../../lib/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCartLine, cartAnswer, json } from '../../test/cartFixtures';
import { aProduct, aUser } from '../../test/fixtures';
import { serve } from '../../test/serve';
import { envelope } from '../renderWithProviders';
import { AppRoutes } from '../router';
import { makeStore } from '../store';

vi.mock('../../features/checkout', () => ({
  Checkout: () => <h1>Checkout</h1>,
}));

const product = aProduct({
  _id: 'shirt-1',
  productName: 'Ivory Oxford Shirt',
  price: 1599,
  discountedPrice: 1279,
  subCategory: 'Formal Shirts',
});
const productPage = '/api/getproduct/shirt-1';

function renderShop(path: string, { signedIn = false } = {}) {
  if (signedIn) {
    window.localStorage.setItem('token', 'jwt-riya');
    window.localStorage.setItem('user', JSON.stringify(aUser()));
  }
  const where: { location?: Location } = {};
  function Probe() {
    where.location = useLocation();
    return null;
  }
  render(
    <Provider store={makeStore()}>
      <MemoryRouter url={path}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </Provider>,
  );
  return where;
}

async function addSize(size: string) {
  await userEvent.click(await screen.findByRole('radio', { name: size }));
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
}

// The pages and the cart drawer these tests open are lazily loaded chunks, compiled on first
// import. On a loaded CI box that can take longer than any findBy should wait, so they are
// loaded once here, and the tests' waits are about the shop, not the compiler.
beforeAll(async () => {
  await Promise.all([import('../routes/ProductPage'), import('../routes/CartPage'), import('./CartShell'), import('./SignInPopup')]);
}, 120_000);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart drawer for a guest', () => {
  it('slides in after adding, with the line, the notice, the subtotal, View Cart and Checkout; Esc closes it and leaves the banner', async () => {
    serve({ [`/api/getproduct/shirt-1`]: { body: envelope(product) } });
    renderShop(productPage);
    await addSize('M');

    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByTestId('cart-added-notice')).toHaveTextContent('Item added to your cart');
    expect(within(drawer).getByTestId('cart-added-notice')).toHaveTextContent('Ivory Oxford Shirt · Size M');
    const line = within(drawer).getByTestId('cart-line');
    expect(within(line).getByRole('link', { name: 'Ivory Oxford Shirt' })).toHaveAttribute('href', productPage);
    expect(line).toHaveTextContent('Size M');
    expect(within(line).getByRole('group', { name: 'Quantity of Ivory Oxford Shirt, size M' })).toHaveTextContent('1');
    expect(within(line).getByRole('button', { name: 'Remove Ivory Oxford Shirt, size M' })).toBeInTheDocument();
    expect(within(drawer).getByText('Subtotal').parentElement).toHaveTextContent('₹1,279');
    expect(within(drawer).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/guestcart');
    expect(within(drawer).getByRole('button', { name: 'Checkout' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
    const banner = screen.getByTestId('cart-added-notice');
    expect(banner).toHaveTextContent('Item added to your cart');
    expect(within(banner).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/guestcart');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('keeps focus inside while open', async () => {
    serve({ [`/api/getproduct/shirt-1`]: { body: envelope(product) } });
    renderShop(productPage);
    await addSize('M');
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const close = within(drawer).getByRole('button', { name: 'Close cart' });
    const checkout = within(drawer).getByRole('button', { name: 'Checkout' });
    checkout.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(checkout).toHaveFocus();
  });

  it('changes the quantity in place and closes when View Cart is followed', async () => {
    serve({ [`/api/getproduct/shirt-1`]: { body: envelope(product) } });
    const where = renderShop(productPage);
    await addSize('M');
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Increase quantity of Ivory Oxford Shirt, size M' }));
    expect(within(drawer).getByRole('group', { name: /Quantity of/ })).toHaveTextContent('2');
    expect(within(drawer).getByText('Subtotal').parentElement).toHaveTextContent('₹2,558');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('link', { name: 'View Cart' }));
    expect(where.location?.pathname).toBe('/guestcart');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Checkout summary' })).toBeInTheDocument();
    // On the cart page the 'Item added' banner and its View Cart have nothing left to say.
    expect(screen.queryByTestId('cart-added-notice')).not.toBeInTheDocument();
  });

  it("asks a guest to sign in from Checkout: 'Please login first' and the sign-in popup", async () => {
    serve({ [`/api/getproduct/shirt-1`]: { body: envelope(product) } });
    renderShop(productPage);
    await addSize('M');
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
  });
});

describe('the cart drawer for a signed-in shopper', () => {
  it('adds to the server cart, then shows its lines; View Cart goes to /cart and the badge counts the server cart', async () => {
    const requests: Request[] = [];
    const line = aCartLine({ productId: 'shirt-1', productName: 'Ivory Oxford Shirt', name: 'Ivory Oxford Shirt', quantity: 3, discountedPrice: 1279 });
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request.clone());
      const { pathname } = new URL(request.url);
      if (pathname === '/api/getproduct/shirt-1') return json(envelope(product));
      if (pathname === '/api/addToCart') {
        return json(envelope({ ...cartAnswer([line]).data, notes: ['Only 3 left in size M of Ivory Oxford Shirt; your cart has 3'] }, 200, 'Item added to cart'));
      }
      if (pathname === '/api/getcartdetails') return json(cartAnswer([line]));
      return json(envelope(null, 404, 'Not found'), 404);
    });
    renderShop(productPage, { signedIn: true });
    await addSize('M');

    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const add = requests.find((request) => new URL(request.url).pathname === '/api/addToCart')!;
    expect(add.headers.get('Authorization')).toBe('Bearer jwt-riya');
    expect(await add.json()).toEqual({ productId: 'shirt-1', size: 'M', quantity: 1 });
    expect(within(drawer).getByTestId('cart-added-notice')).toHaveTextContent('Item added to your cart');
    await waitFor(() => expect(within(drawer).getByRole('group', { name: /Quantity of Ivory Oxford Shirt/ })).toHaveTextContent('3'));
    expect(within(drawer).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText('Only 3 left in size M of Ivory Oxford Shirt; your cart has 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    // The guest cart is not touched.
    expect(window.localStorage.getItem('guestCart')).toBeNull();
  });

  it("says the server's reason when it cannot add, and does not open the drawer", async () => {
    serve({
      '/api/getproduct/shirt-1': { body: envelope(product) },
      '/api/addToCart': { status: 409, body: envelope(null, 409, 'Size M of Ivory Oxford Shirt is sold out') },
    });
    renderShop(productPage, { signedIn: true });
    await addSize('M');
    expect(await screen.findByText('Size M of Ivory Oxford Shirt is sold out')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-added-notice')).not.toBeInTheDocument();
  });

  it('goes to the checkout page from Checkout', async () => {
    const line = aCartLine({ productId: 'shirt-1', productName: 'Ivory Oxford Shirt', name: 'Ivory Oxford Shirt', quantity: 1 });
    serve({
      '/api/getproduct/shirt-1': { body: envelope(product) },
      '/api/addToCart': { body: envelope({ ...cartAnswer([line]).data, notes: [] }) },
      '/api/getcartdetails': { body: cartAnswer([line]) },
    });
    const where = renderShop(productPage, { signedIn: true });
    await addSize('M');
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(where.location?.pathname).toBe('/checkout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
  });
});

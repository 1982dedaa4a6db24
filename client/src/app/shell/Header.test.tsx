import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderWithProviders } from '../renderWithProviders';
import { aUser } from '../../test/fixtures';
import { aCartLine, cartAnswer } from '../../test/cartFixtures';
import { followServerCart } from '../background';
import { selectSignInPrompt } from '../../features/account/accountSlice';
import { Header } from './Header';

afterEach(() => {
  vi.unstubAllGlobals();
});

const categories = {
  items: [
    {
      _id: 'c1',
      subCategory: [
        { _id: 's1', categoryType: 'Stretch Pant', image: 'stretch.jpg' },
        { _id: 's2', categoryType: 'Flexiwaist Pant', image: 'flexi.jpg' },
      ],
    },
  ],
};

describe('Header', () => {
  it('shows the brand, main navigation, cart badge and sign-in link', () => {
    vi.stubGlobal('fetch', fakeApi({}));
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Best Seller', 'About', 'Contact Us']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Best Seller' })).toHaveAttribute('href', '/products/bestseller');
    expect(within(nav).getByRole('button', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'drape home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveTextContent('0');
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
  });

  it('counts the units in the stored guest cart on the badge', () => {
    vi.stubGlobal('fetch', fakeApi({}));
    window.localStorage.setItem(
      'guestCart',
      JSON.stringify([
        { id: 'a', productId: 'a', size: 'M', quantity: 2, total: 2000, finalAmount: 1000 },
        { id: 'b', productId: 'b', size: 'L', quantity: 1, total: 1500, finalAmount: 1500 },
      ]),
    );
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  });

  it('searches from the header', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    const { location } = renderWithProviders(<Header />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search products' }), 'oxford{Enter}');
    expect(location.current?.pathname).toBe('/search');
    expect(location.current?.search).toBe('?q=oxford');
  });

  it('lists sub-categories in the Shop dropdown', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/getcategory': { body: envelope(categories) } }));
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Shop' }));
    expect(await within(nav).findByRole('link', { name: 'Stretch Pant' })).toHaveAttribute(
      'href',
      '/products/Stretch%20Pant',
    );
    expect(within(nav).getByRole('link', { name: 'Flexiwaist Pant' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Shop all' })).toHaveAttribute('href', '/shop');
  });

  it("falls back to 'Shop all' only when categories fail to load", async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const { store } = renderWithProviders(<Header />);
    await waitFor(() => expect(store.getState().api.queries['getCategory(undefined)']?.status).toBe('rejected'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Shop' }));
    const menu = await within(nav).findByRole('list', { name: 'Shop categories' });
    const links = within(menu).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Shop all');
    expect(links[0]).toHaveAttribute('href', '/shop');
  });

  it('opens and closes the mobile menu from the hamburger button', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(drawer).getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('link', { name: 'About' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('opens the sign-in popup from Sign In instead of leaving the page', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    const { store, location } = renderWithProviders(<Header />, { path: '/products/Formal%20Shirts' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' }));
    expect(selectSignInPrompt(store.getState())).toEqual({ mode: 'login', notice: undefined });
    expect(location.current?.pathname).toBe('/products/Formal%20Shirts');
  });

  it('shows a signed-in shopper their first name and the account menu: Account Details, Orders and Logout', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    window.localStorage.setItem('token', 'jwt');
    window.localStorage.setItem('user', JSON.stringify(aUser({ firstName: 'Riya Kapoor' })));
    renderWithProviders(<Header />);
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    const account = within(banner).getByRole('button', { name: 'Account: Riya' });
    expect(account).toHaveTextContent('Riya');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Account Details' })).toHaveAttribute('href', '/user/accountdetails');
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/user/orders');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('riya@example.com')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('names a signed-in shopper without a stored name by e-mail, and lists the account links in the mobile menu', async () => {
    vi.stubGlobal('fetch', fakeApi({}));
    window.localStorage.setItem('token', 'jwt');
    window.localStorage.setItem('user', JSON.stringify(aUser({ firstName: '' })));
    renderWithProviders(<Header />);
    expect(screen.getByRole('button', { name: 'Account: riya@example.com' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(drawer).getByRole('heading', { name: 'Hello, riya@example.com' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Account Details' })).toHaveAttribute('href', '/user/accountdetails');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it("counts a signed-in shopper's server cart on the badge once it has loaded", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/getcartdetails': { body: cartAnswer([aCartLine({ quantity: 2 }), aCartLine({ quantity: 3 })]) } }));
    window.localStorage.setItem('token', 'jwt');
    window.localStorage.setItem('user', JSON.stringify(aUser()));
    window.localStorage.setItem('guestCart', JSON.stringify([{ id: 'a', productId: 'a', size: 'M', quantity: 1, total: 1000, finalAmount: 1000 }]));
    const { store } = renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Cart' })).not.toHaveTextContent(/\d/);
    const stop = followServerCart(store);
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toHaveTextContent('5');
    stop();
  });
});

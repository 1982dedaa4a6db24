import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderWithProviders } from '../renderWithProviders';
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
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'oxford{Enter}');
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
    const menu = within(nav).getByRole('list', { name: 'Shop categories' });
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
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPage, aProduct, categories } from '../../test/fixtures';
import { pending, serve } from '../../test/serve';
import { envelope, renderWithProviders } from '../renderWithProviders';
import { ListingPage } from './ListingPage';

function renderListing(path: string, route = '/products/:subcategory') {
  return renderWithProviders(<ListingPage />, { path, route });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListingPage', () => {
  it('shows skeleton cards while the products load', async () => {
    serve({ '/api/getproduct': pending, '/api/getcategory': { body: envelope(categories) } });
    renderListing('/products/Formal%20Shirts');
    expect(await screen.findAllByTestId('product-card-skeleton')).toHaveLength(12);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Formal Shirts');
  });

  it("lists a sub-category's products with its banner, count and pages", async () => {
    const products = [aProduct({ productName: 'White Poplin Shirt' }), aProduct({ productName: 'Blue Oxford Shirt' })];
    const asked = serve({
      '/api/getproduct': { body: envelope(aPage(products, { total: 26, page: 2, totalPages: 3 })) },
      '/api/getcategory': { body: envelope(categories) },
    });
    renderListing('/products/Formal%20Shirts?page=2');

    expect(await screen.findByRole('heading', { name: 'White Poplin Shirt' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByText('26 products')).toBeInTheDocument();
    expect(screen.getByText('Men')).toBeInTheDocument();
    const request = asked.find((url) => url.pathname === '/api/getproduct')!;
    expect(Object.fromEntries(request.searchParams)).toEqual({ type: 'Formal Shirts', page: '2', limit: '12' });
    const banner = await screen.findByTestId('listing-banner');
    expect(banner.querySelector('img')).toHaveAttribute('src', '/uploads/subCatrgory/shirts.svg');

    const pages = screen.getByRole('navigation', { name: 'Formal Shirts, pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Prev' })).toHaveAttribute('href', '/products/Formal%20Shirts');
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products/Formal%20Shirts?page=3');
  });

  it('links each card of a listing filtered by size with the chosen size it has in stock (?size=)', async () => {
    const both = aProduct({ productName: 'White Poplin Shirt', slug: 'white-poplin-shirt-00000001', sizes: [{ size: 'M', stock: 2 }, { size: 'L', stock: 1 }] });
    const onlyL = aProduct({ productName: 'Blue Oxford Shirt', slug: 'blue-oxford-shirt-00000002', sizes: [{ size: 'M', stock: 0 }, { size: 'L', stock: 3 }] });
    serve({ '/api/getproduct': { body: envelope(aPage([both, onlyL])) }, '/api/getcategory': { body: envelope(categories) } });
    renderListing('/products/Formal%20Shirts?size=M&size=L');
    expect(await screen.findByRole('link', { name: 'White Poplin Shirt' })).toHaveAttribute('href', '/product/white-poplin-shirt-00000001?size=M');
    expect(screen.getByRole('link', { name: 'Blue Oxford Shirt' })).toHaveAttribute('href', '/product/blue-oxford-shirt-00000002?size=L');
  });

  it('lists best sellers with the fixed best-seller banner', async () => {
    const asked = serve({ '/api/getproduct': { body: envelope(aPage([aProduct({ status: 'BestSeller' })])) } });
    renderListing('/products/bestseller');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Best sellers');
    expect(await screen.findByTestId('bestseller-banner')).toBeInTheDocument();
    expect(asked.find((url) => url.pathname === '/api/getproduct')!.searchParams.get('status')).toBe('BestSeller');
  });

  it('shows the stored best-seller banner when the back office has one on', async () => {
    const stored = { _id: 'b1', place: 'bestseller', title: 'No. 1', subtitle: '', linkText: '', link: '', image: '/uploads/banners/best.jpg', mobileImage: '', active: true, position: 0, updatedAt: '' };
    serve({ '/api/getproduct': { body: envelope(aPage([aProduct({ status: 'BestSeller' })])) }, '/api/banners': { body: envelope({ items: [stored] }) } });
    renderListing('/products/bestseller');
    const banner = await screen.findByTestId('bestseller-banner');
    await waitFor(() => expect(banner.ownerDocument.querySelector('[data-testid="bestseller-banner"] img')).toHaveAttribute('src', '/uploads/banners/best.jpg'));
  });

  it('lists a gender at /shop/women and everything at /shop', async () => {
    const asked = serve({ '/api/getproduct': { body: envelope(aPage([aProduct()])) } });
    renderListing('/shop/women', '/shop/:type');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Women');
    expect(asked.at(-1)!.searchParams.get('gender')).toBe('Women');
  });

  it('lists a category by its name at /shop/{category}', async () => {
    const withOccasion = { items: [...categories.items, { _id: 'c-occ', name: 'Occasion Wear', gender: 'Women', subCategory: [] }] };
    const asked = serve({
      '/api/getproduct': { body: envelope(aPage([aProduct({ productName: 'Silk Evening Blazer' })])) },
      '/api/getcategory': { body: envelope(withOccasion) },
    });
    renderListing('/shop/occasion%20wear', '/shop/:type');
    expect(await screen.findByRole('heading', { name: 'Silk Evening Blazer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Occasion Wear');
    const requests = asked.filter((url) => url.pathname === '/api/getproduct');
    expect(requests.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ category: 'Occasion Wear', page: '1', limit: '12' }]);
  });

  it('lists a sub-category by its name at /shop/{sub-category}, with its banner', async () => {
    const asked = serve({
      '/api/getproduct': { body: envelope(aPage([aProduct({ productName: 'White Poplin Shirt' })])) },
      '/api/getcategory': { body: envelope(categories) },
    });
    renderListing('/shop/formal%20shirts', '/shop/:type');
    expect(await screen.findByRole('heading', { name: 'White Poplin Shirt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Formal Shirts');
    expect(asked.filter((url) => url.pathname === '/api/getproduct').map((url) => url.searchParams.get('type'))).toEqual(['Formal Shirts']);
    expect((await screen.findByTestId('listing-banner')).querySelector('img')).toHaveAttribute('src', '/uploads/subCatrgory/shirts.svg');
  });

  it('shows the empty listing for a name that is no gender, category or sub-category', async () => {
    serve({ '/api/getproduct': { body: envelope(aPage([])) }, '/api/getcategory': { body: envelope(categories) } });
    renderListing('/shop/sarees', '/shop/:type');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop all' })).toHaveAttribute('href', '/shop');
  });

  it('draws the 404 page for /products/{name} of a sub-category the shop does not have', async () => {
    serve({ '/api/getproduct': { body: envelope(aPage([])) }, '/api/getcategory': { body: envelope(categories) } });
    renderListing('/products/Sarees');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'No products found' })).not.toBeInTheDocument();
  });

  it("says 'No products found / Contact admin for more' when there are none", async () => {
    serve({ '/api/getproduct': { body: envelope(aPage([])) }, '/api/getcategory': { body: envelope(categories) } });
    renderListing('/products/Stretch%20Pant');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('Contact admin for more')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /pages/ })).not.toBeInTheDocument();
  });

  it.each([
    [401, 'Unauthorized access. Please login again.'],
    [404, 'Server error. Please try again later.'],
    [500, 'Server error. Please try again later.'],
    [400, 'Something went wrong'],
    [503, 'Something went wrong'],
  ])('shows the SPEC message for a %i answer', async (status, message) => {
    serve({ '/api/getproduct': { status, body: envelope(null, status, 'server words') } });
    renderListing('/shop', '/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('server words')).not.toBeInTheDocument();
  });
});

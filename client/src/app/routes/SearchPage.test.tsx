import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPage, aProduct } from '../../test/fixtures';
import { serve } from '../../test/serve';
import { envelope, renderWithProviders } from '../renderWithProviders';
import { SearchPage } from './SearchPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('shows the products that match the query', async () => {
    const asked = serve({ '/api/products/search': { body: envelope(aPage([aProduct({ productName: 'Oxford Shirt' })])) } });
    renderWithProviders(<SearchPage />, { path: '/search?q=oxford' });
    expect(await screen.findByRole('heading', { name: 'Oxford Shirt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “oxford”');
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(asked[0]!.searchParams.get('q')).toBe('oxford');
  });

  it('says when nothing matches', async () => {
    serve({ '/api/products/search': { body: envelope(aPage([])) } });
    renderWithProviders(<SearchPage />, { path: '/search?q=tuxedo' });
    expect(await screen.findByRole('heading', { name: 'No products match "tuxedo"' })).toBeInTheDocument();
  });

  it('offers the closest matches and popular categories when nothing matches', async () => {
    serve({
      '/api/products/search': { body: envelope(aPage([])) },
      '/api/products/suggest': {
        body: envelope({
          products: [{ _id: 'p1', productId: 'JF-MBL-0001', productName: 'Navy Peak-Lapel Blazer', slug: 'navy-peak-lapel-blazer-1', thumbnail: '/uploads/products/a.svg', subCategory: 'Blazers' }],
          categories: [{ _id: 'c1', categoryType: 'Formal Shirts', category: 'Men' }],
          closest: true,
          popular: true,
        }),
      },
    });
    renderWithProviders(<SearchPage />, { path: '/search?q=navy%20qwerty' });
    expect(await screen.findByRole('heading', { name: 'No products match "navy qwerty"' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Navy Peak-Lapel Blazer/ })).toHaveAttribute('href', '/product/navy-peak-lapel-blazer-1');
    expect(screen.getByRole('heading', { name: 'Popular categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Formal Shirts' })).toHaveAttribute('href', '/products/Formal%20Shirts');
  });

  it('filters and sorts the results with the listing filter bar, relevance first', async () => {
    const facets = {
      size: [{ value: 'M', label: 'M', count: 3 }],
      color: [{ value: 'navy', label: 'Navy', count: 1 }, { value: 'white', label: 'White', count: 2 }],
      fit: [],
      price: [],
      onsale: [],
    };
    const asked = serve({
      '/api/getproduct': { body: envelope({ ...aPage([aProduct({ productName: 'Navy Oxford Shirt' })], { total: 1 }), facets }) },
    });
    const { location } = renderWithProviders(<SearchPage />, { path: '/search?q=oxford&color=navy' });
    expect(await screen.findByRole('heading', { name: 'Navy Oxford Shirt' })).toBeInTheDocument();
    // The results' request; the filter bar asks for facets alone (limit=1) too, first when its
    // chunk is loaded already (another test file in this worker drew it).
    const request = asked.find((url) => url.pathname === '/api/getproduct' && url.searchParams.get('limit') !== '1')!;
    expect(Object.fromEntries(request.searchParams)).toEqual({ q: 'oxford', color: 'navy', page: '1', limit: '12' });
    expect(await screen.findByRole('button', { name: 'Remove Colour: Navy' })).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(Array.from((sort as HTMLSelectElement).options, (option) => option.text).slice(0, 2)).toEqual(['Relevance', 'Newest']);
    await userEvent.selectOptions(sort, 'price_asc');
    expect(new URLSearchParams(location.current?.search).get('sort')).toBe('price_asc');
    expect(new URLSearchParams(location.current?.search).get('q')).toBe('oxford');
  });

  it('asks nothing of the server without a query, and searches what is typed', async () => {
    const asked = serve({ '/api/products/search': { body: envelope(aPage([])) } });
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search the collection');
    expect(asked).toHaveLength(0);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search products' }), 'navy blazer{Enter}');
    expect(location.current?.search).toBe('?q=navy+blazer');
  });
});

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

  it('asks nothing of the server without a query, and searches what is typed', async () => {
    const asked = serve({ '/api/products/search': { body: envelope(aPage([])) } });
    const { location } = renderWithProviders(<SearchPage />, { path: '/search' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search the collection');
    expect(asked).toHaveLength(0);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'navy blazer{Enter}');
    expect(location.current?.search).toBe('?q=navy+blazer');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi, renderWithProviders } from '../../../app/renderWithProviders';
import type { AppStore } from '../../../app/store';
import { api } from '../../../lib/api';
import { SaleBanner } from './SaleBanner';

const festiveSale = {
  saleName: 'Festive',
  discount: 25,
  subCategories: [{ categoryType: 'Shirts' }, { categoryType: 'Blazers' }],
  categoryData: { categoryType: 'Formal' },
  gender: 'Women',
};

function saleQueryStatus(store: AppStore) {
  return store.getState().api.queries['getSale(undefined)']?.status;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SaleBanner', () => {
  it('announces the first sale of the list', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ '/api/getsale': { body: envelope([festiveSale, { ...festiveSale, saleName: 'Second' }]) } }),
    );
    renderWithProviders(<SaleBanner />);
    expect(await screen.findByRole('complementary', { name: 'Sale' })).toHaveTextContent(
      "drape's Festive sale is live — flat 25% off on Shirts, Blazers in the Formal collection for Women",
    );
    expect(screen.queryByText(/Second/)).not.toBeInTheDocument();
  });

  it('shows nothing when no sale is running', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/api/getsale': { body: envelope([]) } }));
    const { store } = renderWithProviders(<SaleBanner />);
    await waitFor(() => expect(saleQueryStatus(store)).toBe('fulfilled'));
    expect(screen.queryByRole('complementary', { name: 'Sale' })).not.toBeInTheDocument();
  });

  it('shows nothing when the sale list cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const { store } = renderWithProviders(<SaleBanner />);
    await waitFor(() => expect(saleQueryStatus(store)).toBe('rejected'));
    expect(screen.queryByRole('complementary', { name: 'Sale' })).not.toBeInTheDocument();
  });

  it('appears when a sale.changed event invalidates the list', async () => {
    let sales: unknown[] = [];
    vi.stubGlobal('fetch', async (input: Request) => fakeApi({ '/api/getsale': { body: envelope(sales) } })(input));
    const { store } = renderWithProviders(<SaleBanner />);
    await waitFor(() => expect(saleQueryStatus(store)).toBe('fulfilled'));
    expect(screen.queryByRole('complementary', { name: 'Sale' })).not.toBeInTheDocument();

    sales = [festiveSale];
    store.dispatch(api.util.invalidateTags(['Sale']));
    expect(await screen.findByRole('complementary', { name: 'Sale' })).toHaveTextContent('flat 25% off');
  });
});
